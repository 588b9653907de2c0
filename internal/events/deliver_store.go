package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// The SQL of webhook delivery: the worker's queue and attempts, and the
// deliveries listing.

// dueDeliveries returns up to limit pending deliveries due at now and not
// claimed, oldest due first.
func dueDeliveries(ctx context.Context, q db.Querier, now time.Time, limit int) ([]string, error) {
	return db.Values[string](ctx, q, `SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_at <= $1
		AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY next_at LIMIT $2`, now, limit)
}

// claim makes the delivery this process's until `until` (compare-and-set:
// false when another process holds it or it is no longer pending).
func claim(ctx context.Context, q db.Querier, id string, now, until time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE webhook_deliveries SET claimed_until = $1 WHERE id = $2 AND status = 'pending'
		AND (claimed_until IS NULL OR claimed_until < $3)`, until, id, now)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// job is a claimed delivery with what its attempt needs.
type job struct {
	id, endpointID, eventID, eventType, data, url, sealed string
	attempts                                              int
	created                                               time.Time // the delivery's creation: the retry window starts there
	enabled                                               bool
}

// loadJob reads a delivery with its event and endpoint in one query;
// sql.ErrNoRows when the event or the endpoint is gone.
func loadJob(ctx context.Context, q db.Querier, id string) (*job, error) {
	j := job{id: id}
	err := q.QueryRowContext(ctx, `SELECT d.endpoint_id, d.event_id, d.attempts, d.created_at, e.type, e.data, w.url, w.secret_sealed, w.enabled
		FROM webhook_deliveries d JOIN events e ON e.id = d.event_id JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE d.id = $1`, id).
		Scan(&j.endpointID, &j.eventID, &j.attempts, &j.created, &j.eventType, &j.data, &j.url, &j.sealed, &j.enabled)
	if err != nil {
		return nil, err
	}
	return &j, nil
}

// markUndeliverable fails a delivery that cannot be attempted.
func markUndeliverable(ctx context.Context, q db.Querier, id, why string, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'failed', last_error = $1, claimed_until = NULL, updated_at = $2
		WHERE id = $3`, why, now, id)
	return err
}

// insertAttempt records attempt a of the delivery.
func insertAttempt(ctx context.Context, tx *sql.Tx, deliveryID string, a outcome) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
		deliveryID, a.attempt, a.at, a.statusCode, a.errText, a.durationMS)
	return err
}

// updateDelivery records attempt a's result on the delivery and releases
// its claim: delivered, or the next try (pending at a.next) or failed.
func updateDelivery(ctx context.Context, tx *sql.Tx, id string, a outcome) error {
	if a.ok {
		_, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'delivered', attempts = $1, last_status = $2, last_error = NULL,
			claimed_until = NULL, updated_at = $3 WHERE id = $4`, a.attempt, a.statusCode, a.at, id)
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = $1, attempts = $2, last_status = $3, last_error = $4, next_at = $5,
		claimed_until = NULL, updated_at = $6 WHERE id = $7`, a.status, a.attempt, a.statusCode, a.errText, a.next, a.at, id)
	return err
}

// clearFailing records that the endpoint's deliveries succeed again.
func clearFailing(ctx context.Context, tx *sql.Tx, endpointID string) error {
	_, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, endpointID)
	return err
}

// markFailing records that the endpoint fails since now unless it already
// did, and returns its owner and since when it fails; enabled is false
// when it is disabled already.
func markFailing(ctx context.Context, tx *sql.Tx, endpointID string, now time.Time) (user string, since time.Time, enabled bool, err error) {
	if _, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET failing_since = $1 WHERE id = $2 AND failing_since IS NULL`, now, endpointID); err != nil {
		return "", time.Time{}, false, err
	}
	err = tx.QueryRowContext(ctx, `SELECT user_id, failing_since FROM webhook_endpoints WHERE id = $1 AND enabled = TRUE AND failing_since IS NOT NULL`,
		endpointID).Scan(&user, &since)
	if errors.Is(err, sql.ErrNoRows) {
		return "", time.Time{}, false, nil
	}
	return user, since, err == nil, err
}

// disableEndpoint disables the endpoint with the reason and returns it as
// it now is.
func disableEndpoint(ctx context.Context, tx *sql.Tx, endpointID, reason string, now time.Time) (*Endpoint, error) {
	return scanEndpoint(tx.QueryRowContext(ctx, `UPDATE webhook_endpoints SET enabled = FALSE, disabled_reason = $1, updated_at = $2 WHERE id = $3
		RETURNING `+endpointCols, reason, now, endpointID))
}

// failPending fails the endpoint's pending deliveries (it was disabled).
func failPending(ctx context.Context, tx *sql.Tx, endpointID string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'failed', last_error = 'the endpoint was disabled', updated_at = $1
		WHERE endpoint_id = $2 AND status = 'pending'`, now, endpointID)
	return err
}

// countDeliveries counts the deliveries where names (by d.).
func countDeliveries(ctx context.Context, q db.Querier, where string, args []any) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_deliveries d WHERE `+where, args...).Scan(&n)
	return n, err
}

// listDeliveries reads a page of deliveries (where names them by d.),
// newest first, each with its attempts, in one statement: one snapshot, so
// a delivery's status and its attempts always agree, even while the worker
// records an attempt.
func listDeliveries(ctx context.Context, q db.Querier, where string, args []any, limit, offset int) ([]Delivery, error) {
	args = append(args, limit, offset)
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`SELECT d.id, d.endpoint_id, d.event_id, COALESCE(e.type, ''), d.status, d.next_at, d.created_at, d.updated_at,
			a.attempt, a.at, a.status_code, a.error, a.duration_ms
		FROM (SELECT d.* FROM webhook_deliveries d WHERE %s ORDER BY d.created_at DESC, d.id DESC LIMIT $%d OFFSET $%d) d
		LEFT JOIN events e ON e.id = d.event_id LEFT JOIN webhook_attempts a ON a.delivery_id = d.id
		ORDER BY d.created_at DESC, d.id DESC, a.attempt`, where, len(args)-1, len(args)), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Delivery{}
	for rows.Next() {
		var (
			dl      Delivery
			next    time.Time
			attempt sql.NullInt64
			at      sql.NullTime
			code    sql.NullInt64
			msg     sql.NullString
			dur     sql.NullInt64
		)
		if err := rows.Scan(&dl.ID, &dl.EndpointID, &dl.EventID, &dl.EventType, &dl.Status, &next, &dl.CreatedAt, &dl.UpdatedAt,
			&attempt, &at, &code, &msg, &dur); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].ID != dl.ID {
			if dl.Status == "pending" {
				n := next.UTC()
				dl.NextAt = &n
			}
			dl.CreatedAt, dl.UpdatedAt, dl.Attempts = dl.CreatedAt.UTC(), dl.UpdatedAt.UTC(), []Attempt{}
			out = append(out, dl)
		}
		if attempt.Valid {
			last := &out[len(out)-1]
			last.Attempts = append(last.Attempts, scanAttempt(attempt, at, code, msg, dur))
		}
	}
	return out, rows.Err()
}

// scanAttempt builds an attempt from its (joined, so nullable) columns.
func scanAttempt(attempt sql.NullInt64, at sql.NullTime, code sql.NullInt64, msg sql.NullString, dur sql.NullInt64) Attempt {
	a := Attempt{Attempt: int(attempt.Int64), At: at.Time.UTC(), DurationMS: dur.Int64}
	if code.Valid {
		c := int(code.Int64)
		a.StatusCode = &c
	}
	if msg.Valid {
		s := strings.Clone(msg.String)
		a.Error = &s
	}
	return a
}

// deliveryOwner returns the delivery's endpoint owner, whether the endpoint
// is enabled, and the delivery's status; sql.ErrNoRows when there is none.
func deliveryOwner(ctx context.Context, q db.Querier, id string) (user string, enabled bool, status string, err error) {
	err = q.QueryRowContext(ctx, `SELECT w.user_id, w.enabled, d.status FROM webhook_deliveries d
		JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE d.id = $1`, id).Scan(&user, &enabled, &status)
	return
}

// requeue makes a delivered or failed delivery pending again, due at now;
// its attempts stay. A pending one is left as it is.
func requeue(ctx context.Context, q db.Querier, id string, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'pending', next_at = $1, claimed_until = NULL, updated_at = $1
		WHERE id = $2 AND status IN ('delivered', 'failed')`, now, id)
	return err
}
