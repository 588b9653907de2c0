package qrcodes_test

import (
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

func TestQRCodes(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		genie := apitest.Str(s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "g"}).Expect(t, 201, "").Data(), "genie", "id")
		genie2 := apitest.Str(s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "g2"}).Expect(t, 201, "").Data(), "genie", "id")
		base := func(agent string) map[string]any {
			return map[string]any{"agent_id": agent, "storage_path": "qr/" + agent + ".png", "storage_url": "https://cdn.example.com/qr.png", "format": "png"}
		}
		full := base(genie)
		full["file_size"] = 2048
		full["display_config"] = map[string]any{"fg": "#000", "size": 512}
		full["target_url"] = "https://app.example.com/chat/" + genie
		full["filename"] = "front-desk.png"
		q := s.Call(t, u.Token, "qr-code", "create", "", full).Expect(t, 201, "").Data()["qr_code"].(map[string]any)
		if q["is_deleted"] != false || q["download_count"] != 0.0 || q["file_size"] != 2048.0 || apitest.Dig(q, "display_config", "size") != 512.0 {
			t.Fatalf("created: %v", q)
		}
		id := q["id"].(string)
		s.Call(t, u.Token, "qr-code", "create", "", base(genie2)).Expect(t, 201, "")

		items := s.Call(t, u.Token, "qr-code", "all", "", nil).Expect(t, 200, "").Data()["items"].([]any)
		if len(items) != 2 || items[1].(map[string]any)["id"] != id {
			t.Fatalf("newest first: %v", items)
		}
		items = s.Call(t, u.Token, "qr-code", "all", "", map[string]any{"agentId": genie}).Data()["items"].([]any)
		if len(items) != 1 {
			t.Fatalf("filter: %v", items)
		}

		// Own records only, admins included.
		for _, tok := range []string{other.Token, admin.Token} {
			if n := len(s.Call(t, tok, "qr-code", "all", "", nil).Data()["items"].([]any)); n != 0 {
				t.Fatalf("someone else sees %d records", n)
			}
			s.Call(t, tok, "qr-code", "delete", id, nil).Expect(t, 404, "NOT_FOUND")
			s.Call(t, tok, "qr-code", "increment-download", id, map[string]any{"downloadCount": 0}).Expect(t, 404, "NOT_FOUND")
		}
		s.Call(t, other.Token, "qr-code", "create", "", base(genie)).Expect(t, 404, "AGENT_NOT_FOUND")

		// Concurrent downloads are all counted.
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.Call(t, u.Token, "qr-code", "increment-download", id, map[string]any{"downloadCount": 0}).Expect(t, 200, "")
			}()
		}
		wg.Wait()
		r := s.Call(t, u.Token, "qr-code", "increment-download", id, map[string]any{"downloadCount": 20}).Expect(t, 200, "").Data()
		if r["downloadCount"] != 21.0 {
			t.Fatalf("downloadCount %v, want 21", r["downloadCount"])
		}

		// Soft delete: gone from lists, kept in the store.
		s.Call(t, u.Token, "qr-code", "delete", id, nil).Expect(t, 200, "")
		if n := len(s.Call(t, u.Token, "qr-code", "all", "", nil).Data()["items"].([]any)); n != 1 {
			t.Fatalf("after delete: %d items", n)
		}
		var deleted bool
		if err := s.App.DB.R.QueryRow(`SELECT is_deleted FROM qr_codes WHERE id = $1`, id).Scan(&deleted); err != nil || !deleted {
			t.Fatalf("record not kept as deleted: %v %v", deleted, err)
		}
		s.Call(t, u.Token, "qr-code", "delete", id, nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, "qr-code", "increment-download", id, map[string]any{"downloadCount": 1}).Expect(t, 404, "NOT_FOUND")

		for _, c := range []struct {
			name   string
			action string
			id     string
			data   map[string]any
			field  string
		}{
			{"no agent", "create", "", map[string]any{"storage_path": "p", "storage_url": "https://x.io/a", "format": "png"}, "agent_id"},
			{"no path", "create", "", map[string]any{"agent_id": genie, "storage_url": "https://x.io/a", "format": "png"}, "storage_path"},
			{"no url", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "format": "png"}, "storage_url"},
			{"bad url", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "storage_url": "javascript:alert(1)", "format": "png"}, "storage_url"},
			{"no format", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "storage_url": "https://x.io/a"}, "format"},
			{"bad format", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "storage_url": "https://x.io/a", "format": "P N G"}, "format"},
			{"negative size", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "storage_url": "https://x.io/a", "format": "png", "file_size": -1}, "file_size"},
			{"string size", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "storage_url": "https://x.io/a", "format": "png", "file_size": "1"}, "file_size"},
			{"config array", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "storage_url": "https://x.io/a", "format": "png", "display_config": []int{1}}, "display_config"},
			{"bad target", "create", "", map[string]any{"agent_id": genie, "storage_path": "p", "storage_url": "https://x.io/a", "format": "png", "target_url": "nope"}, "target_url"},
			{"numeric agent", "create", "", map[string]any{"agent_id": 5, "storage_path": "p", "storage_url": "https://x.io/a", "format": "png"}, "agent_id"},
			{"no count", "increment-download", id, map[string]any{}, "downloadCount"},
			{"string count", "increment-download", id, map[string]any{"downloadCount": "1"}, "downloadCount"},
			{"delete no id", "delete", "", nil, "id"},
		} {
			t.Run(c.name, func(t *testing.T) {
				r := s.Call(t, u.Token, "qr-code", c.action, c.id, c.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != c.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], c.field)
				}
			})
		}
	})
}
