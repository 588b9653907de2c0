package mailboxes

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/platform/mail"
)

// The inbox actions of agent-mailboxes-self: a genie reads the mail its
// mailbox received, in threads, and sends and answers mail from its own
// address. Same ownership rule as the rest of the resource.

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

func (s *Service) inboxActions(a httpapi.Actions) {
	withBox := []string{apperr.CodeUnauthorized, apperr.CodeAgentNotFound, apperr.CodeNotFound}
	a["messages"] = httpapi.Action{Access: httpapi.Authenticated, Handle: s.messages, Summary: "List the mailbox's messages, newest first",
		Request: MessagesRequest{}, Response: MessageList{}, Errors: withBox}
	a["message"] = httpapi.Action{Access: httpapi.Authenticated, Handle: s.message, Summary: "Read one message in full, with its header fields",
		Request: MessageRequest{}, Response: MessageAnswer{}, Errors: withBox}
	a["attachment"] = httpapi.Action{Access: httpapi.Authenticated, Handle: s.attachment, Summary: "Download an attachment of a message (base64)",
		Request: AttachmentRequest{}, Response: AttachmentAnswer{}, Errors: withBox}
	a["threads"] = httpapi.Action{Access: httpapi.Authenticated, Handle: s.threads, Summary: "List the mailbox's conversations, newest activity first",
		Request: ThreadsRequest{}, Response: ThreadList{}, Errors: withBox}
	a["send"] = httpapi.Action{Access: httpapi.Authenticated, Handle: s.send, Summary: "Send a message (or a reply) from the mailbox's address",
		Request: SendRequest{}, Response: SentAnswer{}, Status: http.StatusCreated, Idempotent: true, Errors: withBox,
		MaxBody: 8 << 20}
}

// listRef is the agentId and page of a listing action.
type listRef struct {
	agentRef
	Limit  *int `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int `json:"offset" schema:"min=0"`
}

// resolve returns the agentId, limit and offset (VALIDATION_ERROR naming
// the field).
func (l listRef) resolve() (id string, limit, offset int, err error) {
	if id, err = l.id(); err != nil {
		return "", 0, 0, err
	}
	limit, offset, err = page(l.Limit, l.Offset)
	return id, limit, offset, err
}

// MessagesRequest is the data of messages.
type MessagesRequest struct {
	listRef
	Direction *string `json:"direction" schema:"enum=inbound|outbound"`
	ThreadID  *string `json:"threadId" doc:"Only the messages of this thread."`
}

// MessageList is the answer of messages.
type MessageList struct {
	Messages []mail.InboxMessage `json:"messages"`
	Count    int                 `json:"count"`
	Limit    int                 `json:"limit"`
	Offset   int                 `json:"offset"`
}

// MessageRequest is the data of message.
type MessageRequest struct {
	agentRef
	MessageID *string `json:"messageId" schema:"required,minLength=1"`
}

// MessageAnswer is the answer of message.
type MessageAnswer struct {
	Message *mail.FullMessage `json:"message"`
}

// AttachmentRequest is the data of attachment.
type AttachmentRequest struct {
	agentRef
	MessageID *string `json:"messageId" schema:"required,minLength=1"`
	Index     *int    `json:"index" schema:"required,min=0" doc:"The attachment's place in the message's attachments list, from 0."`
}

// AttachmentAnswer is the answer of attachment.
type AttachmentAnswer struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
	Content     string `json:"content" doc:"The attachment's bytes, base64 (standard alphabet, padded)."`
}

// ThreadsRequest is the data of threads.
type ThreadsRequest struct {
	listRef
}

// ThreadList is the answer of threads.
type ThreadList struct {
	Threads []mail.Thread `json:"threads"`
	Count   int           `json:"count"`
	Limit   int           `json:"limit"`
	Offset  int           `json:"offset"`
}

// SendRequest is the data of send.
type SendRequest struct {
	agentRef
	To      addressList `json:"to" doc:"One address or a list; required unless replyTo gives it."`
	Cc      addressList `json:"cc"`
	Subject *string     `json:"subject" schema:"maxLength=998" doc:"With replyTo, default \"Re: \" and the answered subject."`
	Text    *string     `json:"text" doc:"Plain text; text and/or html is required."`
	HTML    *string     `json:"html"`
	ReplyTo *string     `json:"replyTo" doc:"The id of a message of this mailbox to answer: fills the recipient, the subject and the threading headers (In-Reply-To, References)."`
}

// SentAnswer is the answer of send.
type SentAnswer struct {
	Message *mail.InboxMessage `json:"message"`
}

// addressList is one address or a list of them.
type addressList struct {
	Set   bool
	Value []string
}

func (l *addressList) UnmarshalJSON(b []byte) error {
	l.Set = true
	if string(b) == "null" {
		return nil
	}
	var one string
	if json.Unmarshal(b, &one) == nil {
		l.Value = []string{one}
		return nil
	}
	return json.Unmarshal(b, &l.Value)
}

// JSONSchema: a string or an array of strings.
func (addressList) JSONSchema() field.Schema {
	return field.Schema{"anyOf": []any{field.Schema{"type": "string"}, field.Schema{"type": "array", "items": field.Schema{"type": "string"}, "maxItems": maxRecipients}}}
}

// checkAddresses validates a recipient list field.
func checkAddresses(field string, l addressList) ([]string, error) {
	var out []string
	for i, a := range l.Value {
		a = strings.TrimSpace(a)
		if _, err := mail.Address(a); err != nil || strings.ContainsAny(a, "\r\n") {
			return nil, apperr.Invalid(field, "%s[%d] is not a valid email address", field, i)
		}
		out = append(out, a)
	}
	return out, nil
}

// inbox returns the genie's mailbox and the mail system's inboxes, for the
// owner only.
func (s *Service) inbox(ctx context.Context, c *auth.Caller, agentID string) (*Mailbox, mail.Inboxes, error) {
	if _, err := owned(ctx, s.DB.R, c, agentID); err != nil {
		return nil, nil, err
	}
	m, err := byAgent(ctx, s.DB.R, agentID, "")
	if err != nil {
		return nil, nil, err
	}
	in, ok := s.Mail.(mail.Inboxes)
	if !ok {
		return nil, nil, apperr.Invalid("agentId", "the configured mail system does not keep messages for the service to read")
	}
	return m, in, nil
}

func page(limit, offset *int) (int, int, error) {
	return field.Page{Limit: limit, Offset: offset}.Resolve(50, 200)
}

func (s *Service) messages(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in MessagesRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, limit, offset, err := in.resolve()
	if err != nil {
		return nil, err
	}
	q := mail.MessageQuery{Limit: limit, Offset: offset}
	if in.Direction != nil {
		if *in.Direction != mail.DirectionIn && *in.Direction != mail.DirectionOut {
			return nil, apperr.Invalid("direction", "direction must be inbound or outbound")
		}
		q.Direction = *in.Direction
	}
	if in.ThreadID != nil {
		q.ThreadID = *in.ThreadID
	}
	m, box, err := s.inbox(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	out := MessageList{Messages: []mail.InboxMessage{}, Limit: limit, Offset: offset}
	if m.AccountID != nil {
		if out.Messages, out.Count, err = box.InboxMessages(ctx, *m.AccountID, q); err != nil {
			return nil, err
		}
	}
	return httpapi.OK(out), nil
}

// requireMessageID returns the messageId field.
func requireMessageID(v *string) (string, error) {
	if v == nil || strings.TrimSpace(*v) == "" {
		return "", apperr.Required("messageId")
	}
	return strings.TrimSpace(*v), nil
}

func (s *Service) load(ctx context.Context, r *httpapi.Request, agent *string, messageID *string) (*mail.FullMessage, []byte, error) {
	id, err := agentRef{agent}.id()
	if err != nil {
		return nil, nil, err
	}
	mid, err := requireMessageID(messageID)
	if err != nil {
		return nil, nil, err
	}
	m, box, err := s.inbox(ctx, r.Caller, id)
	if err != nil {
		return nil, nil, err
	}
	if m.AccountID == nil || !field.IsUUID(mid) {
		return nil, nil, apperr.NotFound("message")
	}
	msg, raw, err := box.InboxMessage(ctx, *m.AccountID, mid)
	if errors.Is(err, mail.ErrNoMessage) {
		return nil, nil, apperr.NotFound("message")
	}
	return msg, raw, err
}

func (s *Service) message(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in MessageRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	msg, _, err := s.load(ctx, r, in.AgentID, in.MessageID)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(MessageAnswer{Message: msg}), nil
}

func (s *Service) attachment(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in AttachmentRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if in.Index == nil {
		if _, err := in.id(); err != nil {
			return nil, err
		}
		if _, err := requireMessageID(in.MessageID); err != nil {
			return nil, err
		}
		return nil, apperr.Required("index")
	}
	if *in.Index < 0 {
		return nil, apperr.Invalid("index", "index must be 0 or more")
	}
	msg, raw, err := s.load(ctx, r, in.AgentID, in.MessageID)
	if err != nil {
		return nil, err
	}
	if *in.Index >= len(msg.Attachments) {
		return nil, apperr.Invalid("index", "the message has %d attachments; index must be less", len(msg.Attachments))
	}
	att, content, err := mail.AttachmentContent(raw, *in.Index)
	if err != nil {
		return nil, fmt.Errorf("mailboxes: read attachment: %w", err)
	}
	return httpapi.OK(AttachmentAnswer{Filename: att.Filename, ContentType: att.ContentType, Size: len(content),
		Content: base64.StdEncoding.EncodeToString(content)}), nil
}

func (s *Service) threads(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in ThreadsRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, limit, offset, err := in.resolve()
	if err != nil {
		return nil, err
	}
	m, box, err := s.inbox(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	out := ThreadList{Threads: []mail.Thread{}, Limit: limit, Offset: offset}
	if m.AccountID != nil {
		if out.Threads, out.Count, err = box.Threads(ctx, *m.AccountID, limit, offset); err != nil {
			return nil, err
		}
	}
	return httpapi.OK(out), nil
}

func (s *Service) send(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in SendRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	out := mail.Outgoing{}
	if out.To, err = checkAddresses("to", in.To); err != nil {
		return nil, err
	}
	if out.Cc, err = checkAddresses("cc", in.Cc); err != nil {
		return nil, err
	}
	if len(out.To)+len(out.Cc) > maxRecipients {
		return nil, apperr.Invalid("to", "a message may have at most %d recipients (to and cc together)", maxRecipients)
	}
	if in.Subject != nil {
		if strings.ContainsAny(*in.Subject, "\r\n") || utf8.RuneCountInString(*in.Subject) > maxSubjectLen {
			return nil, apperr.Invalid("subject", "subject must be one line of at most %d characters", maxSubjectLen)
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
				return nil, apperr.Invalid(b.field, "%s must be at most %d bytes", b.field, maxBodyLen)
			}
			*b.dst = *b.v
		}
	}
	if strings.TrimSpace(out.Text) == "" && strings.TrimSpace(out.HTML) == "" {
		return nil, apperr.Invalid("text", "give the message's text and/or html")
	}
	m, _, err := s.inbox(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	if m.Status != StatusProvisioned || m.AccountID == nil {
		return nil, apperr.Invalid("agentId", "the mailbox is %s; only a provisioned mailbox can send", m.Status)
	}
	var parent *mail.FullMessage
	if in.ReplyTo != nil {
		parent, _, err = s.load(ctx, r, in.AgentID, in.ReplyTo)
		if apperr.HasCode(err, apperr.CodeValidation) {
			return nil, apperr.Required("replyTo")
		}
		if err != nil {
			return nil, err
		}
		out.ReplyTo = parent.ID
		if len(out.To) == 0 {
			out.To = replyAddress(parent)
		}
		if in.Subject == nil {
			out.Subject = replySubject(parent.Subject)
		}
	}
	if len(out.To) == 0 {
		return nil, apperr.Required("to")
	}
	g, err := owned(ctx, s.DB.R, r.Caller, id)
	if err != nil {
		return nil, err
	}
	sent, err := s.sendAs(ctx, g.UserID, m, out)
	if err != nil {
		return nil, err
	}
	if parent != nil {
		s.replied(ctx, m.AgentID, parent, sent)
	}
	return httpapi.Created(SentAnswer{Message: sent}), nil
}

// sendAs sends a message from a provisioned mailbox of a genie of owner,
// within the hourly send limit: RATE_LIMIT_EXCEEDED past it,
// VALIDATION_ERROR on agentId when the inbox is suspended, NOT_FOUND when
// the answered message is gone.
func (s *Service) sendAs(ctx context.Context, owner string, m *Mailbox, out mail.Outgoing) (*mail.InboxMessage, error) {
	box, ok := s.Mail.(mail.Inboxes)
	if !ok {
		return nil, apperr.Invalid("agentId", "the configured mail system does not send for the service")
	}
	if m.Status != StatusProvisioned || m.AccountID == nil {
		return nil, apperr.Invalid("agentId", "the mailbox is %s; only a provisioned mailbox can send", m.Status)
	}
	t, err := s.tenant(ctx, owner)
	if err != nil {
		return nil, err
	}
	limit := s.SendLimit
	if limit == 0 {
		limit = DefaultSendLimit
	}
	sent, retryAt, err := box.SendFrom(ctx, t, *m.AccountID, out, limit)
	switch {
	case errors.Is(err, mail.ErrSendLimit):
		return nil, apperr.RateLimited(time.Until(retryAt), "this mailbox sent %d messages in the last hour, its limit; retry later", limit)
	case errors.Is(err, mail.ErrSuspended):
		return nil, apperr.Invalid("agentId", "the mailbox is suspended at the mail system")
	case errors.Is(err, mail.ErrNoMessage):
		return nil, apperr.NotFound("message")
	case err != nil:
		return nil, fmt.Errorf("mailboxes: send: %w", err)
	}
	return sent, nil
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
	limit := s.SendLimit
	if limit == 0 {
		limit = DefaultSendLimit
	}
	sent, _, err := s.Mail.(mail.Inboxes).SendFrom(ctx, t, *m.AccountID, out, limit)
	if err != nil {
		return nil, fmt.Errorf("mailboxes: send as genie: %w", err)
	}
	return sent, nil
}
