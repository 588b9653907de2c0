package mailtenants

import (
	"context"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
	"github.com/geniehq/genie/internal/users"
)

// Field limits, in characters.
const (
	MaxTenantIDLen = 200
	MaxAPIKeyLen   = 4096
	MaxNameLen     = 200
)

// Actions returns the mail-tenant-credentials actions (admin only).
func (s *Store) Actions() httpapi.Actions {
	return httpapi.Actions{"upsert": {Access: httpapi.AdminOnly, Handle: s.upsert,
		Summary: "Register a team's mail tenant credentials (creating the owner's account and team when missing)",
		Request: UpsertRequest{}, Response: UpsertResult{}, Idempotent: true}}
}

// UpsertRequest is upsert's data.
type UpsertRequest struct {
	OwnerEmail  *string `json:"owner_email" schema:"required,format=email" doc:"Identifies the team: its owner's email address."`
	TenantID    *string `json:"tenant_id" schema:"required,minLength=1,maxLength=200"`
	APIKey      *string `json:"api_key" schema:"required,minLength=1,maxLength=4096" doc:"Stored encrypted; never returned."`
	TenantName  *string `json:"tenant_name" schema:"nullable,maxLength=200"`
	OwnerUserID *string `json:"owner_user_id" schema:"nullable,maxLength=200" doc:"The owner's user id at the mail system."`
}

// UpsertResult is upsert's answer.
type UpsertResult struct {
	TeamID      int64  `json:"team_id"`
	OwnerUserID string `json:"owner_user_id" doc:"The owner's user id in this service."`
}

func (s *Store) upsert(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in UpsertRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if in.OwnerEmail == nil {
		return nil, apperr.Required("owner_email")
	}
	email, err := users.NormalizeEmail(*in.OwnerEmail)
	if err != nil {
		return nil, apperr.Invalid("owner_email", "owner_email must be a valid email address")
	}
	tenant, err := field.RequiredString("tenant_id", in.TenantID, MaxTenantIDLen)
	if err != nil {
		return nil, err
	}
	if in.APIKey == nil {
		return nil, apperr.Required("api_key")
	}
	if *in.APIKey == "" {
		return nil, apperr.Invalid("api_key", "api_key must not be empty")
	}
	if err := field.MaxLen("api_key", *in.APIKey, MaxAPIKeyLen); err != nil {
		return nil, err
	}
	for name, v := range map[string]*string{"tenant_name": in.TenantName, "owner_user_id": in.OwnerUserID} {
		if v != nil {
			if err := field.MaxLen(name, *v, MaxNameLen); err != nil {
				return nil, err
			}
		}
	}
	teamID, userID, err := s.Put(ctx, Upsert{OwnerEmail: email, TenantID: tenant, APIKey: *in.APIKey,
		TenantName: in.TenantName, MailOwnerUserID: in.OwnerUserID})
	if err != nil {
		return nil, err
	}
	return httpapi.OK(UpsertResult{TeamID: teamID, OwnerUserID: userID}), nil
}
