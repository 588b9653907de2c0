package users_test

import (
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestAdminUsers walks the users resource: admins only, list with search,
// role filter and paging, set-role, and the own-admin-role guard.
func TestAdminUsers(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		admin := s.NewUser(t, auth.RoleAdmin)
		u1 := s.NewUser(t, auth.RoleUser)
		u2 := s.NewUser(t, auth.RoleConsumer)

		// not an admin: FORBIDDEN for both actions.
		s.Call(t, u1.Token, "users", "list", "", nil).Expect(t, 403, "FORBIDDEN")
		s.Call(t, u1.Token, "users", "set-role", u1.ID, map[string]any{"role": "internal_admin"}).Expect(t, 403, "FORBIDDEN")

		// list: newest first, all three (plus any seeded accounts).
		d := s.Call(t, admin.Token, "users", "list", "", nil).Expect(t, 200, "").Data()
		list := d["users"].([]any)
		if int(d["count"].(float64)) < 3 || len(list) < 3 || d["limit"].(float64) != 50 || d["offset"].(float64) != 0 {
			t.Fatalf("list: %v", d)
		}
		if first := list[0].(map[string]any); first["id"] != u2.ID || first["role"] != "consumer" || first["email_confirmed"] != true {
			t.Fatalf("newest first: got %v, want %s", first, u2.ID)
		}

		// search on an email prefix, any case; LIKE wildcards are literal.
		d = s.Call(t, admin.Token, "users", "list", "", map[string]any{"search": u1.Email[:12]}).Expect(t, 200, "").Data()
		if d["count"].(float64) != 1 || d["users"].([]any)[0].(map[string]any)["id"] != u1.ID {
			t.Fatalf("search %q: %v", u1.Email[:12], d)
		}
		d = s.Call(t, admin.Token, "users", "list", "", map[string]any{"search": "%"}).Expect(t, 200, "").Data()
		if d["count"].(float64) != 0 {
			t.Fatalf("search %%: %v, want none", d)
		}
		d = s.Call(t, admin.Token, "users", "list", "", map[string]any{"search": "USER-"}).Expect(t, 200, "").Data()
		if d["count"].(float64) != 3 {
			t.Fatalf("search USER-: %v, want 3", d)
		}

		// role filter and paging.
		d = s.Call(t, admin.Token, "users", "list", "", map[string]any{"role": "consumer"}).Expect(t, 200, "").Data()
		if d["count"].(float64) != 1 || d["users"].([]any)[0].(map[string]any)["id"] != u2.ID {
			t.Fatalf("role consumer: %v", d)
		}
		d = s.Call(t, admin.Token, "users", "list", "", map[string]any{"search": "user-", "limit": 1, "offset": 1}).Expect(t, 200, "").Data()
		if d["count"].(float64) != 3 || len(d["users"].([]any)) != 1 || d["users"].([]any)[0].(map[string]any)["id"] != u1.ID {
			t.Fatalf("page 2 of 1: %v", d)
		}

		// bad input names its field.
		for _, c := range []struct {
			data  map[string]any
			field string
		}{
			{map[string]any{"role": "root"}, "role"},
			{map[string]any{"limit": 0}, "limit"},
			{map[string]any{"limit": 201}, "limit"},
			{map[string]any{"offset": -1}, "offset"},
		} {
			r := s.Call(t, admin.Token, "users", "list", "", c.data).Expect(t, 400, "VALIDATION_ERROR")
			if apitest.Str(r.Err(), "field") != c.field {
				t.Errorf("list %v: %s, want field %s", c.data, r.Raw, c.field)
			}
		}

		// set-role.
		r := s.Call(t, admin.Token, "users", "set-role", u1.ID, map[string]any{"role": "consumer"}).Expect(t, 200, "")
		if got := r.Data()["user"].(map[string]any); got["id"] != u1.ID || got["role"] != "consumer" || got["email"] != u1.Email {
			t.Fatalf("set-role: %s", r.Raw)
		}
		if u, err := s.App.Users.ByID(t.Context(), u1.ID); err != nil || u.Role != auth.RoleConsumer {
			t.Fatalf("stored role: %v %v", u, err)
		}
		s.Call(t, admin.Token, "users", "set-role", u1.ID, map[string]any{"role": "consumer"}).Expect(t, 200, "")
		s.Call(t, admin.Token, "users", "set-role", "00000000-0000-4000-8000-000000000000", map[string]any{"role": "user"}).Expect(t, 404, "NOT_FOUND")
		for _, c := range []struct {
			id    string
			data  map[string]any
			field string
		}{
			{u1.ID, map[string]any{}, "role"},
			{u1.ID, map[string]any{"role": "root"}, "role"},
			{u1.ID, map[string]any{"role": nil}, "role"},
			{"", map[string]any{"role": "user"}, "id"},
			// an admin cannot remove their own admin role.
			{admin.ID, map[string]any{"role": "user"}, "role"},
		} {
			r := s.Call(t, admin.Token, "users", "set-role", c.id, c.data).Expect(t, 400, "VALIDATION_ERROR")
			if apitest.Str(r.Err(), "field") != c.field {
				t.Errorf("set-role %q %v: %s, want field %s", c.id, c.data, r.Raw, c.field)
			}
		}
		if u, _ := s.App.Users.ByID(t.Context(), admin.ID); u.Role != auth.RoleAdmin {
			t.Fatalf("admin demoted themself: %v", u.Role)
		}
		// keeping one's own admin role is allowed.
		s.Call(t, admin.Token, "users", "set-role", admin.ID, map[string]any{"role": "internal_admin"}).Expect(t, 200, "")
	})
}
