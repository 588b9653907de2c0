package mailboxes

import (
	"context"
	"encoding/base64"
	"encoding/json"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/platform/mail"
)

// The inbox actions of agent-mailboxes-self (registered in actions.go,
// through forAgent): each calls one Service method (inbox.go) and wraps
// the answer.

// listRef is the agentId and page of a listing action.
type listRef struct {
	agentRef
	Limit  *int `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int `json:"offset" schema:"min=0"`
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
	Subject *string     `json:"subject" schema:"maxLength=998,pattern=^\\s*[^\\r\\n]*\\s*$" doc:"With replyTo, default \"Re: \" and the answered subject."`
	Text    *string     `json:"text" doc:"Plain text; text and/or html is required."`
	HTML    *string     `json:"html"`
	ReplyTo *string     `json:"replyTo" schema:"pattern=\\S" doc:"The id of a message of this mailbox to answer: fills the recipient, the subject and the threading headers (In-Reply-To, References)."`
}

// SchemaConstraints: a recipient (to, or replyTo's sender) and some text
// or html that is not only spaces, as SendInput.outgoing and send check.
func (SendRequest) SchemaConstraints() field.Schema {
	given := func(name string, s field.Schema) field.Schema {
		return field.Schema{"required": []string{name}, "properties": field.Schema{name: s}}
	}
	words := field.Schema{"pattern": `\S`}
	return field.Schema{"allOf": []any{
		field.Schema{"anyOf": []any{
			given("to", field.Schema{"anyOf": []any{field.Schema{"type": "string"}, field.Schema{"type": "array", "minItems": 1}}}),
			field.Schema{"required": []string{"replyTo"}},
		}},
		field.Schema{"anyOf": []any{given("text", words), given("html", words)}},
	}}
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

// JSONSchema: one recipient or an array of them, each an address alone
// or with a display name (checkAddresses holds the same rule).
func (addressList) JSONSchema() field.Schema {
	one := field.Schema{"type": "string", "anyOf": []any{
		field.Schema{"format": field.FormatEmail},
		field.Schema{"pattern": namedAddress.String()},
	}, "description": "ada@example.com, or Ada Lovelace <ada@example.com>."}
	return field.Schema{"anyOf": []any{one, field.Schema{"type": "array", "items": one, "maxItems": maxRecipients}}}
}

func page(limit, offset *int) (int, int, error) {
	return field.Page{Limit: limit, Offset: offset}.Resolve(50, 200)
}

func (s *Service) messages(ctx context.Context, c *auth.Caller, agent string, in *MessagesRequest) (MessageList, error) {
	limit, offset, err := page(in.Limit, in.Offset)
	if err != nil {
		return MessageList{}, err
	}
	out := MessageList{Limit: limit, Offset: offset}
	f := MessageFilter{Direction: in.Direction, ThreadID: in.ThreadID, Limit: limit, Offset: offset}
	out.Messages, out.Count, err = s.Messages(ctx, c, agent, f)
	return out, err
}

func (s *Service) message(ctx context.Context, c *auth.Caller, agent string, in *MessageRequest) (MessageAnswer, error) {
	msg, _, err := s.Message(ctx, c, agent, in.MessageID)
	return MessageAnswer{Message: msg}, err
}

func (s *Service) attachment(ctx context.Context, c *auth.Caller, agent string, in *AttachmentRequest) (AttachmentAnswer, error) {
	if in.Index == nil {
		if _, err := requireMessageID(in.MessageID); err != nil {
			return AttachmentAnswer{}, err
		}
		return AttachmentAnswer{}, apperr.Required("index")
	}
	att, content, err := s.Attachment(ctx, c, agent, in.MessageID, *in.Index)
	if err != nil {
		return AttachmentAnswer{}, err
	}
	return AttachmentAnswer{Filename: att.Filename, ContentType: att.ContentType, Size: len(content),
		Content: base64.StdEncoding.EncodeToString(content)}, nil
}

func (s *Service) threads(ctx context.Context, c *auth.Caller, agent string, in *ThreadsRequest) (ThreadList, error) {
	limit, offset, err := page(in.Limit, in.Offset)
	if err != nil {
		return ThreadList{}, err
	}
	out := ThreadList{Limit: limit, Offset: offset}
	out.Threads, out.Count, err = s.Threads(ctx, c, agent, limit, offset)
	return out, err
}

func (s *Service) send(ctx context.Context, c *auth.Caller, agent string, in *SendRequest) (SentAnswer, error) {
	sent, err := s.Send(ctx, c, agent, SendInput{To: in.To.Value, Cc: in.Cc.Value, Subject: in.Subject, Text: in.Text, HTML: in.HTML, ReplyTo: in.ReplyTo})
	return SentAnswer{Message: sent}, err
}
