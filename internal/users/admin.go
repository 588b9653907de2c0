package users

import (
	"context"
	"database/sql"
	"strings"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// This file holds the rules of the admin-only users resource: listing
// accounts and changing their role.

// ListOptions selects a page of users.
type ListOptions struct {
	Search string    // email prefix (any case); "" for all
	Role   auth.Role // "" for every role
	Limit  int
	Offset int
}

// Search prefixes longer than this are refused (no address is longer).
const MaxSearchLen = 254

// likePrefix escapes LIKE's wildcards in a lower-cased prefix and appends
// the one wildcard.
func likePrefix(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(strings.ToLower(s)) + "%"
}

// List returns a page of users, newest first, and how many match.
func (s *Store) List(ctx context.Context, o ListOptions) ([]*User, int, error) {
	return listUsers(ctx, s.DB.R, o)
}

// ChangeRole sets the user's role on an admin's behalf. An admin may not
// take their own internal_admin role away, so the caller's account always
// stays an admin and there is always at least one.
func (s *Store) ChangeRole(ctx context.Context, caller *auth.Caller, id string, role auth.Role) (*User, error) {
	if !auth.ValidRole(string(role)) {
		return nil, apperr.Invalid("role", "role must be one of internal_admin, user, consumer")
	}
	if caller != nil && caller.UserID == id && role != auth.RoleAdmin {
		return nil, apperr.Invalid("role", "you cannot remove your own internal_admin role; ask another admin")
	}
	return db.InTx(ctx, s.DB, func(tx *sql.Tx) (*User, error) { return s.SetRoleTx(ctx, tx, id, role) })
}
