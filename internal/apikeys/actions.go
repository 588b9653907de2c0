package apikeys

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
)

// Actions returns the api-keys actions. All need a session token: an API key
// cannot manage API keys.
func (s *Service) Actions() httpapi.Actions {
	all := httpapi.Action{Access: httpapi.SessionOnly, Handle: s.list, Summary: "List your API keys (same as list)",
		Response: KeyList{}}
	list := all
	list.Summary = "List your API keys (without the keys themselves)"
	list.REST = []httpapi.Route{{Method: "GET", Path: "/v1/api-keys", OperationID: "listApiKeysRest", Summary: "List API keys (REST form)"}}
	keyID := "The key's id."
	return httpapi.Actions{
		"all":  all,
		"list": list,
		"create": {Access: httpapi.SessionOnly, Handle: s.create, Summary: "Create an API key (the full key is in this answer only)",
			Request: CreateRequest{}, Response: Created{}, Status: http.StatusCreated, Idempotent: true},
		"revoke": {Access: httpapi.SessionOnly, Handle: s.revoke, Summary: "Revoke an API key: later requests with it get 401",
			ID: keyID, Response: httpapi.SuccessMessage{}, Errors: []string{apperr.CodeNotFound},
			REST: []httpapi.Route{{Method: "PATCH", Path: "/v1/api-keys/{id}", OperationID: "revokeApiKeyRest", Summary: "Revoke an API key (REST form)", IDDoc: keyID}}},
		"delete": {Access: httpapi.SessionOnly, Handle: s.delete, Summary: "Delete an API key for good",
			ID: keyID, Response: httpapi.SuccessMessage{}, Errors: []string{apperr.CodeNotFound},
			REST: []httpapi.Route{{Method: "DELETE", Path: "/v1/api-keys/{id}", OperationID: "deleteApiKeyRest", Summary: "Delete an API key (REST form)", IDDoc: keyID}}},
	}
}

// KeyList is the answer of list and all.
type KeyList struct {
	APIKeys []Key `json:"api_keys"`
	Count   int   `json:"count"`
}

// CreateRequest is create's data.
type CreateRequest struct {
	Name *string `json:"name" schema:"required,minLength=1,maxLength=100" doc:"A name to recognise the key by."`
}

// Created is create's answer.
type Created struct {
	APIKey Key `json:"api_key"`
}

func (s *Service) list(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	keys, err := s.List(ctx, r.Caller.UserID)
	if err != nil {
		return nil, err
	}
	if keys == nil {
		keys = []Key{}
	}
	return httpapi.OK(KeyList{APIKeys: keys, Count: len(keys)}), nil
}

func (s *Service) create(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in CreateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if in.Name == nil {
		return nil, apperr.Required("name")
	}
	k, err := s.Create(ctx, Owner{UserID: r.Caller.UserID, Role: r.Caller.Role}, *in.Name)
	if err != nil {
		return nil, err
	}
	return httpapi.Created(Created{APIKey: *k}), nil
}

func (s *Service) revoke(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
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
	return httpapi.OK(httpapi.Done(msg)), nil
}

func (s *Service) delete(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.Done("API key deleted")), nil
}
