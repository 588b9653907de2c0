package documents

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the documents actions; all need a credential.
func (s *Service) Actions() httpapi.Actions {
	docID := "The document's id (a UUID)."
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: httpapi.Bind(s.all), Summary: "List your knowledge-base documents (without their content), newest first",
		Request: ListRequest{}, Response: List{}}
	notFound := []string{apperr.CodeNotFound}
	return httpapi.Actions{
		"all":  list.Alias("List your knowledge-base documents (same as list)"),
		"list": list,
		"get": {Access: httpapi.Authenticated, Handle: httpapi.BindUUID(errNotFound, s.getOne), Summary: "Get a document with its content (yours, or a public one)",
			ID: docID, Response: One{}, Errors: notFound},
		"create": {Access: httpapi.Authenticated, Handle: httpapi.Bind(s.createOne), Summary: "Create a knowledge-base document",
			Request: CreateRequest{}, Response: One{}, Status: http.StatusCreated, Idempotent: true,
			MaxBody: httpapi.DefaultMaxBody}, // 1,000,000 characters of content
		"update": {Access: httpapi.Authenticated, Handle: httpapi.BindUUID(errNotFound, s.updateOne), Summary: "Change a document's name, content or visibility (only the fields given)",
			ID: docID, Request: UpdateRequest{}, Response: One{}, Errors: []string{apperr.CodeNotFound, apperr.CodeForbidden},
			MaxBody: httpapi.DefaultMaxBody},
		"delete": {Access: httpapi.Authenticated, Handle: httpapi.BindUUID(errNotFound, s.deleteOne), Summary: "Delete a document (and its edit link)",
			ID: docID, Response: httpapi.SuccessMessage{}, Errors: []string{apperr.CodeNotFound, apperr.CodeForbidden}},
	}
}

// ListRequest is the data of list and all.
type ListRequest struct {
	Limit     *int `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset    *int `json:"offset" schema:"min=0" doc:"Default 0."`
	AdminMode bool `json:"adminMode" doc:"Admins only: every user's documents."`
}

// List is the answer of list and all.
type List struct {
	Documents []Document `json:"documents"`
	Count     int        `json:"count"`
	Limit     int        `json:"limit"`
	Offset    int        `json:"offset"`
}

// One is the answer of get, create and update.
type One struct {
	Document *Document `json:"document"`
}

// CreateRequest is create's data.
type CreateRequest struct {
	Name     *string `json:"name" schema:"required,minLength=1,maxLength=255"`
	Content  *string `json:"content" schema:"maxLength=1000000" doc:"Plain text; default empty."`
	IsPublic *bool   `json:"is_public" doc:"Public documents may be used as sources by anyone; default false."`
}

// UpdateRequest is update's data: only the fields given change.
type UpdateRequest struct {
	Name     *string `json:"name" schema:"minLength=1,maxLength=255"`
	Content  *string `json:"content" schema:"maxLength=1000000"`
	IsPublic *bool   `json:"is_public"`
}

func (s *Service) all(ctx context.Context, c *auth.Caller, in *ListRequest) (List, error) {
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(50, 200)
	if err != nil {
		return List{}, err
	}
	docs, total, err := s.List(ctx, c, ListOptions{All: in.AdminMode && c.IsAdmin(), Limit: limit, Offset: offset})
	if docs == nil {
		docs = []Document{}
	}
	return List{Documents: docs, Count: total, Limit: limit, Offset: offset}, err
}

// errNotFound answers an id that cannot name a document (not a UUID).
func errNotFound() error { return apperr.NotFound("document") }

// The record actions, each a service call wrapped in its answer
// (httpapi.Bind and BindUUID read the data and the id).

func (s *Service) getOne(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (One, error) {
	d, err := s.Get(ctx, c, id)
	return One{Document: d}, err
}

func (s *Service) createOne(ctx context.Context, c *auth.Caller, in *CreateRequest) (One, error) {
	d, err := s.Create(ctx, c.UserID, Patch(*in))
	return One{Document: d}, err
}

func (s *Service) updateOne(ctx context.Context, c *auth.Caller, id string, in *UpdateRequest) (One, error) {
	d, err := s.Update(ctx, c, id, Patch(*in))
	return One{Document: d}, err
}

func (s *Service) deleteOne(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (httpapi.SuccessMessage, error) {
	return httpapi.Done("document deleted"), s.Delete(ctx, c, id)
}
