package users

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// This file holds every statement that writes the users and teams tables.
// The exported methods take the caller's transaction (or s.DB.W) so that a
// write may share one with the caller's own; each documents the row locks
// it takes.

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
	u.TeamID, u.EmailConfirmedAt, u.LastSignInAt = db.Int64Ptr(team), db.TimePtr(confirm), db.TimePtr(lastSign)
	return &u, nil
}

// userWhere returns the user whose column (a constant name) has value, or
// NOT_FOUND; lock is db.ForUpdate() inside a transaction, else "".
func userWhere(ctx context.Context, q db.Querier, column, value, lock string) (*User, error) {
	u, err := scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE `+column+` = $1`+lock, value))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("user")
	}
	return u, err
}

func byID(ctx context.Context, q db.Querier, id, lock string) (*User, error) {
	return userWhere(ctx, q, "id", id, lock)
}

func byEmail(ctx context.Context, q db.Querier, email string) (*User, error) {
	return userWhere(ctx, q, "email", email, "")
}

func insertTeam(ctx context.Context, q db.Querier, name, ownerID string, at time.Time) (int64, error) {
	var id int64
	if err := q.QueryRowContext(ctx, `INSERT INTO teams (name, owner_user_id, created_at) VALUES ($1, $2, $3) RETURNING id`,
		name, ownerID, at).Scan(&id); err != nil {
		return 0, fmt.Errorf("create team: %w", err)
	}
	return id, nil
}

// insertUser stores u; ErrEmailTaken when its email (or id) is taken.
func insertUser(ctx context.Context, q db.Querier, u *User, external bool) error {
	_, err := q.ExecContext(ctx, `INSERT INTO users (id, email, password_hash, role, team_id, full_name, user_metadata, external, email_confirmed_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
		u.ID, db.NullIfEmpty(u.Email), db.NullIfEmpty(u.PasswordHash), string(u.Role), u.TeamID, u.FullName, u.UserMetadata, external, u.EmailConfirmedAt, u.CreatedAt)
	if db.IsUniqueViolation(err) {
		return ErrEmailTaken
	}
	if err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	return nil
}

func updateRole(ctx context.Context, q db.Querier, id string, role auth.Role, at time.Time) error {
	res, err := q.ExecContext(ctx, `UPDATE users SET role = $1, updated_at = $2 WHERE id = $3`, string(role), at, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("user")
	}
	return nil
}

// SetPasswordHash replaces the account's password hash (already hashed)
// through q.
func (s *Store) SetPasswordHash(ctx context.Context, q db.Querier, id, hash string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3`, hash, at, id)
	return err
}

// RecordSignIn sets the account's last sign-in time through q.
func (s *Store) RecordSignIn(ctx context.Context, q db.Querier, id string, at time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE users SET last_sign_in_at = $1 WHERE id = $2`, at, id); err != nil {
		return fmt.Errorf("users: record sign-in: %w", err)
	}
	return nil
}

// ConfirmEmail marks the account's address confirmed at at, unless it
// already is.
func (s *Store) ConfirmEmail(ctx context.Context, q db.Querier, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET email_confirmed_at = $1, updated_at = $1 WHERE id = $2 AND email_confirmed_at IS NULL`, at, id)
	return err
}

// ChangeEmail moves the account to a new (normalized) address, confirmed
// at at. ErrEmailTaken when another account has it: on PostgreSQL the
// transaction is then aborted and must be rolled back.
func (s *Store) ChangeEmail(ctx context.Context, q db.Querier, id, email string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET email = $1, email_confirmed_at = $2, updated_at = $2 WHERE id = $3`, email, at, id)
	if db.IsUniqueViolation(err) {
		return ErrEmailTaken
	}
	return err
}

// SetMetadata replaces the account's user_metadata (a JSON object) and
// full name.
func (s *Store) SetMetadata(ctx context.Context, q db.Querier, id, meta, fullName string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE users SET user_metadata = $1, full_name = $2, updated_at = $3 WHERE id = $4`, meta, fullName, at, id)
	return err
}

// EnsureTeam locks the account's row in tx and returns its team, first
// creating one named name and joining the account to it when it has none.
// Lock order: the users row, then the new teams row.
func (s *Store) EnsureTeam(ctx context.Context, tx *sql.Tx, id, name string) (int64, error) {
	var team sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT team_id FROM users WHERE id = $1`+s.DB.ForUpdate(), id).Scan(&team); err != nil {
		return 0, fmt.Errorf("users: lock account: %w", err)
	}
	if team.Valid {
		return team.Int64, nil
	}
	now := s.DB.Now()
	teamID, err := insertTeam(ctx, tx, name, id, now)
	if err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET team_id = $1, updated_at = $2 WHERE id = $3`, teamID, now, id); err != nil {
		return 0, fmt.Errorf("users: join team: %w", err)
	}
	return teamID, nil
}

// listWhere builds the WHERE clause of a user listing and its arguments;
// search is a lower-cased email prefix with LIKE's wildcards escaped.
func listWhere(o ListOptions) (string, []any) {
	where, args := ` WHERE 1 = 1`, []any{}
	if o.Search != "" {
		args = append(args, likePrefix(o.Search))
		where += fmt.Sprintf(` AND email LIKE $%d ESCAPE '\'`, len(args))
	}
	if o.Role != "" {
		args = append(args, string(o.Role))
		where += fmt.Sprintf(` AND role = $%d`, len(args))
	}
	return where, args
}

// listUsers returns one page of users, newest first, and how many match.
func listUsers(ctx context.Context, q db.Querier, o ListOptions) ([]*User, int, error) {
	where, args := listWhere(o)
	var total int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("users: count: %w", err)
	}
	n := len(args)
	out, err := db.List(ctx, q, scanUser, `SELECT `+userColumns+` FROM users`+where+
		fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT $%d OFFSET $%d`, n+1, n+2), append(args, o.Limit, o.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("users: list: %w", err)
	}
	return out, total, nil
}

// SetRoleTx changes a user's role inside tx and returns the user as
// updated; NOT_FOUND when there is no such user. It locks the user's row.
func (s *Store) SetRoleTx(ctx context.Context, tx *sql.Tx, id string, role auth.Role) (*User, error) {
	u, err := byID(ctx, tx, id, s.DB.ForUpdate())
	if err != nil {
		return nil, err
	}
	if u.Role == role {
		return u, nil
	}
	now := s.DB.Now()
	if err := updateRole(ctx, tx, id, role, now); err != nil {
		return nil, err
	}
	u.Role, u.UpdatedAt = role, now
	return u, nil
}
