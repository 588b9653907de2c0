package groups

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the genie-groups actions; all need a credential. Each
// declares what it takes and answers; the handlers bind into and answer
// those same types.
func (s *Service) Actions() httpapi.Actions {
	groupID := "The group's id: a number, written as a string."
	forbidden := []string{apperr.CodeForbidden}                 // adminMode or userId without the admin role
	both := []string{apperr.CodeForbidden, apperr.CodeNotFound} // ... and a group the caller cannot reach
	a := func(summary string, h httpapi.Handler, req, resp any, errs []string) httpapi.Action {
		return httpapi.Action{Access: httpapi.Authenticated, Handle: h, Summary: summary, Request: req, Response: resp, Errors: errs}
	}
	one := func(summary string, h httpapi.Handler, req, resp any, errs []string) httpapi.Action {
		act := a(summary, h, req, resp, errs)
		act.ID, act.IDPattern = groupID, IDPattern
		return act
	}
	create := a("Create a group at the next free position", httpapi.Bind(s.createOne), CreateRequest{}, One{}, forbidden)
	create.Status, create.Idempotent = http.StatusCreated, true
	return httpapi.Actions{
		"list":    a("List your groups by position", listing(s.list), Scope{}, List{}, forbidden),
		"all":     a("List your groups by position (same as list)", listing(s.list), Scope{}, List{}, forbidden),
		"get":     one("Get a group", httpapi.BindRecord(checkID, s.getOne), GetRequest{}, One{}, []string{apperr.CodeNotFound}),
		"create":  create,
		"update":  one("Change a group's name, description or position (only the fields given)", httpapi.BindRecord(checkID, s.updateOne), UpdateRequest{}, One{}, both),
		"delete":  one("Delete a group; its genies keep existing, in no group", httpapi.BindRecord(checkID, s.deleteOne), Scope{}, httpapi.SuccessMessage{}, both),
		"reorder": a("Set the order of your groups", httpapi.Bind(s.reorder), ReorderRequest{}, httpapi.SuccessMessage{}, both),
		"counts":  a("Count the genies in each of your groups", listing(s.counts), Scope{}, Counts{}, forbidden),
		"sync": a("Put a genie in a group, or in none", httpapi.Bind(s.sync), SyncRequest{}, SyncResult{},
			[]string{apperr.CodeForbidden, apperr.CodeNotFound, apperr.CodeAgentNotFound}),
	}
}

// GetRequest is get's data.
type GetRequest struct {
	AdminMode bool `json:"adminMode" doc:"Accepted for compatibility; admins reach every user's groups anyway."`
}

// List is the answer of list and all.
type List struct {
	Groups []Group `json:"groups" doc:"By position (admins in adminMode without userId: by user, then position)."`
}

// One is the answer of get, create and update.
type One struct {
	Group Group `json:"group"`
}

// Counts is counts' answer.
type Counts struct {
	Counts map[string]int `json:"counts" doc:"Number of genies by group id (as a string)."`
}

// CreateRequest is create's data.
type CreateRequest struct {
	Scope
	Name        *string `json:"name" schema:"required,minLength=1,maxLength=100"`
	Description *string `json:"description" schema:"maxLength=1000"`
	Position    *int64  `json:"position" schema:"min=0,max=1000000" doc:"Ignored on create: a new group goes last."`
}

// UpdateRequest is update's data: only the fields given change.
type UpdateRequest struct {
	Scope
	Name        *string `json:"name" schema:"minLength=1,maxLength=100"`
	Description *string `json:"description" schema:"maxLength=1000"`
	Position    *int64  `json:"position" schema:"min=0,max=1000000" doc:"The group moves there; the others close up (positions stay 0..n-1)."`
}

// ReorderRequest is reorder's data.
type ReorderRequest struct {
	Scope
	GroupIDs *[]int64 `json:"groupIds" schema:"required,maxItems=1000,unique" doc:"The element at index n gets position n."`
}

// SyncRequest is sync's data.
type SyncRequest struct {
	Scope
	AgentID *string               `json:"agentId" schema:"required,minLength=1"`
	GroupID field.Optional[int64] `json:"groupId" schema:"required" doc:"A group id, or null to take the genie out of its group."`
}

// listing adapts a read of one user's groups (list, counts): the data is a
// Scope, and fn gets its target user ("" for every user: an admin in
// adminMode without userId).
func listing[Out any](fn func(ctx context.Context, uid string) (Out, error)) httpapi.Handler {
	return httpapi.Bind(func(ctx context.Context, c *auth.Caller, in *Scope) (Out, error) {
		uid, err := in.Target(c, true)
		if err != nil {
			var none Out
			return none, err
		}
		return fn(ctx, uid)
	})
}

func (s *Service) list(ctx context.Context, uid string) (List, error) {
	gs, err := s.List(ctx, uid)
	out := make([]Group, len(gs))
	for i, g := range gs {
		out[i] = *g
	}
	return List{Groups: out}, err
}

func (s *Service) counts(ctx context.Context, uid string) (Counts, error) {
	c, err := s.Counts(ctx, uid)
	return Counts{Counts: c}, err
}

// checkID refuses an id that is not a group id (a positive number),
// before the data is read.
func checkID(id string) error {
	_, err := ParseID("id", id)
	return err
}

// The record actions, each a service call wrapped in its answer
// (httpapi.Bind and BindRecord read the data and the id, checked by
// checkID, so the ids below parse).

func (s *Service) getOne(ctx context.Context, c *auth.Caller, id string, _ *GetRequest) (One, error) {
	gid, _ := ParseID("id", id)
	g, err := s.Get(ctx, c, gid)
	if err != nil {
		return One{}, err
	}
	return One{Group: *g}, nil
}

func (s *Service) createOne(ctx context.Context, c *auth.Caller, in *CreateRequest) (One, error) {
	g, err := s.Create(ctx, c, in.Scope, Patch{Name: in.Name, Description: in.Description, Position: in.Position})
	if err != nil {
		return One{}, err
	}
	return One{Group: *g}, nil
}

func (s *Service) updateOne(ctx context.Context, c *auth.Caller, id string, in *UpdateRequest) (One, error) {
	gid, _ := ParseID("id", id)
	g, err := s.Update(ctx, c, in.Scope, gid, Patch{Name: in.Name, Description: in.Description, Position: in.Position})
	if err != nil {
		return One{}, err
	}
	return One{Group: *g}, nil
}

func (s *Service) deleteOne(ctx context.Context, c *auth.Caller, id string, in *Scope) (httpapi.SuccessMessage, error) {
	gid, _ := ParseID("id", id)
	if _, err := in.Target(c, false); err != nil {
		return httpapi.SuccessMessage{}, err
	}
	return httpapi.Done("group deleted"), s.Delete(ctx, c, gid)
}

func (s *Service) reorder(ctx context.Context, c *auth.Caller, in *ReorderRequest) (httpapi.SuccessMessage, error) {
	if in.GroupIDs == nil {
		return httpapi.SuccessMessage{}, apperr.Required("groupIds")
	}
	if len(*in.GroupIDs) > MaxReorder {
		return httpapi.SuccessMessage{}, apperr.Invalid("groupIds", "groupIds may list at most %d groups", MaxReorder)
	}
	uid, err := in.Target(c, false)
	if err != nil {
		return httpapi.SuccessMessage{}, err
	}
	return httpapi.Done("groups reordered"), s.Reorder(ctx, uid, *in.GroupIDs)
}

func (s *Service) sync(ctx context.Context, c *auth.Caller, in *SyncRequest) (*SyncResult, error) {
	if in.AgentID == nil || *in.AgentID == "" {
		return nil, apperr.Required("agentId")
	}
	if !in.GroupID.Set {
		return nil, apperr.Invalid("groupId", "groupId is required (a group ID, or null to remove the genie from its group)")
	}
	uid, err := in.Target(c, false)
	if err != nil {
		return nil, err
	}
	return s.Sync(ctx, c, uid, *in.AgentID, in.GroupID.Ptr())
}
