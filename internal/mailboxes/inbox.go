package mailboxes

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/platform/mail"
)

// The inbox of agent-mailboxes-self: a genie reads the mail its mailbox
// received, in threads, and sends and answers mail from its own address.
// Same ownership rule as the rest of the resource. Each method checks
// ownership once and reads the mailbox once (inbox), then asks the mail
// system.

// DefaultSendLimit is how many messages a mailbox may send in any hour
// unless configured otherwise: plenty for an assistant answering people,
// too few for a spam source behind a leaked key.
const DefaultSendLimit = 100

// Limits of a sent message.
const (
	maxRecipients = 50
	maxSubjectLen = 998
	maxBodyLen    = 1 << 20 // bytes, each of text and html
)

// SendInput is the message send sends; nil fields were not given.
type SendInput struct {
	To, Cc     []string
	Subject    *string
	Text, HTML *string
	// ReplyTo is the id of a message of the mailbox to answer.
	ReplyTo *string
}

// outgoing checks the message's fields (VALIDATION_ERROR naming the
// field) and returns it to send. The recipient may still be missing: a
// reply takes it from the answered message.
func (in SendInput) outgoing() (mail.Outgoing, error) {
	var out mail.Outgoing
	var err error
	if out.To, err = checkAddresses("to", in.To); err != nil {
		return out, err
	}
	if out.Cc, err = checkAddresses("cc", in.Cc); err != nil {
		return out, err
	}
	if len(out.To)+len(out.Cc) > maxRecipients {
		return out, apperr.Invalid("to", "a message may have at most %d recipients (to and cc together)", maxRecipients)
	}
	if in.Subject != nil {
		if strings.ContainsAny(*in.Subject, "\r\n") || utf8.RuneCountInString(*in.Subject) > maxSubjectLen {
			return out, apperr.Invalid("subject", "subject must be one line of at most %d characters", maxSubjectLen)
		}
		out.Subject = *in.Subject
	}
	for _, b := range []struct {
		field string
		v     *string
		dst   *string
	}{{"text", in.Text, &out.Text}, {"html", in.HTML, &out.HTML}} {
		if b.v != nil {
			if len(*b.v) > maxBodyLen {
				return out, apperr.Invalid(b.field, "%s must be at most %d bytes", b.field, maxBodyLen)
			}
			*b.dst = *b.v
		}
	}
	if strings.TrimSpace(out.Text) == "" && strings.TrimSpace(out.HTML) == "" {
		return out, apperr.Invalid("text", "give the message's text and/or html")
	}
	return out, nil
}

// answering makes out a reply to parent: its threading headers, and the
// recipient (the parent's sender) and subject ("Re: ...") unless given.
func answering(out mail.Outgoing, parent *mail.FullMessage, subjectGiven bool) mail.Outgoing {
	out.Parent = parent
	if len(out.To) == 0 {
		out.To = replyAddress(parent)
	}
	if !subjectGiven {
		out.Subject = replySubject(parent.Subject)
	}
	return out
}

// namedAddress is a recipient with a display name, Name <address>; the
// address inside must be field.IsEmail.
var namedAddress = regexp.MustCompile(`^[^<>\r\n]*<([^<>\s]+)>$`)

// checkAddresses validates a recipient list field: each recipient is an
// address alone or with a display name, as addressList declares.
func checkAddresses(name string, l []string) ([]string, error) {
	var out []string
	for i, a := range l {
		a = strings.TrimSpace(a)
		ok := field.IsEmail(a)
		if m := namedAddress.FindStringSubmatch(a); !ok && m != nil {
			_, err := mail.Address(a)
			ok = err == nil && field.IsEmail(m[1])
		}
		if !ok {
			return nil, apperr.Invalid(name, "%s[%d] must be an email address such as ada@example.com or Ada <ada@example.com>", name, i)
		}
		out = append(out, a)
	}
	return out, nil
}

// requireMessageID returns the messageId field, trimmed.
func requireMessageID(v *string) (string, error) {
	if v == nil || strings.TrimSpace(*v) == "" {
		return "", apperr.Required("messageId")
	}
	return strings.TrimSpace(*v), nil
}

// ownedInbox is a caller's genie's mailbox with the mail system that keeps
// its messages.
type ownedInbox struct {
	owner string // the genie's owner
	box   *Mailbox
	mail  mail.Inboxes
}

// inbox returns the genie's mailbox and the mail system's inboxes, for the
// owner only: one ownership check (UNAUTHORIZED, AGENT_NOT_FOUND), one read
// of the mailbox (NOT_FOUND). VALIDATION_ERROR on agentId when the mail
// system keeps no messages.
func (s *Service) inbox(ctx context.Context, c *auth.Caller, agentID string) (*ownedInbox, error) {
	m, owner, err := s.ownedBox(ctx, c, agentID)
	if err != nil {
		return nil, err
	}
	in, ok := s.Mail.(mail.Inboxes)
	if !ok {
		return nil, apperr.Invalid("agentId", "the configured mail system does not keep messages for the service to read")
	}
	return &ownedInbox{owner: owner, box: m, mail: in}, nil
}

// message reads one message of the inbox, with its raw text: NOT_FOUND
// when the mailbox has no inbox yet or id names no message of it.
func (b *ownedInbox) message(ctx context.Context, id string) (*mail.FullMessage, []byte, error) {
	if b.box.AccountID == nil || !field.IsUUID(id) {
		return nil, nil, apperr.NotFound("message")
	}
	msg, raw, err := b.mail.InboxMessage(ctx, *b.box.AccountID, id)
	if errors.Is(err, mail.ErrNoMessage) {
		return nil, nil, apperr.NotFound("message")
	}
	return msg, raw, err
}

// MessageFilter selects the messages listed; nil fields select all.
type MessageFilter struct {
	Direction     *string // mail.DirectionIn or mail.DirectionOut
	ThreadID      *string
	Limit, Offset int
}

// Messages lists the messages of the caller's genie's mailbox, newest
// first, and how many match. VALIDATION_ERROR for a direction that is
// neither inbound nor outbound; errors of access as inbox.
func (s *Service) Messages(ctx context.Context, c *auth.Caller, agentID string, f MessageFilter) ([]mail.InboxMessage, int, error) {
	q := mail.MessageQuery{Limit: f.Limit, Offset: f.Offset}
	if f.Direction != nil {
		if *f.Direction != mail.DirectionIn && *f.Direction != mail.DirectionOut {
			return nil, 0, apperr.Invalid("direction", "direction must be inbound or outbound")
		}
		q.Direction = *f.Direction
	}
	if f.ThreadID != nil {
		q.ThreadID = *f.ThreadID
	}
	b, err := s.inbox(ctx, c, agentID)
	if err != nil || b.box.AccountID == nil {
		return []mail.InboxMessage{}, 0, err
	}
	return b.mail.InboxMessages(ctx, *b.box.AccountID, q)
}

// Message returns one message of the caller's genie's mailbox in full,
// with its raw text. VALIDATION_ERROR without messageId; NOT_FOUND for a
// message not in the mailbox; errors of access as inbox.
func (s *Service) Message(ctx context.Context, c *auth.Caller, agentID string, messageID *string) (*mail.FullMessage, []byte, error) {
	mid, err := requireMessageID(messageID)
	if err != nil {
		return nil, nil, err
	}
	b, err := s.inbox(ctx, c, agentID)
	if err != nil {
		return nil, nil, err
	}
	return b.message(ctx, mid)
}

// Attachment returns the index-th attachment of a message and its bytes.
// VALIDATION_ERROR naming index past the message's attachments; else as
// Message.
func (s *Service) Attachment(ctx context.Context, c *auth.Caller, agentID string, messageID *string, index int) (*mail.Attachment, []byte, error) {
	msg, raw, err := s.Message(ctx, c, agentID, messageID)
	if err != nil {
		return nil, nil, err
	}
	if index >= len(msg.Attachments) {
		return nil, nil, apperr.Invalid("index", "the message has %d attachments; index must be less", len(msg.Attachments))
	}
	att, content, err := mail.AttachmentContent(raw, index)
	if err != nil {
		return nil, nil, fmt.Errorf("mailboxes: read attachment: %w", err)
	}
	return &att, content, nil
}

// Threads lists the conversations of the caller's genie's mailbox, newest
// activity first, and how many there are; errors of access as inbox.
func (s *Service) Threads(ctx context.Context, c *auth.Caller, agentID string, limit, offset int) ([]mail.Thread, int, error) {
	b, err := s.inbox(ctx, c, agentID)
	if err != nil || b.box.AccountID == nil {
		return []mail.Thread{}, 0, err
	}
	return b.mail.Threads(ctx, *b.box.AccountID, limit, offset)
}

// Send sends a message from the caller's genie's mailbox, or with
// in.ReplyTo a reply to one of its messages (recipient, subject and
// threading headers taken from it unless given), and tells OnReply of a
// reply. In order: VALIDATION_ERROR naming a bad field; the errors of
// access of inbox; VALIDATION_ERROR on agentId unless the mailbox is
// provisioned; VALIDATION_ERROR on a blank replyTo and NOT_FOUND for a
// message not in the mailbox; VALIDATION_ERROR on to without a recipient;
// then those of sendAs. Ownership is checked once and the mailbox and the
// answered message are each read once.
func (s *Service) Send(ctx context.Context, c *auth.Caller, agentID string, in SendInput) (*mail.InboxMessage, error) {
	out, err := in.outgoing()
	if err != nil {
		return nil, err
	}
	b, err := s.inbox(ctx, c, agentID)
	if err != nil {
		return nil, err
	}
	if err := canSend(b.box); err != nil {
		return nil, err
	}
	var parent *mail.FullMessage
	if in.ReplyTo != nil {
		id := strings.TrimSpace(*in.ReplyTo)
		if id == "" {
			return nil, apperr.Required("replyTo")
		}
		if parent, _, err = b.message(ctx, id); err != nil {
			return nil, err
		}
		out = answering(out, parent, in.Subject != nil)
	}
	if len(out.To) == 0 {
		return nil, apperr.Required("to")
	}
	sent, err := s.sendAs(ctx, b.owner, b.box, out)
	if err != nil {
		return nil, err
	}
	if parent != nil {
		s.replied(ctx, b.box.AgentID, parent, sent)
	}
	return sent, nil
}

// canSend is VALIDATION_ERROR on agentId unless the mailbox is provisioned
// with an inbox.
func canSend(m *Mailbox) error {
	if m.Status != StatusProvisioned || m.AccountID == nil {
		return apperr.Invalid("agentId", "the mailbox is %s; only a provisioned mailbox can send", m.Status)
	}
	return nil
}

// sendAs sends a message from a provisioned mailbox of a genie of owner,
// within the hourly send limit: RATE_LIMIT_EXCEEDED past it,
// VALIDATION_ERROR on agentId when the inbox is suspended.
func (s *Service) sendAs(ctx context.Context, owner string, m *Mailbox, out mail.Outgoing) (*mail.InboxMessage, error) {
	box, ok := s.Mail.(mail.Inboxes)
	if !ok {
		return nil, apperr.Invalid("agentId", "the configured mail system does not send for the service")
	}
	if err := canSend(m); err != nil {
		return nil, err
	}
	t, err := s.tenant(ctx, owner)
	if err != nil {
		return nil, err
	}
	limit := s.sendLimit()
	sent, retryAt, err := box.SendFrom(ctx, t, *m.AccountID, out, limit)
	switch {
	case errors.Is(err, mail.ErrSendLimit):
		return nil, apperr.RateLimited(time.Until(retryAt), "this mailbox sent %d messages in the last hour, its limit; retry later", limit)
	case errors.Is(err, mail.ErrSuspended):
		return nil, apperr.Invalid("agentId", "the mailbox is suspended at the mail system")
	case err != nil:
		return nil, fmt.Errorf("mailboxes: send: %w", err)
	}
	return sent, nil
}

// sendLimit is the hourly limit of one mailbox.
func (s *Service) sendLimit() int {
	if s.SendLimit == 0 {
		return DefaultSendLimit
	}
	return s.SendLimit
}

// replied tells OnReply that the owner answered a message of the inbox
// (the owner's reply to an escalation joins the visitor's conversation).
// A failure is logged: the mail has left.
func (s *Service) replied(ctx context.Context, agentID string, parent *mail.FullMessage, sent *mail.InboxMessage) {
	if s.OnReply == nil {
		return
	}
	if err := s.OnReply(ctx, agentID, parent, sent); err != nil {
		s.Log.ErrorContext(ctx, "record the reply with its conversation", "agent_id", agentID, "message_id", sent.ID, "err", err)
	}
}

// Provisioned returns the genie's mailbox when it can send (provisioned,
// with an inbox the mail system keeps), else NOT_FOUND. For the
// conversations resource's escalations.
func (s *Service) Provisioned(ctx context.Context, agentID string) (*Mailbox, error) {
	m, err := byAgent(ctx, s.DB.R, agentID, "")
	if err != nil {
		return nil, err
	}
	if _, ok := s.Mail.(mail.Inboxes); !ok || m.Status != StatusProvisioned || m.AccountID == nil {
		return nil, apperr.NotFound("mailbox")
	}
	return m, nil
}

// SendAsGenie sends out from the genie's provisioned mailbox on the
// service's own behalf (no caller: the conversations resource mails an
// escalation to the genie's owner ownerID), within the mailbox's send
// limit, and returns the stored message. NOT_FOUND as Provisioned.
func (s *Service) SendAsGenie(ctx context.Context, agentID, ownerID string, out mail.Outgoing) (*mail.InboxMessage, error) {
	m, err := s.Provisioned(ctx, agentID)
	if err != nil {
		return nil, err
	}
	t, err := s.tenant(ctx, ownerID)
	if err != nil {
		return nil, err
	}
	sent, _, err := s.Mail.(mail.Inboxes).SendFrom(ctx, t, *m.AccountID, out, s.sendLimit())
	if err != nil {
		return nil, fmt.Errorf("mailboxes: send as genie: %w", err)
	}
	return sent, nil
}
