package genies

import (
	"context"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// Actions returns the genies actions; all need a credential.
// maxBody fits the largest legal genie: 100,000 characters of instructions
// and the other fields, at up to 12 bytes a character when a client
// escapes everything ("\ud83d\ude00").
const maxBody = 2 << 20

func (s *Service) Actions() api.Actions {
	return api.Actions{
		"all":    {Access: api.Authenticated, Handle: s.all},
		"list":   {Access: api.Authenticated, Handle: s.all},
		"get":    {Access: api.Authenticated, Handle: s.get},
		"create": {Access: api.Authenticated, Handle: s.create, MaxBody: maxBody},
		"update": {Access: api.Authenticated, Handle: s.update, MaxBody: maxBody},
		"delete": {Access: api.Authenticated, Handle: s.delete},
	}
}

func (s *Service) all(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		api.Page
		AdminMode bool   `json:"adminMode"`
		GroupID   *int64 `json:"group_id"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := in.Resolve(50, 200)
	if err != nil {
		return nil, err
	}
	gs, total, err := s.List(ctx, r.Caller, ListOptions{All: in.AdminMode && r.Caller.IsAdmin(), GroupID: in.GroupID, Limit: limit, Offset: offset})
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"genies": gs, "count": total, "limit": limit, "offset": offset}), nil
}

func (s *Service) get(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	g, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"genie": g}), nil
}

type input struct {
	Name         *string                `json:"name"`
	Description  *string                `json:"description"`
	Instructions *string                `json:"instructions"`
	Greeting     *string                `json:"greeting"`
	VoiceID      api.Optional[string]   `json:"voice_id"`
	DocumentIDs  api.Optional[[]string] `json:"document_ids"`
}

// fields validates an input; with create set, name is required.
func (in *input) fields(create bool) (Fields, error) {
	var f Fields
	if in.Name != nil || create {
		name, err := api.RequiredString("name", in.Name, MaxNameLen)
		if err != nil {
			return f, err
		}
		f.Name = &name
	}
	for _, c := range []struct {
		field string
		v     *string
		max   int
		dst   **string
	}{
		{"description", in.Description, MaxDescriptionLen, &f.Description},
		{"instructions", in.Instructions, MaxInstructionsLen, &f.Instructions},
		{"greeting", in.Greeting, MaxGreetingLen, &f.Greeting},
	} {
		if c.v != nil {
			if err := api.MaxLen(c.field, *c.v, c.max); err != nil {
				return f, err
			}
			*c.dst = c.v
		}
	}
	if in.VoiceID.Set {
		v := in.VoiceID.Ptr()
		if v != nil {
			if err := api.MaxLen("voice_id", *v, MaxVoiceIDLen); err != nil {
				return f, err
			}
		}
		f.VoiceID = &v
	}
	if in.DocumentIDs.Set {
		ids, err := CheckDocumentIDs(in.DocumentIDs.Value)
		if err != nil {
			return f, err
		}
		f.DocumentIDs = &ids
	}
	return f, nil
}

// CheckDocumentIDs validates a document ID list and drops duplicates,
// keeping the first occurrence's position.
func CheckDocumentIDs(ids []string) ([]string, error) { return CheckIDList("document_ids", ids) }

// CheckIDList is CheckDocumentIDs for a request field of another name
// (genie-documents' documentIds): errors are VALIDATION_ERROR on field.
func CheckIDList(field string, ids []string) ([]string, error) {
	if len(ids) > MaxDocuments {
		return nil, apperr.Invalid(field, "%s may list at most %d documents", field, MaxDocuments)
	}
	seen := map[string]bool{}
	out := []string{}
	for i, id := range ids {
		if !api.IsUUID(id) {
			return nil, apperr.Invalid(field, "%s[%d] must be a document UUID", field, i)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

func (s *Service) create(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in input
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	f, err := in.fields(true)
	if err != nil {
		return nil, err
	}
	g, err := s.Create(ctx, r.Caller, f)
	if err != nil {
		return nil, err
	}
	return api.Created(map[string]any{"genie": g}), nil
}

func (s *Service) update(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	var in input
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	f, err := in.fields(false)
	if err != nil {
		return nil, err
	}
	g, err := s.Update(ctx, r.Caller, id, f)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"genie": g}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id, s.DeleteHooks...); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "message": "genie deleted"}), nil
}
