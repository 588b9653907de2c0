package documents

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the documents actions; all need a credential.
func (s *Service) Actions() httpapi.Actions {
	docID := "The document's id (a UUID)."
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: s.all, Summary: "List your knowledge-base documents (without their content), newest first",
		Request: ListRequest{}, Response: List{}}
	all := list
	all.Summary = "List your knowledge-base documents (same as list)"
	notFound := []string{apperr.CodeNotFound}
	return httpapi.Actions{
		"all":  all,
		"list": list,
		"get": {Access: httpapi.Authenticated, Handle: s.get, Summary: "Get a document with its content (yours, or a public one)",
			ID: docID, Response: One{}, Errors: notFound},
		"create": {Access: httpapi.Authenticated, Handle: s.create, Summary: "Create a knowledge-base document",
			Request: CreateRequest{}, Response: One{}, Status: http.StatusCreated, Idempotent: true,
			MaxBody: httpapi.DefaultMaxBody}, // 1,000,000 characters of content
		"update": {Access: httpapi.Authenticated, Handle: s.update, Summary: "Change a document's name, content or visibility (only the fields given)",
			ID: docID, Request: UpdateRequest{}, Response: One{}, Errors: []string{apperr.CodeNotFound, apperr.CodeForbidden},
			MaxBody: httpapi.DefaultMaxBody},
		"delete": {Access: httpapi.Authenticated, Handle: s.delete, Summary: "Delete a document (and its edit link)",
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

func (s *Service) all(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in ListRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(50, 200)
	if err != nil {
		return nil, err
	}
	docs, total, err := s.List(ctx, r.Caller, ListOptions{All: in.AdminMode && r.Caller.IsAdmin(), Limit: limit, Offset: offset})
	if err != nil {
		return nil, err
	}
	if docs == nil {
		docs = []Document{}
	}
	return httpapi.OK(List{Documents: docs, Count: total, Limit: limit, Offset: offset}), nil
}

// docID returns the request id when it can name a document; any other
// value cannot exist, so it is NOT_FOUND.
func docID(r *httpapi.Request) (string, error) {
	id, err := r.RequireID()
	if err != nil {
		return "", err
	}
	if !field.IsUUID(id) {
		return "", apperr.NotFound("document")
	}
	return id, nil
}

func (s *Service) get(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := docID(r)
	if err != nil {
		return nil, err
	}
	d, err := s.Get(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(One{Document: d}), nil
}

func (s *Service) create(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in CreateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	d, err := s.Create(ctx, r.Caller.UserID, Patch(in))
	if err != nil {
		return nil, err
	}
	return httpapi.Created(One{Document: d}), nil
}

func (s *Service) update(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := docID(r)
	if err != nil {
		return nil, err
	}
	var in UpdateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	d, err := s.Update(ctx, r.Caller, id, Patch(in))
	if err != nil {
		return nil, err
	}
	return httpapi.OK(One{Document: d}), nil
}

func (s *Service) delete(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := docID(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller, id); err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.Done("document deleted")), nil
}
