// Package users stores accounts and their teams. Every account belongs to a
// team; one is created with the account, named after the local part of its
// email address.
package users

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"golang.org/x/crypto/bcrypt"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// DefaultPasswordCost is the bcrypt cost of stored password hashes.
const DefaultPasswordCost = 11

// Password length bounds. bcrypt reads at most 72 bytes, so longer
// passwords are refused rather than silently truncated.
const (
	MinPasswordLen = 6
	MaxPasswordLen = 72
)

// ErrEmailTaken is returned by Create when the email is in use.
var ErrEmailTaken = errors.New("email already registered")

// User is an account.
type User struct {
	ID           string
	Email        string
	Role         auth.Role
	TeamID       *int64
	FullName     string
	UserMetadata string // JSON object
	PasswordHash string
	// EmailConfirmedAt is when the address was confirmed; nil while a
	// sign-up waits for its confirmation mail (and for accounts without an
	// email).
	EmailConfirmedAt *time.Time
	LastSignInAt     *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Store reads and writes users.
type Store struct {
	DB *db.DB
	// PasswordCost is the bcrypt cost for new hashes; 0 means
	// DefaultPasswordCost. Tests lower it.
	PasswordCost int
	// Hashing bounds concurrent password hashing; nil means no bound.
	Hashing *Hashing
}

// NormalizeEmail lower-cases and trims an address and checks its form.
func NormalizeEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", errors.New("email is required")
	}
	// ASCII only, as GoTrue and the published schema's format "email"
	// (RFC 5321) have it: an address outside ASCII needs SMTPUTF8 all the
	// way, which relays do not promise.
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return "", fmt.Errorf("%q is not a valid email address (addresses outside ASCII are not accepted)", s)
		}
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") && !strings.HasSuffix(s, "@localhost") {
		return "", fmt.Errorf("%q is not a valid email address", s)
	}
	return s, nil
}

// CheckPassword returns an error describing why a new password is refused.
func CheckPassword(p string) error {
	if len(p) < MinPasswordLen {
		return fmt.Errorf("password must be at least %d characters", MinPasswordLen)
	}
	if len(p) > MaxPasswordLen {
		return fmt.Errorf("password must be at most %d bytes", MaxPasswordLen)
	}
	return nil
}

// HashPassword returns the bcrypt hash of p at the store's cost, in a
// hashing slot (ErrBusy when none frees up in time).
func (s *Store) HashPassword(ctx context.Context, p string) (string, error) {
	cost := s.PasswordCost
	if cost == 0 {
		cost = DefaultPasswordCost
	}
	var h []byte
	var err error
	if serr := s.Hashing.Do(ctx, func() { h, err = bcrypt.GenerateFromPassword([]byte(p), cost) }); serr != nil {
		return "", serr
	}
	return string(h), err
}

// VerifyPassword is the package's VerifyPassword in a hashing slot.
func (s *Store) VerifyPassword(ctx context.Context, hash, p string) (bool, error) {
	var ok bool
	err := s.Hashing.Do(ctx, func() { ok = VerifyPassword(hash, p) })
	return ok, err
}

// dummyHash is compared against when an email is unknown, so that a sign-in
// for a missing account costs as long as one with a wrong password.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("not a password"), DefaultPasswordCost)
	return h
})

// VerifyPassword reports whether p matches the stored hash; with an empty
// hash it still spends the same time and reports false.
func VerifyPassword(hash, p string) bool {
	if hash == "" {
		bcrypt.CompareHashAndPassword(dummyHash(), []byte(p)) //nolint:errcheck
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(p)) == nil
}

// NewUser describes an account to create.
type NewUser struct {
	ID           string // optional; a new UUID when empty
	Email        string // optional for external identities
	Password     string // optional; empty means no password sign-in
	Role         auth.Role
	FullName     string
	UserMetadata string
	External     bool
	// Unconfirmed leaves the email unconfirmed (a sign-up that must be
	// confirmed by mail); other accounts are confirmed at creation.
	Unconfirmed bool
}

// Create inserts the account and its team in one transaction. It returns
// ErrEmailTaken when the email is registered.
func (s *Store) Create(ctx context.Context, n NewUser) (*User, error) {
	var hash string
	if n.Password != "" {
		var err error
		if hash, err = s.HashPassword(ctx, n.Password); err != nil {
			return nil, err
		}
	}
	var u *User
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = s.CreateTx(ctx, tx, n, hash)
		return err
	})
	return u, err
}

// CreateTx is Create inside an existing transaction, with the password
// already hashed (or empty).
func (s *Store) CreateTx(ctx context.Context, tx *sql.Tx, n NewUser, passwordHash string) (*User, error) {
	now := s.DB.Now()
	if n.ID == "" {
		n.ID = uuid.NewString()
	}
	if n.Role == "" {
		n.Role = auth.RoleUser
	}
	if n.UserMetadata == "" {
		n.UserMetadata = "{}"
	}
	teamName := n.FullName
	if n.Email != "" {
		teamName, _, _ = strings.Cut(n.Email, "@")
	}
	if teamName == "" {
		teamName = "team"
	}
	var teamID int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO teams (name, owner_user_id, created_at) VALUES ($1, $2, $3) RETURNING id`,
		teamName, n.ID, now).Scan(&teamID); err != nil {
		return nil, fmt.Errorf("create team: %w", err)
	}
	var confirmed *time.Time
	if n.Email != "" && !n.Unconfirmed {
		confirmed = &now
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, password_hash, role, team_id, full_name, user_metadata, external, email_confirmed_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
		n.ID, db.NullIfEmpty(n.Email), db.NullIfEmpty(passwordHash), string(n.Role), teamID, n.FullName, n.UserMetadata, n.External, confirmed, now)
	if db.IsUniqueViolation(err) {
		return nil, ErrEmailTaken
	}
	if err != nil {
		return nil, fmt.Errorf("create user: %w", err)
	}
	return &User{ID: n.ID, Email: n.Email, Role: n.Role, TeamID: &teamID, FullName: n.FullName,
		UserMetadata: n.UserMetadata, PasswordHash: passwordHash, EmailConfirmedAt: confirmed, CreatedAt: now, UpdatedAt: now}, nil
}

const userColumns = `id, email, role, team_id, full_name, user_metadata, password_hash, email_confirmed_at, last_sign_in_at, created_at, updated_at`

func scanUser(row interface{ Scan(...any) error }) (*User, error) {
	var (
		u        User
		email    sql.NullString
		role     string
		team     sql.NullInt64
		hash     sql.NullString
		confirm  sql.NullTime
		lastSign sql.NullTime
	)
	if err := row.Scan(&u.ID, &email, &role, &team, &u.FullName, &u.UserMetadata, &hash, &confirm, &lastSign, &u.CreatedAt, &u.UpdatedAt); err != nil {
		return nil, err
	}
	u.Email, u.Role, u.PasswordHash = email.String, auth.Role(role), hash.String
	if team.Valid {
		u.TeamID = &team.Int64
	}
	if confirm.Valid {
		u.EmailConfirmedAt = &confirm.Time
	}
	if lastSign.Valid {
		u.LastSignInAt = &lastSign.Time
	}
	return &u, nil
}

// ByID returns the user, or NOT_FOUND.
func (s *Store) ByID(ctx context.Context, id string) (*User, error) {
	u, err := scanUser(s.DB.R.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("user")
	}
	return u, err
}

// ByIDTx is ByID inside a transaction, with the row locked for update
// (forUpdate is the store's db.DB.ForUpdate clause).
func ByIDTx(ctx context.Context, tx *sql.Tx, id, forUpdate string) (*User, error) {
	u, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`+forUpdate, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("user")
	}
	return u, err
}

// ByEmail returns the user with the (normalized) email, or NOT_FOUND.
func (s *Store) ByEmail(ctx context.Context, email string) (*User, error) {
	u, err := scanUser(s.DB.R.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email = $1`, strings.ToLower(strings.TrimSpace(email))))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("user")
	}
	return u, err
}

// SetRole changes a user's role.
func (s *Store) SetRole(ctx context.Context, id string, role auth.Role) error {
	res, err := s.DB.W.ExecContext(ctx, `UPDATE users SET role = $1, updated_at = $2 WHERE id = $3`, string(role), s.DB.Now(), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("user")
	}
	return nil
}

// SetPassword replaces a user's password.
func (s *Store) SetPassword(ctx context.Context, id, password string) error {
	hash, err := s.HashPassword(ctx, password)
	if err != nil {
		return err
	}
	_, err = s.DB.W.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3`, hash, s.DB.Now(), id)
	return err
}

// TouchSignIn records a successful sign-in.
func (s *Store) TouchSignIn(ctx context.Context, id string) (time.Time, error) {
	now := s.DB.Now()
	_, err := s.DB.W.ExecContext(ctx, `UPDATE users SET last_sign_in_at = $1 WHERE id = $2`, now, id)
	return now, err
}

// EnsureExternal creates the record for an external identity's subject the
// first time it is seen. The email is kept only if no other account has it,
// so an external identity never takes over a local account.
func (s *Store) EnsureExternal(ctx context.Context, subject, email string) error {
	e, err := NormalizeEmail(email)
	if err != nil {
		e = ""
	}
	_, err = s.Create(ctx, NewUser{ID: subject, Email: e, External: true})
	if errors.Is(err, ErrEmailTaken) {
		_, err = s.Create(ctx, NewUser{ID: subject, External: true})
	}
	if errors.Is(err, ErrEmailTaken) { // the subject itself exists: created concurrently
		return nil
	}
	return err
}

// EnsureAdmin makes sure an account with the email exists with the
// internal_admin role and the password; it reports whether it created one.
func (s *Store) EnsureAdmin(ctx context.Context, email, password string) (bool, error) {
	u, err := s.ByEmail(ctx, email)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		_, err = s.Create(ctx, NewUser{Email: email, Password: password, Role: auth.RoleAdmin})
		if errors.Is(err, ErrEmailTaken) {
			return s.EnsureAdmin(ctx, email, password)
		}
		return err == nil, err
	}
	if err != nil {
		return false, err
	}
	if u.Role != auth.RoleAdmin {
		if err := s.SetRole(ctx, u.ID, auth.RoleAdmin); err != nil {
			return false, err
		}
	}
	if !VerifyPassword(u.PasswordHash, password) {
		if err := s.SetPassword(ctx, u.ID, password); err != nil {
			return false, err
		}
	}
	return false, nil
}
