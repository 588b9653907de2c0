// Package conversations is the conversations resource: visitors ask a
// genie questions on its public page (/chat/<agentId>) or through the
// public actions, get answers quoted from the genie's own documents with
// their sources, mark them helpful or not, and hand over to a person
// (escalate); the owner reads the transcripts and the gaps report.
//
// Public actions (ask, escalate, feedback) need no credential and answer
// only for a genie whose owner turned its page on (genies update with
// conversation.enabled); they are rate-limited per client address and per
// genie. Owner actions (all, get, gaps) show only the caller's genies'
// conversations (every genie's to an admin with adminMode).
//
// For the mail side (the owner's reply to an escalation reaching the
// visitor), the package exports ByEscalationMail, which finds the
// conversation an escalation mail belongs to by the genie inbox's message
// or thread id, and Append, which adds a person's reply or a visitor's
// message to a conversation. See docs/conversations.md.
package conversations

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/platform/mail"
)

// Limits of what a visitor sends, in characters.
const (
	// MaxQuestionLen bounds a question: longer than any question a person
	// types, short enough that a pasted document is refused.
	MaxQuestionLen = 1_000
	MaxEmailLen    = 254
	MaxNameLen     = 200
	MaxNoteLen     = 2_000
	// MaxMessages bounds one conversation: past it, ask starts a new one.
	MaxMessages = 200
	// DefaultRetention is how long a conversation is kept after its last
	// message.
	DefaultRetention = 90 * 24 * time.Hour
)

// Message kinds.
const (
	KindAnswer  = "answer"  // a visitor's question and the genie's answer
	KindReply   = "reply"   // a person's reply (the owner, through mail)
	KindVisitor = "visitor" // a visitor's message that is not a question to the genie (a mail reply)
)

// Filters of all.
const (
	FilterUnanswered = "unanswered"
	FilterEscalated  = "escalated"
	FilterFeedback   = "feedback"
)

// Source is where an answer comes from: the exact quoted span of one
// document under its heading path.
type Source struct {
	DocumentID   string `json:"document_id"`
	DocumentName string `json:"document_name"`
	Heading      string `json:"heading" doc:"The heading path the quote sits under (\"Returns > Refunds\"), or empty."`
	Quote        string `json:"quote" doc:"The exact span of the document the answer quotes."`
}

// Answer is the genie's answer: its text and its sources.
type Answer struct {
	Text    string   `json:"text"`
	Sources []Source `json:"sources"`
}

// Message is one entry of a transcript.
type Message struct {
	ID       string `json:"id"`
	Kind     string `json:"kind" schema:"enum=answer|reply|visitor" doc:"answer: a question and the genie's answer; reply: a person's reply; visitor: a visitor's message."`
	Question string `json:"question"`
	Answer   Answer `json:"answer"`
	Answered bool   `json:"answered"`
	// Helpful is the visitor's feedback: null when none was given.
	Helpful   *bool     `json:"helpful"`
	CreatedAt time.Time `json:"created_at"`
}

// Escalation is a visitor's request for a person.
type Escalation struct {
	ID             string    `json:"id"`
	ConversationID string    `json:"conversation_id"`
	Email          string    `json:"email"`
	Name           string    `json:"name"`
	Note           string    `json:"note"`
	CreatedAt      time.Time `json:"created_at"`
}

// Conversation is a conversation's summary (all lists these); get answers
// a Detail, with its messages and escalations.
type Conversation struct {
	ID            string        `json:"id"`
	AgentID       string        `json:"agent_id"`
	Language      string        `json:"language"`
	MessageCount  int           `json:"message_count"`
	Unanswered    int           `json:"unanswered" doc:"Questions the genie could not answer."`
	Feedback      int           `json:"feedback" doc:"Answers the visitor rated."`
	Escalated     bool          `json:"escalated"`
	CreatedAt     time.Time     `json:"created_at"`
	LastMessageAt time.Time     `json:"last_message_at"`
	Messages      []Message     `json:"messages,omitempty" doc:"Only in get."`
	Escalations   []*Escalation `json:"escalations,omitempty" doc:"Only in get."`
}

// Asked is ask's answer (the interface).
type Asked struct {
	ConversationID string `json:"conversation_id"`
	MessageID      string `json:"message_id"`
	Answered       bool   `json:"answered"`
	Answer         Answer `json:"answer"`
}

// CheckQuestion validates a question: present, not blank, at most
// MaxQuestionLen characters. It returns it trimmed.
func CheckQuestion(q *string) (string, error) {
	if q == nil {
		return "", apperr.Required("question")
	}
	s := strings.TrimSpace(*q)
	if s == "" {
		return "", apperr.Invalid("question", "question must not be empty")
	}
	if n := utf8.RuneCountInString(s); n > MaxQuestionLen {
		return "", apperr.Invalid("question", "question must be at most %d characters (it has %d)", MaxQuestionLen, n)
	}
	return s, nil
}

// EscalationInput is what a visitor leaves when asking for a person.
type EscalationInput struct {
	Email, Name, Note string
}

// Check validates the input and returns it trimmed: a valid email address
// of at most MaxEmailLen characters (required), one-line name and a note
// within their limits.
func (in EscalationInput) Check() (EscalationInput, error) {
	in.Email, in.Name, in.Note = strings.TrimSpace(in.Email), strings.TrimSpace(in.Name), strings.TrimSpace(in.Note)
	if in.Email == "" {
		return in, apperr.Required("email")
	}
	// A visitor's address must be deliverable from the internet: a domain
	// with a dot (EscalateRequest declares the same pattern).
	if !field.IsEmail(in.Email) || len(in.Email) > MaxEmailLen || !strings.Contains(mail.Domain(in.Email), ".") {
		return in, apperr.Invalid("email", "email must be an email address such as ada@example.com")
	}
	if utf8.RuneCountInString(in.Name) > MaxNameLen || strings.ContainsAny(in.Name, "\r\n") {
		return in, apperr.Invalid("name", "name must be one line of at most %d characters", MaxNameLen)
	}
	if utf8.RuneCountInString(in.Note) > MaxNoteLen {
		return in, apperr.Invalid("note", "note must be at most %d characters", MaxNoteLen)
	}
	return in, nil
}
