package mailboxes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"github.com/geniehq/genie/internal/platform/mail"
	"strings"
	"time"
)

// Answers to mail (docs/mail.md, "Answers to mail"): every message a
// genie's mailbox receives gets an answer drafted from the genie's
// documents, unless the loop guards refuse it; with auto_reply "send", a
// confident answer leaves at once and the rest go to a person.

// Values of a mailbox's auto_reply.
const (
	AutoReplyOff   = "off"
	AutoReplyDraft = "draft"
	AutoReplySend  = "send"
)

func validAutoReply(v string) bool {
	return v == AutoReplyOff || v == AutoReplyDraft || v == AutoReplySend
}

// AutoAnswerWindow is how long after an automatic answer to a sender in a
// thread no other automatic answer goes to them in that thread.
const AutoAnswerWindow = time.Hour

// AnswerTimeout bounds the time the knowledge base (and a model composing
// with it) takes to answer one received message.
const AnswerTimeout = 20 * time.Second

// MaxAutoAnswersPerSender bounds the automatic answers one sender gets
// from one mailbox in AutoAnswerWindow, across threads: a sender who
// starts a new thread with every message is not answered every time.
const MaxAutoAnswersPerSender = 5

// maxQuestion bounds the text of a message that is searched.
const maxQuestion = 4000

// Source is a passage an answer comes from.
type Source struct {
	DocumentID   string `json:"document_id"`
	DocumentName string `json:"document_name"`
	Heading      string `json:"heading" doc:"The heading path the passage sits under (\"\" for none)."`
	Quote        string `json:"quote" doc:"The exact span of the document the answer quotes."`
}

// Answer is what the knowledge base says to a question.
type Answer struct {
	// Answered: a confident answer from the documents; otherwise Text is
	// empty and a person must answer.
	Answered bool
	Text     string
	Sources  []Source
	// Language of the question: en, fr, de or es.
	Language string
}

// Knowledge answers questions from a genie's attached documents only.
type Knowledge interface {
	// Answer answers each question; the answers are in the questions'
	// order.
	Answer(ctx context.Context, agentID string, questions []string) ([]Answer, error)
	// Language returns the language of a text: en, fr, de or es.
	Language(text string) string
}

// combine makes one answer of the answers to a mail's questions. With all,
// every question must be answered (the answered ones are kept, Answered
// false, when some are not: a partial answer); otherwise the first
// answered one is the answer.
func combine(answers []Answer, all bool, lang string) Answer {
	out := Answer{Language: lang, Sources: []Source{}}
	var texts []string
	seen := map[string]bool{}
	n := 0
	for _, a := range answers {
		if !a.Answered {
			continue
		}
		n++
		if t := strings.TrimSpace(a.Text); !seen[t] {
			seen[t] = true
			texts = append(texts, t)
			out.Sources = append(out.Sources, a.Sources...)
		}
		if !all {
			break
		}
	}
	out.Text = strings.Join(texts, "\n\n")
	out.Answered = n > 0 && (!all || n == len(answers))
	return out
}

// receiver is the mailbox and genie a received message belongs to.
type receiver struct {
	box        *Mailbox
	owner      string // the genie owner's user id
	genieName  string
	ownerEmail string
}

// receiverOf returns the genie mailbox of an inbox, or nil when no genie
// mailbox points at it (being replaced).
func (s *Service) receiverOf(ctx context.Context, accountID string) (*receiver, error) {
	var r receiver
	var err error
	r.box, err = scan(s.DB.R.QueryRowContext(ctx, `SELECT `+prefixed("b.", columns)+` FROM mailboxes b WHERE b.account_id = $1`, accountID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("mailboxes: mailbox of inbox: %w", err)
	}
	var email sql.NullString
	if err := s.DB.R.QueryRowContext(ctx, `SELECT g.user_id, g.name, u.email FROM genies g LEFT JOIN users u ON u.id = g.user_id
		WHERE g.id = $1`, r.box.AgentID).Scan(&r.owner, &r.genieName, &email); err != nil {
		return nil, fmt.Errorf("mailboxes: genie of inbox: %w", err)
	}
	r.ownerEmail = email.String
	return &r, nil
}

// prefixed qualifies each column of a list with a table alias.
func prefixed(alias, cols string) string {
	parts := strings.Split(cols, ", ")
	for i, p := range parts {
		parts[i] = alias + p
	}
	return strings.Join(parts, ", ")
}

// own reports whether an address belongs to this service: any address of
// the mail domain (the genies' mailboxes and reserved role names) or the
// system sender.
func (s *Service) own(addr string) bool {
	addr = strings.ToLower(addr)
	return mail.Domain(addr) == s.Domain || (s.SystemFrom != "" && addr == s.SystemFrom)
}

// Received is the embedded mail system's hook for a received message
// (mail.Embedded.Received): it drafts the answer, or with auto_reply
// "send" sends a confident one. Failures are logged; the message stays
// delivered and is forwarded as usual.
func (s *Service) Received(ctx context.Context, in mail.Received) mail.Disposition {
	d, err := s.received(ctx, in)
	if err != nil {
		s.Log.ErrorContext(ctx, "answer received mail", "account_id", in.AccountID, "message_id", in.MessageID, "err", err)
	}
	return d
}

func (s *Service) received(ctx context.Context, in mail.Received) (mail.Disposition, error) {
	none := mail.Disposition{}
	box, ok := s.Mail.(mail.Inboxes)
	if !ok || s.Knowledge == nil {
		return none, nil
	}
	r, err := s.receiverOf(ctx, in.AccountID)
	if err != nil || r == nil || r.box.Status != StatusProvisioned {
		return none, err
	}
	msg, _, err := box.InboxMessage(ctx, in.AccountID, in.MessageID)
	if err != nil {
		return none, err
	}
	from, _ := mail.Address(msg.From)
	why := mail.AutoReplyRefusal(mail.Inbound{EnvelopeFrom: in.EnvelopeFrom, From: from, Header: msg.Headers}, s.own)
	if why == "" && s.PersonThread != nil {
		// A visitor answering the person who took over: theirs to answer.
		if mine, err := s.PersonThread(ctx, r.box.AgentID, msg); err != nil {
			s.Log.ErrorContext(ctx, "record mail with its conversation", "message_id", msg.ID, "err", err)
		} else if mine {
			return mail.Disposition{EscalateTo: r.escalation()}, nil
		}
	}
	if r.box.AutoReply == AutoReplyOff {
		return none, nil
	}
	if why != "" {
		s.Log.InfoContext(ctx, "no answer to received mail", "mailbox", r.box.EmailAddress, "message_id", msg.ID, "reason", why)
		return none, nil
	}
	body := bodyOf(msg)
	qs, all := mailQuestions(msg.Subject, body)
	// The sender's server waits for the SMTP reply meanwhile: a slow model
	// or database leaves the message to a person rather than hold it.
	actx, cancel := context.WithTimeout(ctx, AnswerTimeout)
	answers, err := s.Knowledge.Answer(actx, r.box.AgentID, qs)
	cancel()
	if err != nil {
		s.Log.WarnContext(ctx, "no answer from the knowledge base; the message goes to a person", "mailbox", r.box.EmailAddress,
			"message_id", msg.ID, "err", err)
		answers = nil
	}
	ans := combine(answers, all, s.Knowledge.Language(strings.Join(append([]string{msg.Subject}, qs...), "\n")))
	dr := draftFor(r, msg, ans, s.DB.Now())
	if r.box.AutoReply == AutoReplySend {
		if !ans.Answered {
			s.saveDraft(ctx, r.owner, dr)
			return mail.Disposition{EscalateTo: r.escalation()}, nil
		}
		sent, err := s.autoSend(ctx, r, msg, dr)
		if sent {
			return mail.Disposition{Answered: true}, nil
		}
		if err != nil {
			s.Log.WarnContext(ctx, "automatic answer not sent; kept as a draft", "mailbox", r.box.EmailAddress, "err", err)
		}
		s.saveDraft(ctx, r.owner, dr)
		return mail.Disposition{EscalateTo: r.escalation()}, nil
	}
	s.saveDraft(ctx, r.owner, dr)
	return none, nil
}

// escalation is where a message the genie could not answer goes with
// auto_reply "send": the escalation address, else the owner's email.
func (r *receiver) escalation() string {
	if r.box.EscalationAddress != nil {
		return *r.box.EscalationAddress
	}
	return r.ownerEmail
}

// bodyOf is the text of a message that is searched: the new part of a
// reply, else its text; for a message with only an HTML body, the new part
// of that body's text.
func bodyOf(m *mail.FullMessage) string {
	q := strings.TrimSpace(m.ExtractedText)
	if q == "" {
		q = strings.TrimSpace(m.Text)
	}
	if q == "" && m.HTML != nil {
		q = mail.ExtractReply(htmlText(*m.HTML))
	}
	return truncateRunes(q, 4*maxQuestion)
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// replyAddress is where an answer to m goes: its Reply-To when it has one
// (mail clients do the same), else the sender of a received message or the
// recipients of a sent one.
func replyAddress(m *mail.FullMessage) []string {
	for _, h := range m.Headers {
		if strings.EqualFold(h[0], "Reply-To") {
			if list, err := mail.AddressList(h[1]); err == nil && len(list) > 0 {
				return list
			}
		}
	}
	if m.Direction == mail.DirectionIn && m.From != "" {
		return []string{m.From}
	}
	return m.To
}

// replySubject is "Re: " and the subject, once.
func replySubject(subject string) string {
	if strings.HasPrefix(strings.ToLower(subject), "re:") {
		return subject
	}
	return "Re: " + subject
}

// autoSend sends a confident answer at once, if the sender got no
// automatic answer in this thread within the last hour. It reports
// whether the answer was sent.
func (s *Service) autoSend(ctx context.Context, r *receiver, msg *mail.FullMessage, dr *Draft) (bool, error) {
	if len(dr.To) != 1 || len(dr.Cc) != 0 {
		return false, nil // an answer to several people is a person's to send
	}
	// The sender is where the answer goes (Reply-To, else From): a forged
	// From cannot make the genie answer one victim more often.
	sender, err := mail.Address(dr.To[0])
	if err != nil {
		return false, err
	}
	ok, err := s.claimAutoAnswer(ctx, *r.box.AccountID, sender, msg.ThreadID)
	if err != nil || !ok {
		if err == nil {
			s.Log.InfoContext(ctx, "no automatic answer: the sender got one in this thread within the hour, or too many in all",
				"mailbox", r.box.EmailAddress, "message_id", msg.ID)
		}
		return false, err
	}
	out := mail.Outgoing{To: dr.To, Cc: dr.Cc, Subject: dr.Subject, Text: dr.Text, Parent: msg,
		Headers: map[string]string{"Auto-Submitted": "auto-replied", "X-Genie-Auto-Reply": "answered"}}
	if _, err := s.sendAs(ctx, r.owner, r.box, out); err != nil {
		s.releaseAutoAnswer(ctx, *r.box.AccountID, sender, msg.ThreadID)
		return false, err
	}
	s.Log.InfoContext(ctx, "mail answered automatically", "mailbox", r.box.EmailAddress, "message_id", msg.ID)
	return true, nil
}

// claimAutoAnswer takes the sender's automatic answer of the hour in the
// thread: one statement, so processes sharing the database cannot both
// take it. Rows past the window are swept first. A sender who got
// MaxAutoAnswersPerSender answers in the hour, across threads, gets no
// more (a soft cap: two processes at the same moment may pass it by one).
func (s *Service) claimAutoAnswer(ctx context.Context, accountID, sender, thread string) (bool, error) {
	now := s.DB.Now()
	cutoff := now.Add(-AutoAnswerWindow)
	if _, err := s.DB.W.ExecContext(ctx, `DELETE FROM mail_auto_answers WHERE account_id = $1 AND answered_at <= $2`, accountID, cutoff); err != nil {
		return false, fmt.Errorf("sweep automatic answers: %w", err)
	}
	var answered int
	if err := s.DB.W.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_auto_answers WHERE account_id = $1 AND sender = $2`,
		accountID, sender).Scan(&answered); err != nil {
		return false, fmt.Errorf("count automatic answers: %w", err)
	}
	if answered >= MaxAutoAnswersPerSender {
		return false, nil
	}
	res, err := s.DB.W.ExecContext(ctx, `INSERT INTO mail_auto_answers (account_id, sender, thread_id, answered_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (account_id, sender, thread_id) DO UPDATE SET answered_at = excluded.answered_at
		WHERE mail_auto_answers.answered_at <= $5`, accountID, sender, thread, now, cutoff)
	if err != nil {
		return false, fmt.Errorf("claim automatic answer: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// releaseAutoAnswer gives back a claim whose answer could not be sent.
func (s *Service) releaseAutoAnswer(ctx context.Context, accountID, sender, thread string) {
	if _, err := s.DB.W.ExecContext(context.WithoutCancel(ctx), `DELETE FROM mail_auto_answers
		WHERE account_id = $1 AND sender = $2 AND thread_id = $3`, accountID, sender, thread); err != nil {
		s.Log.ErrorContext(ctx, "release automatic answer", "err", err)
	}
}
