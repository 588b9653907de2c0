package mailboxes

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/mail"
)

// Draft is an answer to a received message, drafted from the genie's
// documents, waiting for a person to edit, send or discard it (AgentMail's
// drafts). Sending or discarding it deletes it.
type Draft struct {
	ID        string   `json:"id"`
	AgentID   string   `json:"agent_id"`
	MessageID string   `json:"message_id" doc:"The id of the received message it answers (in messages)."`
	ThreadID  string   `json:"thread_id"`
	To        []string `json:"to"`
	Cc        []string `json:"cc"`
	Subject   string   `json:"subject"`
	Text      string   `json:"text" doc:"The answer; a confident one ends with a short Sources: footer naming the documents it quotes."`
	Answered  bool     `json:"answered" doc:"true: the genie's documents answer the message (the sources say where); false: they do not, the text only says a person will answer."`
	// NeedsPerson is !Answered, spelled for inbox filters.
	NeedsPerson bool      `json:"needs_person" doc:"The message needs a person's answer: the documents do not answer it."`
	Language    string    `json:"language" doc:"The sender's language the draft is written in: en, fr, de or es."`
	Sources     []Source  `json:"sources" doc:"The passages of the genie's documents the answer quotes (empty when not answered)."`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`

	mailboxID string
}

// phrases of a drafted answer, by language.
type phrases struct {
	hello, sources, unknown, rest, thanks string
}

var draftPhrases = map[string]phrases{
	"en": {"Hello,", "Sources:",
		"Thank you for your message. I could not find the answer in our documents, so I have passed your question to a person, who will reply to you.",
		"I could not find an answer to the rest of your message in our documents; a person will reply to you.", "Kind regards,"},
	"fr": {"Bonjour,", "Sources :",
		"Merci pour votre message. Je n'ai pas trouvé la réponse dans nos documents ; j'ai transmis votre question à une personne, qui vous répondra.",
		"Je n'ai pas trouvé de réponse au reste de votre message dans nos documents ; une personne vous répondra.", "Cordialement,"},
	"de": {"Guten Tag,", "Quellen:",
		"Vielen Dank für Ihre Nachricht. Ich habe die Antwort nicht in unseren Unterlagen gefunden und Ihre Frage an einen Menschen weitergegeben, der Ihnen antworten wird.",
		"Auf den Rest Ihrer Nachricht habe ich in unseren Unterlagen keine Antwort gefunden; ein Mensch wird Ihnen antworten.", "Mit freundlichen Grüßen"},
	"es": {"Hola:", "Fuentes:",
		"Gracias por su mensaje. No he encontrado la respuesta en nuestros documentos, así que he pasado su pregunta a una persona, que le responderá.",
		"No he encontrado en nuestros documentos respuesta al resto de su mensaje; una persona le responderá.", "Saludos cordiales,"},
}

func phrasesFor(lang string) phrases {
	if p, ok := draftPhrases[lang]; ok {
		return p
	}
	return draftPhrases["en"]
}

// draftFor writes the answer to msg: a greeting, the knowledge base's
// answer in the documents' own words, a Sources: footer and the genie's
// name, in the sender's language; without a confident answer, a note that
// a person will reply (after what was found, for a partial answer).
func draftFor(r *receiver, msg *mail.FullMessage, a Answer, now time.Time) *Draft {
	p := phrasesFor(a.Language)
	var b strings.Builder
	b.WriteString(p.hello + "\n\n")
	found := strings.TrimSpace(a.Text) != ""
	if found {
		b.WriteString(strings.TrimSpace(a.Text) + "\n\n")
		b.WriteString(sourcesFooter(p.sources, a.Sources))
	}
	switch {
	case a.Answered:
	case found:
		b.WriteString(p.rest + "\n\n")
	default:
		b.WriteString(p.unknown + "\n\n")
	}
	b.WriteString(p.thanks + "\n" + r.genieName + "\n")
	sources := a.Sources
	if sources == nil || !found {
		sources = []Source{}
	}
	lang := a.Language
	if _, ok := draftPhrases[lang]; !ok {
		lang = "en"
	}
	return &Draft{ID: uuid.NewString(), AgentID: r.box.AgentID, mailboxID: r.box.ID, MessageID: msg.ID, ThreadID: msg.ThreadID,
		To: replyAddress(msg), Cc: []string{}, Subject: truncateRunes(replySubject(msg.Subject), maxSubjectLen), Text: b.String(),
		Answered: a.Answered, NeedsPerson: !a.Answered, Language: lang, Sources: sources, CreatedAt: now, UpdatedAt: now}
}

// sourcesFooter lists the documents (and headings) an answer quotes, once
// each.
func sourcesFooter(title string, sources []Source) string {
	if len(sources) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(title + "\n")
	seen := map[string]bool{}
	for _, s := range sources {
		line := s.DocumentName
		if s.Heading != "" {
			line += " › " + s.Heading
		}
		if !seen[line] {
			seen[line] = true
			b.WriteString("- " + line + "\n")
		}
	}
	return b.String() + "\n"
}

// saveDraft stores a draft of the genie of owner, with its
// mailbox.draft.created event; a message already drafted keeps its draft
// (a redelivery). Failures are logged.
func (s *Service) saveDraft(ctx context.Context, owner string, d *Draft) {
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		added, err := insertDraft(ctx, tx, d)
		if err != nil || !added || s.Events == nil {
			return err
		}
		return s.Events.Record(ctx, tx, owner, events.MailboxDraftCreated, DraftEvent{AgentID: d.AgentID, MailboxID: d.mailboxID, Draft: d})
	})
	if err != nil {
		s.Log.ErrorContext(ctx, "store drafted answer", "message_id", d.MessageID, "err", err)
	}
}

// DraftEvent is the data of mailbox.draft.created.
type DraftEvent struct {
	AgentID   string `json:"agent_id"`
	MailboxID string `json:"mailbox_id"`
	Draft     *Draft `json:"draft"`
}

// ownedBox returns the caller's genie's mailbox (UNAUTHORIZED for another
// user's genie, AGENT_NOT_FOUND, NOT_FOUND without a mailbox) and the
// genie's owner.
func (s *Service) ownedBox(ctx context.Context, c *auth.Caller, agentID string) (*Mailbox, string, error) {
	g, err := owned(ctx, s.DB.R, c, agentID)
	if err != nil {
		return nil, "", err
	}
	m, err := byAgent(ctx, s.DB.R, agentID, "")
	return m, g.UserID, err
}

// Drafts lists the drafts of the caller's genie's mailbox, newest first.
func (s *Service) Drafts(ctx context.Context, c *auth.Caller, agentID string, f draftQuery) ([]Draft, int, error) {
	m, _, err := s.ownedBox(ctx, c, agentID)
	if err != nil {
		return nil, 0, err
	}
	return listDrafts(ctx, s.DB.R, m.ID, f)
}

// Draft returns one draft of the caller's genie's mailbox, or NOT_FOUND.
func (s *Service) Draft(ctx context.Context, c *auth.Caller, agentID, id string) (*Draft, error) {
	m, _, err := s.ownedBox(ctx, c, agentID)
	if err != nil {
		return nil, err
	}
	if !validID(id) {
		return nil, apperr.NotFound("draft")
	}
	return loadDraft(ctx, s.DB.R, m.ID, id)
}

// DraftEdit is draft-update's change: nil fields are kept.
type DraftEdit struct {
	To, Cc  []string
	Subject *string
	Text    *string
}

// EditDraft changes a draft's recipients, subject or text (checked by the
// caller) and returns it.
func (s *Service) EditDraft(ctx context.Context, c *auth.Caller, agentID, id string, e DraftEdit) (*Draft, error) {
	d, err := s.Draft(ctx, c, agentID, id)
	if err != nil {
		return nil, err
	}
	if e.To != nil {
		d.To = e.To
	}
	if e.Cc != nil {
		d.Cc = e.Cc
	}
	if e.Subject != nil {
		d.Subject = *e.Subject
	}
	if e.Text != nil {
		d.Text = *e.Text
	}
	if len(d.To)+len(d.Cc) > maxRecipients {
		return nil, apperr.Invalid("to", "a message may have at most %d recipients (to and cc together)", maxRecipients)
	}
	to, _ := json.Marshal(d.To)
	cc, _ := json.Marshal(d.Cc)
	d.UpdatedAt = s.DB.Now()
	res, err := s.DB.W.ExecContext(ctx, `UPDATE mail_drafts SET to_addrs = $1, cc_addrs = $2, subject = $3, body = $4, updated_at = $5
		WHERE id = $6`, string(to), string(cc), d.Subject, d.Text, d.UpdatedAt, d.ID)
	if err != nil {
		return nil, fmt.Errorf("mailboxes: edit draft: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, apperr.NotFound("draft") // sent or discarded meanwhile
	}
	return d, nil
}

// SendDraft sends a draft as the reply to its message, in its thread
// (In-Reply-To and References), and deletes it. The send rules of send
// apply (a provisioned mailbox, the hourly limit).
func (s *Service) SendDraft(ctx context.Context, c *auth.Caller, agentID, id string) (*mail.InboxMessage, error) {
	m, owner, err := s.ownedBox(ctx, c, agentID)
	if err != nil {
		return nil, err
	}
	if !validID(id) {
		return nil, apperr.NotFound("draft")
	}
	// Take the draft first, so two sends of one draft send it once.
	d, err := s.takeDraft(ctx, m.ID, id)
	if err != nil {
		return nil, err
	}
	if len(d.To) == 0 {
		s.restoreDraft(ctx, d)
		return nil, apperr.Invalid("to", "the draft has no recipient; set to with draft-update")
	}
	parent, err := s.answered(ctx, m, d)
	if err != nil {
		s.restoreDraft(ctx, d)
		return nil, err
	}
	out := mail.Outgoing{To: d.To, Cc: d.Cc, Subject: d.Subject, Text: d.Text, Parent: parent}
	sent, err := s.sendAs(ctx, owner, m, out)
	if err != nil {
		s.restoreDraft(ctx, d)
		return nil, err
	}
	if parent != nil {
		s.replied(ctx, agentID, parent, sent)
	}
	return sent, nil
}

// answered reads, once, the received message a draft answers: nil when
// the mailbox cannot send (sendAs then says why), NOT_FOUND when the
// message is gone.
func (s *Service) answered(ctx context.Context, m *Mailbox, d *Draft) (*mail.FullMessage, error) {
	box, ok := s.Mail.(mail.Inboxes)
	if !ok || m.AccountID == nil || d.MessageID == "" {
		return nil, nil
	}
	parent, _, err := box.InboxMessage(ctx, *m.AccountID, d.MessageID)
	if errors.Is(err, mail.ErrNoMessage) {
		return nil, apperr.NotFound("message")
	}
	if err != nil {
		return nil, fmt.Errorf("mailboxes: read the answered message: %w", err)
	}
	return parent, nil
}

// takeDraft deletes a draft and returns it; NOT_FOUND when it is gone.
func (s *Service) takeDraft(ctx context.Context, mailboxID, id string) (*Draft, error) {
	var d *Draft
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if d, err = loadDraft(ctx, tx, mailboxID, id); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM mail_drafts WHERE id = $1`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.NotFound("draft")
		}
		return nil
	})
	return d, err
}

// restoreDraft puts back a draft that could not be sent.
func (s *Service) restoreDraft(ctx context.Context, d *Draft) {
	if _, err := insertDraft(context.WithoutCancel(ctx), s.DB.W, d); err != nil {
		s.Log.ErrorContext(ctx, "put back a draft that could not be sent", "draft_id", d.ID, "err", err)
	}
}

// DiscardDraft deletes a draft; NOT_FOUND when there is none.
func (s *Service) DiscardDraft(ctx context.Context, c *auth.Caller, agentID, id string) error {
	m, _, err := s.ownedBox(ctx, c, agentID)
	if err != nil {
		return err
	}
	if !validID(id) {
		return apperr.NotFound("draft")
	}
	_, err = s.takeDraft(ctx, m.ID, id)
	return err
}

// validID reports whether id can be a stored id (a UUID).
func validID(id string) bool {
	_, err := uuid.Parse(id)
	return err == nil
}
