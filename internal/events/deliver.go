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
	"sync/atomic"
	"syscall"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
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
	dbx := d.Webhooks.DB
	now := dbx.Now()
	ids, err := dueDeliveries(ctx, dbx.R, now, 16)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, id := range ids {
		ok, err := claim(ctx, dbx.W, id, now, now.Add(d.Timeout+5*time.Second))
		if err != nil {
			return sent, err
		}
		if !ok {
			continue // another process has it
		}
		if err := d.send(ctx, id); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

// send makes one attempt of a claimed delivery and records it: one read of
// the delivery with its event and endpoint, one post, then one transaction
// that records the attempt and what it changes (record).
func (d *Deliverer) send(ctx context.Context, id string) error {
	dbx := d.Webhooks.DB
	j, err := loadJob(ctx, dbx.R, id)
	if errors.Is(err, sql.ErrNoRows) {
		return markUndeliverable(ctx, dbx.W, id, "the event or endpoint no longer exists", dbx.Now())
	}
	if err != nil {
		return err
	}
	if !j.enabled {
		return markUndeliverable(ctx, dbx.W, id, "the endpoint is disabled", dbx.Now())
	}
	secret, _, err := d.Webhooks.Ring.Open(j.sealed, aad(j.endpointID))
	if err != nil {
		return fmt.Errorf("webhooks: open the signing secret of %s: %w", j.endpointID, err)
	}
	body, _ := json.Marshal(map[string]any{"id": j.eventID, "type": j.eventType, "timestamp": j.created.UTC(), "data": json.RawMessage(j.data)})
	start := time.Now()
	status, sendErr := d.post(ctx, j.url, j.eventID, secret, body)
	a := d.outcome(j, status, sendErr, time.Since(start).Milliseconds(), dbx.Now())
	// The attempt and what it changes in the delivery and the endpoint are
	// one transaction: a process that dies between them leaves the
	// delivery as it was (pending, its claim running out), so the next
	// try posts once more with the same webhook-id (at least once, as
	// Standard Webhooks receivers expect) and records attempt n again,
	// rather than colliding with a recorded attempt n forever.
	return dbx.Tx(ctx, func(tx *sql.Tx) error { return d.record(ctx, tx, j, a) })
}

// outcome is what an attempt made of a delivery: the attempt's row and the
// delivery's next state.
type outcome struct {
	attempt    int
	at         time.Time
	statusCode any // the endpoint's status, nil when no answer came
	errText    any // why it failed, nil when it succeeded
	durationMS int64
	ok         bool      // the endpoint answered 2xx
	next       time.Time // when a retry is due
	status     string    // the delivery's status after it: delivered, pending or failed
}

// outcome judges an attempt of j that got status (0: no answer) or
// sendErr: 2xx delivers; anything else is retried after the schedule's
// delay unless that falls past the window from the event's creation,
// which fails the delivery.
func (d *Deliverer) outcome(j *job, status int, sendErr error, durationMS int64, now time.Time) outcome {
	a := outcome{attempt: j.attempts + 1, at: now, durationMS: durationMS, ok: sendErr == nil && status >= 200 && status < 300}
	if status != 0 {
		a.statusCode = status
	}
	if a.ok {
		a.status = "delivered"
		return a
	}
	a.errText = fmt.Sprintf("the endpoint answered %d", status)
	if sendErr != nil {
		a.errText = sendErr.Error()
	}
	a.next = now.Add(jitter(d.Schedule[min(a.attempt-1, len(d.Schedule)-1)]))
	a.status = "pending"
	if a.next.Sub(j.created) > d.Window {
		a.status = "failed"
	}
	return a
}

// record writes attempt a of j in tx: the attempt's row, the delivery's
// new state, and the endpoint's (no longer failing; or failing, and
// disabled once it failed too long).
func (d *Deliverer) record(ctx context.Context, tx *sql.Tx, j *job, a outcome) error {
	if err := insertAttempt(ctx, tx, j.id, a); err != nil {
		return err
	}
	if err := d.fault("attempt recorded"); err != nil {
		return err
	}
	if err := updateDelivery(ctx, tx, j.id, a); err != nil {
		return err
	}
	if err := d.fault("delivery updated"); err != nil {
		return err
	}
	if a.ok {
		return clearFailing(ctx, tx, j.endpointID)
	}
	return d.failing(ctx, tx, j.endpointID, a.at, a.status == "failed")
}

// SetFault installs a fault injector for tests: it is called at each
// point between two writes of an attempt's transaction with the point's
// name ("attempt recorded", "delivery updated", "endpoint disabled"), and
// an error it returns fails the transaction there, as a crash would. nil
// removes it.
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
// ran out of its Window while nothing succeeded): its pending deliveries
// fail and a webhook.endpoint_disabled event is recorded, all in tx.
func (d *Deliverer) failing(ctx context.Context, tx *sql.Tx, endpointID string, now time.Time, exhausted bool) error {
	user, since, enabled, err := markFailing(ctx, tx, endpointID, now)
	if err != nil || !enabled || (now.Sub(since) < d.Window && !exhausted) {
		return err
	}
	reason := fmt.Sprintf("deliveries failed for %s", d.Window)
	e, err := disableEndpoint(ctx, tx, endpointID, reason, now)
	if err != nil {
		return err
	}
	if err := d.fault("endpoint disabled"); err != nil {
		return err
	}
	if err := failPending(ctx, tx, endpointID, now); err != nil {
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
	total, err := countDeliveries(ctx, w.DB.R, where, args)
	if err != nil {
		return nil, 0, err
	}
	ds, err := listDeliveries(ctx, w.DB.R, where, args, limit, offset)
	return ds, total, err
}

// Redeliver queues a delivered or failed delivery of the caller's endpoint
// (admins: any endpoint's) again, due now; its attempts are kept and the
// next one is numbered after them. A pending delivery is answered as it is.
// The endpoint must be enabled.
func (w *Webhooks) Redeliver(ctx context.Context, c *auth.Caller, id string) (*Delivery, error) {
	user, enabled, status, err := deliveryOwner(ctx, w.DB.R, id)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !c.CanAccess(user) {
		return nil, apperr.NotFound("webhook delivery")
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: redeliver: %w", err)
	}
	if status != "pending" {
		if !enabled {
			return nil, apperr.Invalid("id", "the delivery's endpoint is disabled; enable it first (webhooks update with enabled: true)")
		}
		if err := requeue(ctx, w.DB.W, id, w.DB.Now()); err != nil {
			return nil, fmt.Errorf("webhooks: redeliver: %w", err)
		}
		w.Events.wake()
	}
	return w.delivery(ctx, id, "redeliver")
}

// delivery reads one delivery with its attempts, for action's answer.
func (w *Webhooks) delivery(ctx context.Context, id, action string) (*Delivery, error) {
	ds, err := listDeliveries(ctx, w.DB.R, `d.id = $1`, []any{id}, 1, 0)
	if err == nil && len(ds) == 0 {
		err = sql.ErrNoRows
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: %s: %w", action, err)
	}
	return &ds[0], nil
}
