package genies_test

import (
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

func TestGeniesAndDocuments(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		consumer := s.NewUser(t, auth.RoleConsumer)

		doc := func(tok, name string, public bool) string {
			r := s.Call(t, tok, "documents", "create", "", map[string]any{"name": name, "content": "text of " + name, "is_public": public}).Expect(t, 201, "")
			d := r.Data()["document"].(map[string]any)
			if d["name"] != name || d["is_public"] != public || d["content"] != "text of "+name {
				t.Fatalf("document: %v", d)
			}
			return d["id"].(string)
		}
		mine := doc(u.Token, "faq", false)
		theirsPrivate := doc(other.Token, "secret", false)
		theirsPublic := doc(other.Token, "shared", true)

		// Documents: ownership.
		s.Call(t, other.Token, "documents", "get", mine, nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, "documents", "get", theirsPublic, nil).Expect(t, 200, "")
		s.Call(t, u.Token, "documents", "update", theirsPublic, map[string]any{"name": "x"}).Expect(t, 404, "NOT_FOUND")
		s.Call(t, admin.Token, "documents", "get", theirsPrivate, nil).Expect(t, 200, "")
		s.Call(t, u.Token, "documents", "get", "not-a-uuid", nil).Expect(t, 404, "NOT_FOUND")
		list := s.Call(t, u.Token, "documents", "all", "", nil).Expect(t, 200, "").Data()
		if list["count"] != 1.0 {
			t.Fatalf("documents count %v", list["count"])
		}

		// Genies: create with documents the caller may use.
		r := s.Call(t, u.Token, "genies", "create", "", map[string]any{
			"name": "Helper", "description": "d", "document_ids": []string{mine, theirsPublic, mine},
		}).Expect(t, 201, "")
		g := r.Data()["genie"].(map[string]any)
		gid := g["id"].(string)
		if _, ok := g["mailbox"]; !ok || g["mailbox"] != nil || g["group_id"] != nil {
			t.Fatalf("genie must carry mailbox and group_id null: %v", g)
		}
		if ids := g["document_ids"].([]any); len(ids) != 2 || ids[0] != mine || ids[1] != theirsPublic {
			t.Fatalf("document_ids %v", ids)
		}
		s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "x", "document_ids": []string{theirsPrivate}}).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "x", "document_ids": []string{"nope"}}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "x", "document_ids": "nope"}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "genies", "create", "", map[string]any{"description": "no name"}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": strings.Repeat("n", 201)}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, consumer.Token, "genies", "create", "", map[string]any{"name": "nope"}).Expect(t, 403, "FORBIDDEN")

		// get/all carry the mailbox field; others cannot see the genie.
		got := s.Call(t, u.Token, "genies", "get", gid, nil).Expect(t, 200, "").Data()["genie"].(map[string]any)
		if _, ok := got["mailbox"]; !ok {
			t.Fatalf("get without mailbox: %v", got)
		}
		all := s.Call(t, u.Token, "genies", "all", "", nil).Expect(t, 200, "").Data()
		if all["count"] != 1.0 {
			t.Fatalf("genies count %v", all["count"])
		}
		if _, ok := all["genies"].([]any)[0].(map[string]any)["mailbox"]; !ok {
			t.Fatal("all without mailbox")
		}
		s.Call(t, other.Token, "genies", "get", gid, nil).Expect(t, 404, "AGENT_NOT_FOUND")
		s.Call(t, other.Token, "genies", "update", gid, map[string]any{"name": "mine now"}).Expect(t, 404, "AGENT_NOT_FOUND")
		s.Call(t, other.Token, "genies", "delete", gid, nil).Expect(t, 404, "AGENT_NOT_FOUND")
		s.Call(t, u.Token, "genies", "get", "00000000-0000-0000-0000-000000000000", nil).Expect(t, 404, "AGENT_NOT_FOUND")
		s.Call(t, u.Token, "genies", "get", "", nil).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, admin.Token, "genies", "get", gid, nil).Expect(t, 200, "")
		if c := s.Call(t, admin.Token, "genies", "all", "", map[string]any{"adminMode": true}).Data()["count"]; c != 1.0 {
			t.Fatalf("admin all count %v", c)
		}

		// Update: only supplied fields change; voice_id null clears.
		up := s.Call(t, u.Token, "genies", "update", gid, map[string]any{"greeting": "hi", "voice_id": "v1"}).Expect(t, 200, "").Data()["genie"].(map[string]any)
		if up["name"] != "Helper" || up["description"] != "d" || up["greeting"] != "hi" || up["voice_id"] != "v1" {
			t.Fatalf("update: %v", up)
		}
		up = s.Call(t, u.Token, "genies", "update", gid, map[string]any{"voice_id": nil}).Expect(t, 200, "").Data()["genie"].(map[string]any)
		if up["voice_id"] != nil || up["greeting"] != "hi" {
			t.Fatalf("clear voice: %v", up)
		}
		s.Call(t, u.Token, "genies", "update", gid, map[string]any{"name": ""}).Expect(t, 400, "VALIDATION_ERROR")

		// Changing a document's content refreshes the genie's knowledge.
		before := up["knowledge_version"].(float64)
		s.Call(t, u.Token, "documents", "update", mine, map[string]any{"content": "new text"}).Expect(t, 200, "")
		after := s.Call(t, u.Token, "genies", "get", gid, nil).Data()["genie"].(map[string]any)
		if after["knowledge_version"].(float64) != before+1 || after["updated_at"] == up["updated_at"] {
			t.Fatalf("knowledge not refreshed: %v -> %v", up, after)
		}

		// Deleting a document removes it from the genie.
		s.Call(t, u.Token, "documents", "delete", mine, nil).Expect(t, 200, "")
		after = s.Call(t, u.Token, "genies", "get", gid, nil).Data()["genie"].(map[string]any)
		if ids := after["document_ids"].([]any); len(ids) != 1 || ids[0] != theirsPublic {
			t.Fatalf("document_ids after delete: %v", ids)
		}

		s.Call(t, u.Token, "genies", "delete", gid, nil).Expect(t, 200, "")
		s.Call(t, u.Token, "genies", "get", gid, nil).Expect(t, 404, "AGENT_NOT_FOUND")

		// Paging bounds.
		s.Call(t, u.Token, "genies", "all", "", map[string]any{"limit": 0}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "genies", "all", "", map[string]any{"limit": 201}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "genies", "all", "", map[string]any{"offset": -1}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "genies", "all", "", map[string]any{"limit": 1.5}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "genies", "all", "", map[string]any{"limit": "10"}).Expect(t, 400, "VALIDATION_ERROR")
	})
}
