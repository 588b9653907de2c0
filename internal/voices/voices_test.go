package voices_test

import (
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

func TestVoices(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		admin := s.NewUser(t, auth.RoleAdmin)
		u := s.NewUser(t, auth.RoleUser)

		create := func(data map[string]any) map[string]any {
			return s.Call(t, admin.Token, "preselected-voices", "create", "", data).Expect(t, 201, "").Data()["voice"].(map[string]any)
		}
		v1 := create(map[string]any{"voice_id": "el-rachel", "label": "Rachel", "gender": "female", "sort_order": 2})
		if v1["is_active"] != true || v1["description"] != nil || v1["updated_at"] != nil || v1["created_at"] == nil || v1["sort_order"] != 2.0 {
			t.Fatalf("created voice: %v", v1)
		}
		v0 := create(map[string]any{"voice_id": "el-adam", "label": "Adam", "gender": "male", "description": "deep"})
		if v0["sort_order"] != 0.0 {
			t.Fatalf("default sort_order: %v", v0)
		}
		hidden := create(map[string]any{"voice_id": "el-old", "label": "Old", "gender": "male", "sort_order": 1, "is_active": false})

		// Regular users see active voices, ordered; admins see all.
		list := s.Call(t, u.Token, "preselected-voices", "all", "", nil).Expect(t, 200, "").Data()
		vs := list["voices"].([]any)
		if list["count"] != 2.0 || vs[0].(map[string]any)["id"] != v0["id"] || vs[1].(map[string]any)["id"] != v1["id"] {
			t.Fatalf("user list: %v", list)
		}
		list = s.Call(t, admin.Token, "preselected-voices", "all", "", nil).Expect(t, 200, "").Data()
		if list["count"] != 3.0 || list["voices"].([]any)[1].(map[string]any)["id"] != hidden["id"] {
			t.Fatalf("admin list: %v", list)
		}
		key := s.NewKey(t, u, "k")
		s.Call(t, key, "preselected-voices", "all", "", nil).Expect(t, 200, "")
		s.Call(t, "", "preselected-voices", "all", "", nil).Expect(t, 401, "UNAUTHORIZED")

		// Update changes only supplied fields and sets updated_at.
		up := s.Call(t, admin.Token, "preselected-voices", "update", v1["id"].(string), map[string]any{"is_active": false}).Expect(t, 200, "").Data()["voice"].(map[string]any)
		if up["is_active"] != false || up["label"] != "Rachel" || up["sort_order"] != 2.0 || up["updated_at"] == nil {
			t.Fatalf("update: %v", up)
		}
		up = s.Call(t, admin.Token, "preselected-voices", "update", v0["id"].(string), map[string]any{"description": nil, "label": "Adam II"}).Expect(t, 200, "").Data()["voice"].(map[string]any)
		if up["description"] != nil || up["label"] != "Adam II" || up["gender"] != "male" {
			t.Fatalf("update clear: %v", up)
		}
		if c := s.Call(t, u.Token, "preselected-voices", "all", "", nil).Data()["count"]; c != 1.0 {
			t.Fatalf("after deactivate: %v", c)
		}

		// Only admins change the list.
		for _, action := range []string{"create", "update", "delete"} {
			s.Call(t, u.Token, "preselected-voices", action, v0["id"].(string), map[string]any{"voice_id": "x", "label": "x", "gender": "male"}).Expect(t, 403, "FORBIDDEN")
		}

		s.Call(t, admin.Token, "preselected-voices", "delete", hidden["id"].(string), nil).Expect(t, 200, "")
		s.Call(t, admin.Token, "preselected-voices", "delete", hidden["id"].(string), nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, admin.Token, "preselected-voices", "update", hidden["id"].(string), map[string]any{"label": "x"}).Expect(t, 404, "NOT_FOUND")

		bad := []struct {
			name   string
			action string
			id     string
			data   map[string]any
			status int
			field  string
		}{
			{"missing voice_id", "create", "", map[string]any{"label": "a", "gender": "male"}, 400, "voice_id"},
			{"missing label", "create", "", map[string]any{"voice_id": "a", "gender": "male"}, 400, "label"},
			{"missing gender", "create", "", map[string]any{"voice_id": "a", "label": "a"}, 400, "gender"},
			{"bad gender", "create", "", map[string]any{"voice_id": "a", "label": "a", "gender": "other"}, 400, "gender"},
			{"numeric label", "create", "", map[string]any{"voice_id": "a", "label": 1, "gender": "male"}, 400, "label"},
			{"fractional sort", "create", "", map[string]any{"voice_id": "a", "label": "a", "gender": "male", "sort_order": 1.5}, 400, "sort_order"},
			{"string active", "create", "", map[string]any{"voice_id": "a", "label": "a", "gender": "male", "is_active": "yes"}, 400, "is_active"},
			{"long label", "create", "", map[string]any{"voice_id": "a", "label": strings.Repeat("l", 101), "gender": "male"}, 400, "label"},
			{"duplicate voice_id", "create", "", map[string]any{"voice_id": "el-adam", "label": "a", "gender": "male"}, 400, "voice_id"},
			{"voice_id update", "update", v0["id"].(string), map[string]any{"voice_id": "new"}, 400, "voice_id"},
			{"empty label update", "update", v0["id"].(string), map[string]any{"label": ""}, 400, "label"},
			{"gender update", "update", v0["id"].(string), map[string]any{"gender": "MALE"}, 400, "gender"},
			{"update without id", "update", "", map[string]any{"label": "x"}, 400, "id"},
			{"delete without id", "delete", "", nil, 400, "id"},
		}
		for _, c := range bad {
			t.Run(c.name, func(t *testing.T) {
				r := s.Call(t, admin.Token, "preselected-voices", c.action, c.id, c.data).Expect(t, c.status, "VALIDATION_ERROR")
				if r.Err()["field"] != c.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], c.field)
				}
			})
		}
		s.Call(t, admin.Token, "preselected-voices", "update", "nope", map[string]any{"label": "x"}).Expect(t, 404, "NOT_FOUND")
	})
}
