package mail

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/db"
)

// The embedded mail system's inboxes: messages received and sent, parsed
// once and grouped in threads as mail clients group them (by Message-ID,
// In-Reply-To and References).

// Directions of a stored message.
const (
	DirectionIn  = "inbound"
	DirectionOut = "outbound"
)

// InboxMessage is a stored message as the inbox actions show it.
type InboxMessage struct {
	ID            string       `json:"id"`
	ThreadID      string       `json:"thread_id"`
	Direction     string       `json:"direction" schema:"enum=inbound|outbound"`
	From          string       `json:"from"`
	To            []string     `json:"to"`
	Cc            []string     `json:"cc"`
	Subject       string       `json:"subject"`
	Text          string       `json:"text"`
	HTML          *string      `json:"html"`
	ExtractedText string       `json:"extracted_text" doc:"The new part of a reply, without the quoted history."`
	InReplyTo     *string      `json:"in_reply_to" doc:"The Message-ID (without <>) this message answers."`
	Attachments   []Attachment `json:"attachments"`
	ReceivedAt    time.Time    `json:"received_at" doc:"When it was received, or sent."`
}

// FullMessage is one message in full: with its Message-ID, references and
// header fields.
type FullMessage struct {
	InboxMessage
	MessageID  *string     `json:"message_id"`
	References []string    `json:"references"`
	Headers    [][2]string `json:"headers" doc:"Every header field as [name, decoded value], in order."`
}

// Thread is a conversation in an inbox.
type Thread struct {
	ID           string        `json:"id"`
	Subject      string        `json:"subject"`
	MessageCount int           `json:"message_count"`
	LastActivity time.Time     `json:"last_activity_at"`
	LastMessage  *InboxMessage `json:"last_message"`
}

// stored is the summary column: the parsed message.
type stored struct {
	Parsed
}

// ErrNoMessage: the inbox has no such message.
var ErrNoMessage = errors.New("mail: no such message")

// ErrSendLimit: the inbox sent as many messages as its limit allows in
// the last hour.
var ErrSendLimit = errors.New("mail: send limit reached")

// storeMessage parses raw and stores it in the inbox, in its thread, and
// returns it as the inbox actions show it (built from what was stored, not
// read back).
func (e *Embedded) storeMessage(ctx context.Context, q db.Querier, accountID, direction, from, rcpt string, raw []byte, now time.Time) (*FullMessage, error) {
	p := Parse(raw)
	thread, err := threadOf(ctx, q, accountID, p)
	if err != nil {
		return nil, err
	}
	summary, err := json.Marshal(stored{p})
	if err != nil {
		return nil, err
	}
	id := uuid.NewString()
	_, err = q.ExecContext(ctx, `INSERT INTO mail_messages (id, account_id, mail_from, rcpt_to, subject, raw, received_at,
		direction, parsed, message_id, in_reply_to, thread_id, summary)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, TRUE, $9, $10, $11, $12)`,
		id, accountID, from, rcpt, truncate(p.Subject, 998), raw, now, direction, db.NullIfEmpty(p.MessageID), db.NullIfEmpty(p.InReplyTo), thread, string(summary))
	if err != nil {
		return nil, fmt.Errorf("mail: store message: %w", err)
	}
	// From the stored summary, so that the message is exactly what a
	// later read returns.
	m, err := fromSummary(id, thread, direction, summary, now)
	if err != nil {
		return nil, err
	}
	if e.OnMessage != nil {
		if err := e.OnMessage(ctx, q, accountID, &m.InboxMessage); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// threadOf finds the thread of a message: that of the message it answers
// (In-Reply-To, then References from the newest), or of a message that
// answered it before it arrived; else a new thread.
func threadOf(ctx context.Context, q db.Querier, accountID string, p Parsed) (string, error) {
	ids := []string{}
	if p.InReplyTo != "" {
		ids = append(ids, p.InReplyTo)
	}
	for i := len(p.References) - 1; i >= 0; i-- {
		ids = append(ids, p.References[i])
	}
	for _, id := range ids {
		var thread string
		err := q.QueryRowContext(ctx, `SELECT thread_id FROM mail_messages WHERE account_id = $1 AND message_id = $2 AND thread_id IS NOT NULL LIMIT 1`,
			accountID, id).Scan(&thread)
		if err == nil {
			return thread, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", fmt.Errorf("mail: find thread: %w", err)
		}
	}
	if p.MessageID != "" {
		var thread string
		err := q.QueryRowContext(ctx, `SELECT thread_id FROM mail_messages WHERE account_id = $1 AND in_reply_to = $2 AND thread_id IS NOT NULL LIMIT 1`,
			accountID, p.MessageID).Scan(&thread)
		if err == nil {
			return thread, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", fmt.Errorf("mail: find thread: %w", err)
		}
	}
	return uuid.NewString(), nil
}

func truncate(s string, n int) string {
	for len(s) > n {
		s = s[:n]
		s = strings.ToValidUTF8(s, "")
	}
	return s
}

const inboxCols = `id, thread_id, direction, summary, received_at`

func scanInbox(row interface{ Scan(...any) error }) (*FullMessage, error) {
	var (
		id, thread, direction, summary string
		at                             time.Time
	)
	if err := row.Scan(&id, &thread, &direction, &summary, &at); err != nil {
		return nil, err
	}
	return fromSummary(id, thread, direction, []byte(summary), at)
}

// fromSummary builds a stored message from its columns and its summary
// (the parsed message as JSON).
func fromSummary(id, thread, direction string, summary []byte, at time.Time) (*FullMessage, error) {
	m := FullMessage{InboxMessage: InboxMessage{ID: id, ThreadID: thread, Direction: direction, ReceivedAt: at.UTC()}}
	var s stored
	if err := json.Unmarshal(summary, &s); err != nil {
		return nil, fmt.Errorf("mail: read stored message %s: %w", id, err)
	}
	p := s.Parsed
	m.From, m.To, m.Cc, m.Subject, m.Text, m.ExtractedText = p.From, nonNil(p.To), nonNil(p.Cc), p.Subject, p.Text, p.Extracted
	if p.HTML != "" {
		m.HTML = &p.HTML
	}
	if p.InReplyTo != "" {
		m.InReplyTo = &p.InReplyTo
	}
	if p.MessageID != "" {
		m.MessageID = &p.MessageID
	}
	m.Attachments = p.Attachments
	if m.Attachments == nil {
		m.Attachments = []Attachment{}
	}
	m.References = nonNil(p.References)
	m.Headers = p.Headers
	if m.Headers == nil {
		m.Headers = [][2]string{}
	}
	return &m, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// MessageQuery selects an inbox's messages.
type MessageQuery struct {
	Direction     string // "" for both
	ThreadID      string // "" for every thread
	Limit, Offset int
}

// InboxMessages returns an inbox's messages, newest first, and how many
// match.
func (e *Embedded) InboxMessages(ctx context.Context, accountID string, q MessageQuery) ([]InboxMessage, int, error) {
	where, args := `account_id = $1`, []any{accountID}
	if q.Direction != "" {
		args = append(args, q.Direction)
		where += fmt.Sprintf(` AND direction = $%d`, len(args))
	}
	if q.ThreadID != "" {
		args = append(args, q.ThreadID)
		where += fmt.Sprintf(` AND thread_id = $%d`, len(args))
	}
	var total int
	if err := e.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_messages WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("mail: count messages: %w", err)
	}
	args = append(args, q.Limit, q.Offset)
	rows, err := e.DB.R.QueryContext(ctx, fmt.Sprintf(`SELECT %s FROM mail_messages WHERE %s ORDER BY received_at DESC, id DESC LIMIT $%d OFFSET $%d`,
		inboxCols, where, len(args)-1, len(args)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("mail: list messages: %w", err)
	}
	defer rows.Close()
	out := []InboxMessage{}
	for rows.Next() {
		m, err := scanInbox(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, m.InboxMessage)
	}
	return out, total, rows.Err()
}

// InboxMessage returns one message of the inbox in full, with its raw text.
func (e *Embedded) InboxMessage(ctx context.Context, accountID, id string) (*FullMessage, []byte, error) {
	var raw []byte
	var m *FullMessage
	row := e.DB.R.QueryRowContext(ctx, `SELECT `+inboxCols+`, raw FROM mail_messages WHERE account_id = $1 AND id = $2`, accountID, id)
	m, err := scanInbox(scanWith{row, &raw})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrNoMessage
	}
	if err != nil {
		return nil, nil, err
	}
	return m, raw, nil
}

// scanWith scans a row with one more column than scanInbox reads.
type scanWith struct {
	row   *sql.Row
	extra any
}

func (s scanWith) Scan(dst ...any) error { return s.row.Scan(append(dst, s.extra)...) }

// Threads returns an inbox's conversations, newest activity first, and
// how many there are.
func (e *Embedded) Threads(ctx context.Context, accountID string, limit, offset int) ([]Thread, int, error) {
	var total int
	if err := e.DB.R.QueryRowContext(ctx, `SELECT COUNT(DISTINCT thread_id) FROM mail_messages WHERE account_id = $1`, accountID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("mail: count threads: %w", err)
	}
	rows, err := e.DB.R.QueryContext(ctx, `SELECT thread_id, COUNT(*), MAX(received_at) FROM mail_messages WHERE account_id = $1
		GROUP BY thread_id ORDER BY MAX(received_at) DESC, thread_id LIMIT $2 OFFSET $3`, accountID, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("mail: list threads: %w", err)
	}
	out := []Thread{}
	for rows.Next() {
		var t Thread
		var last any
		if err := rows.Scan(&t.ID, &t.MessageCount, &last); err != nil {
			rows.Close()
			return nil, 0, err
		}
		out = append(out, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	for i := range out {
		row := e.DB.R.QueryRowContext(ctx, `SELECT `+inboxCols+` FROM mail_messages WHERE account_id = $1 AND thread_id = $2
			ORDER BY received_at DESC, id DESC LIMIT 1`, accountID, out[i].ID)
		m, err := scanInbox(row)
		if err != nil {
			return nil, 0, fmt.Errorf("mail: last message of thread: %w", err)
		}
		out[i].LastMessage = &m.InboxMessage
		out[i].LastActivity = m.ReceivedAt
		out[i].Subject = m.Subject
	}
	return out, total, nil
}

// Outgoing is a message an inbox sends.
type Outgoing struct {
	To, Cc     []string
	Subject    string
	Text, HTML string
	// Parent is the stored message of this inbox that this one answers
	// (as InboxMessage returned it): the threading headers In-Reply-To
	// and References come from it. The caller read it; it is not read
	// again.
	Parent *FullMessage
	// Headers are extra header fields (Auto-Submitted for an automatic
	// answer; the conversations resource's escalations set Reply-To to
	// the visitor).
	Headers map[string]string
}

// SendFrom sends a message from the inbox through the Sender and stores it
// in its thread. At most limit messages leave an inbox in any hour
// (ErrSendLimit, with the time the oldest of them leaves the window).
func (e *Embedded) SendFrom(ctx context.Context, t *Tenant, accountID string, out Outgoing, limit int) (*InboxMessage, time.Time, error) {
	if err := e.authorize(ctx, t); err != nil {
		return nil, time.Time{}, err
	}
	a, err := e.accountBy(ctx, "id", accountID)
	if err != nil {
		return nil, time.Time{}, err
	}
	if a.Suspended {
		return nil, time.Time{}, ErrSuspended
	}
	m := &Message{From: a.Address, To: out.To, Cc: out.Cc, Subject: out.Subject, Text: out.Text, HTML: out.HTML, Headers: out.Headers}
	if p := out.Parent; p != nil && p.MessageID != nil {
		m.InReplyTo = *p.MessageID
		m.References = append(append([]string{}, p.References...), *p.MessageID)
	}
	now := e.DB.Now()
	raw, _, err := m.Build(now, e.Domain)
	if err != nil {
		return nil, time.Time{}, err
	}
	rcpts := make([]string, 0, len(out.To)+len(out.Cc))
	for _, r := range append(append([]string{}, out.To...), out.Cc...) {
		addr, err := Address(r)
		if err != nil {
			return nil, time.Time{}, err
		}
		rcpts = append(rcpts, addr)
	}
	sent, _, retryAt, err := e.storeAndSend(ctx, a, strings.Join(append(append([]string{}, out.To...), out.Cc...), ","), rcpts, raw, now, limit)
	if err != nil {
		return nil, retryAt, err
	}
	return &sent.InboxMessage, time.Time{}, nil
}

// storeAndSend stores raw in the inbox as an outbound message, in its
// thread, and sends it through the Sender to rcpts; a failed send removes
// it again. With limit > 0, at most limit messages leave an inbox in any
// hour (ErrSendLimit, with the time the oldest of them leaves the window).
// Every message an inbox sends goes this way, so each is in its history.
func (e *Embedded) storeAndSend(ctx context.Context, a *account, rcptHeader string, rcpts []string, raw []byte, now time.Time, limit int) (m *FullMessage, via Delivery, retryAt time.Time, err error) {
	// Take a place under the limit and store the message in one
	// transaction, the inbox's row locked so that concurrent sends count
	// each other; a failed send gives the place back.
	err = e.DB.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE mail_accounts SET suspended = suspended WHERE id = $1`, a.ID); err != nil {
			return err
		}
		if limit > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_messages
				WHERE account_id = $1 AND direction = 'outbound' AND received_at > $2`, a.ID, now.Add(-time.Hour)).Scan(&n); err != nil {
				return err
			}
			if n >= limit {
				// The place frees when the oldest send of the window leaves it.
				var oldest time.Time
				if err := tx.QueryRowContext(ctx, `SELECT received_at FROM mail_messages WHERE account_id = $1 AND direction = 'outbound'
					AND received_at > $2 ORDER BY received_at LIMIT 1`, a.ID, now.Add(-time.Hour)).Scan(&oldest); err != nil {
					return err
				}
				retryAt = oldest.Add(time.Hour)
				return ErrSendLimit
			}
		}
		var err error
		m, err = e.storeMessage(ctx, tx, a.ID, DirectionOut, a.Address, rcptHeader, raw, now)
		return err
	})
	if err != nil {
		return nil, "", retryAt, err
	}
	via, err = e.Sender.Send(ctx, a.Address, rcpts, raw)
	if err != nil {
		if _, derr := e.DB.W.ExecContext(context.WithoutCancel(ctx), `DELETE FROM mail_messages WHERE id = $1`, m.ID); derr != nil {
			e.Log.ErrorContext(ctx, "remove a message that could not be sent", "id", m.ID, "err", derr)
		}
		return nil, "", time.Time{}, fmt.Errorf("mail: send: %w", err)
	}
	return m, via, time.Time{}, nil
}

// Inboxes is implemented by mail systems that keep their inboxes'
// messages and send on their behalf (the embedded one).
type Inboxes interface {
	InboxMessages(ctx context.Context, accountID string, q MessageQuery) ([]InboxMessage, int, error)
	InboxMessage(ctx context.Context, accountID, id string) (*FullMessage, []byte, error)
	Threads(ctx context.Context, accountID string, limit, offset int) ([]Thread, int, error)
	SendFrom(ctx context.Context, t *Tenant, accountID string, out Outgoing, limit int) (*InboxMessage, time.Time, error)
}

var _ Inboxes = (*Embedded)(nil)
