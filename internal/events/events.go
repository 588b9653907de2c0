// Package events records what happens in the service and tells
// integrations about it: one durable event per change, written in the
// transaction of the change (so an acknowledged change always has its
// event and a rolled-back one never does); webhook endpoints that
// subscribe to event types; and a delivery queue in the database, shared by
// every process, that signs each request per the Standard Webhooks
// specification and retries with backoff for about three days.
package events

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// Event types.
const (
	MailboxMessageReceived  = "mailbox.message.received"
	MailboxMessageSent      = "mailbox.message.sent"
	MailboxStatusChanged    = "mailbox.status_changed"
	MailboxDraftCreated     = "mailbox.draft.created"
	DocumentUpdated         = "document.updated"
	EditLinkLocked          = "edit_link.locked"
	EditLinkRotated         = "edit_link.rotated"
	APIKeyCreated           = "api_key.created"
	APIKeyRevoked           = "api_key.revoked"
	GenieCreated            = "genie.created"
	GenieDeleted            = "genie.deleted"
	ListingCloned           = "marketplace.listing.cloned"
	ReviewCreated           = "marketplace.review.created"
	SubmissionCreated       = "marketplace.submission.created"
	SubmissionStatusChanged = "marketplace.submission.status_changed"
	WebhookEndpointDisabled = "webhook.endpoint_disabled"
	WebhookTest             = "webhook.test"
	ConversationEscalated   = "conversation.escalated"
)

// Types lists every event type an endpoint may subscribe to.
var Types = []string{
	MailboxMessageReceived, MailboxMessageSent, MailboxStatusChanged, DocumentUpdated, EditLinkLocked, EditLinkRotated,
	APIKeyCreated, APIKeyRevoked, GenieCreated, GenieDeleted, ListingCloned, ReviewCreated, SubmissionCreated,
	SubmissionStatusChanged, WebhookEndpointDisabled, WebhookTest, ConversationEscalated,
	MailboxDraftCreated,
}

// PlatformTypes are the events of the whole platform that admins'
// platform endpoints receive (besides their own).
var PlatformTypes = []string{SubmissionCreated}

// Retention is how long events (and finished deliveries) are kept.
const Retention = 30 * 24 * time.Hour

// Event is one thing that happened.
type Event struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	UserID    *string         `json:"user_id" doc:"The owner of the affected record (null for platform events)."`
	Data      json.RawMessage `json:"data" doc:"The affected object, as the API returns it."`
}

// Recorder writes events; a nil *Recorder records nothing, so packages can
// hold one without caring whether events are on.
type Recorder struct {
	DB *db.DB
	// Notify is called after a transaction with an event may have
	// committed, to wake the delivery worker (optional).
	Notify func()
}

// Record writes an event of the user's inside q (the change's
// transaction) and queues its deliveries to the user's endpoints that
// subscribe to its type (and, for platform event types, to admins'
// platform endpoints). data is the affected object.
func (r *Recorder) Record(ctx context.Context, q db.Querier, userID, typ string, data any) error {
	if r == nil {
		return nil
	}
	body, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("events: encode %s: %w", typ, err)
	}
	now := r.DB.Now()
	e := Event{ID: "evt_" + strings.ReplaceAll(uuid.NewString(), "-", ""), Type: typ, CreatedAt: now, Data: body}
	var owner any
	if userID != "" {
		owner = userID
	}
	platform := slices.Contains(PlatformTypes, typ)
	if _, err := q.ExecContext(ctx, `INSERT INTO events (id, seq, type, user_id, platform, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, time.Now().UnixNano(), typ, owner, platform, string(body), now); err != nil {
		return fmt.Errorf("events: record %s: %w", typ, err)
	}
	return enqueue(ctx, q, now, e.ID, typ, userID, platform, "")
}

// enqueue queues the event's deliveries: to the user's enabled endpoints
// subscribed to the type, to admins' platform endpoints for platform
// types, or only to endpoint when it is given (a test event).
func enqueue(ctx context.Context, q db.Querier, now time.Time, eventID, typ, userID string, platform bool, endpoint string) error {
	query, args := `SELECT id, event_types FROM webhook_endpoints WHERE enabled = TRUE AND (user_id = $1 OR (platform = TRUE AND $2))`,
		[]any{userID, platform}
	if endpoint != "" {
		query, args = `SELECT id, event_types FROM webhook_endpoints WHERE id = $1`, []any{endpoint}
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("events: find endpoints: %w", err)
	}
	var targets []string
	for rows.Next() {
		var id, types string
		if err := rows.Scan(&id, &types); err != nil {
			rows.Close()
			return err
		}
		if endpoint != "" || subscribed(types, typ) {
			targets = append(targets, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range targets {
		if _, err := q.ExecContext(ctx, `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, next_at, created_at, updated_at)
			VALUES ($1, $2, $3, 'pending', $4, $4, $4)`, "dlv_"+strings.ReplaceAll(uuid.NewString(), "-", ""), id, eventID, now); err != nil {
			return fmt.Errorf("events: queue delivery: %w", err)
		}
	}
	return nil
}

// subscribed reports whether an endpoint's stored type list (JSON array)
// includes typ ("*" subscribes to every type).
func subscribed(stored, typ string) bool {
	var types []string
	if json.Unmarshal([]byte(stored), &types) != nil {
		return false
	}
	return slices.Contains(types, typ) || slices.Contains(types, "*")
}

// Store reads events.
type Store struct{ DB *db.DB }

// ListOptions select a caller's events.
type ListOptions struct {
	Types           []string
	After, Before   *time.Time
	Limit, Offset   int
	IncludePlatform bool // admins: platform events too
}

// List returns the user's events, newest first, and how many match.
func (s *Store) List(ctx context.Context, userID string, o ListOptions) ([]Event, int, error) {
	where, args := `(user_id = $1`, []any{userID}
	if o.IncludePlatform {
		where += ` OR platform = TRUE`
	}
	where += `)`
	if len(o.Types) > 0 {
		var ph []string
		for _, t := range o.Types {
			args = append(args, t)
			ph = append(ph, fmt.Sprintf("$%d", len(args)))
		}
		where += ` AND type IN (` + strings.Join(ph, ", ") + `)`
	}
	if o.After != nil {
		args = append(args, *o.After)
		where += fmt.Sprintf(` AND created_at > $%d`, len(args))
	}
	if o.Before != nil {
		args = append(args, *o.Before)
		where += fmt.Sprintf(` AND created_at < $%d`, len(args))
	}
	var total int
	if err := s.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM events WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("events: count: %w", err)
	}
	args = append(args, o.Limit, o.Offset)
	out, err := db.List(ctx, s.DB.R, db.Value(scanEvent), fmt.Sprintf(`SELECT id, type, created_at, user_id, data FROM events WHERE %s
		ORDER BY created_at DESC, seq DESC LIMIT $%d OFFSET $%d`, where, len(args)-1, len(args)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("events: list: %w", err)
	}
	return out, total, nil
}

func scanEvent(row interface{ Scan(...any) error }) (*Event, error) {
	var e Event
	var user sql.NullString
	var data string
	if err := row.Scan(&e.ID, &e.Type, &e.CreatedAt, &user, &data); err != nil {
		return nil, err
	}
	e.CreatedAt = e.CreatedAt.UTC()
	e.UserID = db.StringPtr(user)
	e.Data = json.RawMessage(data)
	return &e, nil
}

// Get returns one of the user's events (or a platform event, for admins).
func (s *Store) Get(ctx context.Context, userID, id string, platform bool) (*Event, error) {
	e, err := scanEvent(s.DB.R.QueryRowContext(ctx, `SELECT id, type, created_at, user_id, data FROM events
		WHERE id = $1 AND (user_id = $2 OR (platform = TRUE AND $3))`, id, userID, platform))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("event")
	}
	return e, err
}

// Sweep deletes events and finished deliveries older than Retention.
func (s *Store) Sweep(ctx context.Context) error {
	cut := s.DB.Now().Add(-Retention)
	if _, err := s.DB.W.ExecContext(ctx, `DELETE FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < $1`, cut); err != nil {
		return err
	}
	_, err := s.DB.W.ExecContext(ctx, `DELETE FROM events WHERE created_at < $1`, cut)
	return err
}
