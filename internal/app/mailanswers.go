package app

import (
	"context"
	"strings"

	"github.com/geniehq/genie/internal/conversations"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/knowledge"
	"github.com/geniehq/genie/internal/mailboxes"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/mail"
)

// wireMailAnswers lets the genies' mailboxes answer received mail from
// their documents, with the engine of the conversations resource (so mail
// and the conversation page answer alike, a model included), and joins
// mail to the conversations of escalations: the owner's reply (send with
// replyTo the escalation mail, or a draft in its thread) and the visitor's
// answers to it are added to the visitor's conversation (docs/mail.md,
// "Answers to mail").
func (a *App) wireMailAnswers() {
	boxes, convs := a.mailboxes, a.Conversations
	if boxes == nil || a.Mail == nil || convs == nil {
		return
	}
	boxes.SystemFrom, _ = mail.Address(a.Config.MailFrom)
	boxes.Knowledge = engineKnowledge{db: a.DB, engine: convs.Engine}
	boxes.OnReply = func(ctx context.Context, agentID string, parent *mail.FullMessage, sent *mail.InboxMessage) error {
		_, err := appendToEscalation(ctx, convs, agentID, parent, conversations.KindReply, sent)
		return err
	}
	boxes.PersonThread = func(ctx context.Context, agentID string, m *mail.FullMessage) (bool, error) {
		return appendToEscalation(ctx, convs, agentID, m, conversations.KindVisitor, &m.InboxMessage)
	}
	a.Mail.Received = boxes.Received
}

// appendToEscalation adds m's new text to the conversation whose
// escalation mail is at (or in the thread of) at, when that conversation
// is the genie's; it reports whether there is one.
func appendToEscalation(ctx context.Context, convs *conversations.Service, agentID string, at *mail.FullMessage, kind string, m *mail.InboxMessage) (bool, error) {
	c, _, err := convs.ByEscalationMail(ctx, at.ID, at.ThreadID)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if c.AgentID != agentID {
		return false, nil
	}
	text := strings.TrimSpace(m.ExtractedText)
	if text == "" {
		text = strings.TrimSpace(m.Text)
	}
	if text == "" {
		return true, nil
	}
	_, err = convs.Append(ctx, nil, c.ID, kind, text)
	return true, err
}

// engineKnowledge is mailboxes.Knowledge on the conversations engine.
type engineKnowledge struct {
	db     *db.DB
	engine *conversations.Engine
}

func (k engineKnowledge) Language(text string) string { return knowledge.DetectLanguage(text) }

func (k engineKnowledge) Answer(ctx context.Context, agentID string, questions []string) ([]mailboxes.Answer, error) {
	g, err := genies.Load(ctx, k.db.R, agentID, "")
	if err != nil {
		return nil, err
	}
	out := make([]mailboxes.Answer, len(questions))
	for i, q := range questions {
		r, err := k.engine.Answer(ctx, g, q)
		if err != nil {
			return nil, err
		}
		out[i] = mailboxes.Answer{Answered: r.Answered, Language: r.Language, Sources: []mailboxes.Source{}}
		if r.Answered {
			out[i].Text = r.Answer.Text
			for _, s := range r.Answer.Sources {
				out[i].Sources = append(out[i].Sources, mailboxes.Source(s))
			}
		}
	}
	return out, nil
}
