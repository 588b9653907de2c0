// Package auth resolves a request's credential — an API key or a session
// token (JWT) — into a Caller, and enforces the per-key rate limit. Secrets
// are handled only as hashes and compared in constant time.
package auth

import "context"

// Role is a user's role.
type Role string

// Roles. Admin actions need RoleAdmin; RoleConsumer may not create genies.
const (
	RoleUser     Role = "user"
	RoleConsumer Role = "consumer"
	RoleAdmin    Role = "internal_admin"
)

// ValidRole reports whether r is a known role.
func ValidRole(r string) bool {
	switch Role(r) {
	case RoleUser, RoleConsumer, RoleAdmin:
		return true
	}
	return false
}

// Method is how a caller authenticated.
type Method int

// Methods.
const (
	MethodNone Method = iota
	MethodSession
	MethodAPIKey
)

// Caller is the authenticated principal of a request.
type Caller struct {
	UserID    string
	Email     string
	Role      Role
	TeamID    *int64
	Method    Method
	KeyID     string // the API key's id, when Method is MethodAPIKey
	SessionID string // the embedded provider's session, when known
}

// IsAdmin reports whether the caller has the internal_admin role.
func (c *Caller) IsAdmin() bool { return c != nil && c.Role == RoleAdmin }

// CanAccess reports whether the caller may reach a record owned by ownerID:
// its owner, or an admin.
func (c *Caller) CanAccess(ownerID string) bool {
	return c != nil && (c.UserID == ownerID || c.Role == RoleAdmin)
}

type ctxKey struct{}

// WithCaller returns ctx carrying c.
func WithCaller(ctx context.Context, c *Caller) context.Context {
	return context.WithValue(ctx, ctxKey{}, c)
}

// FromContext returns the caller in ctx, or nil.
func FromContext(ctx context.Context) *Caller {
	c, _ := ctx.Value(ctxKey{}).(*Caller)
	return c
}
