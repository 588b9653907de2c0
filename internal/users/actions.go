package users

import (
	"context"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the admin-only users resource: list accounts and change
// their role.
func (s *Store) Actions() httpapi.Actions {
	return httpapi.Actions{
		"list": {Access: httpapi.AdminOnly, Handle: httpapi.Bind(s.list), Summary: "List accounts, newest first (admins only)",
			Request: ListRequest{}, Response: UserList{}},
		"set-role": {Access: httpapi.AdminOnly, Handle: httpapi.BindID(s.setRole), Summary: "Change an account's role (admins only; not your own admin role)",
			ID: "The user's id.", Request: SetRoleRequest{}, Response: UserAnswer{}, Errors: []string{apperr.CodeNotFound}},
	}
}

// ListRequest is list's data.
type ListRequest struct {
	Search *string `json:"search" schema:"maxLength=254" doc:"Only accounts whose email starts with this (any case)."`
	Role   *string `json:"role" schema:"enum=internal_admin|user|consumer" doc:"Only accounts with this role."`
	Limit  *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int    `json:"offset" schema:"min=0" doc:"Default 0."`
}

// SetRoleRequest is set-role's data.
type SetRoleRequest struct {
	Role *string `json:"role" schema:"required,enum=internal_admin|user|consumer"`
}

// AdminUser is an account as the users resource shows it.
type AdminUser struct {
	ID             string     `json:"id"`
	Email          string     `json:"email" doc:"Empty for an external identity without an address."`
	Role           string     `json:"role" schema:"enum=internal_admin|user|consumer"`
	CreatedAt      time.Time  `json:"created_at"`
	LastSignInAt   *time.Time `json:"last_sign_in_at"`
	EmailConfirmed bool       `json:"email_confirmed"`
}

// UserList is list's answer.
type UserList struct {
	Users  []AdminUser `json:"users"`
	Count  int         `json:"count" doc:"Matching accounts in all."`
	Limit  int         `json:"limit"`
	Offset int         `json:"offset"`
}

// UserAnswer is set-role's answer.
type UserAnswer struct {
	User AdminUser `json:"user"`
}

func adminView(u *User) AdminUser {
	return AdminUser{ID: u.ID, Email: u.Email, Role: string(u.Role), CreatedAt: u.CreatedAt,
		LastSignInAt: u.LastSignInAt, EmailConfirmed: u.EmailConfirmedAt != nil}
}

func (s *Store) list(ctx context.Context, _ *auth.Caller, in *ListRequest) (UserList, error) {
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(50, 200)
	if err != nil {
		return UserList{}, err
	}
	o := ListOptions{Limit: limit, Offset: offset}
	if in.Search != nil {
		if len(*in.Search) > MaxSearchLen {
			return UserList{}, apperr.Invalid("search", "search must be at most %d characters", MaxSearchLen)
		}
		o.Search = *in.Search
	}
	if in.Role != nil {
		if !auth.ValidRole(*in.Role) {
			return UserList{}, apperr.Invalid("role", "role must be one of internal_admin, user, consumer")
		}
		o.Role = auth.Role(*in.Role)
	}
	us, total, err := s.List(ctx, o)
	if err != nil {
		return UserList{}, err
	}
	out := UserList{Users: make([]AdminUser, 0, len(us)), Count: total, Limit: limit, Offset: offset}
	for _, u := range us {
		out.Users = append(out.Users, adminView(u))
	}
	return out, nil
}

func (s *Store) setRole(ctx context.Context, c *auth.Caller, id string, in *SetRoleRequest) (UserAnswer, error) {
	if in.Role == nil {
		return UserAnswer{}, apperr.Required("role")
	}
	u, err := s.ChangeRole(ctx, c, id, auth.Role(*in.Role))
	if err != nil {
		return UserAnswer{}, err
	}
	return UserAnswer{User: adminView(u)}, nil
}
