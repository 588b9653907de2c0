package conversations

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// Service implements the conversation rules. Create it with New.
type Service struct {
	DB *db.DB
	// Events records conversation.escalated (nil: none).
	Events *events.Recorder
	// Engine answers questions from a genie's documents.
	Engine *Engine
	// Escalator mails escalations to the genie's owner (nil: escalations
	// are only recorded).
	Escalator *Escalator
	// Limits rate-limits the public actions (nil: no limits).
	Limits *Limits
	// ClientIPHeader names the header a trusted proxy puts the client's
	// address in (see auth.ClientAddr).
	ClientIPHeader string
	// Retention is how long a conversation is kept after its last message
	// (0: DefaultRetention).
	Retention time.Duration
	Log       *slog.Logger

	writesOnce sync.Once
	writes     *batcher
}

// batch returns the batcher of the asks' writes.
func (s *Service) batch() *batcher {
	s.writesOnce.Do(func() { s.writes = &batcher{db: s.DB} })
	return s.writes
}

// publicGenie returns the genie behind a public action: AGENT_NOT_FOUND
// when it does not exist or its page is off.
func (s *Service) publicGenie(ctx context.Context, agentID string) (*genies.Genie, error) {
	return genies.LoadPublic(ctx, s.DB.R, agentID)
}

// limitGenie counts a public request of kind against the genie's limits
// (and the client's on it, when ctx names the client): RATE_LIMIT_EXCEEDED
// with Retry-After past one.
func (s *Service) limitGenie(ctx context.Context, kind, genieID string) error {
	if d := s.Limits.Genie(kind, clientOf(ctx), genieID); d > 0 {
		return apperr.RateLimited(d, "this genie is getting too many requests; try again in a moment")
	}
	return nil
}

// Ask answers a visitor's question from the genie's documents and records
// it in the conversation convID (a new one when convID is empty, or when
// the conversation is full). AGENT_NOT_FOUND when the genie does not exist
// or its page is off; VALIDATION_ERROR for an empty or too long question;
// NOT_FOUND for a conversation that is not this genie's.
func (s *Service) Ask(ctx context.Context, agentID, question, convID string) (*Asked, error) {
	q, err := CheckQuestion(&question)
	if err != nil {
		return nil, err
	}
	g, err := s.publicGenie(ctx, agentID)
	if err != nil {
		return nil, err
	}
	if err := s.limitGenie(ctx, "ask", g.ID); err != nil {
		return nil, err
	}
	var conv *Conversation
	if convID != "" {
		if conv, err = s.publicConversation(ctx, convID, g.ID); err != nil {
			return nil, err
		}
		if conv.MessageCount >= MaxMessages {
			conv = nil
		}
	}
	reply, err := s.Engine.Answer(ctx, g, q)
	if err != nil {
		return nil, err
	}
	now := s.DB.Now()
	m := &Message{ID: uuid.NewString(), Kind: KindAnswer, Question: q, Answer: reply.Answer, Answered: reply.Answered, CreatedAt: now}
	err = s.batch().do(func(tx *sql.Tx) error {
		if conv == nil {
			conv = &Conversation{ID: uuid.NewString(), AgentID: g.ID, Language: reply.Language, CreatedAt: now}
			if err := insertConversation(ctx, tx, conv); err != nil {
				return err
			}
		}
		return insertMessage(ctx, tx, conv.ID, m)
	})
	if err != nil {
		return nil, fmt.Errorf("conversations: ask: %w", err)
	}
	return &Asked{ConversationID: conv.ID, MessageID: m.ID, Answered: m.Answered, Answer: m.Answer}, nil
}

// publicConversation returns the conversation convID of genie agentID
// (when agentID is not empty), or NOT_FOUND; its genie's page must be on
// (AGENT_NOT_FOUND).
func (s *Service) publicConversation(ctx context.Context, convID, agentID string) (*Conversation, error) {
	if !isUUID(convID) {
		return nil, errNoConversation()
	}
	c, _, err := loadConversation(ctx, s.DB.R, convID)
	if err != nil {
		return nil, err
	}
	if agentID != "" && c.AgentID != agentID {
		return nil, errNoConversation()
	}
	if agentID == "" {
		if _, err := s.publicGenie(ctx, c.AgentID); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Transcript returns a conversation with its messages for the visitor
// holding its id (the page): NOT_FOUND when it is not genie agentID's.
func (s *Service) Transcript(ctx context.Context, agentID, convID string) (*Conversation, error) {
	c, err := s.publicConversation(ctx, convID, agentID)
	if err != nil {
		return nil, err
	}
	if c.Messages, err = loadMessages(ctx, s.DB.R, c.ID); err != nil {
		return nil, err
	}
	return c, nil
}

// Feedback records whether an answer helped. NOT_FOUND when the message is
// not an answer of the conversation; AGENT_NOT_FOUND when the genie's page
// is off. Feedback may be changed; the last one counts.
func (s *Service) Feedback(ctx context.Context, convID, msgID string, helpful bool) error {
	c, err := s.publicConversation(ctx, convID, "")
	if err != nil {
		return err
	}
	if !isUUID(msgID) {
		return apperr.NotFound("message")
	}
	if err := s.limitGenie(ctx, "ask", c.AgentID); err != nil {
		return err
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error { return setHelpful(ctx, tx, c.ID, msgID, helpful) })
	if err != nil {
		return fmt.Errorf("conversations: feedback: %w", err)
	}
	return nil
}

// EscalationEvent is the data of conversation.escalated. It carries no
// visitor data (email, name, note): those live only with the conversation
// and go with it, while events are kept 30 days; a subscriber reads them
// with get.
type EscalationEvent struct {
	AgentID        string    `json:"agent_id"`
	ConversationID string    `json:"conversation_id"`
	EscalationID   string    `json:"escalation_id"`
	CreatedAt      time.Time `json:"created_at"`
}

// Escalated is escalate's answer.
type Escalated struct {
	Escalation *Escalation `json:"escalation"`
	// Delivery says how the owner was told: "mailbox" (the genie's
	// mailbox sent the transcript), "system" (system mail did), or "none"
	// (no mail could be sent; the escalation is kept for the owner's
	// transcripts).
	Delivery string `json:"delivery" schema:"enum=mailbox|system|none"`
}

// Escalate records a visitor's request for a person and mails the owner
// the transcript with Reply-To the visitor (see Escalator). Validation as
// EscalationInput.Check; NOT_FOUND for an unknown conversation;
// AGENT_NOT_FOUND when the genie's page is off.
func (s *Service) Escalate(ctx context.Context, convID string, in EscalationInput) (*Escalated, error) {
	in, err := in.Check()
	if err != nil {
		return nil, err
	}
	c, err := s.publicConversation(ctx, convID, "")
	if err != nil {
		return nil, err
	}
	g, err := s.publicGenie(ctx, c.AgentID)
	if err != nil {
		return nil, err
	}
	if err := s.limitGenie(ctx, "escalate", g.ID); err != nil {
		return nil, err
	}
	e := &Escalation{ID: uuid.NewString(), ConversationID: c.ID, Email: in.Email, Name: in.Name, Note: in.Note, CreatedAt: s.DB.Now()}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := insertEscalation(ctx, tx, e); err != nil {
			return err
		}
		return s.Events.Record(ctx, tx, g.UserID, events.ConversationEscalated, EscalationEvent{AgentID: g.ID, ConversationID: c.ID,
			EscalationID: e.ID, CreatedAt: e.CreatedAt})
	})
	if err != nil {
		return nil, fmt.Errorf("conversations: escalate: %w", err)
	}
	out := &Escalated{Escalation: e, Delivery: "none"}
	if s.Escalator == nil {
		return out, nil
	}
	if c.Messages, err = loadMessages(ctx, s.DB.R, c.ID); err != nil {
		return nil, err
	}
	sent, err := s.Escalator.Send(ctx, g, c, e)
	if err != nil {
		// The escalation is kept and shows in the owner's transcripts
		// (filter escalated); the visitor is not told to try again, since
		// trying again would not help.
		s.Log.ErrorContext(ctx, "mail an escalation", "conversation", c.ID, "err", err)
		return out, nil
	}
	out.Delivery = sent.Delivery
	if sent.MessageID != "" {
		if err := setEscalationMail(ctx, s.DB.W, e.ID, sent.MessageID, sent.ThreadID); err != nil {
			return nil, fmt.Errorf("conversations: record escalation mail: %w", err)
		}
	}
	return out, nil
}

// ListOptions select a page of conversations for all.
type ListOptions struct {
	All           bool   // every owner's (admins)
	AgentID       string // "" for every genie of the caller
	Filter        string // "", FilterUnanswered, FilterEscalated or FilterFeedback
	Limit, Offset int
}

// List returns the caller's genies' conversations (every genie's with
// All), newest activity first, and their total. With AgentID, the genie
// must be the caller's (AGENT_NOT_FOUND).
func (s *Service) List(ctx context.Context, c *auth.Caller, o ListOptions) ([]*Conversation, int, error) {
	lq := listQuery{AgentID: o.AgentID, Filter: o.Filter, Limit: o.Limit, Offset: o.Offset}
	if !o.All {
		lq.OwnerID = c.UserID
	}
	if o.AgentID != "" {
		if _, err := genies.Owned(ctx, s.DB.R, c, o.AgentID); err != nil {
			return nil, 0, err
		}
	}
	return listConversations(ctx, s.DB.R, lq)
}

// Get returns one conversation of the caller's genies with its messages
// and escalations (any genie's to an admin); NOT_FOUND otherwise, so that
// another owner's conversation cannot be told from a missing one.
func (s *Service) Get(ctx context.Context, c *auth.Caller, convID string) (*Conversation, error) {
	if !isUUID(convID) {
		return nil, errNoConversation()
	}
	conv, owner, err := loadConversation(ctx, s.DB.R, convID)
	if err != nil {
		return nil, err
	}
	if !c.CanAccess(owner) {
		return nil, errNoConversation()
	}
	if conv.Messages, err = loadMessages(ctx, s.DB.R, conv.ID); err != nil {
		return nil, err
	}
	if conv.Escalations, err = loadEscalations(ctx, s.DB.R, conv.ID); err != nil {
		return nil, err
	}
	return conv, nil
}

// Sweep deletes the conversations whose last message is older than the
// retention, with their messages and escalations (visitor emails
// included), in batches. It returns how many went.
func (s *Service) Sweep(ctx context.Context) (int64, error) {
	ret := s.Retention
	if ret <= 0 {
		ret = DefaultRetention
	}
	cutoff := s.DB.Now().Add(-ret)
	var total int64
	for {
		n, err := deleteBefore(ctx, s.DB.W, cutoff, 500)
		total += n
		if err != nil || n < 500 {
			return total, err
		}
	}
}

// ByEscalationMail finds the conversation an escalation mail belongs to:
// messageID is the genie inbox's id of the mail that carried the
// escalation (or of any message in its thread, threadID), as the mail
// actions show them. NOT_FOUND when no escalation matches. For the mail
// side (the owner's reply reaching the visitor).
func (s *Service) ByEscalationMail(ctx context.Context, messageID, threadID string) (*Conversation, *Escalation, error) {
	e, err := escalationByMail(ctx, s.DB.R, messageID, threadID)
	if err != nil {
		return nil, nil, err
	}
	c, _, err := loadConversation(ctx, s.DB.R, e.ConversationID)
	if err != nil {
		return nil, nil, err
	}
	return c, e, nil
}

// Append adds a message of kind KindReply (a person's reply: text goes in
// the answer) or KindVisitor (a visitor's message: text goes in the
// question) to a conversation, inside q when it is a transaction of the
// caller's. NOT_FOUND when the conversation is gone. For the mail side.
func (s *Service) Append(ctx context.Context, q db.Querier, convID, kind, text string) (*Message, error) {
	m := &Message{ID: uuid.NewString(), Kind: kind, Answer: Answer{Sources: []Source{}}, CreatedAt: s.DB.Now()}
	switch kind {
	case KindReply:
		m.Answer.Text, m.Answered = text, true
	case KindVisitor:
		m.Question = text
	default:
		return nil, fmt.Errorf("conversations: append: unknown kind %q", kind)
	}
	var err error
	if q != nil {
		err = insertMessage(ctx, q, convID, m)
	} else {
		err = s.DB.Tx(ctx, func(tx *sql.Tx) error { return insertMessage(ctx, tx, convID, m) })
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

func isUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}
