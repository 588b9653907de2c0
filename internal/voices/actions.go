package voices

import (
	"context"
	"net/http"
	"strings"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// Actions returns the preselected-voices actions.
func (s *Service) Actions() api.Actions {
	voiceID := "The voice's id (a UUID)."
	list := api.Action{Access: api.Authenticated, Handle: s.all, Summary: "List the preselected voices by sort_order (admins also see inactive ones)",
		Response: List{}}
	all := list
	all.Summary = "List the preselected voices (same as list)"
	return api.Actions{
		"all":  all,
		"list": list,
		"create": {Access: api.AdminOnly, Handle: s.create, Summary: "Add a preselected voice",
			Request: CreateRequest{}, Response: One{}, Status: http.StatusCreated, Idempotent: true},
		"update": {Access: api.AdminOnly, Handle: s.update, Summary: "Change a voice (only the fields given; voice_id cannot change)",
			ID: voiceID, Request: UpdateRequest{}, Response: One{}, Errors: []string{apperr.CodeNotFound}},
		"delete": {Access: api.AdminOnly, Handle: s.delete, Summary: "Delete a voice for good",
			ID: voiceID, Response: api.SuccessMessage{}, Errors: []string{apperr.CodeNotFound}},
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
	VoiceID     api.Optional[string] `json:"voice_id" schema:"required,minLength=1,maxLength=200" doc:"The voice's id at the speech provider."`
	Label       *string              `json:"label" schema:"required,minLength=1,maxLength=100"`
	Description api.Optional[string] `json:"description" schema:"maxLength=1000"`
	Gender      *string              `json:"gender" schema:"required,enum=male|female"`
	SortOrder   *int64               `json:"sort_order" schema:"min=-1000000000,max=1000000000" doc:"Default 0."`
	IsActive    *bool                `json:"is_active" doc:"Visible to regular users; default true."`
}

// UpdateRequest is update's data: only the fields given change.
type UpdateRequest struct {
	VoiceID     api.Optional[string] `json:"voice_id" doc:"Cannot be changed: giving it is a VALIDATION_ERROR."`
	Label       *string              `json:"label" schema:"minLength=1,maxLength=100"`
	Description api.Optional[string] `json:"description" schema:"maxLength=1000"`
	Gender      *string              `json:"gender" schema:"enum=male|female"`
	SortOrder   *int64               `json:"sort_order" schema:"min=-1000000000,max=1000000000"`
	IsActive    *bool                `json:"is_active"`
}

func (s *Service) all(ctx context.Context, r *api.Request) (*api.Response, error) {
	vs, err := s.List(ctx, r.Caller.IsAdmin())
	if err != nil {
		return nil, err
	}
	if vs == nil {
		vs = []*Voice{}
	}
	return api.OK(List{Voices: vs, Count: len(vs)}), nil
}

// input is what create and update bind into.
type input UpdateRequest

func checkGender(g *string) error {
	if *g != "male" && *g != "female" {
		return apperr.Invalid("gender", "gender must be \"male\" or \"female\"")
	}
	return nil
}

func (in *input) checkCommon() error {
	if in.SortOrder != nil {
		if err := api.CheckRange("sort_order", *in.SortOrder, -api.MaxOrder, api.MaxOrder); err != nil {
			return err
		}
	}
	if in.Label != nil {
		l, err := api.RequiredString("label", in.Label, MaxLabelLen)
		if err != nil {
			return err
		}
		in.Label = &l
	}
	if d := in.Description.Ptr(); d != nil {
		if err := api.MaxLen("description", *d, MaxDescriptionLen); err != nil {
			return err
		}
	}
	if in.Gender != nil {
		return checkGender(in.Gender)
	}
	return nil
}

func (s *Service) create(ctx context.Context, r *api.Request) (*api.Response, error) {
	var req CreateRequest
	if err := r.Bind(&req); err != nil {
		return nil, err
	}
	in := input(req)
	vid, err := api.RequiredString("voice_id", in.VoiceID.Ptr(), MaxVoiceIDLen)
	if err != nil {
		return nil, err
	}
	if in.Label == nil {
		return nil, apperr.Required("label")
	}
	if in.Gender == nil {
		return nil, apperr.Required("gender")
	}
	if err := in.checkCommon(); err != nil {
		return nil, err
	}
	v := &Voice{VoiceID: vid, Label: *in.Label, Description: in.Description.Ptr(), Gender: *in.Gender, IsActive: true}
	if in.SortOrder != nil {
		v.SortOrder = *in.SortOrder
	}
	if in.IsActive != nil {
		v.IsActive = *in.IsActive
	}
	if err := s.Create(ctx, v); err != nil {
		return nil, err
	}
	return api.Created(One{Voice: v}), nil
}

// voiceID returns the request id; a value that is not a UUID names no
// voice.
func voiceID(r *api.Request) (string, error) {
	id, err := r.RequireID()
	if err != nil {
		return "", err
	}
	if !api.IsUUID(strings.TrimSpace(id)) {
		return "", apperr.NotFound("voice")
	}
	return strings.TrimSpace(id), nil
}

func (s *Service) update(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := voiceID(r)
	if err != nil {
		return nil, err
	}
	var req UpdateRequest
	if err := r.Bind(&req); err != nil {
		return nil, err
	}
	in := input(req)
	if in.VoiceID.Set {
		return nil, apperr.Invalid("voice_id", "voice_id cannot be changed; create a new voice instead")
	}
	if err := in.checkCommon(); err != nil {
		return nil, err
	}
	v, err := s.Update(ctx, id, Patch{Label: in.Label, Description: in.Description, Gender: in.Gender, SortOrder: in.SortOrder, IsActive: in.IsActive})
	if err != nil {
		return nil, err
	}
	return api.OK(One{Voice: v}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := voiceID(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, id); err != nil {
		return nil, err
	}
	return api.OK(api.Done("voice deleted")), nil
}
