package editlinks

import (
	"context"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the doc-edit-link actions. Owner actions need a
// credential; public-get and public-update need only the token.
func (s *Service) Actions() httpapi.Actions {
	docID := "The document's id (a UUID); only its owner or an admin may manage its link."
	ownerErrors := []string{apperr.CodeNotFound, apperr.CodeForbidden}
	return httpapi.Actions{
		"get": {Access: httpapi.Authenticated, Handle: httpapi.BindID(s.get), Summary: "Get a document's edit link (null when it has none)",
			ID: docID, Response: MaybeLink{}, Errors: ownerErrors},
		"generate": {Access: httpapi.Authenticated, Handle: s.generate, Summary: "Create a document's edit link, or get it (rotate: replace its token)",
			ID: docID, Request: GenerateRequest{}, Response: LinkAnswer{}, Status: http.StatusCreated, AlsoStatus: []int{http.StatusOK},
			Errors: ownerErrors, Idempotent: true},
		"set-pin": {Access: httpapi.Authenticated, Handle: httpapi.BindID(s.setPIN), Summary: "Set, change or clear the PIN asked on save",
			ID: docID, Request: SetPINRequest{}, Response: LinkAnswer{}, Errors: ownerErrors},
		"revoke": {Access: httpapi.Authenticated, Handle: httpapi.BindID(s.revoke), Summary: "Revoke a document's edit link (succeeds when there is none)",
			ID: docID, Response: httpapi.Success{}, Errors: ownerErrors},
		// Public actions accept U+0000 so that a token containing it is the
		// same 404 as every other unknown token; content is checked for it.
		// public-get allows a long body so that any malformed token, however
		// long, gets the same 404 as every other unknown one.
		"public-get": {Access: httpapi.Public, Handle: httpapi.Bind(s.publicGet), AcceptsNUL: true, MaxBody: 1 << 20,
			Summary: "Read the document behind an edit-link token", Request: PublicGetRequest{}, Response: View{},
			Errors: []string{apperr.CodeNotFound}},
		"public-update": {Access: httpapi.Public, Handle: httpapi.Bind(s.publicUpdate), AcceptsNUL: true, MaxBody: httpapi.DefaultMaxBody, // 1,000,000 characters of content
			Summary: "Save the document behind an edit-link token (with its PIN when it has one)", Request: PublicUpdateRequest{}, Response: Saved{},
			Errors: []string{apperr.CodeNotFound, apperr.CodeForbidden}},
	}
}

// MaybeLink is get's answer: the link, or null.
type MaybeLink struct {
	Link *Link `json:"link"`
}

// LinkAnswer is the answer of generate and set-pin.
type LinkAnswer struct {
	Link Link `json:"link"`
}

// GenerateRequest is generate's data.
type GenerateRequest struct {
	Rotate field.Optional[bool] `json:"rotate" doc:"true: a new token; the old URL stops working at once. Default false."`
}

// SetPINRequest is set-pin's data.
type SetPINRequest struct {
	PIN field.Optional[string] `json:"pin" schema:"pattern=^[0-9]{4,8}$" doc:"4 to 8 digits; null or omitted removes the PIN."`
}

// PublicGetRequest is public-get's data.
type PublicGetRequest struct {
	Token field.Optional[string] `json:"token" schema:"required" doc:"The link's token (the last part of its path)."`
}

// PublicUpdateRequest is public-update's data.
type PublicUpdateRequest struct {
	Token   field.Optional[string] `json:"token" schema:"required"`
	Content *string                `json:"content" schema:"required,minLength=1,maxLength=1000000"`
	PIN     field.Optional[string] `json:"pin" schema:"pattern=^[0-9]{4,8}$" doc:"Required when the link's requiresPin is true."`
}

// The owner actions: the request id (required) names the document
// (httpapi.BindID reads it, then the data).

func (s *Service) get(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (MaybeLink, error) {
	l, err := s.Get(ctx, c, id)
	return MaybeLink{Link: l}, err
}

// generate answers 201 for a new link and 200 for the existing one.
func (s *Service) generate(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	var in GenerateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	l, created, err := s.Generate(ctx, r.Caller, id, in.Rotate.Set && !in.Rotate.Null && in.Rotate.Value)
	if err != nil {
		return nil, err
	}
	if created {
		return httpapi.Created(LinkAnswer{Link: *l}), nil
	}
	return httpapi.OK(LinkAnswer{Link: *l}), nil
}

func (s *Service) setPIN(ctx context.Context, c *auth.Caller, id string, in *SetPINRequest) (LinkAnswer, error) {
	l, err := s.SetPIN(ctx, c, id, in.PIN.Ptr())
	if err != nil {
		return LinkAnswer{}, err
	}
	return LinkAnswer{Link: *l}, nil
}

func (s *Service) revoke(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (httpapi.Success, error) {
	return httpapi.Success{Success: true}, s.Revoke(ctx, c, id)
}

// publicInput is the data of the public actions.
type publicInput PublicUpdateRequest

// token returns the required token. Any string, even an empty one, is
// looked up, so every wrong token meets the same NOT_FOUND.
func (in publicInput) token() (string, error) {
	t := in.Token.Ptr()
	if t == nil {
		return "", apperr.Required("token")
	}
	return *t, nil
}

// The public actions need only the token.

func (s *Service) publicGet(ctx context.Context, _ *auth.Caller, req *PublicGetRequest) (*View, error) {
	token, err := publicInput{Token: req.Token}.token()
	if err != nil {
		return nil, err
	}
	return s.View(ctx, token)
}

func (s *Service) publicUpdate(ctx context.Context, _ *auth.Caller, req *PublicUpdateRequest) (*Saved, error) {
	in := publicInput(*req)
	token, err := in.token()
	if err != nil {
		return nil, err
	}
	return s.Update(ctx, token, in.Content, in.PIN.Ptr())
}
