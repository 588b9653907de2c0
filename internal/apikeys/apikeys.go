// Package apikeys is the api-keys resource: developer API keys, shown in
// full once at creation and stored only as a SHA-256 hash.
package apikeys

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// MaxActive is the number of active keys a user may hold.
const MaxActive = 5

// MaxNameLen bounds a key's display name, in characters.
const MaxNameLen = 100

// Key is an API key as the interface shows it. Key (the secret) is set only
// in the create response.
type Key struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	KeyPrefix  string     `json:"key_prefix"`
	Key        string     `json:"key,omitempty"`
	IsActive   bool       `json:"is_active"`
	LastUsedAt *time.Time `json:"last_used_at"`
	CreatedAt  time.Time  `json:"created_at"`
	RevokedAt  *time.Time `json:"revoked_at"`
}

// Service implements the key rules.
type Service struct {
	DB     *db.DB
	Events *events.Recorder // api_key.created and api_key.revoked (nil: none)
}

// Owner is who a key is created for.
type Owner struct {
	UserID string
	Role   auth.Role
}

// CheckName validates and trims a key name (nil: not given). Create
// applies it: callers pass the name as given.
func CheckName(name *string) (string, error) { return field.RequiredString("name", name, MaxNameLen) }

// Create makes a key named name (trimmed; not empty, at most MaxNameLen
// characters) for the owner. It fails with VALIDATION_ERROR when the name
// is not valid or the owner already has MaxActive active keys; concurrent
// creates are serialized on the owner's row so the limit holds under load.
// The api-keys create action and the genie keys add command both call it
// with the name as given.
func (s *Service) Create(ctx context.Context, owner Owner, name string) (*Key, error) {
	n, err := CheckName(&name)
	if err != nil {
		return nil, err
	}
	secret := auth.NewAPIKey(owner.Role)
	k := &Key{
		ID: uuid.NewString(), Name: n, KeyPrefix: auth.DisplayPrefix(secret), Key: secret,
		IsActive: true, CreatedAt: s.DB.Now(),
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var id string
		if err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`+s.DB.ForUpdate(), owner.UserID).Scan(&id); err != nil {
			if err == sql.ErrNoRows {
				return apperr.NotFound("user")
			}
			return fmt.Errorf("lock user: %w", err)
		}
		var active int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_keys WHERE user_id = $1 AND is_active = TRUE`, owner.UserID).Scan(&active); err != nil {
			return fmt.Errorf("count keys: %w", err)
		}
		if active >= MaxActive {
			return apperr.Invalid("name", "you already have %d active API keys, the maximum; revoke one first", MaxActive)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO api_keys (id, user_id, name, key_prefix, key_hash, is_active, created_at)
			VALUES ($1, $2, $3, $4, $5, TRUE, $6)`, k.ID, owner.UserID, k.Name, k.KeyPrefix, auth.HashAPIKey(secret), k.CreatedAt)
		if err != nil {
			return fmt.Errorf("insert key: %w", err)
		}
		view := *k
		view.Key = "" // never in an event
		return s.Events.Record(ctx, tx, owner.UserID, events.APIKeyCreated, view)
	})
	if err != nil {
		return nil, err
	}
	return k, nil
}

// List returns the user's keys, newest first, without secrets.
func (s *Service) List(ctx context.Context, userID string) ([]Key, error) {
	keys, err := db.List(ctx, s.DB.R, scanKey, `SELECT id, name, key_prefix, is_active, last_used_at, created_at, revoked_at
		FROM api_keys WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	return keys, nil
}

func scanKey(row db.Row) (Key, error) {
	var (
		k                 Key
		lastUsed, revoked sql.NullTime
	)
	err := row.Scan(&k.ID, &k.Name, &k.KeyPrefix, &k.IsActive, &lastUsed, &k.CreatedAt, &revoked)
	k.LastUsedAt, k.RevokedAt = db.TimePtr(lastUsed), db.TimePtr(revoked)
	return k, err
}

// scoped appends to a WHERE clause the condition that limits it to the
// caller's keys, unless the caller is an admin, who may revoke or delete any
// key (a leaked one, say).
func scoped(c *auth.Caller, args ...any) (string, []any) {
	if c.IsAdmin() {
		return "", args
	}
	args = append(args, c.UserID)
	return fmt.Sprintf(" AND user_id = $%d", len(args)), args
}

// Revoke deactivates a key; revoking a revoked key succeeds and keeps the
// first revocation time. NOT_FOUND when the key is missing or not the
// caller's.
func (s *Service) Revoke(ctx context.Context, c *auth.Caller, id string) (alreadyRevoked bool, err error) {
	if !field.IsUUID(id) { // not a key's id (a REST path may hold any bytes)
		return false, apperr.NotFound("API key")
	}
	cond, args := scoped(c, id)
	var wasActive bool
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var owner string
		err := tx.QueryRowContext(ctx, `SELECT is_active, user_id FROM api_keys WHERE id = $1`+cond+s.DB.ForUpdate(), args...).Scan(&wasActive, &owner)
		if err == sql.ErrNoRows {
			return apperr.NotFound("API key")
		}
		if err != nil {
			return fmt.Errorf("find key: %w", err)
		}
		if !wasActive {
			return nil
		}
		if _, err = tx.ExecContext(ctx, `UPDATE api_keys SET is_active = FALSE, revoked_at = $1 WHERE id = $2`, s.DB.Now(), id); err != nil {
			return err
		}
		var k Key
		var lastUsed, revoked sql.NullTime
		if err := tx.QueryRowContext(ctx, `SELECT id, name, key_prefix, is_active, last_used_at, created_at, revoked_at FROM api_keys WHERE id = $1`, id).
			Scan(&k.ID, &k.Name, &k.KeyPrefix, &k.IsActive, &lastUsed, &k.CreatedAt, &revoked); err != nil {
			return err
		}
		k.LastUsedAt, k.RevokedAt = db.TimePtr(lastUsed), db.TimePtr(revoked)
		return s.Events.Record(ctx, tx, owner, events.APIKeyRevoked, k)
	})
	return !wasActive, err
}

// Delete removes a key permanently. NOT_FOUND when the key is missing or
// not the caller's.
func (s *Service) Delete(ctx context.Context, c *auth.Caller, id string) error {
	if !field.IsUUID(id) {
		return apperr.NotFound("API key")
	}
	cond, args := scoped(c, id)
	res, err := s.DB.W.ExecContext(ctx, `DELETE FROM api_keys WHERE id = $1`+cond, args...)
	if err != nil {
		return fmt.Errorf("delete key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("API key")
	}
	return nil
}

// MarkUsed records that the key authenticated a request at the given time
// (last_used_at). The authenticator calls it, through the hook the wiring
// sets, at most once a minute per key; a missing key is not an error.
func (s *Service) MarkUsed(ctx context.Context, keyID string, at time.Time) error {
	if _, err := s.DB.W.ExecContext(ctx, `UPDATE api_keys SET last_used_at = $1 WHERE id = $2`, at, keyID); err != nil {
		return fmt.Errorf("mark key used: %w", err)
	}
	return nil
}
