package voices

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the preselected-voices actions.
func (s *Service) Actions() httpapi.Actions {
	voiceID := "The voice's id (a UUID)."
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: s.all, Summary: "List the preselected voices by sort_order (admins also see inactive ones)",
		Response: List{}}
	all := list
	all.Summary = "List the preselected voices (same as list)"
	return httpapi.Actions{
		"all":  all,
		"list": list,
		"create": {Access: httpapi.AdminOnly, Handle: s.create, Summary: "Add a preselected voice",
			Request: CreateRequest{}, Response: One{}, Status: http.StatusCreated, Idempotent: true},
		"update": {Access: httpapi.AdminOnly, Handle: s.update, Summary: "Change a voice (only the fields given; voice_id cannot change)",
			ID: voiceID, Request: UpdateRequest{}, Response: One{}, Errors: []string{apperr.CodeNotFound}},
		"delete": {Access: httpapi.AdminOnly, Handle: s.delete, Summary: "Delete a voice for good",
			ID: voiceID, Response: httpapi.SuccessMessage{}, Errors: []string{apperr.CodeNotFound}},
	}
}

// List is the answer of all and list.
type List struct {
	Voices []*Voice `json:"voices"`
	Count  int      `json:"count"`
}

// One is the answer of create and update.
type One struct {
	Voice *Voice `json:"voice"`
}

// CreateRequest is create's data.
type CreateRequest struct {
	VoiceID     field.Optional[string] `json:"voice_id" schema:"required,minLength=1,maxLength=200" doc:"The voice's id at the speech provider."`
	Label       *string                `json:"label" schema:"required,minLength=1,maxLength=100"`
	Description field.Optional[string] `json:"description" schema:"maxLength=1000"`
	Gender      *string                `json:"gender" schema:"required,enum=male|female"`
	SortOrder   *int64                 `json:"sort_order" schema:"min=-1000000000,max=1000000000" doc:"Default 0."`
	IsActive    *bool                  `json:"is_active" doc:"Visible to regular users; default true."`
}

// UpdateRequest is update's data: only the fields given change.
type UpdateRequest struct {
	VoiceID     field.Optional[string] `json:"voice_id" doc:"Cannot be changed: giving it is a VALIDATION_ERROR."`
	Label       *string                `json:"label" schema:"minLength=1,maxLength=100"`
	Description field.Optional[string] `json:"description" schema:"maxLength=1000"`
	Gender      *string                `json:"gender" schema:"enum=male|female"`
	SortOrder   *int64                 `json:"sort_order" schema:"min=-1000000000,max=1000000000"`
	IsActive    *bool                  `json:"is_active"`
}

func (s *Service) all(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	vs, err := s.List(ctx, r.Caller.IsAdmin())
	if err != nil {
		return nil, err
	}
	if vs == nil {
		vs = []*Voice{}
	}
	return httpapi.OK(List{Voices: vs, Count: len(vs)}), nil
}

func (s *Service) create(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var req CreateRequest
	if err := r.Bind(&req); err != nil {
		return nil, err
	}
	v, err := s.Create(ctx, Patch(req))
	if err != nil {
		return nil, err
	}
	return httpapi.Created(One{Voice: v}), nil
}

// voiceID returns the request id (trimmed); a value that is not a UUID
// names no voice. It runs before the body is decoded, so a bad id is
// NOT_FOUND whatever the body holds.
func voiceID(r *httpapi.Request) (string, error) {
	id, err := r.RequireID()
	if err != nil {
		return "", err
	}
	if !field.IsUUID(id) {
		return "", errNotFound()
	}
	return id, nil
}

func (s *Service) update(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := voiceID(r)
	if err != nil {
		return nil, err
	}
	var req UpdateRequest
	if err := r.Bind(&req); err != nil {
		return nil, err
	}
	v, err := s.Update(ctx, id, Patch(req))
	if err != nil {
		return nil, err
	}
	return httpapi.OK(One{Voice: v}), nil
}

func (s *Service) delete(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := voiceID(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, id); err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.Done("voice deleted")), nil
}
