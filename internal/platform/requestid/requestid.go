// Package requestid carries the id of the request being handled in its
// context, so that any layer can name the request in what it logs without
// knowing the transport that set it.
package requestid

import "context"

type key struct{}

// With returns ctx carrying id.
func With(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, key{}, id)
}

// From returns the id ctx carries, or "".
func From(ctx context.Context) string {
	id, _ := ctx.Value(key{}).(string)
	return id
}
