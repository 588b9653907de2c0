package genies

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// Actions returns the genies actions; all need a credential.
// maxBody fits the largest legal genie: 100,000 characters of instructions
// and the other fields, at up to 12 bytes a character when a client
// escapes everything ("\ud83d\ude00").
const maxBody = 2 << 20

func (s *Service) Actions() api.Actions {
	genieID := "The genie's id (a UUID)."
	notFound := []string{apperr.CodeAgentNotFound}
	list := api.Action{Access: api.Authenticated, Handle: s.all, Summary: "List your genies, newest first",
		Request: ListRequest{}, Response: List{}}
	all := list
	all.Summary = "List your genies (same as list)"
	return api.Actions{
		"all":  all,
		"list": list,
		"get": {Access: api.Authenticated, Handle: s.get, Summary: "Get one of your genies, with its mailbox",
			ID: genieID, Response: One{}, Errors: notFound},
		"create": {Access: api.Authenticated, Handle: s.create, Summary: "Create a genie",
			Request: CreateRequest{}, Response: One{}, Status: http.StatusCreated, Idempotent: true, MaxBody: maxBody,
			Errors: []string{apperr.CodeForbidden, apperr.CodeNotFound}},
		"update": {Access: api.Authenticated, Handle: s.update, Summary: "Change a genie (only the fields given)",
			ID: genieID, Request: UpdateRequest{}, Response: One{}, MaxBody: maxBody, Errors: notFound},
		"delete": {Access: api.Authenticated, Handle: s.delete, Summary: "Delete a genie, its mailbox and its listing link",
			ID: genieID, Response: api.SuccessMessage{}, Errors: notFound},
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
	Name         *string                `json:"name" schema:"minLength=1,maxLength=200"`
	Description  *string                `json:"description" schema:"maxLength=5000"`
	Instructions *string                `json:"instructions" schema:"maxLength=100000"`
	Greeting     *string                `json:"greeting" schema:"maxLength=2000"`
	VoiceID      api.Optional[string]   `json:"voice_id" doc:"A voice id, or null for none."`
	DocumentIDs  api.Optional[[]string] `json:"document_ids" doc:"The knowledge-base documents (UUIDs) the genie uses."`
}

// CreateRequest is create's data: name is required.
type CreateRequest struct {
	Name         *string                `json:"name" schema:"required,minLength=1,maxLength=200"`
	Description  *string                `json:"description" schema:"maxLength=5000"`
	Instructions *string                `json:"instructions" schema:"maxLength=100000"`
	Greeting     *string                `json:"greeting" schema:"maxLength=2000"`
	VoiceID      api.Optional[string]   `json:"voice_id" doc:"A voice id, or null for none."`
	DocumentIDs  api.Optional[[]string] `json:"document_ids" doc:"The knowledge-base documents (UUIDs) the genie uses."`
}

func (s *Service) all(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in ListRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := api.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(50, 200)
	if err != nil {
		return nil, err
	}
	gs, total, err := s.List(ctx, r.Caller, ListOptions{All: in.AdminMode && r.Caller.IsAdmin(), GroupID: in.GroupID, Limit: limit, Offset: offset})
	if err != nil {
		return nil, err
	}
	if gs == nil {
		gs = []*Genie{}
	}
	return api.OK(List{Genies: gs, Count: total, Limit: limit, Offset: offset}), nil
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
	return api.OK(One{Genie: g}), nil
}

// input is what create and update take.
type input UpdateRequest

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
	var req CreateRequest
	if err := r.Bind(&req); err != nil {
		return nil, err
	}
	in := input(req)
	f, err := in.fields(true)
	if err != nil {
		return nil, err
	}
	g, err := s.Create(ctx, r.Caller, f)
	if err != nil {
		return nil, err
	}
	return api.Created(One{Genie: g}), nil
}

func (s *Service) update(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	var req UpdateRequest
	if err := r.Bind(&req); err != nil {
		return nil, err
	}
	in := input(req)
	f, err := in.fields(false)
	if err != nil {
		return nil, err
	}
	g, err := s.Update(ctx, r.Caller, id, f)
	if err != nil {
		return nil, err
	}
	return api.OK(One{Genie: g}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id, s.DeleteHooks...); err != nil {
		return nil, err
	}
	return api.OK(api.Done("genie deleted")), nil
}
