package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/db"
)

// ForwardedHeader marks a message forwarded to an escalation address; a
// message that carries it is not forwarded again (no forwarding loops).
const ForwardedHeader = "X-Genie-Forwarded-For"

// Embedded is the mail system that needs no setup: inboxes under Domain
// kept in the database (so every process sharing a PostgreSQL database
// sees the same ones), mail received by the SMTP server (see ListenSMTP)
// or delivered locally, and tenant keys it issues itself. A tenant key it
// has never seen is adopted on first use.
type Embedded struct {
	DB     *db.DB
	Domain string
	// Sender sends test messages and forwards mail to escalation
	// addresses.
	Sender Sender
	// Escalation returns the escalation address of a local mailbox
	// address, or "" for none.
	Escalation func(ctx context.Context, address string) (string, error)
	Log        *slog.Logger
	// OnMessage runs in the transaction that stores a message in an inbox
	// (received or sent): the events of the change are written there.
	OnMessage func(ctx context.Context, q db.Querier, accountID string, m *InboxMessage) error
	// Received runs after a message received by an inbox is stored
	// (outside the transaction): the genie drafts or sends its answer.
	// Its Disposition says whether the message still goes to the
	// escalation address. Nil: every message is forwarded as usual.
	Received func(ctx context.Context, r Received) Disposition
}

// Received is a message an inbox just received.
type Received struct {
	AccountID string
	Address   string // the inbox's address
	MessageID string // the stored message's id
	// EnvelopeFrom is the SMTP MAIL FROM ("" for the null sender).
	EnvelopeFrom string
	Raw          []byte
}

// Disposition is what Received decided for the escalation copy.
type Disposition struct {
	// Answered: the genie answered the message itself; no copy goes to
	// the escalation address.
	Answered bool
	// EscalateTo, when set, receives the copy instead of the mailbox's
	// escalation address (a person must answer).
	EscalateTo string
}

var _ MailSystem = (*Embedded)(nil)

// authorize checks the tenant's key; a nil tenant is the default tenant.
func (e *Embedded) authorize(ctx context.Context, t *Tenant) error {
	if t == nil {
		return nil
	}
	st, err := e.keyStatus(ctx, *t)
	if err != nil {
		return err
	}
	if st.Status != "active" {
		return ErrBadKey
	}
	return nil
}

func hashKey(k string) string {
	s := sha256.Sum256([]byte(k))
	return hex.EncodeToString(s[:])
}

// CreateInbox implements MailSystem.
func (e *Embedded) CreateInbox(ctx context.Context, t *Tenant, address string) (Inbox, error) {
	if err := e.authorize(ctx, t); err != nil {
		return Inbox{}, err
	}
	in := Inbox{AccountID: uuid.NewString(), GrantID: "grant_" + randomHex(12)}
	tenant := ""
	if t != nil {
		tenant = t.TenantID
	}
	_, err := e.DB.W.ExecContext(ctx, `INSERT INTO mail_accounts (id, address, grant_id, tenant_id, suspended, created_at)
		VALUES ($1, $2, $3, $4, FALSE, $5)`, in.AccountID, address, in.GrantID, tenant, e.DB.Now())
	if db.IsUniqueViolation(err) {
		return Inbox{}, ErrAddressTaken
	}
	if err != nil {
		return Inbox{}, fmt.Errorf("mail: create inbox: %w", err)
	}
	return in, nil
}

// DeleteInbox implements MailSystem; the inbox's messages go with it.
func (e *Embedded) DeleteInbox(ctx context.Context, t *Tenant, accountID string) error {
	if err := e.authorize(ctx, t); err != nil {
		return err
	}
	return e.DeleteInboxTx(ctx, e.DB.W, accountID)
}

// DeleteInboxTx deletes an inbox inside the caller's transaction (a genie
// delete), without a key check.
func (e *Embedded) DeleteInboxTx(ctx context.Context, q db.Querier, accountID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM mail_messages WHERE account_id = $1`, accountID); err != nil {
		return fmt.Errorf("mail: delete messages: %w", err)
	}
	res, err := q.ExecContext(ctx, `DELETE FROM mail_accounts WHERE id = $1`, accountID)
	if err != nil {
		return fmt.Errorf("mail: delete inbox: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoInbox
	}
	return nil
}

func (e *Embedded) setSuspended(ctx context.Context, t *Tenant, accountID string, v bool) error {
	if err := e.authorize(ctx, t); err != nil {
		return err
	}
	res, err := e.DB.W.ExecContext(ctx, `UPDATE mail_accounts SET suspended = $1 WHERE id = $2`, v, accountID)
	if err != nil {
		return fmt.Errorf("mail: suspend or resume: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoInbox
	}
	return nil
}

// Suspend implements MailSystem: the SMTP server then refuses mail for the
// inbox (550) and it cannot send.
func (e *Embedded) Suspend(ctx context.Context, t *Tenant, accountID string) error {
	return e.setSuspended(ctx, t, accountID, true)
}

// Resume implements MailSystem.
func (e *Embedded) Resume(ctx context.Context, t *Tenant, accountID string) error {
	return e.setSuspended(ctx, t, accountID, false)
}

// account is an embedded inbox.
type account struct {
	ID, Address string
	Suspended   bool
}

func (e *Embedded) accountBy(ctx context.Context, column, v string) (*account, error) {
	var a account
	err := e.DB.R.QueryRowContext(ctx, `SELECT id, address, suspended FROM mail_accounts WHERE `+column+` = $1`, v).
		Scan(&a.ID, &a.Address, &a.Suspended)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoInbox
	}
	if err != nil {
		return nil, fmt.Errorf("mail: load inbox: %w", err)
	}
	return &a, nil
}

// SendTest implements MailSystem: a short message from the inbox's address
// to `to`, through the Sender, kept in the inbox as an outbound message
// like a send. The result is {queued, message_id, from, to,
// delivery}.
func (e *Embedded) SendTest(ctx context.Context, t *Tenant, accountID, to string) (TestResult, error) {
	if err := e.authorize(ctx, t); err != nil {
		return nil, err
	}
	a, err := e.accountBy(ctx, "id", accountID)
	if err != nil {
		return nil, err
	}
	if a.Suspended {
		return nil, ErrSuspended
	}
	now := e.DB.Now()
	m := &Message{From: a.Address, To: []string{to}, Subject: "Test message from " + a.Address,
		Text: "This is a test message from the genie mailbox " + a.Address + ", sent at " + now.Format(time.RFC1123Z) +
			".\r\n\r\nIf you can read it, the mailbox can send mail.\r\n",
		Headers: map[string]string{"X-Genie-Test": "1"}}
	raw, id, err := m.Build(now, e.Domain)
	if err != nil {
		return nil, err
	}
	// Stored in the inbox as an outbound message, as a send is: every
	// message the mailbox sends is in its history (and counts toward its
	// hourly send limit; the test itself is not refused by it, since it
	// goes only to the mailbox's own escalation address, owner or self).
	_, via, _, err := e.storeAndSend(ctx, a, to, []string{to}, raw, now, 0)
	if err != nil {
		return nil, fmt.Errorf("mail: send test message: %w", err)
	}
	return TestResult{"queued": true, "message_id": id, "from": a.Address, "to": to, "delivery": string(via)}, nil
}

// KeyStatus implements MailSystem: "active" for the tenant's current key,
// "revoked" (with the time) for a replaced one, "invalid" for any other.
// A tenant the system has never seen adopts the presented key.
func (e *Embedded) KeyStatus(ctx context.Context, t Tenant) (KeyStatus, error) {
	return e.keyStatus(ctx, t)
}

func (e *Embedded) keyStatus(ctx context.Context, t Tenant) (KeyStatus, error) {
	st := KeyStatus{TenantID: t.TenantID, Status: "invalid"}
	hash := hashKey(t.APIKey)
	var revoked sql.NullTime
	err := e.DB.R.QueryRowContext(ctx, `SELECT revoked_at FROM mail_tenant_keys WHERE tenant_id = $1 AND key_hash = $2`,
		t.TenantID, hash).Scan(&revoked)
	if errors.Is(err, sql.ErrNoRows) {
		var n int
		if err := e.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_tenant_keys WHERE tenant_id = $1`, t.TenantID).Scan(&n); err != nil {
			return st, fmt.Errorf("mail: check tenant key: %w", err)
		}
		if n > 0 {
			return st, nil
		}
		// First sight of the tenant: adopt the key. A concurrent adoption of
		// another key wins or loses on the one-current-key index; read again.
		if _, err := e.DB.W.ExecContext(ctx, `INSERT INTO mail_tenant_keys (key_hash, tenant_id, created_at) VALUES ($1, $2, $3)
			ON CONFLICT DO NOTHING`, hash, t.TenantID, e.DB.Now()); err != nil {
			return st, fmt.Errorf("mail: adopt tenant key: %w", err)
		}
		err = e.DB.W.QueryRowContext(ctx, `SELECT revoked_at FROM mail_tenant_keys WHERE tenant_id = $1 AND key_hash = $2`,
			t.TenantID, hash).Scan(&revoked)
		if errors.Is(err, sql.ErrNoRows) {
			return st, nil
		}
	}
	if err != nil {
		return st, fmt.Errorf("mail: check tenant key: %w", err)
	}
	if revoked.Valid {
		at := revoked.Time.UTC()
		st.Status, st.RevokedAt = "revoked", &at
		return st, nil
	}
	st.Status = "active"
	return st, nil
}

// ReprovisionKey implements MailSystem: every key of the tenant is revoked
// and a new one issued. It works whatever the state of the presented key
// (it is meant for invalid or revoked credentials).
func (e *Embedded) ReprovisionKey(ctx context.Context, t Tenant) (Tenant, error) {
	b := make([]byte, 32)
	rand.Read(b)
	next := Tenant{TenantID: t.TenantID, APIKey: "emk_" + base64.RawURLEncoding.EncodeToString(b)}
	err := e.DB.Tx(ctx, func(tx *sql.Tx) error {
		// Concurrent reprovisions of one tenant, on any process, take
		// turns: each revokes the key the one before it issued (without
		// the lock, the second insert of a current key broke the
		// one-current-key index).
		if err := e.DB.LockName(ctx, tx, "mail_tenant_keys:"+t.TenantID); err != nil {
			return err
		}
		now := e.DB.Now()
		if _, err := tx.ExecContext(ctx, `UPDATE mail_tenant_keys SET revoked_at = $1 WHERE tenant_id = $2 AND revoked_at IS NULL`,
			now, t.TenantID); err != nil {
			return err
		}
		// Record the presented key too, so that it reads as revoked
		// rather than invalid.
		if _, err := tx.ExecContext(ctx, `INSERT INTO mail_tenant_keys (key_hash, tenant_id, created_at, revoked_at)
			VALUES ($1, $2, $3, $3) ON CONFLICT (key_hash) DO NOTHING`, hashKey(t.APIKey), t.TenantID, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO mail_tenant_keys (key_hash, tenant_id, created_at) VALUES ($1, $2, $3)`,
			hashKey(next.APIKey), t.TenantID, now)
		return err
	})
	if err != nil {
		return Tenant{}, fmt.Errorf("mail: reprovision tenant key: %w", err)
	}
	return next, nil
}

// Accepts reports whether mail for the address can be delivered: nil, or
// ErrNoInbox or ErrSuspended.
func (e *Embedded) Accepts(ctx context.Context, address string) error {
	a, err := e.accountBy(ctx, "address", address)
	if err != nil {
		return err
	}
	if a.Suspended {
		return ErrSuspended
	}
	return nil
}

// Deliver implements LocalDelivery: the message is stored in the inbox,
// then forwarded to the mailbox's escalation address when one is set
// (unless it was itself forwarded). A failed forward is logged; the
// message stays delivered.
func (e *Embedded) Deliver(ctx context.Context, from, rcpt string, raw []byte) error {
	a, err := e.accountBy(ctx, "address", rcpt)
	if err != nil {
		return err
	}
	if a.Suspended {
		return ErrSuspended
	}
	var id string
	if err := e.DB.Tx(ctx, func(tx *sql.Tx) error {
		m, err := e.storeMessage(ctx, tx, a.ID, DirectionIn, from, rcpt, raw, e.DB.Now())
		if err == nil {
			id = m.ID
		}
		return err
	}); err != nil {
		return err
	}
	var d Disposition
	if e.Received != nil {
		d = e.Received(ctx, Received{AccountID: a.ID, Address: a.Address, MessageID: id, EnvelopeFrom: from, Raw: raw})
	}
	if !d.Answered {
		e.forward(ctx, a.Address, from, d.EscalateTo, raw)
	}
	return nil
}

// forward sends a copy of a received message to `to`, or when empty to
// the mailbox's escalation address (if any).
func (e *Embedded) forward(ctx context.Context, address, from, to string, raw []byte) {
	if e.Sender == nil || headerValue(raw, ForwardedHeader) != "" {
		return
	}
	if to == "" && e.Escalation != nil {
		var err error
		if to, err = e.Escalation(ctx, address); err != nil {
			e.Log.WarnContext(ctx, "look up escalation address", "mailbox", address, "err", err)
			return
		}
	}
	if to == "" {
		return
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: %s\r\nResent-From: %s\r\nResent-To: %s\r\nResent-Date: %s\r\n",
		ForwardedHeader, address, address, to, e.DB.Now().Format(time.RFC1123Z))
	b.Write(raw)
	if _, err := e.Sender.Send(ctx, address, []string{to}, b.Bytes()); err != nil {
		e.Log.WarnContext(ctx, "forward to escalation address failed", "mailbox", address, "to", to, "from", from, "err", err)
		return
	}
	e.Log.InfoContext(ctx, "forwarded to escalation address", "mailbox", address, "to", to)
}

// StoredMessage is a message kept in an embedded inbox.
type StoredMessage struct {
	ID, From, To, Subject string
	Raw                   []byte
	ReceivedAt            time.Time
}

// Messages returns an inbox's messages by address, oldest first (for
// tests and operators).
func (e *Embedded) Messages(ctx context.Context, address string) ([]StoredMessage, error) {
	out, err := db.List(ctx, e.DB.R, func(row db.Row) (m StoredMessage, err error) {
		return m, row.Scan(&m.ID, &m.From, &m.To, &m.Subject, &m.Raw, &m.ReceivedAt)
	}, `SELECT m.id, m.mail_from, m.rcpt_to, m.subject, m.raw, m.received_at
		FROM mail_messages m JOIN mail_accounts a ON a.id = m.account_id WHERE a.address = $1 ORDER BY m.received_at, m.id`, address)
	if err != nil {
		return nil, fmt.Errorf("mail: list messages: %w", err)
	}
	return out, nil
}
