// Package idempotency keeps the answers of requests sent with an
// Idempotency-Key header (Stripe's model), in the database so that every
// process sharing it sees the same keys.
//
// The rules (api.Server applies them to actions declared Idempotent):
//   - a key belongs to one caller (its user); the same key from another
//     caller is another key;
//   - the first request with a key runs; its answer (status and body) is
//     kept 24 hours and a retry with the same key and the same request gets
//     it back, marked Idempotent-Replayed: true;
//   - the same key with a different request (another action, id or data)
//     is a VALIDATION_ERROR naming the Idempotency-Key header;
//   - a retry while the first request still runs waits for it (up to
//     Wait), then gets a retryable 429;
//   - answers that ask for a retry (429 and 5xx) are not kept: the key is
//     released so that the retry runs again;
//   - a key whose request died with its process is taken over once its
//     lock (Lock) runs out.
package idempotency

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// Lifetime is how long an answer is kept.
const Lifetime = 24 * time.Hour

// Lock is how long a running request holds its key before another
// process may take it over: longer than any action runs.
const Lock = 5 * time.Minute

// Errors of Begin.
var (
	// ErrMismatch: the key was used with a different request.
	ErrMismatch = errors.New("idempotency: key reused with a different request")
	// ErrBusy: the first request with the key is still running.
	ErrBusy = errors.New("idempotency: a request with this key is still running")
)

// Stored is a kept answer.
type Stored struct {
	Status int
	Body   []byte
}

// Store keeps the keys.
type Store struct {
	DB *db.DB
	// Wait bounds how long Begin waits for a running request with the
	// same key (default 10 s).
	Wait time.Duration
}

// Fingerprint identifies a request: what it asks for, not how it was
// encoded on the wire beyond its data's bytes.
func Fingerprint(resource, action, id string, data []byte) string {
	h := sha256.New()
	for _, p := range [][]byte{[]byte(resource), []byte(action), []byte(id), data} {
		fmt.Fprintf(h, "%d:", len(p))
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Begin claims the key for a new request, or returns the kept answer of an
// earlier one (replay non-nil). It fails with ErrMismatch or ErrBusy.
func (s *Store) Begin(ctx context.Context, scope, key, fingerprint string) (replay *Stored, err error) {
	wait := s.Wait
	if wait <= 0 {
		wait = 10 * time.Second
	}
	deadline := time.Now().Add(wait)
	for delay := 20 * time.Millisecond; ; delay = min(delay*2, 250*time.Millisecond) {
		claimed, err := s.claim(ctx, scope, key, fingerprint)
		if err != nil || claimed {
			return nil, err
		}
		row, err := s.load(ctx, scope, key)
		if errors.Is(err, sql.ErrNoRows) {
			continue // released or expired meanwhile: claim again
		}
		if err != nil {
			return nil, err
		}
		if row.fingerprint != fingerprint {
			return nil, ErrMismatch
		}
		if row.status.Valid {
			return &Stored{Status: int(row.status.Int64), Body: row.body}, nil
		}
		if time.Now().After(deadline) {
			return nil, ErrBusy
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay):
		}
	}
}

// claim inserts the key, or takes over an expired answer or a dead
// request's lock; it reports whether the caller now holds the key.
func (s *Store) claim(ctx context.Context, scope, key, fingerprint string) (bool, error) {
	now := s.DB.Now()
	res, err := s.DB.W.ExecContext(ctx, `INSERT INTO idempotency_keys (scope, key, fingerprint, created_at, locked_until)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = NULL, body = NULL,
			created_at = excluded.created_at, locked_until = excluded.locked_until
		WHERE idempotency_keys.created_at < $6 OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until < $4)`,
		scope, key, fingerprint, now, now.Add(Lock), now.Add(-Lifetime))
	if err != nil {
		return false, fmt.Errorf("idempotency: claim key: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

type row struct {
	fingerprint string
	status      sql.NullInt64
	body        []byte
}

func (s *Store) load(ctx context.Context, scope, key string) (row, error) {
	var r row
	err := s.DB.W.QueryRowContext(ctx, `SELECT fingerprint, status, body FROM idempotency_keys
		WHERE scope = $1 AND key = $2 AND created_at >= $3`, scope, key, s.DB.Now().Add(-Lifetime)).
		Scan(&r.fingerprint, &r.status, &r.body)
	return r, err
}

// Finish keeps the answer of the request that holds the key.
func (s *Store) Finish(ctx context.Context, scope, key string, status int, body []byte) error {
	_, err := s.DB.W.ExecContext(ctx, `UPDATE idempotency_keys SET status = $1, body = $2 WHERE scope = $3 AND key = $4 AND status IS NULL`,
		status, body, scope, key)
	if err != nil {
		return fmt.Errorf("idempotency: keep answer: %w", err)
	}
	return nil
}

// Release drops the key of a request whose answer is not kept, so that a
// retry runs again.
func (s *Store) Release(ctx context.Context, scope, key string) error {
	_, err := s.DB.W.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL`, scope, key)
	if err != nil {
		return fmt.Errorf("idempotency: release key: %w", err)
	}
	return nil
}

// Sweep deletes answers older than Lifetime.
func (s *Store) Sweep(ctx context.Context) error {
	_, err := s.DB.W.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE created_at < $1 AND (status IS NOT NULL OR locked_until < $2)`,
		s.DB.Now().Add(-Lifetime), s.DB.Now())
	return err
}
