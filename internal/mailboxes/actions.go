package mailboxes

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the agent-mailboxes-self actions.
func (s *Service) Actions() httpapi.Actions {
	owner := []string{apperr.CodeUnauthorized, apperr.CodeAgentNotFound}
	withBox := []string{apperr.CodeUnauthorized, apperr.CodeAgentNotFound, apperr.CodeNotFound}
	return httpapi.Actions{
		"get": {Access: httpapi.Authenticated, Handle: s.get, Summary: "Get your genie's mailbox",
			Request: agentRef{}, Response: Mailbox{}, Errors: withBox},
		"provision": {Access: httpapi.Authenticated, Handle: s.provision, Summary: "Give your genie a mailbox (or move it to a new address)",
			Request: ProvisionRequest{}, Response: Mailbox{}, Errors: owner, Idempotent: true},
		"update": {Access: httpapi.Authenticated, Handle: s.update, Summary: "Suspend or resume a mailbox, set its escalation address or how it answers mail",
			Request: UpdateRequest{}, Response: httpapi.OKFlag{}, Errors: withBox},
		"delete": {Access: httpapi.Authenticated, Handle: s.delete, Summary: "Delete your genie's mailbox and its mail",
			Request: agentRef{}, Response: httpapi.OKFlag{}, Errors: owner},
		"test": {Access: httpapi.Authenticated, Handle: s.test, Summary: "Send a test message from the mailbox",
			Request: agentRef{}, Errors: withBox, Idempotent: true,
			Response: field.Schema{"type": "object", "description": "The mail system's answer; its shape varies. The embedded mail system answers {queued, message_id, from, to, delivery}.",
				"properties": field.Schema{"queued": field.Schema{"type": "boolean"}}}},
		"check-tenant-key": {Access: httpapi.AdminOnly, Handle: s.checkKey, Summary: "Check your team's mail credentials at the mail system",
			Response: KeyState{}, Errors: []string{apperr.CodeNotFound}},
		"reprovision-tenant-key": {Access: httpapi.AdminOnly, Handle: s.reprovisionKey, Summary: "Replace your team's mail credentials (the old ones stop working at once)",
			Response: TenantRef{}, Errors: []string{apperr.CodeNotFound}},
		// The inbox (inbox_actions.go).
		"messages": {Access: httpapi.Authenticated, Handle: s.messages, Summary: "List the mailbox's messages, newest first",
			Request: MessagesRequest{}, Response: MessageList{}, Errors: withBox},
		"message": {Access: httpapi.Authenticated, Handle: s.message, Summary: "Read one message in full, with its header fields",
			Request: MessageRequest{}, Response: MessageAnswer{}, Errors: withBox},
		"attachment": {Access: httpapi.Authenticated, Handle: s.attachment, Summary: "Download an attachment of a message (base64)",
			Request: AttachmentRequest{}, Response: AttachmentAnswer{}, Errors: withBox},
		"threads": {Access: httpapi.Authenticated, Handle: s.threads, Summary: "List the mailbox's conversations, newest activity first",
			Request: ThreadsRequest{}, Response: ThreadList{}, Errors: withBox},
		"send": {Access: httpapi.Authenticated, Handle: s.send, Summary: "Send a message (or a reply) from the mailbox's address",
			Request: SendRequest{}, Response: SentAnswer{}, Status: http.StatusCreated, Idempotent: true, Errors: withBox,
			MaxBody: 8 << 20},
		// The answers the genie drafted to received mail, for the owner to
		// read, edit, send or discard (drafts_actions.go).
		"drafts": {Access: httpapi.Authenticated, Handle: s.drafts, Summary: "List the answers the genie drafted to received mail, newest first",
			Request: DraftsRequest{}, Response: DraftList{}, Errors: withBox},
		"draft": {Access: httpapi.Authenticated, Handle: s.draft, Summary: "Get one drafted answer, with its sources",
			Request: DraftRequest{}, Response: DraftAnswer{}, Errors: withBox},
		"draft-update": {Access: httpapi.Authenticated, Handle: s.draftUpdate, Summary: "Edit a drafted answer (recipients, subject, text)",
			Request: DraftUpdateRequest{}, Response: DraftAnswer{}, Errors: withBox, MaxBody: 2 << 20},
		"draft-send": {Access: httpapi.Authenticated, Handle: s.draftSend, Summary: "Send a drafted answer as the reply to its message (the draft is deleted)",
			Request: DraftRequest{}, Response: SentAnswer{}, Status: http.StatusCreated, Idempotent: true, Errors: withBox},
		"draft-discard": {Access: httpapi.Authenticated, Handle: s.draftDiscard, Summary: "Discard a drafted answer",
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

func bindAgent(r *httpapi.Request) (string, error) {
	var in agentRef
	if err := r.Bind(&in); err != nil {
		return "", err
	}
	return in.id()
}

func (s *Service) get(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := bindAgent(r)
	if err != nil {
		return nil, err
	}
	m, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(m), nil
}

func (s *Service) provision(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in ProvisionRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	if in.DesiredLocalpart != nil {
		if err := CheckLocalpart(*in.DesiredLocalpart); err != nil {
			return nil, apperr.Invalid("desiredLocalpart", "desiredLocalpart %v", err)
		}
	}
	m, err := s.Provision(ctx, r.Caller, id, in.DesiredLocalpart)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(m), nil
}

func (s *Service) update(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in UpdateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	if err := s.Update(ctx, r.Caller, id, Change{Action: in.Action, Escalation: in.Escalation, AutoReply: in.AutoReply}); err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.OKFlag{OK: true}), nil
}

func (s *Service) delete(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := bindAgent(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.OKFlag{OK: true}), nil
}

func (s *Service) test(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := bindAgent(r)
	if err != nil {
		return nil, err
	}
	res, err := s.Test(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(res), nil
}

func (s *Service) checkKey(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	st, err := s.CheckKey(ctx, r.Caller)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(KeyState{Status: st.Status, RevokedAt: st.RevokedAt, TenantID: st.TenantID}), nil
}

func (s *Service) reprovisionKey(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := s.ReprovisionKey(ctx, r.Caller)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(TenantRef{TenantID: id}), nil
}
