// Package mailboxes is the agent-mailboxes-self resource: at most one email
// mailbox per genie, provisioned at the mail system (mail.MailSystem) under
// the mail domain, with suspension, an escalation address that receives a
// copy of every message, and a test message. The caller must own the genie
// (admins too: the resource is "-self"); another user's genie is 401
// UNAUTHORIZED, as the spec says, and a genie that does not exist 404
// AGENT_NOT_FOUND.
package mailboxes

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/mailtenants"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/users"
)

// Status values.
const (
	StatusProvisioned = "provisioned"
	StatusPending     = "pending"
	StatusFailed      = "failed"
	StatusSuspended   = "suspended"
)

// Mailbox is a genie's mailbox record.
type Mailbox struct {
	ID                string    `json:"id"`
	AgentID           string    `json:"agent_id"`
	EmailAddress      string    `json:"email_address"`
	AccountID         *string   `json:"account_id"`
	GrantID           *string   `json:"grant_id"`
	Status            string    `json:"status"`
	LastError         *string   `json:"last_error"`
	EscalationAddress *string   `json:"escalation_address"`
	AutoReply         string    `json:"auto_reply" schema:"enum=off|draft|send" doc:"What the genie does with a received message: off, draft (a drafted answer waits for a person; the default) or send (confident answers go at once, the rest to the escalation address)."`
	CreatedAt         time.Time `json:"created_at"`
	UpdatedAt         time.Time `json:"updated_at"`
}

// Service implements the mailbox rules.
type Service struct {
	DB      *db.DB
	Mail    mail.MailSystem
	Domain  string
	Tenants *mailtenants.Store
	Users   *users.Store
	Log     *slog.Logger
	// SendLimit is how many messages one mailbox may send in any hour
	// (0: DefaultSendLimit; negative: no limit).
	SendLimit int
	// Events records the mailbox events (nil: none).
	Events *events.Recorder
	// Knowledge drafts answers to received mail from the genie's
	// documents (nil: no answers).
	Knowledge Knowledge
	// SystemFrom is the bare address system emails come from; mail from
	// it is never answered.
	SystemFrom string
	// OnReply runs after the owner sent a reply (send with replyTo, or a
	// draft) to a message of the inbox; nil: nothing.
	OnReply func(ctx context.Context, agentID string, parent *mail.FullMessage, sent *mail.InboxMessage) error
	// PersonThread reports whether a received message belongs to a
	// conversation a person handles (the thread of an escalation),
	// recording it there: the genie does not answer it, a person gets it.
	// Nil: none does.
	PersonThread func(ctx context.Context, agentID string, m *mail.FullMessage) (bool, error)
}

const columns = `id, agent_id, email_address, account_id, grant_id, status, last_error, escalation_address, auto_reply, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (*Mailbox, error) {
	var m Mailbox
	var acct, grant, lastErr, esc sql.NullString
	if err := row.Scan(&m.ID, &m.AgentID, &m.EmailAddress, &acct, &grant, &m.Status, &lastErr, &esc, &m.AutoReply, &m.CreatedAt, &m.UpdatedAt); err != nil {
		return nil, err
	}
	m.AccountID, m.GrantID, m.LastError, m.EscalationAddress = db.StringPtr(acct), db.StringPtr(grant), db.StringPtr(lastErr), db.StringPtr(esc)
	return &m, nil
}

// byAgent returns the genie's mailbox, or NOT_FOUND.
func byAgent(ctx context.Context, q db.Querier, agentID, lock string) (*Mailbox, error) {
	m, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM mailboxes WHERE agent_id = $1`+lock, agentID))
	if err != nil {
		return nil, db.Found(err, apperr.NotFound("mailbox"), "mailboxes: load")
	}
	return m, nil
}

// owned returns the genie when the caller owns it; a genie that does not
// exist is AGENT_NOT_FOUND, and one of another user UNAUTHORIZED, as the
// spec says for mailboxes. The resource is "-self": admins too act only on
// their own genies' mailboxes.
func owned(ctx context.Context, q db.Querier, c *auth.Caller, agentID string) (*genies.Genie, error) {
	g, err := genies.Load(ctx, q, agentID, "")
	if err != nil {
		return nil, err
	}
	if g.UserID != c.UserID {
		return nil, apperr.Unauthorized("you do not own this genie")
	}
	return g, nil
}

// tenant returns the mail credentials of the genie owner's team, or nil
// (the mail system's default tenant) when the team has none.
func (s *Service) tenant(ctx context.Context, ownerID string) (*mail.Tenant, error) {
	if s.Tenants == nil {
		return nil, nil
	}
	cr, err := s.Tenants.ForUser(ctx, ownerID)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	t := cr.Tenant()
	return &t, nil
}

// Get returns the genie's mailbox, or NOT_FOUND.
func (s *Service) Get(ctx context.Context, c *auth.Caller, agentID string) (*Mailbox, error) {
	if _, err := owned(ctx, s.DB.R, c, agentID); err != nil {
		return nil, err
	}
	return byAgent(ctx, s.DB.R, agentID, "")
}

// ForGenies returns the mailbox objects of the genies that have one, keyed
// by genie ID (the genies resource's mailbox field).
func (s *Service) ForGenies(ctx context.Context, ids []string) (map[string]json.RawMessage, error) {
	if len(ids) == 0 {
		return map[string]json.RawMessage{}, nil
	}
	args := db.Args(ids)
	out := map[string]json.RawMessage{}
	err := db.Each(ctx, s.DB.R, func(row db.Row) error {
		m, err := scan(row)
		if err == nil {
			out[m.AgentID], err = json.Marshal(m)
		}
		return err
	}, `SELECT `+columns+` FROM mailboxes WHERE agent_id IN (`+db.Placeholders(1, len(ids))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("mailboxes: load for genies: %w", err)
	}
	return out, nil
}

// Escalation returns the escalation address of the mailbox with the
// address, or "" (the embedded mail system forwards to it).
func (s *Service) Escalation(ctx context.Context, address string) (string, error) {
	var esc sql.NullString
	err := s.DB.R.QueryRowContext(ctx, `SELECT escalation_address FROM mailboxes WHERE email_address = $1`, address).Scan(&esc)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return esc.String, err
}

// inboxTxDeleter is implemented by mail systems kept in this database (the
// embedded one), whose inboxes can go in the caller's transaction.
type inboxTxDeleter interface {
	DeleteInboxTx(ctx context.Context, q db.Querier, accountID string) error
}

// DeleteHook deprovisions the genie's mailbox inside the genie delete
// transaction: its inbox and mail go with the genie.
func (s *Service) DeleteHook(ctx context.Context, tx *sql.Tx, g *genies.Genie) error {
	m, err := byAgent(ctx, tx, g.ID, "")
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if m.AccountID != nil {
		if d, ok := s.Mail.(inboxTxDeleter); ok {
			err = d.DeleteInboxTx(ctx, tx, *m.AccountID)
		} else {
			t, terr := s.tenant(ctx, g.UserID)
			if terr != nil {
				return terr
			}
			err = s.Mail.DeleteInbox(ctx, t, *m.AccountID)
		}
		if err != nil && !errors.Is(err, mail.ErrNoInbox) {
			return fmt.Errorf("mailboxes: deprovision with genie: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM mailboxes WHERE id = $1`, m.ID); err != nil {
		return fmt.Errorf("mailboxes: delete with genie: %w", err)
	}
	return nil
}

// newID is a mailbox ID.
func newID() string { return uuid.NewString() }
