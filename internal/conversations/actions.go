package conversations

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// publicMaxBody bounds the body of a public action: a question of
// MaxQuestionLen characters escaped at 12 bytes each, with room to spare.
const publicMaxBody = 32 << 10

// Actions returns the conversations actions: ask, escalate and feedback
// are public (rate-limited per client address and per genie); all, get
// and gaps are the genie owner's (every owner's to an admin with
// adminMode).
func (s *Service) Actions() httpapi.Actions {
	public := []string{apperr.CodeAgentNotFound, apperr.CodeNotFound, apperr.CodeRateLimited}
	owner := []string{apperr.CodeAgentNotFound, apperr.CodeNotFound}
	return httpapi.Actions{
		"ask": {Access: httpapi.Public, Handle: limited(s, "ask", s.ask), MaxBody: publicMaxBody, Idempotent: true,
			Summary: "Ask a genie a question: an answer quoted from its documents, with its sources, or answered false",
			Request: AskRequest{}, Response: Asked{}, Errors: public},
		"escalate": {Access: httpapi.Public, Handle: limited(s, "escalate", s.escalate), MaxBody: publicMaxBody, Status: http.StatusCreated, Idempotent: true,
			Summary: "Hand a conversation over to a person: the genie's owner gets the transcript by mail, Reply-To the visitor",
			Request: EscalateRequest{}, Response: Escalated{}, Errors: public},
		"feedback": {Access: httpapi.Public, Handle: limited(s, "ask", s.feedback), MaxBody: publicMaxBody,
			Summary: "Say whether an answer helped (the last feedback counts)",
			Request: FeedbackRequest{}, Response: FeedbackAnswer{}, Errors: public},
		"all": {Access: httpapi.Authenticated, Handle: httpapi.Bind(s.all), Summary: "List your genies' conversations, newest activity first",
			Request: ListRequest{}, Response: List{}, Errors: owner},
		"get": {Access: httpapi.Authenticated, Handle: s.get, Summary: "Get a conversation's transcript, with its escalations",
			ID: "The conversation's id (or data.conversationId).", IDOptional: true,
			Request: GetRequest{}, Response: One{}, Errors: owner},
		"gaps": {Access: httpapi.Authenticated, Handle: httpapi.Bind(s.gaps),
			Summary: "The questions your genies could not answer or that visitors marked unhelpful, grouped and counted",
			Request: GapsRequest{}, Response: GapList{}, Errors: owner},
	}
}

// AskRequest is ask's data.
type AskRequest struct {
	AgentID        *string `json:"agentId" schema:"required" doc:"The genie's id; its conversation page must be on."`
	Question       *string `json:"question" schema:"required,minLength=1,maxLength=1000"`
	ConversationID *string `json:"conversationId" doc:"Continue this conversation (from an earlier answer); omitted: a new one."`
}

// EscalateRequest is escalate's data.
type EscalateRequest struct {
	ConversationID *string `json:"conversationId" schema:"required"`
	Email          *string `json:"email" schema:"required,maxLength=254,format=email,pattern=@[^@]*\\.[^@]*$" doc:"Where the person answers the visitor: an address whose domain has a dot."`
	Name           *string `json:"name" schema:"maxLength=200,pattern=^\\s*[^\\r\\n]*\\s*$" doc:"One line."`
	Note           *string `json:"note" schema:"maxLength=2000"`
}

// FeedbackRequest is feedback's data.
type FeedbackRequest struct {
	ConversationID *string `json:"conversationId" schema:"required"`
	MessageID      *string `json:"messageId" schema:"required" doc:"An answer's message_id."`
	Helpful        *bool   `json:"helpful" schema:"required"`
}

// FeedbackAnswer is feedback's answer.
type FeedbackAnswer struct {
	Success   bool   `json:"success"`
	MessageID string `json:"message_id"`
	Helpful   bool   `json:"helpful"`
}

// ListRequest is all's data.
type ListRequest struct {
	AgentID   *string `json:"agentId" doc:"Only this genie's conversations."`
	Filter    *string `json:"filter" schema:"enum=unanswered|escalated|feedback" doc:"unanswered: with a question not answered; escalated: handed to a person; feedback: with rated answers."`
	Limit     *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset    *int    `json:"offset" schema:"min=0" doc:"Default 0."`
	AdminMode bool    `json:"adminMode" doc:"Admins only: every owner's conversations."`
}

// List is all's answer.
type List struct {
	Conversations []*Conversation `json:"conversations"`
	Count         int             `json:"count"`
	Limit         int             `json:"limit"`
	Offset        int             `json:"offset"`
}

// GetRequest is get's data.
type GetRequest struct {
	ConversationID *string `json:"conversationId" doc:"The conversation's id, when the envelope's id is not given."`
}

// One is get's answer.
type One struct {
	Conversation *Detail `json:"conversation"`
}

// Detail is a conversation with its transcript and escalations, always
// present (empty lists when there are none).
type Detail struct {
	Conversation
	Messages    []Message     `json:"messages"`
	Escalations []*Escalation `json:"escalations"`
}

// GapsRequest is gaps' data.
type GapsRequest struct {
	AgentID   *string `json:"agentId" doc:"Only this genie's questions."`
	Limit     *int    `json:"limit" schema:"min=1,max=200" doc:"Groups returned, largest first; default 50."`
	AdminMode bool    `json:"adminMode" doc:"Admins only: every owner's genies."`
}

// GapList is gaps' answer.
type GapList struct {
	Gaps  []*Gap `json:"gaps"`
	Count int    `json:"count" doc:"Groups in all."`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// limitClient counts a public request of kind from the caller's address
// across genies, and returns ctx carrying the address for the per-genie
// limits.
func (s *Service) limitClient(ctx context.Context, r *http.Request, kind string) (context.Context, error) {
	addr := auth.ClientAddr(r, s.ClientIPHeader)
	if d := s.Limits.Address(kind, addr); d > 0 {
		return ctx, apperr.RateLimited(d, "too many requests from this address; try again in a moment")
	}
	return context.WithValue(ctx, clientKey{}, addr), nil
}

// clientKey holds the client's address in a request's context.
type clientKey struct{}

func clientOf(ctx context.Context) string {
	s, _ := ctx.Value(clientKey{}).(string)
	return s
}

// limited adapts a public action's service call: the caller's address is
// counted against kind's limit first, then the data is bound as by
// httpapi.Bind.
func limited[In, Out any](s *Service, kind string, fn func(ctx context.Context, in *In) (Out, error)) httpapi.Handler {
	bound := httpapi.Bind(func(ctx context.Context, _ *auth.Caller, in *In) (Out, error) { return fn(ctx, in) })
	return func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
		ctx, err := s.limitClient(ctx, r.HTTP, kind)
		if err != nil {
			return nil, err
		}
		return bound(ctx, r)
	}
}

func (s *Service) ask(ctx context.Context, in *AskRequest) (*Asked, error) {
	if in.AgentID == nil {
		return nil, apperr.Required("agentId")
	}
	if _, err := CheckQuestion(in.Question); err != nil {
		return nil, err
	}
	return s.Ask(ctx, *in.AgentID, *in.Question, str(in.ConversationID))
}

func (s *Service) escalate(ctx context.Context, in *EscalateRequest) (*Escalated, error) {
	if in.ConversationID == nil {
		return nil, apperr.Required("conversationId")
	}
	return s.Escalate(ctx, *in.ConversationID, EscalationInput{Email: str(in.Email), Name: str(in.Name), Note: str(in.Note)})
}

func (s *Service) feedback(ctx context.Context, in *FeedbackRequest) (FeedbackAnswer, error) {
	switch {
	case in.ConversationID == nil:
		return FeedbackAnswer{}, apperr.Required("conversationId")
	case in.MessageID == nil:
		return FeedbackAnswer{}, apperr.Required("messageId")
	case in.Helpful == nil:
		return FeedbackAnswer{}, apperr.Required("helpful")
	}
	err := s.Feedback(ctx, *in.ConversationID, *in.MessageID, *in.Helpful)
	return FeedbackAnswer{Success: true, MessageID: *in.MessageID, Helpful: *in.Helpful}, err
}

func (s *Service) all(ctx context.Context, c *auth.Caller, in *ListRequest) (List, error) {
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(50, 200)
	if err != nil {
		return List{}, err
	}
	filter := str(in.Filter)
	switch filter {
	case "", FilterUnanswered, FilterEscalated, FilterFeedback:
	default:
		return List{}, apperr.Invalid("filter", "filter must be one of unanswered, escalated, feedback")
	}
	cs, total, err := s.List(ctx, c, ListOptions{All: in.AdminMode && c.IsAdmin(), AgentID: str(in.AgentID),
		Filter: filter, Limit: limit, Offset: offset})
	return List{Conversations: cs, Count: total, Limit: limit, Offset: offset}, err
}

func (s *Service) get(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in GetRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id := r.ID
	if !r.HasID || id == "" {
		id = str(in.ConversationID)
	}
	if id == "" {
		return nil, apperr.Required("conversationId")
	}
	c, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(One{Conversation: &Detail{Conversation: *c, Messages: c.Messages, Escalations: c.Escalations}}), nil
}

func (s *Service) gaps(ctx context.Context, c *auth.Caller, in *GapsRequest) (GapList, error) {
	limit, _, err := field.Page{Limit: in.Limit}.Resolve(50, 200)
	if err != nil {
		return GapList{}, err
	}
	gs, total, err := s.Gaps(ctx, c, str(in.AgentID), in.AdminMode && c.IsAdmin(), limit)
	return GapList{Gaps: gs, Count: total}, err
}
