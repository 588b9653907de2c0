package editlinks

import (
	"context"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// Actions returns the doc-edit-link actions. Owner actions need a
// credential; public-get and public-update need only the token.
func (s *Service) Actions() api.Actions {
	return api.Actions{
		"get":      {Access: api.Authenticated, Handle: owner(s.get)},
		"generate": {Access: api.Authenticated, Handle: owner(s.generate)},
		"set-pin":  {Access: api.Authenticated, Handle: owner(s.setPIN)},
		"revoke":   {Access: api.Authenticated, Handle: owner(s.revoke)},
		// Public actions accept U+0000 so that a token containing it is the
		// same 404 as every other unknown token; content is checked for it.
		// public-get allows a long body so that any malformed token, however
		// long, gets the same 404 as every other unknown one.
		"public-get":    {Access: api.Public, Handle: s.publicGet, AcceptsNUL: true, MaxBody: 1 << 20},
		"public-update": {Access: api.Public, Handle: s.publicUpdate, AcceptsNUL: true, MaxBody: api.DefaultMaxBody}, // 1,000,000 characters of content
	}
}

// owner adapts an owner action, whose request id (required) names the
// document.
func owner(fn func(ctx context.Context, r *api.Request, documentID string) (*api.Response, error)) api.Handler {
	return func(ctx context.Context, r *api.Request) (*api.Response, error) {
		id, err := r.RequireID()
		if err != nil {
			return nil, err
		}
		return fn(ctx, r, id)
	}
}

func (s *Service) get(ctx context.Context, r *api.Request, id string) (*api.Response, error) {
	l, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"link": l}), nil
}

func (s *Service) generate(ctx context.Context, r *api.Request, id string) (*api.Response, error) {
	var in struct {
		Rotate api.Optional[bool] `json:"rotate"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	l, created, err := s.Generate(ctx, r.Caller, id, in.Rotate.Set && !in.Rotate.Null && in.Rotate.Value)
	if err != nil {
		return nil, err
	}
	if created {
		return api.Created(map[string]any{"link": l}), nil
	}
	return api.OK(map[string]any{"link": l}), nil
}

func (s *Service) setPIN(ctx context.Context, r *api.Request, id string) (*api.Response, error) {
	var in struct {
		PIN api.Optional[string] `json:"pin"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	l, err := s.SetPIN(ctx, r.Caller, id, in.PIN.Ptr())
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"link": l}), nil
}

func (s *Service) revoke(ctx context.Context, r *api.Request, id string) (*api.Response, error) {
	if err := s.Revoke(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true}), nil
}

// publicInput is the data of the public actions.
type publicInput struct {
	Token   api.Optional[string] `json:"token"`
	Content *string              `json:"content"`
	PIN     api.Optional[string] `json:"pin"`
}

// token returns the required token. Any string, even an empty one, is
// looked up, so every wrong token meets the same NOT_FOUND.
func (in publicInput) token() (string, error) {
	t := in.Token.Ptr()
	if t == nil {
		return "", apperr.Required("token")
	}
	return *t, nil
}

func (s *Service) publicGet(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in publicInput
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	token, err := in.token()
	if err != nil {
		return nil, err
	}
	v, err := s.View(ctx, token)
	if err != nil {
		return nil, err
	}
	return api.OK(v), nil
}

func (s *Service) publicUpdate(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in publicInput
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	token, err := in.token()
	if err != nil {
		return nil, err
	}
	saved, err := s.Update(ctx, token, in.Content, in.PIN.Ptr())
	if err != nil {
		return nil, err
	}
	return api.OK(saved), nil
}
