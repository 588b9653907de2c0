package apikeys

import (
	"context"

	"github.com/geniehq/genie/internal/api"
)

// Actions returns the api-keys actions. All need a session token: an API key
// cannot manage API keys.
func (s *Service) Actions() api.Actions {
	list := api.Action{Access: api.SessionOnly, Handle: s.list}
	return api.Actions{
		"all":    list,
		"list":   list,
		"create": {Access: api.SessionOnly, Handle: s.create},
		"revoke": {Access: api.SessionOnly, Handle: s.revoke},
		"delete": {Access: api.SessionOnly, Handle: s.delete},
	}
}

func (s *Service) list(ctx context.Context, r *api.Request) (*api.Response, error) {
	keys, err := s.List(ctx, r.Caller.UserID)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"api_keys": keys, "count": len(keys)}), nil
}

func (s *Service) create(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		Name *string `json:"name"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	name, err := CheckName(in.Name)
	if err != nil {
		return nil, err
	}
	k, err := s.Create(ctx, Owner{UserID: r.Caller.UserID, Role: r.Caller.Role}, name)
	if err != nil {
		return nil, err
	}
	return api.Created(map[string]any{"api_key": k}), nil
}

func (s *Service) revoke(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	already, err := s.Revoke(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	msg := "API key revoked"
	if already {
		msg = "API key was already revoked"
	}
	return api.OK(map[string]any{"success": true, "message": msg}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "message": "API key deleted"}), nil
}
