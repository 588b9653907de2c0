// Package users stores accounts and their teams. Every account belongs to a
// team; one is created with the account, named after the local part of its
// email address. The users and teams tables are written only here
// (store.go): other packages call Store's methods, passing their
// transaction where the write must share it.
package users

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"

	"github.com/google/uuid"
	"golang.org/x/crypto/bcrypt"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// Store reads and writes users.
type Store struct {
	DB *db.DB
	// PasswordCost is the bcrypt cost for new hashes; 0 means
	// DefaultPasswordCost. Tests lower it.
	PasswordCost int
	// Hashing bounds concurrent password hashing; nil means no bound.
	Hashing *Hashing
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
	return db.InTx(ctx, s.DB, func(tx *sql.Tx) (*User, error) { return s.CreateTx(ctx, tx, n, hash) })
}

// CreateTx is Create inside an existing transaction, with the password
// already hashed (or empty): the team first, then the account.
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
		teamName = TeamName(n.Email)
	}
	if teamName == "" {
		teamName = "team"
	}
	teamID, err := insertTeam(ctx, tx, teamName, n.ID, now)
	if err != nil {
		return nil, err
	}
	u := &User{ID: n.ID, Email: n.Email, Role: n.Role, TeamID: &teamID, FullName: n.FullName,
		UserMetadata: n.UserMetadata, PasswordHash: passwordHash, CreatedAt: now, UpdatedAt: now}
	if n.Email != "" && !n.Unconfirmed {
		u.EmailConfirmedAt = &now
	}
	if err := insertUser(ctx, tx, u, n.External); err != nil {
		return nil, err
	}
	return u, nil
}

// TeamName is the name of the team made for an account with the address:
// its local part.
func TeamName(email string) string {
	local, _, _ := strings.Cut(email, "@")
	return local
}

// ByID returns the user, or NOT_FOUND.
func (s *Store) ByID(ctx context.Context, id string) (*User, error) {
	return byID(ctx, s.DB.R, id, "")
}

// ByIDTx is ByID inside a transaction, with the row locked for update
// (forUpdate is the store's db.DB.ForUpdate clause, or "" for no lock).
func ByIDTx(ctx context.Context, tx *sql.Tx, id, forUpdate string) (*User, error) {
	return byID(ctx, tx, id, forUpdate)
}

// ByEmail returns the user with the (normalized) email, or NOT_FOUND.
func (s *Store) ByEmail(ctx context.Context, email string) (*User, error) {
	return byEmail(ctx, s.DB.R, strings.ToLower(strings.TrimSpace(email)))
}

// SetRole changes a user's role; NOT_FOUND when there is no such user.
func (s *Store) SetRole(ctx context.Context, id string, role auth.Role) error {
	return updateRole(ctx, s.DB.W, id, role, s.DB.Now())
}

// SetPassword replaces a user's password (hashed here, ErrBusy as for
// HashPassword).
func (s *Store) SetPassword(ctx context.Context, id, password string) error {
	hash, err := s.HashPassword(ctx, password)
	if err != nil {
		return err
	}
	return s.SetPasswordHash(ctx, s.DB.W, id, hash, s.DB.Now())
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
