package documents_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

func TestDocumentsCRUD(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		for i := range 3 {
			s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": fmt.Sprint("doc ", i)}).Expect(t, 201, "")
		}
		page := s.Call(t, u.Token, "documents", "all", "", map[string]any{"limit": 2, "offset": 1}).Expect(t, 200, "").Data()
		docs := page["documents"].([]any)
		if page["count"] != 3.0 || len(docs) != 2 || docs[0].(map[string]any)["name"] != "doc 1" {
			t.Fatalf("page: %v", page)
		}
		if _, has := docs[0].(map[string]any)["content"]; has {
			t.Fatal("list includes content")
		}
		if c := s.Call(t, u.Token, "documents", "all", "", map[string]any{"offset": 10}).Data()["count"]; c != 3.0 {
			t.Fatalf("count past the end: %v", c)
		}
		if c := s.Call(t, admin.Token, "documents", "all", "", nil).Data()["count"]; c != 0.0 {
			t.Fatalf("admin own count: %v", c)
		}
		if c := s.Call(t, admin.Token, "documents", "all", "", map[string]any{"adminMode": true}).Data()["count"]; c != 3.0 {
			t.Fatalf("admin all count: %v", c)
		}
		id := apitest.Str(docs[0].(map[string]any), "id")
		d := s.Call(t, u.Token, "documents", "update", id, map[string]any{"is_public": true}).Expect(t, 200, "").Data()["document"].(map[string]any)
		if d["is_public"] != true || d["name"] != "doc 1" || d["content"] != "" {
			t.Fatalf("update: %v", d)
		}
		s.Call(t, admin.Token, "documents", "update", id, map[string]any{"name": "by admin"}).Expect(t, 200, "")
		for _, c := range []struct {
			name  string
			data  map[string]any
			field string
		}{
			{"no name", map[string]any{"content": "x"}, "name"},
			{"long name", map[string]any{"name": strings.Repeat("n", 256)}, "name"},
			{"numeric content", map[string]any{"name": "x", "content": 1}, "content"},
			{"string public", map[string]any{"name": "x", "is_public": "true"}, "is_public"},
			{"too long", map[string]any{"name": "x", "content": strings.Repeat("é", 1_000_001)}, "content"},
		} {
			t.Run(c.name, func(t *testing.T) {
				r := s.Call(t, u.Token, "documents", "create", "", c.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != c.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], c.field)
				}
			})
		}
		s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "max", "content": strings.Repeat("é", 1_000_000)}).Expect(t, 201, "")
	})
}
