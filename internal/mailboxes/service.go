package mailboxes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/users"
)

// maxAttempts bounds the search for a free system-chosen address.
const maxAttempts = 8

var errTaken = errors.New("mailboxes: address taken")

// provisionClaim bounds how long one provision holds its genie's claim;
// a claim older than this belongs to a process that died, and is taken
// over.
const provisionClaim = 2 * time.Minute

// errInProgress refuses a provision while another of the same genie is
// under way; once it ends, the caller sees its result.
var errInProgress = apperr.Invalid("agentId", "the genie's mailbox is being provisioned by another request; retry in a moment")

// claim makes the caller the only provisioning of the genie's mailbox, in
// every process, until release is called: its steps at the mail system and
// in the database then never interleave with another's.
func (s *Service) claim(ctx context.Context, agentID string) (release func(), err error) {
	token, now := newID(), s.DB.Now()
	res, err := s.DB.W.ExecContext(ctx, `INSERT INTO mailbox_claims (agent_id, token, until) VALUES ($1, $2, $3)
		ON CONFLICT (agent_id) DO UPDATE SET token = excluded.token, until = excluded.until WHERE mailbox_claims.until < $4`,
		agentID, token, now.Add(provisionClaim), now)
	if err != nil {
		return nil, fmt.Errorf("mailboxes: claim: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return nil, errInProgress
	}
	return func() {
		// Not the request's context: the claim must go even if the client left.
		if _, err := s.DB.W.ExecContext(context.WithoutCancel(ctx), `DELETE FROM mailbox_claims WHERE agent_id = $1 AND token = $2`, agentID, token); err != nil {
			s.Log.ErrorContext(ctx, "release mailbox claim; it runs out by itself", "agent_id", agentID, "err", err)
		}
	}, nil
}

// Provision gives the genie a mailbox at localpart@domain, or at an address
// built from the genie's name when desired is nil. An existing mailbox is
// replaced (its inbox and mail deleted first) only when desired is given or
// it failed; otherwise VALIDATION_ERROR. An address held by another genie
// is VALIDATION_ERROR on desiredLocalpart. When the mail system cannot
// delete the old inbox nothing changes; when it cannot create the new one
// the mailbox stays with status failed and last_error. Both are
// INTERNAL_ERROR.
func (s *Service) Provision(ctx context.Context, c *auth.Caller, agentID string, desired *string) (*Mailbox, error) {
	g, err := owned(ctx, s.DB.R, c, agentID)
	if err != nil {
		return nil, err
	}
	release, err := s.claim(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	defer release()
	t, err := s.tenant(ctx, g.UserID)
	if err != nil {
		return nil, err
	}
	cur, err := byAgent(ctx, s.DB.R, g.ID, "")
	if err != nil && !apperr.HasCode(err, apperr.CodeNotFound) {
		return nil, err
	}
	if err := checkReplace(cur, desired != nil); err != nil {
		return nil, err
	}
	if desired != nil {
		if err := s.checkFree(ctx, s.DB.R, g.ID, *desired+"@"+s.Domain); err != nil {
			return nil, s.takenError(err, *desired)
		}
	}
	if cur != nil && cur.AccountID != nil {
		if err := s.Mail.DeleteInbox(ctx, t, *cur.AccountID); err != nil && !errors.Is(err, mail.ErrNoInbox) {
			return nil, fmt.Errorf("mailboxes: deprovision the replaced mailbox: %w", err)
		}
	}
	var m, old *Mailbox
	for attempt := 0; ; attempt++ {
		local := Candidate(g.Name, attempt)
		if desired != nil {
			local = *desired
		}
		m, old, err = s.reserve(ctx, g, local+"@"+s.Domain, desired != nil)
		if !errors.Is(err, errTaken) || desired != nil || attempt == maxAttempts {
			break
		}
	}
	if err != nil {
		if cur != nil && cur.AccountID != nil {
			s.markFailed(ctx, cur.ID, "the inbox was deprovisioned but the new address could not be reserved")
		}
		if desired != nil {
			return nil, s.takenError(err, *desired)
		}
		return nil, err
	}
	if old != nil && old.AccountID != nil && (cur == nil || old.ID != cur.ID) {
		// Replaced a mailbox made by a concurrent request meanwhile.
		if err := s.Mail.DeleteInbox(ctx, t, *old.AccountID); err != nil && !errors.Is(err, mail.ErrNoInbox) {
			s.Log.ErrorContext(ctx, "deprovision replaced mailbox; its inbox is left at the mail system",
				"agent_id", g.ID, "account_id", *old.AccountID, "err", err)
		}
	}
	inbox, err := s.Mail.CreateInbox(ctx, t, m.EmailAddress)
	if err != nil {
		return nil, s.fail(ctx, m, err)
	}
	now := s.DB.Now()
	res, err := s.DB.W.ExecContext(ctx, `UPDATE mailboxes SET account_id = $1, grant_id = $2, status = $3, last_error = NULL,
		updated_at = $4 WHERE id = $5 AND status = $6`, inbox.AccountID, inbox.GrantID, StatusProvisioned, now, m.ID, StatusPending)
	if err != nil {
		return nil, fmt.Errorf("mailboxes: record provisioned inbox: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Deleted (or, after the claim ran out, replaced) meanwhile.
		s.Mail.DeleteInbox(ctx, t, inbox.AccountID) //nolint:errcheck
		return nil, apperr.Invalid("agentId", "the genie's mailbox was deleted or replaced while it was being provisioned")
	}
	m.AccountID, m.GrantID, m.Status, m.UpdatedAt = &inbox.AccountID, &inbox.GrantID, StatusProvisioned, now
	return m, nil
}

// checkReplace refuses to replace an existing mailbox (unless it failed)
// without a new local part.
func checkReplace(cur *Mailbox, replace bool) error {
	if cur != nil && !replace && cur.Status != StatusFailed {
		return apperr.Invalid("desiredLocalpart", "the genie already has a mailbox; pass desiredLocalpart to replace it")
	}
	return nil
}

// takenError turns errTaken for a requested local part into
// VALIDATION_ERROR.
func (s *Service) takenError(err error, local string) error {
	if errors.Is(err, errTaken) {
		return apperr.Invalid("desiredLocalpart", "the address %s@%s is already in use", local, s.Domain)
	}
	return err
}

// checkFree returns errTaken when another genie's mailbox has the address.
func (s *Service) checkFree(ctx context.Context, q db.Querier, agentID, address string) error {
	var taken int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM mailboxes WHERE email_address = $1 AND agent_id <> $2`,
		address, agentID).Scan(&taken); err != nil {
		return fmt.Errorf("mailboxes: check address: %w", err)
	}
	if taken > 0 {
		return errTaken
	}
	return nil
}

// reserve replaces the genie's mailbox record by a pending one at the
// address, under the genie's row lock. It returns the new record and the
// replaced one, or errTaken.
func (s *Service) reserve(ctx context.Context, g *genies.Genie, address string, replace bool) (m, old *Mailbox, err error) {
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := genies.Load(ctx, tx, g.ID, s.DB.ForUpdate()); err != nil {
			return apperr.Unauthorized("you do not own this genie")
		}
		cur, err := byAgent(ctx, tx, g.ID, "")
		if err != nil && !apperr.HasCode(err, apperr.CodeNotFound) {
			return err
		}
		if err := checkReplace(cur, replace); err != nil {
			return err
		}
		if err := s.checkFree(ctx, tx, g.ID, address); err != nil {
			return err
		}
		if cur != nil {
			if _, err := tx.ExecContext(ctx, `DELETE FROM mailboxes WHERE id = $1`, cur.ID); err != nil {
				return fmt.Errorf("mailboxes: replace: %w", err)
			}
		}
		now := s.DB.Now()
		m = &Mailbox{ID: newID(), AgentID: g.ID, EmailAddress: address, Status: StatusPending, AutoReply: AutoReplyDraft, CreatedAt: now, UpdatedAt: now}
		_, err = tx.ExecContext(ctx, `INSERT INTO mailboxes (id, agent_id, email_address, status, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $5)`, m.ID, m.AgentID, m.EmailAddress, m.Status, now)
		if err != nil {
			return fmt.Errorf("mailboxes: insert: %w", err)
		}
		old = cur
		return nil
	})
	if db.IsUniqueViolation(err) {
		return nil, nil, errTaken
	}
	return m, old, err
}

// fail records a provisioning failure on the mailbox and returns the error
// for the caller (INTERNAL_ERROR).
func (s *Service) fail(ctx context.Context, m *Mailbox, cause error) error {
	msg := "the mail system could not create the inbox"
	switch {
	case errors.Is(cause, mail.ErrAddressTaken):
		msg = "the address is already in use at the mail system"
	case errors.Is(cause, mail.ErrBadKey):
		msg = "the team's mail credentials are invalid or revoked"
	}
	s.markFailed(ctx, m.ID, msg)
	return fmt.Errorf("mailboxes: create inbox %s: %w", m.EmailAddress, cause)
}

// markFailed sets a mailbox's status to failed with the message, clearing
// its inbox reference.
func (s *Service) markFailed(ctx context.Context, id, msg string) {
	if _, err := s.DB.W.ExecContext(ctx, `UPDATE mailboxes SET status = $1, last_error = $2, account_id = NULL, grant_id = NULL,
		updated_at = $3 WHERE id = $4`, StatusFailed, msg, s.DB.Now(), id); err != nil {
		s.Log.ErrorContext(ctx, "record mailbox failure", "mailbox_id", id, "err", err)
	}
}

// Change is update's data: a nil Action, or an Escalation that is not Set,
// is not supplied. Action is "suspend" or "resume"; Escalation replaces
// the escalation address (null clears it).
type Change struct {
	Action     *string
	Escalation field.Optional[string]
	// AutoReply is off, draft or send (see answers.go); nil leaves it.
	AutoReply *string
}

// Check validates ch: at least one field, a known action, an email
// address (which comes back normalized).
func (ch Change) Check() (Change, error) {
	if ch.Action != nil && *ch.Action != "suspend" && *ch.Action != "resume" {
		return ch, apperr.Invalid("action", "action must be suspend or resume")
	}
	if ch.AutoReply != nil && !validAutoReply(*ch.AutoReply) {
		return ch, apperr.Invalid("auto_reply", "auto_reply must be off, draft or send")
	}
	if ch.Action == nil && !ch.Escalation.Set && ch.AutoReply == nil {
		return ch, apperr.Invalid("action", "give action (suspend or resume), escalation_address and/or auto_reply")
	}
	if v := ch.Escalation.Ptr(); v != nil {
		e, err := users.NormalizeEmail(*v)
		if err != nil {
			return ch, apperr.Invalid("escalation_address", "escalation_address must be a valid email address or null")
		}
		ch.Escalation = field.Some(e)
	}
	return ch, nil
}

// Update suspends or resumes the mailbox (status suspended or provisioned)
// and/or sets its escalation address. Suspending or resuming needs a
// provisioned or suspended mailbox (VALIDATION_ERROR otherwise).
func (s *Service) Update(ctx context.Context, c *auth.Caller, agentID string, ch Change) error {
	ch, err := ch.Check()
	if err != nil {
		return err
	}
	g, err := owned(ctx, s.DB.R, c, agentID)
	if err != nil {
		return err
	}
	m, err := byAgent(ctx, s.DB.R, agentID, "")
	if err != nil {
		return err
	}
	status := m.Status
	if ch.Action != nil {
		if m.AccountID == nil || (m.Status != StatusProvisioned && m.Status != StatusSuspended) {
			return apperr.Invalid("action", "the mailbox is %s; only a provisioned or suspended mailbox can be suspended or resumed", m.Status)
		}
		t, err := s.tenant(ctx, g.UserID)
		if err != nil {
			return err
		}
		if *ch.Action == "suspend" {
			err, status = s.Mail.Suspend(ctx, t, *m.AccountID), StatusSuspended
		} else {
			err, status = s.Mail.Resume(ctx, t, *m.AccountID), StatusProvisioned
		}
		if err != nil {
			return fmt.Errorf("mailboxes: %s: %w", *ch.Action, err)
		}
	}
	esc, autoReply := m.EscalationAddress, m.AutoReply
	ch.Escalation.ApplyTo(&esc)
	if ch.AutoReply != nil {
		autoReply = *ch.AutoReply
	}
	if ch.Escalation.Set {
		if esc != nil && *esc == m.EmailAddress {
			return apperr.Invalid("escalation_address", "escalation_address must not be the mailbox's own address")
		}
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE mailboxes SET status = $1, escalation_address = $2, auto_reply = $3, updated_at = $4
			WHERE id = $5`, status, esc, autoReply, s.DB.Now(), m.ID); err != nil {
			return err
		}
		if status == m.Status {
			return nil
		}
		after, err := byAgent(ctx, tx, agentID, "")
		if err != nil {
			return err
		}
		return s.Events.Record(ctx, tx, g.UserID, events.MailboxStatusChanged, StatusChange{Mailbox: after, PreviousStatus: m.Status})
	})
	if err != nil {
		return fmt.Errorf("mailboxes: update: %w", err)
	}
	return nil
}

// StatusChange is the data of mailbox.status_changed.
type StatusChange struct {
	Mailbox        *Mailbox `json:"mailbox"`
	PreviousStatus string   `json:"previous_status"`
}

// MessageEvent is the data of mailbox.message.received and
// mailbox.message.sent.
type MessageEvent struct {
	AgentID   string             `json:"agent_id"`
	MailboxID string             `json:"mailbox_id"`
	Message   *mail.InboxMessage `json:"message"`
}

// RecordMessage records the event of a message stored in a genie's inbox,
// inside the transaction that stores it (mail.Embedded.OnMessage).
func (s *Service) RecordMessage(ctx context.Context, q db.Querier, accountID string, m *mail.InboxMessage) error {
	if s.Events == nil {
		return nil
	}
	var user, agent, box string
	err := q.QueryRowContext(ctx, `SELECT g.user_id, b.agent_id, b.id FROM mailboxes b JOIN genies g ON g.id = b.agent_id
		WHERE b.account_id = $1`, accountID).Scan(&user, &agent, &box)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // an inbox no genie mailbox points at (being replaced)
	}
	if err != nil {
		return fmt.Errorf("mailboxes: owner of inbox: %w", err)
	}
	typ := events.MailboxMessageReceived
	if m.Direction == mail.DirectionOut {
		typ = events.MailboxMessageSent
	}
	return s.Events.Record(ctx, q, user, typ, MessageEvent{AgentID: agent, MailboxID: box, Message: m})
}

// Delete removes the genie's mailbox and its inbox at the mail system; it
// succeeds when there is none. The genie is unaffected.
func (s *Service) Delete(ctx context.Context, c *auth.Caller, agentID string) error {
	g, err := owned(ctx, s.DB.R, c, agentID)
	if err != nil {
		return err
	}
	m, err := byAgent(ctx, s.DB.R, agentID, "")
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if m.AccountID != nil {
		t, err := s.tenant(ctx, g.UserID)
		if err != nil {
			return err
		}
		if err := s.Mail.DeleteInbox(ctx, t, *m.AccountID); err != nil && !errors.Is(err, mail.ErrNoInbox) {
			return fmt.Errorf("mailboxes: deprovision: %w", err)
		}
	}
	if _, err := s.DB.W.ExecContext(ctx, `DELETE FROM mailboxes WHERE id = $1`, m.ID); err != nil {
		return fmt.Errorf("mailboxes: delete: %w", err)
	}
	return nil
}

// Test asks the mail system to send a test message from the mailbox: to its
// escalation address when set, else to the genie owner's email, else to
// the mailbox itself. The mailbox must be provisioned (VALIDATION_ERROR for
// a suspended, pending or failed one).
func (s *Service) Test(ctx context.Context, c *auth.Caller, agentID string) (mail.TestResult, error) {
	g, err := owned(ctx, s.DB.R, c, agentID)
	if err != nil {
		return nil, err
	}
	m, err := byAgent(ctx, s.DB.R, agentID, "")
	if err != nil {
		return nil, err
	}
	if m.Status != StatusProvisioned || m.AccountID == nil {
		return nil, apperr.Invalid("agentId", "the mailbox is %s; only a provisioned mailbox can send a test message", m.Status)
	}
	to := m.EmailAddress
	if m.EscalationAddress != nil {
		to = *m.EscalationAddress
	} else if u, err := s.Users.ByID(ctx, g.UserID); err == nil && u.Email != "" {
		to = u.Email
	}
	t, err := s.tenant(ctx, g.UserID)
	if err != nil {
		return nil, err
	}
	res, err := s.Mail.SendTest(ctx, t, *m.AccountID, to)
	if errors.Is(err, mail.ErrSuspended) {
		return nil, apperr.Invalid("agentId", "the mailbox is suspended at the mail system")
	}
	if err != nil {
		return nil, fmt.Errorf("mailboxes: test: %w", err)
	}
	return res, nil
}

// CheckKey reports the state of the caller's team's mail credentials;
// NOT_FOUND when the team has none.
func (s *Service) CheckKey(ctx context.Context, c *auth.Caller) (mail.KeyStatus, error) {
	cr, err := s.Tenants.ForUser(ctx, c.UserID)
	if err != nil {
		return mail.KeyStatus{}, err
	}
	st, err := s.Mail.KeyStatus(ctx, cr.Tenant())
	if err != nil {
		return st, fmt.Errorf("mailboxes: check tenant key: %w", err)
	}
	if st.Status == "" {
		st.Status = "unknown"
	}
	st.TenantID = cr.TenantID
	return st, nil
}

// ReprovisionKey replaces the caller's team's tenant key at the mail system
// and stores the new one; the old key stops working at once. It returns
// the (unchanged) tenant ID; NOT_FOUND when the team has no credentials.
func (s *Service) ReprovisionKey(ctx context.Context, c *auth.Caller) (string, error) {
	cr, err := s.Tenants.ForUser(ctx, c.UserID)
	if err != nil {
		return "", err
	}
	next, err := s.Mail.ReprovisionKey(ctx, cr.Tenant())
	if err != nil {
		return "", fmt.Errorf("mailboxes: reprovision tenant key: %w", err)
	}
	current := func(ctx context.Context) (bool, error) {
		st, err := s.Mail.KeyStatus(ctx, next)
		return st.Status == "active", err
	}
	if err := s.Tenants.SetAPIKey(ctx, cr.TeamID, cr.TenantID, next.APIKey, current); err != nil {
		return "", err
	}
	s.Log.InfoContext(ctx, "mail tenant key reprovisioned", "team_id", cr.TeamID, "tenant_id", cr.TenantID)
	return cr.TenantID, nil
}
