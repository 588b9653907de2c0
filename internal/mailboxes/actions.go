package mailboxes

import (
	"context"
	"strings"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/users"
)

// Actions returns the agent-mailboxes-self actions.
func (s *Service) Actions() api.Actions {
	return api.Actions{
		"get":                    {Access: api.Authenticated, Handle: s.get},
		"provision":              {Access: api.Authenticated, Handle: s.provision},
		"update":                 {Access: api.Authenticated, Handle: s.update},
		"delete":                 {Access: api.Authenticated, Handle: s.delete},
		"test":                   {Access: api.Authenticated, Handle: s.test},
		"check-tenant-key":       {Access: api.AdminOnly, Handle: s.checkKey},
		"reprovision-tenant-key": {Access: api.AdminOnly, Handle: s.reprovisionKey},
	}
}

// agentRef is the agentId every action takes (required).
type agentRef struct {
	AgentID *string `json:"agentId"`
}

func (a agentRef) id() (string, error) {
	if a.AgentID == nil || strings.TrimSpace(*a.AgentID) == "" {
		return "", apperr.Required("agentId")
	}
	return *a.AgentID, nil
}

func bindAgent(r *api.Request) (string, error) {
	var in agentRef
	if err := r.Bind(&in); err != nil {
		return "", err
	}
	return in.id()
}

func (s *Service) get(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := bindAgent(r)
	if err != nil {
		return nil, err
	}
	m, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return api.OK(m), nil
}

func (s *Service) provision(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		agentRef
		DesiredLocalpart *string `json:"desiredLocalpart"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	if in.DesiredLocalpart != nil {
		if err := CheckLocalpart(*in.DesiredLocalpart); err != nil {
			return nil, apperr.Invalid("desiredLocalpart", "desiredLocalpart %v", err)
		}
	}
	m, err := s.Provision(ctx, r.Caller, id, in.DesiredLocalpart)
	if err != nil {
		return nil, err
	}
	return api.OK(m), nil
}

func (s *Service) update(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		agentRef
		Action     *string              `json:"action"`
		Escalation api.Optional[string] `json:"escalation_address"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	var ch Change
	if in.Action != nil {
		if *in.Action != "suspend" && *in.Action != "resume" {
			return nil, apperr.Invalid("action", "action must be suspend or resume")
		}
		ch.Action = *in.Action
	}
	if in.Action == nil && !in.Escalation.Set {
		return nil, apperr.Invalid("action", "give action (suspend or resume) and/or escalation_address")
	}
	if in.Escalation.Set && !in.Escalation.Null {
		e, err := users.NormalizeEmail(in.Escalation.Value)
		if err != nil {
			return nil, apperr.Invalid("escalation_address", "escalation_address must be a valid email address or null")
		}
		in.Escalation.Value = e
	}
	ch.Escalation = in.Escalation
	if err := s.Update(ctx, r.Caller, id, ch); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"ok": true}), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := bindAgent(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"ok": true}), nil
}

func (s *Service) test(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := bindAgent(r)
	if err != nil {
		return nil, err
	}
	res, err := s.Test(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return api.OK(res), nil
}

func (s *Service) checkKey(ctx context.Context, r *api.Request) (*api.Response, error) {
	st, err := s.CheckKey(ctx, r.Caller)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"status": st.Status, "revokedAt": st.RevokedAt, "tenantId": st.TenantID}), nil
}

func (s *Service) reprovisionKey(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := s.ReprovisionKey(ctx, r.Caller)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"tenantId": id}), nil
}
