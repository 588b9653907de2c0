package httpapi

import (
	"context"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/field"
)

// Bind adapts a service function of the caller and the action's data to a
// Handler: data is decoded into In (a wrong type is a VALIDATION_ERROR
// naming the field), fn runs, and its result is the answer, with the
// action's declared Status (200 when none is declared). It is the whole
// handler of an action whose rules live in its service.
func Bind[In, Out any](fn func(ctx context.Context, c *auth.Caller, in *In) (Out, error)) Handler {
	return func(ctx context.Context, r *Request) (*Response, error) {
		var in In
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		out, err := fn(ctx, r.Caller, &in)
		if err != nil {
			return nil, err
		}
		return &Response{Data: out}, nil
	}
}

// BindID is Bind for an action on one record: the request's id, trimmed
// and required (VALIDATION_ERROR naming id), is read before the data.
func BindID[In, Out any](fn func(ctx context.Context, c *auth.Caller, id string, in *In) (Out, error)) Handler {
	return bindRecord(nil, fn)
}

// BindUUID is BindID for records whose id is a UUID: an id that is not one
// names no record, so it answers notFound() before the data is read,
// whatever the data holds.
func BindUUID[In, Out any](notFound func() error, fn func(ctx context.Context, c *auth.Caller, id string, in *In) (Out, error)) Handler {
	return bindRecord(func(id string) error {
		if !field.IsUUID(id) {
			return notFound()
		}
		return nil
	}, fn)
}

// BindRecord is BindID with a check of the id's form (a number, a UUID),
// answered before the data is read.
func BindRecord[In, Out any](check func(id string) error, fn func(ctx context.Context, c *auth.Caller, id string, in *In) (Out, error)) Handler {
	return bindRecord(check, fn)
}

// bindRecord reads the id (and checks it, when check is set), then binds
// the data and runs fn.
func bindRecord[In, Out any](check func(id string) error, fn func(ctx context.Context, c *auth.Caller, id string, in *In) (Out, error)) Handler {
	return func(ctx context.Context, r *Request) (*Response, error) {
		id, err := r.RequireID()
		if err == nil && check != nil {
			err = check(id)
		}
		if err != nil {
			return nil, err
		}
		var in In
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		out, err := fn(ctx, r.Caller, id, &in)
		if err != nil {
			return nil, err
		}
		return &Response{Data: out}, nil
	}
}

// statusOf is the success status of an answer: its own, else the
// action's declared Status, else 200.
func statusOf(a Action, resp *Response) int {
	switch {
	case resp.Status != 0:
		return resp.Status
	case a.Status != 0:
		return a.Status
	}
	return 200
}
