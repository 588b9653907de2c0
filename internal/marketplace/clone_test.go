package marketplace_test

import (
	"net/http"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

func TestClone(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		agent := f.Agent(t, "Template", 2)
		l := f.Call(t, f.Admin.Token, "create", "", map[string]any{"agent_id": agent, "slug": "tpl", "display_name": "Tpl",
			"category_id": cat}).Expect(t, 201, "").Data()
		id := l["id"].(string)

		// Defaults: the template's name and fields, copies of its documents.
		r := f.Call(t, f.User.Token, "clone", id, map[string]any{"currentCloneCount": 41}).Expect(t, http.StatusCreated, "").Data()
		if r["success"] != true || r["marketplace_genie_id"] != id {
			t.Fatalf("clone response %v", r)
		}
		res := r["cloneResult"].(map[string]any)
		g := res["genie"].(map[string]any)
		if g["name"] != "Template" || g["user_id"] != f.User.ID || g["instructions"] != "be helpful" ||
			g["is_marketplace_template"] != false || g["id"] == agent || res["clone_count"] != 1.0 || res["documents_copied"] != 2.0 {
			t.Fatalf("cloned genie %v", res)
		}
		docs := g["document_ids"].([]any)
		if len(docs) != 2 {
			t.Fatalf("document_ids %v", docs)
		}
		tpl := f.S.Call(t, f.Admin.Token, "genies", "get", agent, nil).Data()["genie"].(map[string]any)
		for i, d := range docs {
			if d == tpl["document_ids"].([]any)[i] {
				t.Fatalf("clone shares the template's document")
			}
			doc := f.S.Call(t, f.User.Token, "documents", "get", d.(string), nil).Expect(t, 200, "").Data()["document"].(map[string]any)
			if doc["user_id"] != f.User.ID || doc["content"] != "knowledge "+string(rune('0'+i))+" of Template" {
				t.Fatalf("copied document %v", doc)
			}
		}

		// cloneName and customizations; listing id in data; consumers may clone.
		r = f.Call(t, f.Consumer.Token, "clone", "", map[string]any{"marketplace_genie_id": id, "cloneName": "Mine",
			"customizations": map[string]any{"greeting": "hey", "name": "ignored by cloneName", "voice_id": "v1"}}).Expect(t, 201, "").Data()
		g = r["cloneResult"].(map[string]any)["genie"].(map[string]any)
		if g["name"] != "Mine" || g["greeting"] != "hey" || g["voice_id"] != "v1" || g["user_id"] != f.Consumer.ID {
			t.Fatalf("customized clone %v", g)
		}
		if got := f.Call(t, "", "get", "tpl", nil).Data(); got["clone_count"] != 2.0 {
			t.Fatalf("clone_count %v", got["clone_count"])
		}

		for _, tc := range []struct {
			name  string
			id    string
			data  map[string]any
			code  string
			field string
		}{
			{"no id", "", nil, "VALIDATION_ERROR", "id"},
			{"unknown", "00000000-0000-4000-8000-000000000000", nil, "NOT_FOUND", ""},
			{"not uuid", "tpl-x", nil, "NOT_FOUND", ""},
			{"cloneName empty", id, map[string]any{"cloneName": " "}, "VALIDATION_ERROR", "cloneName"},
			{"cloneName number", id, map[string]any{"cloneName": 3}, "VALIDATION_ERROR", "cloneName"},
			{"customizations not object", id, map[string]any{"customizations": "x"}, "VALIDATION_ERROR", "customizations"},
			{"customizations unknown key", id, map[string]any{"customizations": map[string]any{"user_id": "x"}}, "VALIDATION_ERROR", "customizations.user_id"},
			{"customizations wrong type", id, map[string]any{"customizations": map[string]any{"greeting": 5}}, "VALIDATION_ERROR", "customizations.greeting"},
			{"currentCloneCount string", id, map[string]any{"currentCloneCount": "5"}, "VALIDATION_ERROR", "currentCloneCount"},
			{"currentCloneCount negative", id, map[string]any{"currentCloneCount": -1}, "VALIDATION_ERROR", "currentCloneCount"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				status := 400
				if tc.code == "NOT_FOUND" {
					status = 404
				}
				resp := f.Call(t, f.User.Token, "clone", tc.id, tc.data).Expect(t, status, tc.code)
				if tc.field != "" && resp.Err()["field"] != tc.field {
					t.Fatalf("field %v, want %s", resp.Err()["field"], tc.field)
				}
			})
		}
		// Failed clones changed nothing.
		if got := f.Call(t, "", "get", "tpl", nil).Data(); got["clone_count"] != 2.0 {
			t.Fatalf("clone_count after failures %v", got["clone_count"])
		}
		// A deleted template genie: AGENT_NOT_FOUND.
		f.S.Call(t, f.Admin.Token, "genies", "delete", agent, nil).Expect(t, 200, "")
		f.Call(t, f.User.Token, "clone", id, nil).Expect(t, 404, "AGENT_NOT_FOUND")
	})
}

func TestTrending(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		c1 := f.Category(t, "one", 0)["id"].(string)
		c2 := f.Category(t, "two", 1)["id"].(string)
		hot := f.Listing(t, "hot", c1, nil)["id"].(string)
		f.Listing(t, "warm", c2, nil)
		f.Listing(t, "cold", c1, nil)
		for range 4 {
			f.Call(t, "", "get", "hot", nil).Expect(t, 200, "")
		}
		f.Call(t, f.User.Token, "clone", hot, nil).Expect(t, 201, "")
		for range 2 {
			f.Call(t, "", "get", "warm", nil).Expect(t, 200, "")
		}
		d := f.Call(t, "", "trending", "", nil).Expect(t, 200, "").Data()
		items := d["items"].([]any)
		if len(items) != 2 {
			t.Fatalf("trending items %v", items)
		}
		first := items[0].(map[string]any)
		if first["slug"] != "hot" || first["trending_score"] != 9.0 || first["display_name"] == nil || first["category"] == nil {
			t.Fatalf("first trending item %v", first)
		}
		if items[1].(map[string]any)["trending_score"] != 2.0 {
			t.Fatalf("second trending item %v", items[1])
		}
		if d := f.Call(t, "", "trending", "", map[string]any{"category": "two"}).Data()["items"].([]any); len(d) != 1 || d[0].(map[string]any)["slug"] != "warm" {
			t.Fatalf("category trending %v", d)
		}
		if d := f.Call(t, "", "trending", "", map[string]any{"limit": 1}).Data()["items"].([]any); len(d) != 1 {
			t.Fatalf("limit 1: %v", d)
		}
		// Rising: at least 5 interactions today and fewer than 50 clones.
		rising := f.Call(t, "", "trending", "", map[string]any{"risingOnly": true}).Data()["items"].([]any)
		if len(rising) != 1 || rising[0].(map[string]any)["slug"] != "hot" {
			t.Fatalf("rising %v", rising)
		}
		// A deleted listing's interactions go with it, also to a listing
		// created after it (on SQLite the newest listing's seq is reused
		// when it is deleted).
		cold := f.Call(t, "", "get", "cold", nil).Expect(t, 200, "").Data()["id"].(string)
		f.Call(t, "", "get", "cold", nil).Expect(t, 200, "")
		f.Call(t, f.Admin.Token, "delete", cold, nil).Expect(t, 200, "")
		f.Listing(t, "fresh", c1, nil)
		items = f.Call(t, "", "trending", "", nil).Expect(t, 200, "").Data()["items"].([]any)
		if len(items) != 2 || items[0].(map[string]any)["slug"] != "hot" || items[1].(map[string]any)["slug"] != "warm" {
			t.Fatalf("trending after a delete: %v", items)
		}
	})
}
