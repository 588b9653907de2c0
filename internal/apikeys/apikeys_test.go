package apikeys_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

func TestAPIKeysLifecycle(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)

		r := s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "  ci key  "}).Expect(t, 201, "")
		k := r.Data()["api_key"].(map[string]any)
		key := k["key"].(string)
		if !strings.HasPrefix(key, "svc_live_") || len(key) != len("svc_live_")+43 {
			t.Fatalf("key %q: want svc_live_ and 43 characters", key)
		}
		if k["key_prefix"] != key[:8] || k["name"] != "ci key" || k["is_active"] != true || k["revoked_at"] != nil || k["last_used_at"] != nil {
			t.Fatalf("unexpected key object: %v", k)
		}
		id := k["id"].(string)

		// The key works, and its use is recorded.
		s.Call(t, key, "genies", "all", "", nil).Expect(t, 200, "")
		list := s.Call(t, u.Token, "api-keys", "list", "", nil).Expect(t, 200, "").Data()
		if list["count"] != 1.0 {
			t.Fatalf("count = %v, want 1", list["count"])
		}
		item := list["api_keys"].([]any)[0].(map[string]any)
		if _, has := item["key"]; has {
			t.Fatalf("list shows the secret: %v", item)
		}
		if item["last_used_at"] == nil {
			t.Fatalf("last_used_at not set after use: %v", item)
		}
		// all is the same as list; the REST GET form too.
		all := s.Call(t, u.Token, "api-keys", "all", "", nil).Expect(t, 200, "").Data()
		rest := s.Do(t, "GET", "/v1/api-keys", u.Token, nil).Expect(t, 200, "").Data()
		if all["count"] != 1.0 || rest["count"] != 1.0 {
			t.Fatalf("all/rest count: %v %v", all["count"], rest["count"])
		}

		// Revoke: later requests with the key are refused.
		rv := s.Do(t, "PATCH", "/v1/api-keys/"+id, u.Token, nil).Expect(t, 200, "").Data()
		if rv["success"] != true || rv["message"] == "" {
			t.Fatalf("revoke: %v", rv)
		}
		s.Call(t, key, "genies", "all", "", nil).Expect(t, 401, "KEY_NOT_FOUND")
		item = s.Call(t, u.Token, "api-keys", "list", "", nil).Data()["api_keys"].([]any)[0].(map[string]any)
		if item["is_active"] != false || item["revoked_at"] == nil {
			t.Fatalf("revoked key: %v", item)
		}
		// Revoking again is harmless.
		s.Call(t, u.Token, "api-keys", "revoke", id, nil).Expect(t, 200, "")

		// Delete removes it permanently.
		s.Do(t, "DELETE", "/v1/api-keys/"+id, u.Token, nil).Expect(t, 200, "")
		if c := s.Call(t, u.Token, "api-keys", "list", "", nil).Data()["count"]; c != 0.0 {
			t.Fatalf("count after delete = %v", c)
		}
		s.Call(t, u.Token, "api-keys", "delete", id, nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, "api-keys", "revoke", id, nil).Expect(t, 404, "NOT_FOUND")
	})
}

func TestAPIKeysRules(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)

		var ids []string
		for i := range 5 {
			r := s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": apitestName(i)}).Expect(t, 201, "")
			ids = append(ids, apitest.Str(r.Data(), "api_key", "id"))
		}
		s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "sixth"}).Expect(t, 400, "VALIDATION_ERROR")
		// Revoking one frees a slot; revoked keys still count in the list.
		s.Call(t, u.Token, "api-keys", "revoke", ids[0], nil).Expect(t, 200, "")
		s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "sixth"}).Expect(t, 201, "")
		s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "seventh"}).Expect(t, 400, "VALIDATION_ERROR")
		if c := s.Call(t, u.Token, "api-keys", "list", "", nil).Data()["count"]; c != 6.0 {
			t.Fatalf("count = %v, want 6", c)
		}

		// Other users cannot see, revoke or delete the keys.
		if c := s.Call(t, other.Token, "api-keys", "list", "", nil).Data()["count"]; c != 0.0 {
			t.Fatalf("other user's count = %v", c)
		}
		s.Call(t, other.Token, "api-keys", "revoke", ids[1], nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, other.Token, "api-keys", "delete", ids[1], nil).Expect(t, 404, "NOT_FOUND")

		// Admin keys carry the admin prefix.
		ak := s.NewKey(t, admin, "admin")
		if !strings.HasPrefix(ak, "svc_admin_") {
			t.Fatalf("admin key %q", ak)
		}
		// An API key cannot manage API keys, valid or not, by either header.
		key := s.NewKey(t, other, "k")
		for _, cred := range []string{key, ak, "svc_live_unknown", "bogus"} {
			s.Call(t, cred, "api-keys", "list", "", nil).Expect(t, 401, "INVALID_TOKEN")
			s.Do(t, "POST", "/v1", "", map[string]any{"resource": "api-keys", "action": "list"}, "X-API-Key", cred).Expect(t, 401, "INVALID_TOKEN")
		}
		s.Do(t, "GET", "/v1/api-keys", key, nil).Expect(t, 401, "INVALID_TOKEN")
		s.Do(t, "DELETE", "/v1/api-keys/"+ids[1], key, nil).Expect(t, 401, "INVALID_TOKEN")
		s.Call(t, "", "api-keys", "list", "", nil).Expect(t, 401, "UNAUTHORIZED")
	})
}

func apitestName(i int) string { return "key " + string(rune('a'+i)) }

func TestAPIKeysBadInput(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		long := strings.Repeat("x", 101)
		cases := []struct {
			name   string
			body   any
			status int
			code   string
			field  string
		}{
			{"missing name", map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{}}, 400, "VALIDATION_ERROR", "name"},
			{"no data", map[string]any{"resource": "api-keys", "action": "create"}, 400, "VALIDATION_ERROR", "name"},
			{"null name", map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": nil}}, 400, "VALIDATION_ERROR", "name"},
			{"blank name", map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": "   "}}, 400, "VALIDATION_ERROR", "name"},
			{"numeric name", map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": 7}}, 400, "VALIDATION_ERROR", "name"},
			{"array name", map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": []string{"a"}}}, 400, "VALIDATION_ERROR", "name"},
			{"NUL in name", map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": "a\x00b"}}, 400, "VALIDATION_ERROR", "data"},
			{"long name", map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": long}}, 400, "VALIDATION_ERROR", "name"},
			{"data not object", map[string]any{"resource": "api-keys", "action": "create", "data": "name"}, 400, "VALIDATION_ERROR", "data"},
			{"data array", map[string]any{"resource": "api-keys", "action": "create", "data": []any{}}, 400, "VALIDATION_ERROR", "data"},
			{"revoke without id", map[string]any{"resource": "api-keys", "action": "revoke"}, 400, "VALIDATION_ERROR", "id"},
			{"delete without id", map[string]any{"resource": "api-keys", "action": "delete"}, 400, "VALIDATION_ERROR", "id"},
			{"numeric id", map[string]any{"resource": "api-keys", "action": "revoke", "id": 5}, 400, "VALIDATION_ERROR", "id"},
			{"unknown id", map[string]any{"resource": "api-keys", "action": "revoke", "id": "nope"}, 404, "NOT_FOUND", ""},
			{"unknown action", map[string]any{"resource": "api-keys", "action": "rotate"}, 400, "INVALID_ACTION", ""},
			{"action missing", map[string]any{"resource": "api-keys"}, 400, "VALIDATION_ERROR", "action"},
			{"action number", map[string]any{"resource": "api-keys", "action": 1}, 400, "VALIDATION_ERROR", "action"},
			{"malformed json", `{"resource":"api-keys","action":"create","data":{"name":}`, 400, "VALIDATION_ERROR", "body"},
			{"json array", `[1,2]`, 400, "VALIDATION_ERROR", "body"},
			{"trailing garbage", `{"resource":"api-keys","action":"list"} x`, 400, "VALIDATION_ERROR", "body"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := s.Do(t, http.MethodPost, "/v1", u.Token, c.body).Expect(t, c.status, c.code)
				if c.field != "" {
					if f := r.Err()["field"]; f != c.field {
						t.Fatalf("field = %v, want %q", f, c.field)
					}
					if msg := r.Err()["message"].(string); !strings.Contains(msg, c.field) && c.field != "body" {
						t.Fatalf("message %q does not name %q", msg, c.field)
					}
				}
			})
		}
	})
}

// TestAPIKeysConcurrentCreate: 20 parallel creates never leave more than
// five active keys.
func TestAPIKeysConcurrentCreate(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": apitestName(i % 26)})
				mu.Lock()
				statuses[r.Status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if statuses[201] != 5 || statuses[400] != 15 {
			t.Fatalf("statuses = %v, want 5x201 and 15x400", statuses)
		}
		active := 0
		for _, k := range s.Call(t, u.Token, "api-keys", "list", "", nil).Data()["api_keys"].([]any) {
			if k.(map[string]any)["is_active"] == true {
				active++
			}
		}
		if active != 5 {
			t.Fatalf("active keys = %d, want 5", active)
		}
	})
}
