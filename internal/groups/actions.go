package groups

import (
	"context"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/auth"
)

// Actions returns the genie-groups actions; all need a credential.
func (s *Service) Actions() api.Actions {
	a := func(h api.Handler) api.Action { return api.Action{Access: api.Authenticated, Handle: h} }
	return api.Actions{
		"list":    a(s.list),
		"all":     a(s.list),
		"get":     a(s.get),
		"create":  a(s.create),
		"update":  a(s.update),
		"delete":  a(s.delete),
		"reorder": a(s.reorder),
		"counts":  a(s.counts),
		"sync":    a(s.sync),
	}
}

// scope is the admin options every action accepts.
type scope struct {
	AdminMode bool    `json:"adminMode"`
	UserID    *string `json:"userId"`
}

// target is the user whose groups an action manages: the caller, or for an
// admin the given userId. A non-admin naming another user, or asking for
// adminMode, is FORBIDDEN.
// With listAll (admin list modes) and no userId, "" means every user.
func (sc scope) target(c *auth.Caller, listAll bool) (string, error) {
	if sc.AdminMode && !c.IsAdmin() {
		return "", apperr.Forbidden("adminMode needs the internal_admin role")
	}
	if sc.UserID != nil && *sc.UserID != c.UserID {
		if !c.IsAdmin() {
			return "", apperr.Forbidden("managing another user's groups needs the internal_admin role")
		}
		if *sc.UserID == "" {
			return "", apperr.Invalid("userId", "userId must not be empty")
		}
		return *sc.UserID, nil
	}
	if sc.UserID == nil && listAll && sc.AdminMode && c.IsAdmin() {
		return "", nil
	}
	return c.UserID, nil
}

func (s *Service) list(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in scope
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	uid, err := in.target(r.Caller, true)
	if err != nil {
		return nil, err
	}
	gs, err := s.List(ctx, uid)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"groups": gs}), nil
}

func groupID(r *api.Request) (int64, error) {
	id, err := r.RequireID()
	if err != nil {
		return 0, err
	}
	return ParseID("id", id)
}

func (s *Service) get(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in scope
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, err := groupID(r)
	if err != nil {
		return nil, err
	}
	g, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"group": g}), nil
}

type fields struct {
	scope
	Name        *string `json:"name"`
	Description *string `json:"description"`
	Position    *int64  `json:"position"`
}

func (f *fields) check(create bool) error {
	if f.Name != nil || create {
		n, err := api.RequiredString("name", f.Name, MaxNameLen)
		if err != nil {
			return err
		}
		f.Name = &n
	}
	if f.Description != nil {
		if err := api.MaxLen("description", *f.Description, MaxDescriptionLen); err != nil {
			return err
		}
	}
	if f.Position != nil {
		if err := api.CheckRange("position", *f.Position, 0, MaxPosition); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) create(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in fields
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if err := in.check(true); err != nil {
		return nil, err
	}
	uid, err := in.target(r.Caller, false)
	if err != nil {
		return nil, err
	}
	desc := ""
	if in.Description != nil {
		desc = *in.Description
	}
	g, err := s.Create(ctx, uid, *in.Name, desc)
	if err != nil {
		return nil, err
	}
	return api.Created(map[string]any{"group": g}), nil
}

func (s *Service) update(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := groupID(r)
	if err != nil {
		return nil, err
	}
	var in fields
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if err := in.check(false); err != nil {
		return nil, err
	}
	if _, err := in.target(r.Caller, false); err != nil {
		return nil, err
	}
	g, err := s.Update(ctx, r.Caller, id, Patch{Name: in.Name, Description: in.Description, Position: in.Position})
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"group": g}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := groupID(r)
	if err != nil {
		return nil, err
	}
	var in scope
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if _, err := in.target(r.Caller, false); err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "message": "group deleted"}), nil
}

func (s *Service) reorder(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		scope
		GroupIDs *[]int64 `json:"groupIds"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if in.GroupIDs == nil {
		return nil, apperr.Required("groupIds")
	}
	if len(*in.GroupIDs) > MaxReorder {
		return nil, apperr.Invalid("groupIds", "groupIds may list at most %d groups", MaxReorder)
	}
	uid, err := in.target(r.Caller, false)
	if err != nil {
		return nil, err
	}
	if err := s.Reorder(ctx, uid, *in.GroupIDs); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "message": "groups reordered"}), nil
}

func (s *Service) counts(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in scope
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	uid, err := in.target(r.Caller, true)
	if err != nil {
		return nil, err
	}
	c, err := s.Counts(ctx, uid)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"counts": c}), nil
}

func (s *Service) sync(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		scope
		AgentID *string             `json:"agentId"`
		GroupID api.Optional[int64] `json:"groupId"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if in.AgentID == nil || *in.AgentID == "" {
		return nil, apperr.Required("agentId")
	}
	if !in.GroupID.Set {
		return nil, apperr.Invalid("groupId", "groupId is required (a group ID, or null to remove the genie from its group)")
	}
	uid, err := in.target(r.Caller, false)
	if err != nil {
		return nil, err
	}
	res, err := s.Sync(ctx, r.Caller, uid, *in.AgentID, in.GroupID.Ptr())
	if err != nil {
		return nil, err
	}
	return api.OK(res), nil
}
