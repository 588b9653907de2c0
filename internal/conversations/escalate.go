package conversations

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/mailboxes"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/users"
)

// Escalator mails an escalation to the genie's owner: from the genie's
// mailbox when it has a provisioned one (to its escalation address, else
// the owner's email; the mail is kept in the genie's inbox, where the
// owner's reply with send and replyTo joins the thread), else as system
// mail (From the system address). Either way Reply-To is the visitor, so
// a reply from any mail program reaches them.
type Escalator struct {
	Mailboxes *mailboxes.Service // nil: system mail only
	Users     *users.Store
	System    mail.Sender
	From      string // system mail's From
	Domain    string // for Message-IDs of system mail
	BaseURL   string
	Now       func() time.Time
}

// sentMail says how an escalation was mailed.
type sentMail struct {
	Delivery            string // "mailbox" or "system"
	MessageID, ThreadID string // the genie inbox's ids (mailbox only)
}

// Send mails the escalation e of conversation c (with its messages).
func (x *Escalator) Send(ctx context.Context, g *genies.Genie, c *Conversation, e *Escalation) (sentMail, error) {
	owner, err := x.Users.ByID(ctx, g.UserID)
	if err != nil {
		return sentMail{}, err
	}
	subject := fmt.Sprintf("%s: a visitor asks for a person (%s)", g.Name, e.Email)
	text := transcript(g, c, e, x.BaseURL)
	headers := map[string]string{"Reply-To": e.Email, "X-Genie-Conversation": c.ID}
	to := owner.Email
	if x.Mailboxes != nil {
		box, err := x.Mailboxes.Provisioned(ctx, g.ID)
		switch {
		case err == nil:
			if box.EscalationAddress != nil && *box.EscalationAddress != "" {
				to = *box.EscalationAddress
			}
			sent, err := x.Mailboxes.SendAsGenie(ctx, g.ID, g.UserID, mail.Outgoing{To: []string{to}, Subject: subject, Text: text, Headers: headers})
			if err == nil {
				return sentMail{Delivery: "mailbox", MessageID: sent.ID, ThreadID: sent.ThreadID}, nil
			}
			// A full send limit or a suspended mailbox must not lose the
			// escalation: system mail carries it instead.
		case !apperr.HasCode(err, apperr.CodeNotFound):
			return sentMail{}, err
		}
	}
	m := &mail.Message{From: x.From, To: []string{to}, Subject: subject, Text: text, Headers: headers}
	raw, _, err := m.Build(x.Now(), x.Domain)
	if err != nil {
		return sentMail{}, err
	}
	from, err := mail.Address(x.From)
	if err != nil {
		return sentMail{}, err
	}
	rcpt, err := mail.Address(to)
	if err != nil {
		return sentMail{}, err
	}
	if _, err := x.System.Send(ctx, from, []string{rcpt}, raw); err != nil {
		return sentMail{}, fmt.Errorf("send escalation: %w", err)
	}
	return sentMail{Delivery: "system"}, nil
}

// transcript is the escalation mail's text: who asks, their note, and the
// conversation with the sources of each answer.
func transcript(g *genies.Genie, c *Conversation, e *Escalation, baseURL string) string {
	var b strings.Builder
	who := e.Email
	if e.Name != "" {
		who = e.Name + " <" + e.Email + ">"
	}
	fmt.Fprintf(&b, "A visitor of %s's page asks to talk to a person.\n\nVisitor: %s\n", g.Name, who)
	if e.Note != "" {
		fmt.Fprintf(&b, "Note: %s\n", e.Note)
	}
	fmt.Fprintf(&b, "\nReply to this message to answer them (Reply-To is their address).\n\n--- Conversation %s (%s) ---\n", c.ID, c.CreatedAt.Format(time.RFC1123))
	for _, m := range c.Messages {
		if m.Question != "" {
			fmt.Fprintf(&b, "\nVisitor: %s\n", m.Question)
		}
		if m.Answer.Text == "" {
			continue
		}
		who := g.Name
		if m.Kind == KindReply {
			who = "Person"
		}
		mark := ""
		if m.Kind == KindAnswer && !m.Answered {
			mark = " (not answered from the documents)"
		}
		if m.Helpful != nil && !*m.Helpful {
			mark += " (marked unhelpful)"
		}
		fmt.Fprintf(&b, "%s%s: %s\n", who, mark, m.Answer.Text)
		for _, s := range m.Answer.Sources {
			fmt.Fprintf(&b, "  Source: %s", s.DocumentName)
			if s.Heading != "" {
				fmt.Fprintf(&b, " > %s", s.Heading)
			}
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "\nAll conversations: the conversations actions at %s/v1 (all, get, gaps).\n", baseURL)
	return b.String()
}
