package identity

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// This file holds the SQL of identity's own tables: auth_sessions,
// auth_refresh_tokens and auth_one_time_codes. Each function is one
// statement; those that lock take db.ForUpdate() as lock.

// errNoRow is a store lookup that found nothing; the service turns it into
// the refusal the protocol gives.
var errNoRow = errors.New("identity: no such row")

func insertSession(ctx context.Context, q db.Querier, id, userID, method string, at time.Time) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO auth_sessions (id, user_id, amr_method, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`,
		id, userID, method, at); err != nil {
		return fmt.Errorf("identity: create session: %w", err)
	}
	return nil
}

func insertRefreshToken(ctx context.Context, q db.Querier, tokenHash, sessionID string, at time.Time) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)`,
		tokenHash, sessionID, at); err != nil {
		return fmt.Errorf("identity: create refresh token: %w", err)
	}
	return nil
}

// refreshRow is a refresh token with its session.
type refreshRow struct {
	SessionID, UserID, Method string
	Used, Revoked             sql.NullTime
	AuthAt                    time.Time // the session's start
}

// lockRefreshToken returns the refresh token with the hash and its
// session (the token's row locked), or errNoRow.
func lockRefreshToken(ctx context.Context, tx *sql.Tx, tokenHash, lock string) (*refreshRow, error) {
	var t refreshRow
	err := tx.QueryRowContext(ctx, `SELECT t.session_id, t.used_at, s.user_id, s.revoked_at, s.created_at, s.amr_method
		FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
		WHERE t.token_hash = $1`+lock, tokenHash).Scan(&t.SessionID, &t.Used, &t.UserID, &t.Revoked, &t.AuthAt, &t.Method)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoRow
	}
	if err != nil {
		return nil, fmt.Errorf("identity: load refresh token: %w", err)
	}
	return &t, nil
}

func markRefreshTokenUsed(ctx context.Context, q db.Querier, tokenHash string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE auth_refresh_tokens SET used_at = $1 WHERE token_hash = $2`, at, tokenHash)
	return err
}

func touchSession(ctx context.Context, q db.Querier, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE auth_sessions SET updated_at = $1 WHERE id = $2`, at, id)
	return err
}

// sessionRevoked reports whether the user's session was revoked; errNoRow
// when the user has no such session.
func sessionRevoked(ctx context.Context, q db.Querier, id, userID string) (bool, error) {
	var revoked sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT revoked_at FROM auth_sessions WHERE id = $1 AND user_id = $2`, id, userID).Scan(&revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return false, errNoRow
	}
	return revoked.Valid, err
}

// revokeSession ends one session.
func revokeSession(ctx context.Context, q db.Querier, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL`, at, id)
	return err
}

// revokeSessions ends every session of the user but except ("" for none:
// session ids are never empty).
func revokeSessions(ctx context.Context, q db.Querier, userID, except string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1 WHERE user_id = $2 AND id <> $3 AND revoked_at IS NULL`,
		at, userID, except)
	return err
}

// upsertCode stores the code row, replacing the account's pending one for
// the purpose; a nil password hash keeps the pending one's.
func upsertCode(ctx context.Context, q db.Querier, c *pendingCode, pwHash *string, at time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO auth_one_time_codes (user_id, purpose, email, code_hash, link_hash, password_hash, attempts, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8)
		ON CONFLICT (user_id, purpose) DO UPDATE SET email = excluded.email, code_hash = excluded.code_hash,
			link_hash = excluded.link_hash, password_hash = COALESCE(excluded.password_hash, auth_one_time_codes.password_hash),
			attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
		c.UserID, string(c.Purpose), c.Email, c.codeHash, c.linkHash, pwHash, at, c.expires)
	if err != nil {
		return fmt.Errorf("identity: store code: %w", err)
	}
	return nil
}

// lockCodes returns the pending codes whose column (a constant name) has
// value, for one of the purposes, locked, in a fixed order.
func lockCodes(ctx context.Context, tx *sql.Tx, column, value string, ps []purpose, lock string) ([]pendingCode, error) {
	marks := make([]string, len(ps))
	args := []any{value}
	for i, x := range ps {
		marks[i] = fmt.Sprintf("$%d", i+2)
		args = append(args, string(x))
	}
	out, err := db.List(ctx, tx, scanCode, `SELECT user_id, purpose, email, code_hash, link_hash, COALESCE(password_hash, ''), attempts, expires_at
		FROM auth_one_time_codes WHERE `+column+` = $1 AND purpose IN (`+strings.Join(marks, ", ")+`) ORDER BY purpose, user_id`+lock, args...)
	if err != nil {
		return nil, fmt.Errorf("identity: load codes: %w", err)
	}
	return out, nil
}

func scanCode(row db.Row) (pendingCode, error) {
	var c pendingCode
	var pur string
	err := row.Scan(&c.UserID, &pur, &c.Email, &c.codeHash, &c.linkHash, &c.pwHash, &c.attempts, &c.expires)
	c.Purpose = purpose(pur)
	return c, err
}

// lockAccountCodes locks every pending code of the account, in
// lockCodes' order (purpose, then account), so that a transaction that
// then changes the account waits for a verification in flight instead of
// deadlocking with it.
func lockAccountCodes(ctx context.Context, tx *sql.Tx, userID, lock string) error {
	rows, err := tx.QueryContext(ctx, `SELECT purpose FROM auth_one_time_codes WHERE user_id = $1 ORDER BY purpose, user_id`+lock, userID)
	if err != nil {
		return fmt.Errorf("identity: lock codes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
	}
	return rows.Err()
}

func countCodeAttempt(ctx context.Context, q db.Querier, userID string, pur purpose) error {
	if _, err := q.ExecContext(ctx, `UPDATE auth_one_time_codes SET attempts = attempts + 1 WHERE user_id = $1 AND purpose = $2`,
		userID, string(pur)); err != nil {
		return fmt.Errorf("identity: count code attempt: %w", err)
	}
	return nil
}

func deleteCode(ctx context.Context, q db.Querier, userID string, pur purpose) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM auth_one_time_codes WHERE user_id = $1 AND purpose = $2`, userID, string(pur)); err != nil {
		return fmt.Errorf("identity: delete code: %w", err)
	}
	return nil
}

// clearCodes deletes every pending code of the account.
func clearCodes(ctx context.Context, q db.Querier, userID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM auth_one_time_codes WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("identity: clear codes: %w", err)
	}
	return nil
}

// pendingEmailChange returns the address an email change waits to confirm
// and when it was requested, if one is pending at now ("", nil if none).
func pendingEmailChange(ctx context.Context, q db.Querier, userID string, now time.Time) (string, *time.Time, error) {
	var email string
	var at time.Time
	err := q.QueryRowContext(ctx, `SELECT email, created_at FROM auth_one_time_codes WHERE user_id = $1 AND purpose = $2 AND expires_at > $3`,
		userID, string(purposeEmailChange), now).Scan(&email, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("identity: pending email change: %w", err)
	}
	return email, &at, nil
}

func deleteExpiredCodes(ctx context.Context, q db.Querier, now time.Time) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM auth_one_time_codes WHERE expires_at < $1`, now); err != nil {
		return fmt.Errorf("identity: sweep codes: %w", err)
	}
	return nil
}
