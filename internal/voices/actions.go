package voices

import (
	"context"
	"strings"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// Actions returns the preselected-voices actions.
func (s *Service) Actions() api.Actions {
	return api.Actions{
		"all":    {Access: api.Authenticated, Handle: s.all},
		"list":   {Access: api.Authenticated, Handle: s.all},
		"create": {Access: api.AdminOnly, Handle: s.create},
		"update": {Access: api.AdminOnly, Handle: s.update},
		"delete": {Access: api.AdminOnly, Handle: s.delete},
	}
}

func (s *Service) all(ctx context.Context, r *api.Request) (*api.Response, error) {
	vs, err := s.List(ctx, r.Caller.IsAdmin())
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"voices": vs, "count": len(vs)}), nil
}

type input struct {
	VoiceID     api.Optional[string] `json:"voice_id"`
	Label       *string              `json:"label"`
	Description api.Optional[string] `json:"description"`
	Gender      *string              `json:"gender"`
	SortOrder   *int64               `json:"sort_order"`
	IsActive    *bool                `json:"is_active"`
}

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
	var in input
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
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
	return api.Created(map[string]any{"voice": v}), nil
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
	var in input
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
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
	return api.OK(map[string]any{"voice": v}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := voiceID(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "message": "voice deleted"}), nil
}
