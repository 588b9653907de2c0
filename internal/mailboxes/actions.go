package mailboxes

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/platform/mail"
)

// Actions returns the agent-mailboxes-self actions.
func (s *Service) Actions() httpapi.Actions {
	owner := []string{apperr.CodeUnauthorized, apperr.CodeAgentNotFound}
	withBox := []string{apperr.CodeUnauthorized, apperr.CodeAgentNotFound, apperr.CodeNotFound}
	return httpapi.Actions{
		"get": {Access: httpapi.Authenticated, Handle: forAgent(s.get), Summary: "Get your genie's mailbox",
			Request: agentRef{}, Response: Mailbox{}, Errors: withBox},
		"provision": {Access: httpapi.Authenticated, Handle: forAgent(s.provision), Summary: "Give your genie a mailbox (or move it to a new address)",
			Request: ProvisionRequest{}, Response: Mailbox{}, Errors: owner, Idempotent: true},
		"update": {Access: httpapi.Authenticated, Handle: forAgent(s.update), Summary: "Suspend or resume a mailbox, set its escalation address or how it answers mail",
			Request: UpdateRequest{}, Response: httpapi.OKFlag{}, Errors: withBox},
		"delete": {Access: httpapi.Authenticated, Handle: forAgent(s.delete), Summary: "Delete your genie's mailbox and its mail",
			Request: agentRef{}, Response: httpapi.OKFlag{}, Errors: owner},
		"test": {Access: httpapi.Authenticated, Handle: forAgent(s.test), Summary: "Send a test message from the mailbox",
			Request: agentRef{}, Errors: withBox, Idempotent: true,
			Response: field.Schema{"type": "object", "description": "The mail system's answer; its shape varies. The embedded mail system answers {queued, message_id, from, to, delivery}.",
				"properties": field.Schema{"queued": field.Schema{"type": "boolean"}}}},
		"check-tenant-key": {Access: httpapi.AdminOnly, Handle: httpapi.Bind(s.checkKey), Summary: "Check your team's mail credentials at the mail system",
			Response: KeyState{}, Errors: []string{apperr.CodeNotFound}},
		"reprovision-tenant-key": {Access: httpapi.AdminOnly, Handle: httpapi.Bind(s.reprovisionKey), Summary: "Replace your team's mail credentials (the old ones stop working at once)",
			Response: TenantRef{}, Errors: []string{apperr.CodeNotFound}},
		// The inbox (inbox_actions.go).
		"messages": {Access: httpapi.Authenticated, Handle: forAgent(s.messages), Summary: "List the mailbox's messages, newest first",
			Request: MessagesRequest{}, Response: MessageList{}, Errors: withBox},
		"message": {Access: httpapi.Authenticated, Handle: forAgent(s.message), Summary: "Read one message in full, with its header fields",
			Request: MessageRequest{}, Response: MessageAnswer{}, Errors: withBox},
		"attachment": {Access: httpapi.Authenticated, Handle: forAgent(s.attachment), Summary: "Download an attachment of a message (base64)",
			Request: AttachmentRequest{}, Response: AttachmentAnswer{}, Errors: withBox},
		"threads": {Access: httpapi.Authenticated, Handle: forAgent(s.threads), Summary: "List the mailbox's conversations, newest activity first",
			Request: ThreadsRequest{}, Response: ThreadList{}, Errors: withBox},
		"send": {Access: httpapi.Authenticated, Handle: forAgent(s.send), Summary: "Send a message (or a reply) from the mailbox's address",
			Request: SendRequest{}, Response: SentAnswer{}, Status: http.StatusCreated, Idempotent: true, Errors: withBox,
			MaxBody: 8 << 20},
		// The answers the genie drafted to received mail, for the owner to
		// read, edit, send or discard (drafts_actions.go).
		"drafts": {Access: httpapi.Authenticated, Handle: forAgent(s.drafts), Summary: "List the answers the genie drafted to received mail, newest first",
			Request: DraftsRequest{}, Response: DraftList{}, Errors: withBox},
		"draft": {Access: httpapi.Authenticated, Handle: forDraft(s.draft), Summary: "Get one drafted answer, with its sources",
			Request: DraftRequest{}, Response: DraftAnswer{}, Errors: withBox},
		"draft-update": {Access: httpapi.Authenticated, Handle: forAgent(s.draftUpdate), Summary: "Edit a drafted answer (recipients, subject, text)",
			Request: DraftUpdateRequest{}, Response: DraftAnswer{}, Errors: withBox, MaxBody: 2 << 20},
		"draft-send": {Access: httpapi.Authenticated, Handle: forDraft(s.draftSend), Summary: "Send a drafted answer as the reply to its message (the draft is deleted)",
			Request: DraftRequest{}, Response: SentAnswer{}, Status: http.StatusCreated, Idempotent: true, Errors: withBox},
		"draft-discard": {Access: httpapi.Authenticated, Handle: forDraft(s.draftDiscard), Summary: "Discard a drafted answer",
			Request: DraftRequest{}, Response: httpapi.OKFlag{}, Errors: withBox},
	}
}

// agentRef is the agentId every action takes (required).
type agentRef struct {
	AgentID *string `json:"agentId" schema:"required,minLength=1" doc:"Your genie's id."`
}

// ProvisionRequest is provision's data.
type ProvisionRequest struct {
	agentRef
	DesiredLocalpart *string `json:"desiredLocalpart" schema:"minLength=2,maxLength=40,pattern=^[a-z0-9]([a-z0-9-]*[a-z0-9])?$" doc:"The part before the @; lowercase letters, digits and inner hyphens. Replaces an existing mailbox."`
}

// UpdateRequest is update's data: action and/or escalation_address.
type UpdateRequest struct {
	agentRef
	Action     *string                `json:"action" schema:"enum=suspend|resume"`
	Escalation field.Optional[string] `json:"escalation_address" schema:"format=email" doc:"Receives a copy of every message; null clears it, omitted leaves it."`
	AutoReply  *string                `json:"auto_reply" schema:"enum=off|draft|send" doc:"off: received mail is only stored; draft (default): each message gets a drafted answer from the genie's documents, for a person to send; send: confident answers are sent at once, the rest go to the escalation address (else the owner's email)."`
}

// SchemaConstraints: at least one change (the rule ChangeRequest's check
// holds).
func (UpdateRequest) SchemaConstraints() field.Schema {
	return field.Schema{"anyOf": []any{
		field.Schema{"required": []string{"action"}},
		field.Schema{"required": []string{"escalation_address"}},
		field.Schema{"required": []string{"auto_reply"}},
	}}
}

// KeyState is check-tenant-key's answer.
type KeyState struct {
	Status    string     `json:"status" doc:"active, revoked, invalid, or unknown when the mail system gives none."`
	RevokedAt *time.Time `json:"revokedAt"`
	TenantID  string     `json:"tenantId"`
}

// TenantRef is reprovision-tenant-key's answer.
type TenantRef struct {
	TenantID string `json:"tenantId"`
}

func (a agentRef) id() (string, error) {
	if a.AgentID == nil || strings.TrimSpace(*a.AgentID) == "" {
		return "", apperr.Required("agentId")
	}
	return *a.AgentID, nil
}

// agentRequest is the data of an action on one genie's mailbox: it names
// the genie by agentId.
type agentRequest interface{ id() (string, error) }

// forAgent adapts a service call on one genie's mailbox to a handler: the
// data binds into In, its agentId is required (VALIDATION_ERROR naming
// agentId) and fn runs with it; fn's result is the answer, with the
// action's declared status.
func forAgent[In agentRequest, Out any](fn func(ctx context.Context, c *auth.Caller, agent string, in *In) (Out, error)) httpapi.Handler {
	return httpapi.Bind(func(ctx context.Context, c *auth.Caller, in *In) (Out, error) {
		agent, err := (*in).id()
		if err != nil {
			var none Out
			return none, err
		}
		return fn(ctx, c, agent, in)
	})
}

func (s *Service) get(ctx context.Context, c *auth.Caller, agent string, _ *agentRef) (*Mailbox, error) {
	return s.Get(ctx, c, agent)
}

func (s *Service) provision(ctx context.Context, c *auth.Caller, agent string, in *ProvisionRequest) (*Mailbox, error) {
	if in.DesiredLocalpart != nil {
		if err := CheckLocalpart(*in.DesiredLocalpart); err != nil {
			return nil, apperr.Invalid("desiredLocalpart", "desiredLocalpart %v", err)
		}
	}
	return s.Provision(ctx, c, agent, in.DesiredLocalpart)
}

func (s *Service) update(ctx context.Context, c *auth.Caller, agent string, in *UpdateRequest) (httpapi.OKFlag, error) {
	return httpapi.OKFlag{OK: true}, s.Update(ctx, c, agent, Change{Action: in.Action, Escalation: in.Escalation, AutoReply: in.AutoReply})
}

func (s *Service) delete(ctx context.Context, c *auth.Caller, agent string, _ *agentRef) (httpapi.OKFlag, error) {
	return httpapi.OKFlag{OK: true}, s.Delete(ctx, c, agent)
}

func (s *Service) test(ctx context.Context, c *auth.Caller, agent string, _ *agentRef) (mail.TestResult, error) {
	return s.Test(ctx, c, agent)
}

func (s *Service) checkKey(ctx context.Context, c *auth.Caller, _ *struct{}) (KeyState, error) {
	st, err := s.CheckKey(ctx, c)
	return KeyState{Status: st.Status, RevokedAt: st.RevokedAt, TenantID: st.TenantID}, err
}

func (s *Service) reprovisionKey(ctx context.Context, c *auth.Caller, _ *struct{}) (TenantRef, error) {
	id, err := s.ReprovisionKey(ctx, c)
	return TenantRef{TenantID: id}, err
}
