package events

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// Endpoint is a webhook endpoint: where a user's events are sent.
type Endpoint struct {
	ID             string     `json:"id"`
	URL            string     `json:"url"`
	Description    string     `json:"description"`
	Events         []string   `json:"events" doc:"The event types sent to it; \"*\" for every type."`
	Platform       bool       `json:"platform" doc:"Admins only: also receives the platform's events (submissions awaiting review)."`
	Enabled        bool       `json:"enabled"`
	DisabledReason *string    `json:"disabled_reason"`
	FailingSince   *time.Time `json:"failing_since" doc:"When its deliveries started failing (null while they succeed)."`
	CreatedAt      time.Time  `json:"created_at"`
	UpdatedAt      time.Time  `json:"updated_at"`
	// Secret is the signing secret: in the answers of create and
	// rotate-secret only.
	Secret string `json:"secret,omitempty" doc:"The signing secret (whsec_ and base64, as the Standard Webhooks libraries take it); only in the answers of create and rotate-secret."`
}

// Webhooks is the webhook endpoints service.
type Webhooks struct {
	DB     *db.DB
	Ring   *secrets.Ring // seals the signing secrets at rest
	Events *Recorder
	// AllowPrivate lets endpoints use http and loopback or private
	// addresses (development and tests); link-local and metadata
	// addresses are refused always.
	AllowPrivate bool
	// Resolve looks a host up (net.DefaultResolver when nil).
	Resolve func(ctx context.Context, host string) ([]netip.Addr, error)
}

// MaxEndpoints bounds a user's endpoints.
const MaxEndpoints = 16

func aad(id string) []byte { return []byte("webhook:" + id) }

// newSecret returns a signing secret: whsec_ and base64 of 24 random
// bytes.
func newSecret() string {
	b := make([]byte, 24)
	rand.Read(b) //nolint:errcheck // never fails
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}

// secretKey is the HMAC key of a secret: its base64 part decoded.
func secretKey(secret string) ([]byte, error) {
	return base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
}

// CheckURL validates an endpoint URL and the addresses its host resolves
// to. The same address rule is applied again at every connection.
func (w *Webhooks) CheckURL(ctx context.Context, raw string) error {
	if len(raw) > 2048 {
		return apperr.Invalid("url", "url must be at most 2048 characters")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil || u.Fragment != "" {
		return apperr.Invalid("url", "url must be an absolute https URL without credentials or fragment")
	}
	if u.Scheme != "https" && !w.AllowPrivate {
		return apperr.Invalid("url", "url must use https (http is allowed only with --webhook-allow-private, for development)")
	}
	host := u.Hostname()
	addrs, err := w.lookup(ctx, host)
	if err != nil || len(addrs) == 0 {
		return apperr.Invalid("url", "the host of url does not resolve")
	}
	for _, a := range addrs {
		if err := CheckAddr(a, w.AllowPrivate); err != nil {
			return apperr.Invalid("url", "url is not allowed: %v", err)
		}
	}
	return nil
}

func (w *Webhooks) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	// 127.1, 0x7f000001, 2130706433, 0177.0.0.1: read as the resolver
	// and browsers read them, then judged like any address.
	if a, numeric, err := numericHost(host); numeric {
		return []netip.Addr{a}, err
	}
	if w.Resolve != nil {
		return w.Resolve(ctx, host)
	}
	// A resolver that does not answer holds the request no longer than
	// this (the system's own default is 5 s per try).
	ctx, cancel := context.WithTimeout(ctx, LookupTimeout)
	defer cancel()
	ips, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	return ips, err
}

// LookupTimeout bounds the resolution of an endpoint's host.
const LookupTimeout = 2 * time.Second

// EventTypes is the events an endpoint receives: event types, or "*".
type EventTypes []string

// JSONSchema declares the list's values: "*" and the event types.
func (EventTypes) JSONSchema() field.Schema {
	enum := []any{"*"}
	for _, t := range Types {
		enum = append(enum, t)
	}
	return field.Schema{"type": "array", "items": field.Schema{"type": "string", "enum": enum}}
}

// EndpointInput is what create and update take.
type EndpointInput struct {
	URL         *string     `json:"url" schema:"maxLength=2048,format=uri,pattern=^https?://[^/?#@\\s]+([/?][^#\\s]*)?$" doc:"https; loopback and private addresses only with --webhook-allow-private; link-local and metadata addresses never."`
	Events      *EventTypes `json:"events" schema:"minItems=1,maxItems=64" doc:"Event types to receive; \"*\" for all."`
	Description *string     `json:"description" schema:"maxLength=500"`
	Platform    *bool       `json:"platform" doc:"Admins only: also receive the platform's events."`
	Enabled     *bool       `json:"enabled" doc:"update only: true re-enables an endpoint that was disabled."`
}

// EndpointCreate is what create takes: EndpointInput with url and events
// required and without enabled (a new endpoint is enabled).
type EndpointCreate struct {
	URL         *string     `json:"url" schema:"required,maxLength=2048,format=uri,pattern=^https?://[^/?#@\\s]+([/?][^#\\s]*)?$" doc:"https; loopback and private addresses only with --webhook-allow-private; link-local and metadata addresses never."`
	Events      *EventTypes `json:"events" schema:"required,minItems=1,maxItems=64" doc:"Event types to receive; \"*\" for all."`
	Description *string     `json:"description" schema:"maxLength=500"`
	Platform    *bool       `json:"platform" doc:"Admins only: also receive the platform's events."`
}

func (w *Webhooks) check(ctx context.Context, c *auth.Caller, in *EndpointInput, create bool) error {
	if in.URL == nil && create {
		return apperr.Required("url")
	}
	if in.URL != nil {
		if err := w.CheckURL(ctx, strings.TrimSpace(*in.URL)); err != nil {
			return err
		}
	}
	if in.Events == nil && create {
		return apperr.Required("events")
	}
	if in.Events != nil {
		if len(*in.Events) == 0 || len(*in.Events) > 64 {
			return apperr.Invalid("events", "events must list 1 to 64 event types")
		}
		for i, t := range *in.Events {
			if t != "*" && !slices.Contains(Types, t) {
				return apperr.Invalid("events", "events[%d] %q is not an event type; the types are: %s", i, t, strings.Join(Types, ", "))
			}
		}
	}
	if in.Description != nil && len(*in.Description) > 500 {
		return apperr.Invalid("description", "description must be at most 500 characters")
	}
	if in.Platform != nil && *in.Platform && !c.IsAdmin() {
		return apperr.Forbidden("platform endpoints need the internal_admin role")
	}
	return nil
}

const endpointCols = `id, url, description, event_types, platform, enabled, disabled_reason, failing_since, created_at, updated_at`

func scanEndpoint(row interface{ Scan(...any) error }) (*Endpoint, error) {
	var e Endpoint
	var types string
	var reason sql.NullString
	var failing sql.NullTime
	if err := row.Scan(&e.ID, &e.URL, &e.Description, &types, &e.Platform, &e.Enabled, &reason, &failing, &e.CreatedAt, &e.UpdatedAt); err != nil {
		return nil, err
	}
	json.Unmarshal([]byte(types), &e.Events) //nolint:errcheck // written by this package
	if e.Events == nil {
		e.Events = []string{}
	}
	e.DisabledReason = db.StringPtr(reason)
	if failing.Valid {
		t := failing.Time.UTC()
		e.FailingSince = &t
	}
	e.CreatedAt, e.UpdatedAt = e.CreatedAt.UTC(), e.UpdatedAt.UTC()
	return &e, nil
}

// Create adds an endpoint for the caller; the answer carries its secret.
func (w *Webhooks) Create(ctx context.Context, c *auth.Caller, in EndpointInput) (*Endpoint, error) {
	if err := w.check(ctx, c, &in, true); err != nil {
		return nil, err
	}
	var n int
	if err := w.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_endpoints WHERE user_id = $1`, c.UserID).Scan(&n); err != nil {
		return nil, err
	}
	if n >= MaxEndpoints {
		return nil, apperr.Invalid("url", "a user may have at most %d webhook endpoints", MaxEndpoints)
	}
	id := "we_" + strings.ReplaceAll(uuid.NewString(), "-", "")
	secret := newSecret()
	types, _ := json.Marshal(*in.Events)
	desc := ""
	if in.Description != nil {
		desc = *in.Description
	}
	now := w.DB.Now()
	if _, err := w.DB.W.ExecContext(ctx, `INSERT INTO webhook_endpoints (id, user_id, url, description, event_types, platform, secret_sealed, enabled, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, TRUE, $8, $8)`, id, c.UserID, strings.TrimSpace(*in.URL), desc, string(types),
		in.Platform != nil && *in.Platform, w.Ring.Seal(secret, aad(id)), now); err != nil {
		return nil, fmt.Errorf("webhooks: create: %w", err)
	}
	return w.withSecret(ctx, c, id, secret)
}

// withSecret answers the endpoint as stored, with its new signing secret
// (shown in this answer only).
func (w *Webhooks) withSecret(ctx context.Context, c *auth.Caller, id, secret string) (*Endpoint, error) {
	e, err := w.Get(ctx, c, id)
	if err != nil {
		return nil, err
	}
	e.Secret = secret
	return e, nil
}

// Get returns one of the caller's endpoints.
func (w *Webhooks) Get(ctx context.Context, c *auth.Caller, id string) (*Endpoint, error) {
	e, err := scanEndpoint(w.DB.R.QueryRowContext(ctx, `SELECT `+endpointCols+` FROM webhook_endpoints WHERE id = $1 AND user_id = $2`, id, c.UserID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("webhook endpoint")
	}
	return e, err
}

// List returns the caller's endpoints, oldest first.
func (w *Webhooks) List(ctx context.Context, c *auth.Caller) ([]Endpoint, error) {
	return db.List(ctx, w.DB.R, db.Value(scanEndpoint), `SELECT `+endpointCols+` FROM webhook_endpoints WHERE user_id = $1 ORDER BY created_at, id`, c.UserID)
}

// Update changes the given fields; enabled=true re-enables a disabled
// endpoint.
func (w *Webhooks) Update(ctx context.Context, c *auth.Caller, id string, in EndpointInput) (*Endpoint, error) {
	if err := w.check(ctx, c, &in, false); err != nil {
		return nil, err
	}
	cur, err := w.Get(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if in.URL != nil {
		cur.URL = strings.TrimSpace(*in.URL)
	}
	if in.Events != nil {
		cur.Events = *in.Events
	}
	field.Assign(&cur.Description, in.Description)
	field.Assign(&cur.Platform, in.Platform)
	reason, failing := cur.DisabledReason, cur.FailingSince
	if in.Enabled != nil {
		cur.Enabled = *in.Enabled
		if *in.Enabled {
			reason, failing = nil, nil
		} else {
			r := "disabled by its owner"
			reason = &r
		}
	}
	types, _ := json.Marshal(cur.Events)
	if _, err := w.DB.W.ExecContext(ctx, `UPDATE webhook_endpoints SET url = $1, description = $2, event_types = $3, platform = $4, enabled = $5,
		disabled_reason = $6, failing_since = $7, updated_at = $8 WHERE id = $9 AND user_id = $10`,
		cur.URL, cur.Description, string(types), cur.Platform, cur.Enabled, reason, failing, w.DB.Now(), id, c.UserID); err != nil {
		return nil, fmt.Errorf("webhooks: update: %w", err)
	}
	return w.Get(ctx, c, id)
}

// Delete removes an endpoint and its pending deliveries.
func (w *Webhooks) Delete(ctx context.Context, c *auth.Caller, id string) error {
	res, err := w.DB.W.ExecContext(ctx, `DELETE FROM webhook_endpoints WHERE id = $1 AND user_id = $2`, id, c.UserID)
	if err != nil {
		return fmt.Errorf("webhooks: delete: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("webhook endpoint")
	}
	return nil
}

// RotateSecret replaces the signing secret (the old one stops at once)
// and answers the endpoint with the new secret.
func (w *Webhooks) RotateSecret(ctx context.Context, c *auth.Caller, id string) (*Endpoint, error) {
	if _, err := w.Get(ctx, c, id); err != nil {
		return nil, err
	}
	secret := newSecret()
	if _, err := w.DB.W.ExecContext(ctx, `UPDATE webhook_endpoints SET secret_sealed = $1, updated_at = $2 WHERE id = $3 AND user_id = $4`,
		w.Ring.Seal(secret, aad(id)), w.DB.Now(), id, c.UserID); err != nil {
		return nil, fmt.Errorf("webhooks: rotate secret: %w", err)
	}
	return w.withSecret(ctx, c, id, secret)
}

// Test queues a webhook.test event to the endpoint alone.
func (w *Webhooks) Test(ctx context.Context, c *auth.Caller, id string) (*Delivery, error) {
	e, err := w.Get(ctx, c, id)
	if err != nil {
		return nil, err
	}
	var dlv string
	err = w.DB.Tx(ctx, func(tx *sql.Tx) error {
		now := w.DB.Now()
		evt := "evt_" + strings.ReplaceAll(uuid.NewString(), "-", "")
		body, _ := json.Marshal(map[string]any{"endpoint_id": e.ID, "message": "This is a test event from genie."})
		if _, err := tx.ExecContext(ctx, `INSERT INTO events (id, seq, type, user_id, platform, data, created_at) VALUES ($1, $2, $3, $4, FALSE, $5, $6)`,
			evt, time.Now().UnixNano(), WebhookTest, c.UserID, string(body), now); err != nil {
			return err
		}
		if err := enqueue(ctx, tx, now, evt, WebhookTest, c.UserID, false, e.ID); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT id FROM webhook_deliveries WHERE event_id = $1`, evt).Scan(&dlv)
	})
	if err != nil {
		return nil, fmt.Errorf("webhooks: test: %w", err)
	}
	w.Events.wake()
	return w.delivery(ctx, dlv, "test")
}

func (r *Recorder) wake() {
	if r != nil && r.Notify != nil {
		r.Notify()
	}
}

// Reseal seals every stored signing secret again with the current key
// (after a rotation of the key that seals them).
func Reseal(ctx context.Context, d *db.DB, ring *secrets.Ring) (resealed, failed int, err error) {
	return secrets.Reseal(ctx, d, `SELECT id, secret_sealed FROM webhook_endpoints`,
		`UPDATE webhook_endpoints SET secret_sealed = $1 WHERE id = $2 AND secret_sealed = $3`,
		func(id string, sealed string) (string, bool, error) { return ring.Open(sealed, aad(id)) },
		func(id string, plain string) string { return ring.Seal(plain, aad(id)) })
}
