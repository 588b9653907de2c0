package apikeys

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
)

// Actions returns the api-keys actions. All need a session token: an API key
// cannot manage API keys.
func (s *Service) Actions() httpapi.Actions {
	list := httpapi.Action{Access: httpapi.SessionOnly, Handle: httpapi.Bind(s.list), Summary: "List your API keys (without the keys themselves)",
		Response: KeyList{}, REST: []httpapi.Route{{Method: "GET", Path: "/v1/api-keys", OperationID: "listApiKeysRest", Summary: "List API keys (REST form)"}}}
	keyID := "The key's id."
	return httpapi.Actions{
		"all":  list.Alias("List your API keys (same as list)"),
		"list": list,
		"create": {Access: httpapi.SessionOnly, Handle: httpapi.Bind(s.createOne), Summary: "Create an API key (the full key is in this answer only)",
			Request: CreateRequest{}, Response: Created{}, Status: http.StatusCreated, Idempotent: true},
		"revoke": {Access: httpapi.SessionOnly, Handle: httpapi.BindID(s.revokeOne), Summary: "Revoke an API key: later requests with it get 401",
			ID: keyID, Response: httpapi.SuccessMessage{}, Errors: []string{apperr.CodeNotFound},
			REST: []httpapi.Route{{Method: "PATCH", Path: "/v1/api-keys/{id}", OperationID: "revokeApiKeyRest", Summary: "Revoke an API key (REST form)", IDDoc: keyID}}},
		"delete": {Access: httpapi.SessionOnly, Handle: httpapi.BindID(s.deleteOne), Summary: "Delete an API key for good",
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

func (s *Service) list(ctx context.Context, c *auth.Caller, _ *struct{}) (KeyList, error) {
	keys, err := s.List(ctx, c.UserID)
	if keys == nil {
		keys = []Key{}
	}
	return KeyList{APIKeys: keys, Count: len(keys)}, err
}

func (s *Service) createOne(ctx context.Context, c *auth.Caller, in *CreateRequest) (Created, error) {
	if in.Name == nil {
		return Created{}, apperr.Required("name")
	}
	k, err := s.Create(ctx, Owner{UserID: c.UserID, Role: c.Role}, *in.Name)
	if err != nil {
		return Created{}, err
	}
	return Created{APIKey: *k}, nil
}

func (s *Service) revokeOne(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (httpapi.SuccessMessage, error) {
	already, err := s.Revoke(ctx, c, id)
	if already {
		return httpapi.Done("API key was already revoked"), err
	}
	return httpapi.Done("API key revoked"), err
}

func (s *Service) deleteOne(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (httpapi.SuccessMessage, error) {
	return httpapi.Done("API key deleted"), s.Delete(ctx, c, id)
}
