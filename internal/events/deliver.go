package events

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/geniehq/genie/internal/auth"
)

// Delivery is one event sent (or to be sent) to one endpoint.
type Delivery struct {
	ID         string     `json:"id"`
	EndpointID string     `json:"endpoint_id"`
	EventID    string     `json:"event_id"`
	EventType  string     `json:"event_type"`
	Status     string     `json:"status" schema:"enum=pending|delivered|failed"`
	Attempts   []Attempt  `json:"attempts"`
	NextAt     *time.Time `json:"next_attempt_at" doc:"When the next attempt is due (pending deliveries)."`
	CreatedAt  time.Time  `json:"created_at"`
	UpdatedAt  time.Time  `json:"updated_at"`
}

// Attempt is one try of a delivery.
type Attempt struct {
	Attempt    int       `json:"attempt"`
	At         time.Time `json:"at"`
	StatusCode *int      `json:"status_code" doc:"The endpoint's HTTP status (null when no answer came)."`
	Error      *string   `json:"error"`
	DurationMS int64     `json:"duration_ms"`
}

// Deliverer sends queued deliveries. Every process runs one; a delivery
// is claimed row by row (compare-and-set on claimed_until), so no two
// processes send the same attempt.
type Deliverer struct {
	Webhooks *Webhooks
	Log      *slog.Logger
	// Schedule is the delay before each retry (attempt n waits
	// Schedule[min(n-1, len-1)], with ±20% jitter); Window is how long a
	// delivery is retried, and how long an endpoint may fail before it is
	// disabled. Defaults: about 3 days (DefaultSchedule, 3 days).
	Schedule []time.Duration
	Window   time.Duration
	Timeout  time.Duration // per attempt (default 10 s)
	Poll     time.Duration // how often the queue is read (default 1 s)

	wake    chan struct{}
	client  *http.Client
	faultFn atomic.Pointer[func(point string) error]
}

// DefaultSchedule: the first retry within a minute, then growing, for
// about three days in all.
var DefaultSchedule = []time.Duration{30 * time.Second, 2 * time.Minute, 10 * time.Minute, 30 * time.Minute, time.Hour,
	2 * time.Hour, 4 * time.Hour, 8 * time.Hour, 12 * time.Hour, 24 * time.Hour}

// DefaultWindow is how long a delivery is retried.
const DefaultWindow = 72 * time.Hour

// maxResponse bounds how much of an endpoint's answer is read.
const maxResponse = 4 << 10

// Notify wakes the worker (after an event was recorded).
func (d *Deliverer) Notify() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Init prepares the worker; Run then sends until ctx ends.
func (d *Deliverer) Init() {
	d.wake = make(chan struct{}, 1)
	if d.Window <= 0 {
		d.Window = DefaultWindow
	}
	if len(d.Schedule) == 0 {
		// The default schedule, scaled to the window (a shorter window,
		// for development, retries sooner).
		for _, step := range DefaultSchedule {
			d.Schedule = append(d.Schedule, time.Duration(float64(step)*float64(d.Window)/float64(DefaultWindow)))
		}
	}
	if d.Timeout <= 0 {
		d.Timeout = 10 * time.Second
	}
	if d.Poll <= 0 {
		d.Poll = time.Second
	}
	allow := d.Webhooks.AllowPrivate
	dialer := &net.Dialer{Timeout: d.Timeout, Control: func(network, address string, _ syscall.RawConn) error {
		// Checked on the address actually dialled: a name that resolved
		// to a public address at create and a private one now (DNS
		// rebinding) is refused here.
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return err
		}
		return CheckAddr(ap.Addr(), allow)
	}}
	d.client = &http.Client{
		Timeout: d.Timeout,
		Transport: &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: d.Timeout, ResponseHeaderTimeout: d.Timeout,
			MaxIdleConnsPerHost: 2, IdleConnTimeout: 30 * time.Second, DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// Run sends due deliveries until ctx ends.
func (d *Deliverer) Run(ctx context.Context) {
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
		for ctx.Err() == nil {
			n, err := d.runOnce(ctx)
			if err != nil && ctx.Err() == nil {
				d.Log.WarnContext(ctx, "webhook deliveries", "err", err)
			}
			if n == 0 || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-d.wake:
		}
	}
}

// runOnce claims and sends up to 16 due deliveries; it returns how many.
func (d *Deliverer) runOnce(ctx context.Context) (int, error) {
	db := d.Webhooks.DB
	now := db.Now()
	rows, err := db.R.QueryContext(ctx, `SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_at <= $1
		AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY next_at LIMIT 16`, now)
	if err != nil {
		return 0, err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	sent := 0
	for _, id := range ids {
		res, err := db.W.ExecContext(ctx, `UPDATE webhook_deliveries SET claimed_until = $1 WHERE id = $2 AND status = 'pending'
			AND (claimed_until IS NULL OR claimed_until < $3)`, now.Add(d.Timeout+5*time.Second), id, now)
		if err != nil {
			return sent, err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue // another process has it
		}
		if err := d.send(ctx, id); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

// send makes one attempt of a claimed delivery and records it.
func (d *Deliverer) send(ctx context.Context, id string) error {
	dbx := d.Webhooks.DB
	var (
		endpointID, eventID, typ, data, url, sealed string
		attempts                                    int
		created                                     time.Time
		enabled                                     bool
	)
	err := dbx.R.QueryRowContext(ctx, `SELECT d.endpoint_id, d.event_id, d.attempts, d.created_at, e.type, e.data, w.url, w.secret_sealed, w.enabled
		FROM webhook_deliveries d JOIN events e ON e.id = d.event_id JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE d.id = $1`, id).
		Scan(&endpointID, &eventID, &attempts, &created, &typ, &data, &url, &sealed, &enabled)
	if errors.Is(err, sql.ErrNoRows) { // the event or endpoint is gone
		_, err = dbx.W.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'failed', last_error = 'the event or endpoint no longer exists', updated_at = $1 WHERE id = $2`, dbx.Now(), id)
		return err
	}
	if err != nil {
		return err
	}
	if !enabled {
		_, err = dbx.W.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'failed', last_error = 'the endpoint is disabled', claimed_until = NULL, updated_at = $1 WHERE id = $2`, dbx.Now(), id)
		return err
	}
	secret, _, err := d.Webhooks.Ring.Open(sealed, aad(endpointID))
	if err != nil {
		return fmt.Errorf("webhooks: open the signing secret of %s: %w", endpointID, err)
	}
	body, _ := json.Marshal(map[string]any{"id": eventID, "type": typ, "timestamp": created.UTC(), "data": json.RawMessage(data)})
	start := time.Now()
	status, sendErr := d.post(ctx, url, eventID, secret, body)
	dur := time.Since(start).Milliseconds()
	attempt := attempts + 1
	now := dbx.Now()
	var code any
	if status != 0 {
		code = status
	}
	var errText any
	ok := sendErr == nil && status >= 200 && status < 300
	if !ok {
		msg := fmt.Sprintf("the endpoint answered %d", status)
		if sendErr != nil {
			msg = sendErr.Error()
		}
		errText = msg
	}
	next := now.Add(jitter(d.Schedule[min(attempt-1, len(d.Schedule)-1)]))
	finalStatus := "pending"
	if next.Sub(created) > d.Window {
		finalStatus = "failed"
	}
	// The attempt and what it changes in the delivery and the endpoint are
	// one transaction: a process that dies between them leaves the
	// delivery as it was (pending, its claim running out), so the next
	// try posts once more with the same webhook-id (at least once, as
	// Standard Webhooks receivers expect) and records attempt n again,
	// rather than colliding with a recorded attempt n forever.
	return dbx.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
			id, attempt, now, code, errText, dur); err != nil {
			return err
		}
		if err := d.fault("attempt recorded"); err != nil {
			return err
		}
		if ok {
			if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'delivered', attempts = $1, last_status = $2, last_error = NULL,
				claimed_until = NULL, updated_at = $3 WHERE id = $4`, attempt, status, now, id); err != nil {
				return err
			}
			if err := d.fault("delivery updated"); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, endpointID)
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = $1, attempts = $2, last_status = $3, last_error = $4, next_at = $5,
			claimed_until = NULL, updated_at = $6 WHERE id = $7`, finalStatus, attempt, code, errText, next, now, id); err != nil {
			return err
		}
		if err := d.fault("delivery updated"); err != nil {
			return err
		}
		return d.failing(ctx, tx, endpointID, now, finalStatus == "failed")
	})
}

// SetFault installs a fault injector for tests: it is called at each
// point between two writes of an attempt's transaction with the point's
// name, and an error it returns fails the transaction there, as a crash
// would. nil removes it.
func (d *Deliverer) SetFault(f func(point string) error) {
	if f == nil {
		d.faultFn.Store(nil)
		return
	}
	d.faultFn.Store(&f)
}

func (d *Deliverer) fault(point string) error {
	if f := d.faultFn.Load(); f != nil {
		return (*f)(point)
	}
	return nil
}

// failing marks an endpoint as failing since now (unless it already is),
// and disables it once it has failed for the whole Window (or a delivery
// ran out of its Window while nothing succeeded), recording a
// webhook.endpoint_disabled event, all in tx.
func (d *Deliverer) failing(ctx context.Context, tx *sql.Tx, endpointID string, now time.Time, exhausted bool) error {
	if _, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET failing_since = $1 WHERE id = $2 AND failing_since IS NULL`, now, endpointID); err != nil {
		return err
	}
	var user string
	var since time.Time
	err := tx.QueryRowContext(ctx, `SELECT user_id, failing_since FROM webhook_endpoints WHERE id = $1 AND enabled = TRUE AND failing_since IS NOT NULL`,
		endpointID).Scan(&user, &since)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil || (now.Sub(since) < d.Window && !exhausted) {
		return err
	}
	reason := fmt.Sprintf("deliveries failed for %s", d.Window)
	if _, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET enabled = FALSE, disabled_reason = $1, updated_at = $2 WHERE id = $3`,
		reason, now, endpointID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'failed', last_error = 'the endpoint was disabled', updated_at = $1
		WHERE endpoint_id = $2 AND status = 'pending'`, now, endpointID); err != nil {
		return err
	}
	e, err := scanEndpoint(tx.QueryRowContext(ctx, `SELECT `+endpointCols+` FROM webhook_endpoints WHERE id = $1`, endpointID))
	if err != nil {
		return err
	}
	d.Log.WarnContext(ctx, "webhook endpoint disabled", "endpoint_id", endpointID, "reason", reason)
	return d.Webhooks.Events.Record(ctx, tx, user, WebhookEndpointDisabled, e)
}

func jitter(d time.Duration) time.Duration {
	return time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
}

// post sends one signed request per the Standard Webhooks specification:
// webhook-id (the event id, the same on every retry), webhook-timestamp
// (Unix seconds) and webhook-signature ("v1," and the base64 HMAC-SHA256 of
// "id.timestamp.body" under the secret's key).
func (d *Deliverer) post(ctx context.Context, url, msgID, secret string, body []byte) (int, error) {
	key, err := secretKey(secret)
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "genie-webhooks/1")
	req.Header.Set("webhook-id", msgID)
	req.Header.Set("webhook-timestamp", ts)
	req.Header.Set("webhook-signature", "v1,"+Sign(key, msgID, ts, body))
	res, err := d.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	io.Copy(io.Discard, io.LimitReader(res.Body, maxResponse)) //nolint:errcheck // the answer's body is not used
	return res.StatusCode, nil
}

// Sign is the Standard Webhooks v1 signature of a message.
func Sign(key []byte, msgID, timestamp string, body []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msgID + "." + timestamp + "."))
	m.Write(body)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// Deliveries lists an endpoint's deliveries, newest first, with their
// attempts.
func (w *Webhooks) Deliveries(ctx context.Context, c *auth.Caller, endpointID, status string, limit, offset int) ([]Delivery, int, error) {
	if _, err := w.Get(ctx, c, endpointID); err != nil {
		return nil, 0, err
	}
	where, args := `d.endpoint_id = $1`, []any{endpointID}
	if status != "" {
		args = append(args, status)
		where += ` AND d.status = $2`
	}
	var total int
	if err := w.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_deliveries d WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	ds, _, err := w.deliveries(ctx, where, args, limit, offset)
	return ds, total, err
}

func (w *Webhooks) deliveries(ctx context.Context, where string, args []any, limit, offset int) ([]Delivery, int, error) {
	args = append(args, limit, offset)
	rows, err := w.DB.R.QueryContext(ctx, fmt.Sprintf(`SELECT d.id, d.endpoint_id, d.event_id, COALESCE(e.type, ''), d.status, d.next_at, d.created_at, d.updated_at
		FROM webhook_deliveries d LEFT JOIN events e ON e.id = d.event_id WHERE %s ORDER BY d.created_at DESC, d.id DESC LIMIT $%d OFFSET $%d`,
		where, len(args)-1, len(args)), args...)
	if err != nil {
		return nil, 0, err
	}
	out := []Delivery{}
	for rows.Next() {
		var dl Delivery
		var next time.Time
		if err := rows.Scan(&dl.ID, &dl.EndpointID, &dl.EventID, &dl.EventType, &dl.Status, &next, &dl.CreatedAt, &dl.UpdatedAt); err != nil {
			rows.Close()
			return nil, 0, err
		}
		if dl.Status == "pending" {
			n := next.UTC()
			dl.NextAt = &n
		}
		dl.CreatedAt, dl.UpdatedAt = dl.CreatedAt.UTC(), dl.UpdatedAt.UTC()
		out = append(out, dl)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	for i := range out {
		ar, err := w.DB.R.QueryContext(ctx, `SELECT attempt, at, status_code, error, duration_ms FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`, out[i].ID)
		if err != nil {
			return nil, 0, err
		}
		out[i].Attempts = []Attempt{}
		for ar.Next() {
			var a Attempt
			var code sql.NullInt64
			var msg sql.NullString
			if err := ar.Scan(&a.Attempt, &a.At, &code, &msg, &a.DurationMS); err != nil {
				ar.Close()
				return nil, 0, err
			}
			a.At = a.At.UTC()
			if code.Valid {
				c := int(code.Int64)
				a.StatusCode = &c
			}
			if msg.Valid {
				s := strings.Clone(msg.String)
				a.Error = &s
			}
			out[i].Attempts = append(out[i].Attempts, a)
		}
		ar.Close()
	}
	return out, 0, nil
}
