package documents

import (
	"context"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// Actions returns the documents actions; all need a credential.
func (s *Service) Actions() api.Actions {
	return api.Actions{
		"all":    {Access: api.Authenticated, Handle: s.all},
		"list":   {Access: api.Authenticated, Handle: s.all},
		"get":    {Access: api.Authenticated, Handle: s.get},
		"create": {Access: api.Authenticated, Handle: s.create, MaxBody: api.DefaultMaxBody}, // 1,000,000 characters of content
		"update": {Access: api.Authenticated, Handle: s.update, MaxBody: api.DefaultMaxBody},
		"delete": {Access: api.Authenticated, Handle: s.delete},
	}
}

func (s *Service) all(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		api.Page
		AdminMode bool `json:"adminMode"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := in.Resolve(50, 200)
	if err != nil {
		return nil, err
	}
	docs, total, err := s.List(ctx, r.Caller, ListOptions{All: in.AdminMode && r.Caller.IsAdmin(), Limit: limit, Offset: offset})
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"documents": docs, "count": total, "limit": limit, "offset": offset}), nil
}

// docID returns the request id when it can name a document; any other
// value cannot exist, so it is NOT_FOUND.
func docID(r *api.Request) (string, error) {
	id, err := r.RequireID()
	if err != nil {
		return "", err
	}
	if !api.IsUUID(id) {
		return "", apperr.NotFound("document")
	}
	return id, nil
}

func (s *Service) get(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := docID(r)
	if err != nil {
		return nil, err
	}
	d, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"document": d}), nil
}

type input struct {
	Name     *string `json:"name"`
	Content  *string `json:"content"`
	IsPublic *bool   `json:"is_public"`
}

func (s *Service) create(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in input
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	name, err := api.RequiredString("name", in.Name, MaxNameLen)
	if err != nil {
		return nil, err
	}
	content := ""
	if in.Content != nil {
		content = *in.Content
	}
	if err := CheckContent("content", content); err != nil {
		return nil, err
	}
	d, err := s.Create(ctx, r.Caller.UserID, name, content, in.IsPublic != nil && *in.IsPublic)
	if err != nil {
		return nil, err
	}
	return api.Created(map[string]any{"document": d}), nil
}

func (s *Service) update(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := docID(r)
	if err != nil {
		return nil, err
	}
	var in input
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	p := Patch{Content: in.Content, IsPublic: in.IsPublic}
	if in.Name != nil {
		name, err := api.RequiredString("name", in.Name, MaxNameLen)
		if err != nil {
			return nil, err
		}
		p.Name = &name
	}
	if in.Content != nil {
		if err := CheckContent("content", *in.Content); err != nil {
			return nil, err
		}
	}
	d, err := s.Update(ctx, r.Caller, id, p)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"document": d}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := docID(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "message": "document deleted"}), nil
}
