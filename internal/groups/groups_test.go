package groups_test

import (
	"fmt"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/groups"
)

func TestOrder(t *testing.T) {
	cases := []struct {
		current, req, want []int64
		fails              bool
	}{
		{[]int64{1, 2, 3}, []int64{3, 1, 2}, []int64{3, 1, 2}, false},
		{[]int64{1, 2, 3}, []int64{3}, []int64{3, 1, 2}, false},
		{[]int64{1, 2, 3}, nil, []int64{1, 2, 3}, false},
		{[]int64{1, 2}, []int64{2, 2}, nil, true},
		{[]int64{1, 2}, []int64{9}, nil, true},
	}
	for _, c := range cases {
		got, err := groups.Order(c.current, c.req)
		if (err != nil) != c.fails || fmt.Sprint(got) != fmt.Sprint(c.want) && !c.fails {
			t.Errorf("Order(%v, %v) = %v, %v", c.current, c.req, got, err)
		}
	}
}

func TestGroups(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		call := func(tok, action, id string, data map[string]any) *apitest.Resp {
			return s.Call(t, tok, "genie-groups", action, id, data)
		}
		mk := func(tok, name string, extra ...any) map[string]any {
			data := map[string]any{"name": name, "description": "about " + name}
			for i := 0; i+1 < len(extra); i += 2 {
				data[extra[i].(string)] = extra[i+1]
			}
			return call(tok, "create", "", data).Expect(t, 201, "").Data()["group"].(map[string]any)
		}
		a := mk(u.Token, "Sales")
		b := mk(u.Token, "Support")
		c := mk(u.Token, "Ops")
		if a["position"] != 0.0 || b["position"] != 1.0 || c["position"] != 2.0 || a["user_id"] != u.ID {
			t.Fatalf("positions: %v %v %v", a, b, c)
		}
		if _, ok := a["id"].(float64); !ok {
			t.Fatalf("id must be a number: %v", a["id"])
		}
		id := func(g map[string]any) string { return fmt.Sprint(int64(g["id"].(float64))) }

		// list is ordered by position and shows only the caller's groups.
		mk(other.Token, "Theirs")
		gs := call(u.Token, "list", "", nil).Expect(t, 200, "").Data()["groups"].([]any)
		if len(gs) != 3 || gs[0].(map[string]any)["name"] != "Sales" {
			t.Fatalf("list: %v", gs)
		}
		call(other.Token, "get", id(a), nil).Expect(t, 404, "NOT_FOUND")
		call(other.Token, "update", id(a), map[string]any{"name": "x"}).Expect(t, 404, "NOT_FOUND")
		call(other.Token, "delete", id(a), nil).Expect(t, 404, "NOT_FOUND")
		call(u.Token, "get", id(a), nil).Expect(t, 200, "")

		// reorder: index n gets position n.
		call(u.Token, "reorder", "", map[string]any{"groupIds": []any{c["id"], a["id"], b["id"]}}).Expect(t, 200, "")
		gs = call(u.Token, "list", "", nil).Data()["groups"].([]any)
		if gs[0].(map[string]any)["name"] != "Ops" || gs[1].(map[string]any)["position"] != 1.0 {
			t.Fatalf("after reorder: %v", gs)
		}

		// sync puts genies in groups; counts follow.
		genie := apitest.Str(s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "g"}).Expect(t, 201, "").Data(), "genie", "id")
		r := call(u.Token, "sync", "", map[string]any{"agentId": genie, "groupId": a["id"]}).Expect(t, 200, "").Data()
		if r["previousGroupId"] != nil || r["newGroupId"] != a["id"] || apitest.Dig(r, "agent", "group_id") != a["id"] || apitest.Dig(r, "agent", "id") != genie {
			t.Fatalf("sync: %v", r)
		}
		r = call(u.Token, "sync", "", map[string]any{"agentId": genie, "groupId": b["id"]}).Expect(t, 200, "").Data()
		if r["previousGroupId"] != a["id"] || r["newGroupId"] != b["id"] {
			t.Fatalf("move: %v", r)
		}
		counts := call(u.Token, "counts", "", nil).Expect(t, 200, "").Data()["counts"].(map[string]any)
		if counts[id(b)] != 1.0 || counts[id(a)] != 0.0 || len(counts) != 3 {
			t.Fatalf("counts: %v", counts)
		}
		if g := apitest.Dig(s.Call(t, u.Token, "genies", "get", genie, nil).Data(), "genie", "group_id"); g != b["id"] {
			t.Fatalf("genie group_id %v", g)
		}
		// Deleting the group ungroups its genies.
		call(u.Token, "delete", id(b), nil).Expect(t, 200, "")
		if g := apitest.Dig(s.Call(t, u.Token, "genies", "get", genie, nil).Data(), "genie", "group_id"); g != nil {
			t.Fatalf("genie group_id after delete %v", g)
		}
		r = call(u.Token, "sync", "", map[string]any{"agentId": genie, "groupId": nil}).Expect(t, 200, "").Data()
		if r["previousGroupId"] != nil || r["newGroupId"] != nil {
			t.Fatalf("sync null: %v", r)
		}

		// Another user's genie or group cannot be synced.
		theirs := apitest.Str(s.Call(t, other.Token, "genies", "create", "", map[string]any{"name": "t"}).Data(), "genie", "id")
		call(u.Token, "sync", "", map[string]any{"agentId": theirs, "groupId": a["id"]}).Expect(t, 404, "AGENT_NOT_FOUND")
		theirGroup := call(other.Token, "list", "", nil).Data()["groups"].([]any)[0].(map[string]any)
		call(u.Token, "sync", "", map[string]any{"agentId": genie, "groupId": theirGroup["id"]}).Expect(t, 404, "NOT_FOUND")

		// Update changes only supplied fields.
		up := call(u.Token, "update", id(a), map[string]any{"description": "new"}).Expect(t, 200, "").Data()["group"].(map[string]any)
		if up["name"] != "Sales" || up["description"] != "new" {
			t.Fatalf("update: %v", up)
		}

		// Admins act for other users; others may not.
		call(u.Token, "list", "", map[string]any{"userId": other.ID}).Expect(t, 403, "FORBIDDEN")
		call(u.Token, "create", "", map[string]any{"name": "x", "userId": other.ID}).Expect(t, 403, "FORBIDDEN")
		gs = call(admin.Token, "list", "", map[string]any{"adminMode": true, "userId": u.ID}).Expect(t, 200, "").Data()["groups"].([]any)
		if len(gs) != 2 {
			t.Fatalf("admin list for user: %v", gs)
		}
		made := mk(admin.Token, "By admin", "userId", u.ID)
		if made["user_id"] != u.ID || made["position"] != 2.0 {
			t.Fatalf("admin create for user: %v", made)
		}
		all := call(admin.Token, "list", "", map[string]any{"adminMode": true}).Data()["groups"].([]any)
		if len(all) != 4 {
			t.Fatalf("admin list all: %d", len(all))
		}
		call(admin.Token, "sync", "", map[string]any{"agentId": genie, "groupId": a["id"], "userId": u.ID}).Expect(t, 200, "")

		// Bad input.
		for _, bc := range []struct {
			name, action, id string
			data             map[string]any
			field            string
		}{
			{"get without id", "get", "", nil, "id"},
			{"non-numeric id", "get", "abc", nil, "id"},
			{"zero id", "update", "0", map[string]any{"name": "x"}, "id"},
			{"create without name", "create", "", map[string]any{}, "name"},
			{"blank name", "create", "", map[string]any{"name": " "}, "name"},
			{"numeric name", "create", "", map[string]any{"name": 5}, "name"},
			{"negative position", "update", id(a), map[string]any{"position": -1}, "position"},
			{"string position", "update", id(a), map[string]any{"position": "1"}, "position"},
			{"reorder without ids", "reorder", "", map[string]any{}, "groupIds"},
			{"reorder strings", "reorder", "", map[string]any{"groupIds": []string{"1"}}, "groupIds"},
			{"reorder duplicate", "reorder", "", map[string]any{"groupIds": []any{a["id"], a["id"]}}, "groupIds"},
			{"sync without agent", "sync", "", map[string]any{"groupId": nil}, "agentId"},
			{"sync without group", "sync", "", map[string]any{"agentId": genie}, "groupId"},
			{"sync string group", "sync", "", map[string]any{"agentId": genie, "groupId": "1"}, "groupId"},
			{"adminMode string", "list", "", map[string]any{"adminMode": "true"}, "adminMode"},
		} {
			t.Run(bc.name, func(t *testing.T) {
				r := call(u.Token, bc.action, bc.id, bc.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != bc.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], bc.field)
				}
			})
		}
		call(u.Token, "reorder", "", map[string]any{"groupIds": []any{theirGroup["id"]}}).Expect(t, 404, "NOT_FOUND")
		call(u.Token, "get", "999999", nil).Expect(t, 404, "NOT_FOUND")
	})
}
