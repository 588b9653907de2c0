package genies

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the genies actions; all need a credential.
// maxBody fits the largest legal genie: 100,000 characters of instructions
// and the other fields, at up to 12 bytes a character when a client
// escapes everything ("\ud83d\ude00").
const maxBody = 2 << 20

func (s *Service) Actions() httpapi.Actions {
	genieID := "The genie's id (a UUID)."
	notFound := []string{apperr.CodeAgentNotFound}
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: httpapi.Bind(s.all), Summary: "List your genies, newest first",
		Request: ListRequest{}, Response: List{}}
	return httpapi.Actions{
		"all":  list.Alias("List your genies (same as list)"),
		"list": list,
		"get": {Access: httpapi.Authenticated, Handle: httpapi.BindID(s.getOne), Summary: "Get one of your genies, with its mailbox",
			ID: genieID, Response: One{}, Errors: notFound},
		"create": {Access: httpapi.Authenticated, Handle: httpapi.Bind(s.createOne), Summary: "Create a genie",
			Request: CreateRequest{}, Response: One{}, Status: http.StatusCreated, Idempotent: true, MaxBody: maxBody,
			Errors: []string{apperr.CodeForbidden, apperr.CodeNotFound}},
		"update": {Access: httpapi.Authenticated, Handle: httpapi.BindID(s.updateOne), Summary: "Change a genie (only the fields given)",
			ID: genieID, Request: UpdateRequest{}, Response: One{}, MaxBody: maxBody, Errors: []string{apperr.CodeAgentNotFound, apperr.CodeNotFound}},
		"delete": {Access: httpapi.Authenticated, Handle: httpapi.BindID(s.deleteOne), Summary: "Delete a genie, its mailbox and its listing link",
			ID: genieID, Response: httpapi.SuccessMessage{}, Errors: notFound},
	}
}

// ListRequest is the data of list and all.
type ListRequest struct {
	Limit     *int   `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset    *int   `json:"offset" schema:"min=0" doc:"Default 0."`
	AdminMode bool   `json:"adminMode" doc:"Admins only: every user's genies."`
	GroupID   *int64 `json:"group_id" doc:"Only the genies of this group."`
}

// List is the answer of list and all.
type List struct {
	Genies []*Genie `json:"genies"`
	Count  int      `json:"count"`
	Limit  int      `json:"limit"`
	Offset int      `json:"offset"`
}

// One is the answer of get, create and update.
type One struct {
	Genie *Genie `json:"genie"`
}

// UpdateRequest is update's data: only the fields given change.
type UpdateRequest struct {
	Name *string `json:"name" schema:"minLength=1,maxLength=200"`
	Details
}

// CreateRequest is create's data: name is required.
type CreateRequest struct {
	Name *string `json:"name" schema:"required,minLength=1,maxLength=200"`
	Details
}

// Details are the fields of create and update beside the name, each
// optional in both.
type Details struct {
	Description  *string                  `json:"description" schema:"maxLength=5000"`
	Instructions *string                  `json:"instructions" schema:"maxLength=100000"`
	Greeting     *string                  `json:"greeting" schema:"maxLength=2000"`
	VoiceID      field.Optional[string]   `json:"voice_id" doc:"A voice id, or null for none."`
	DocumentIDs  field.Optional[[]string] `json:"document_ids" doc:"The knowledge-base documents (UUIDs) the genie uses."`
	Conversation *ConversationPatch       `json:"conversation" doc:"The public conversation page's settings; only the fields given change."`
}

func (s *Service) all(ctx context.Context, c *auth.Caller, in *ListRequest) (List, error) {
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(50, 200)
	if err != nil {
		return List{}, err
	}
	gs, total, err := s.List(ctx, c, ListOptions{All: in.AdminMode && c.IsAdmin(), GroupID: in.GroupID, Limit: limit, Offset: offset})
	if gs == nil {
		gs = []*Genie{}
	}
	return List{Genies: gs, Count: total, Limit: limit, Offset: offset}, err
}

// The record actions, each a service call whose genie is wrapped in its
// answer (httpapi.Bind and BindID read the data and the id).

func (s *Service) getOne(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (One, error) {
	g, err := s.Get(ctx, c, id)
	return One{Genie: g}, err
}

func (s *Service) createOne(ctx context.Context, c *auth.Caller, in *CreateRequest) (One, error) {
	g, err := s.Create(ctx, c, Fields(*in))
	return One{Genie: g}, err
}

func (s *Service) updateOne(ctx context.Context, c *auth.Caller, id string, in *UpdateRequest) (One, error) {
	g, err := s.Update(ctx, c, id, Fields(*in))
	return One{Genie: g}, err
}

func (s *Service) deleteOne(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (httpapi.SuccessMessage, error) {
	return httpapi.Done("genie deleted"), s.Delete(ctx, c, id, s.DeleteHooks...)
}
