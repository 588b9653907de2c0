package voices

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the preselected-voices actions.
func (s *Service) Actions() httpapi.Actions {
	voiceID := "The voice's id (a UUID)."
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: s.all, Summary: "List the preselected voices by sort_order (admins also see inactive ones)",
		Response: List{}}
	return httpapi.Actions{
		"all":  list.Alias("List the preselected voices (same as list)"),
		"list": list,
		"create": {Access: httpapi.AdminOnly, Handle: httpapi.Bind(s.createOne), Summary: "Add a preselected voice",
			Request: CreateRequest{}, Response: One{}, Status: http.StatusCreated, Idempotent: true},
		"update": {Access: httpapi.AdminOnly, Handle: httpapi.BindUUID(errNotFound, s.updateOne), Summary: "Change a voice (only the fields given; voice_id cannot change)",
			ID: voiceID, Request: UpdateRequest{}, Response: One{}, Errors: []string{apperr.CodeNotFound}},
		"delete": {Access: httpapi.AdminOnly, Handle: httpapi.BindUUID(errNotFound, s.deleteOne), Summary: "Delete a voice for good",
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
	VoiceID     field.Optional[string] `json:"voice_id" schema:"fixed" doc:"Cannot be changed: giving it is a VALIDATION_ERROR."`
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

// The record actions, each a service call wrapped in its answer
// (httpapi.Bind and BindUUID read the data and the id: an id that is not a
// UUID names no voice, whatever the body holds).

func (s *Service) createOne(ctx context.Context, _ *auth.Caller, in *CreateRequest) (One, error) {
	v, err := s.Create(ctx, Patch(*in))
	return One{Voice: v}, err
}

func (s *Service) updateOne(ctx context.Context, _ *auth.Caller, id string, in *UpdateRequest) (One, error) {
	v, err := s.Update(ctx, id, Patch(*in))
	return One{Voice: v}, err
}

func (s *Service) deleteOne(ctx context.Context, _ *auth.Caller, id string, _ *struct{}) (httpapi.SuccessMessage, error) {
	return httpapi.Done("voice deleted"), s.Delete(ctx, id)
}
