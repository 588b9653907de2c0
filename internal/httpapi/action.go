// Package httpapi is the HTTP transport of the v1 interface: the request
// envelope, the action registry, authentication and rate limiting at the
// edge, and the one place where results and errors become JSON bodies.
// It knows no resource; each resource package exports its actions and the
// app package registers them.
package httpapi

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/field"
)

// Access says who may call an action.
type Access int

// Access levels.
const (
	// Public actions need no credential; a valid one is still resolved, so
	// admins can use admin-only options, and a bad one is refused.
	Public Access = iota
	// Authenticated actions need an API key or a session token.
	Authenticated
	// SessionOnly actions need a session token (API key management).
	SessionOnly
	// AdminOnly actions need the internal_admin role.
	AdminOnly
)

// Handler runs one action.
type Handler func(ctx context.Context, req *Request) (*Response, error)

// Action is a registered action of a resource.
type Action struct {
	Access Access
	Handle Handler
	// AcceptsNUL lets data carry U+0000, which is otherwise refused for
	// every action (PostgreSQL cannot store it). An action that sets it
	// must keep such text out of the database itself.
	AcceptsNUL bool

	// The declaration: what the action takes and answers. The published
	// API description, the contract test and the access matrix read these,
	// so they must say what the handler really does.

	// Summary is one line for the reference docs ("Create an API key").
	Summary string
	// Request is the zero value of the struct the handler binds data into
	// (nil: the action takes no data). Handlers bind into this same type,
	// so the description and the validation cannot disagree.
	Request any
	// Response is the zero value of the type the handler puts in the
	// success envelope's data.
	Response any
	// Status is the success status (0 means 200); AlsoStatus lists other
	// success statuses (a generate that answers 200 for an existing link).
	Status     int
	AlsoStatus []int
	// ID describes the record id the action takes in the envelope's id
	// (the id query parameter of its own path); "" for none. IDOptional
	// marks an id the action can do without.
	ID         string
	IDOptional bool
	// IDPattern is the pattern an id of this action matches, declared in
	// the document ("" for any string); the action's binder enforces it.
	IDPattern string
	// Errors are the error codes the action itself can answer, besides the
	// ones every action can (VALIDATION_ERROR, INTERNAL_ERROR and the
	// credential and rate-limit codes of its access level).
	Errors []string
	// Idempotent marks actions that create something or have an effect
	// outside the service: an Idempotency-Key header makes their retry
	// return the first answer.
	Idempotent bool
	// MaxBody bounds the request body for this action (0: the default for
	// small JSON bodies). Only actions that take large content raise it.
	MaxBody int64
	// REST lists the action's other forms, besides POST: a method and a
	// path without a body, the record id as the path's {id} (GET
	// /v1/api-keys, DELETE /v1/api-keys/{id}). The server mounts them and
	// the document describes them.
	REST []Route
}

// Route is a REST form of an action.
type Route struct {
	Method, Path string
	// OperationID and Summary name the form in the document; IDDoc
	// describes the {id} path parameter.
	OperationID, Summary, IDDoc string
}

// Alias is the action registered under a second name (all beside list):
// the same handler and declaration with its own summary; the REST forms
// stay with the first name.
func (a Action) Alias(summary string) Action {
	a.Summary, a.REST = summary, nil
	return a
}

// Actions maps action names to actions for one resource.
type Actions map[string]Action

// Request is one decoded envelope.
type Request struct {
	Caller   *auth.Caller // nil on a public action called without a credential
	Resource string
	Action   string
	ID       string
	HasID    bool
	Data     json.RawMessage // always a JSON object
	HTTP     *http.Request
}

// Bind decodes the request's data into dst (a pointer to a struct); a wrong
// type becomes a VALIDATION_ERROR naming the field.
func (r *Request) Bind(dst any) error { return field.Decode(r.Data, dst) }

// UserID is the caller's user ID, or "" for an anonymous caller.
func (r *Request) UserID() string {
	if r.Caller == nil {
		return ""
	}
	return r.Caller.UserID
}

// Response is an action's result: Data goes in the success envelope.
type Response struct {
	Status int
	Data   any
	Header http.Header
}

// OK is a 200 response.
func OK(data any) *Response { return &Response{Status: http.StatusOK, Data: data} }

// Created is a 201 response.
func Created(data any) *Response { return &Response{Status: http.StatusCreated, Data: data} }

// RequireID returns the request's id, trimmed, or VALIDATION_ERROR naming
// id when it is missing or blank.
func (r *Request) RequireID() (string, error) { return field.ID("id", r.ID) }

// Require checks the caller against an access level, as the server does
// before an action runs: for the modes of an action that need more than
// the action itself (a public list whose write modes are for admins).
func (r *Request) Require(a Access) error { return checkAccess(a, r.Caller) }
