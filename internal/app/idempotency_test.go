package app_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestIdempotencyKeys: a create retried with one Idempotency-Key acts
// once and answers the same, also from another process sharing the
// database and under concurrent retries; a changed request with the key is
// a 400; keys belong to their caller.
func TestIdempotencyKeys(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		other := apitest.StartOn(t, s.DSN) // a second process on the same database
		u := s.NewUser(t, auth.RoleUser)
		v := s.NewUser(t, auth.RoleUser)
		create := func(srv *apitest.Server, token, key, name string) *apitest.Resp {
			return srv.Do(t, http.MethodPost, "/v1/genies/create", token, map[string]any{"name": name}, "Idempotency-Key", key)
		}
		count := func(token string) float64 {
			n, _ := s.Call(t, token, "genies", "list", "", nil).Expect(t, 200, "").Data()["count"].(float64)
			return n
		}

		first := create(s, u.Token, "key-1", "Helper").Expect(t, 201, "")
		if first.Header.Get("Idempotent-Replayed") != "" {
			t.Fatalf("first answer marked replayed")
		}
		for i, srv := range []*apitest.Server{s, other} {
			again := create(srv, u.Token, "key-1", "Helper").Expect(t, 201, "")
			if again.Header.Get("Idempotent-Replayed") != "true" || string(again.Raw) != string(first.Raw) {
				t.Fatalf("retry %d: replayed %q, body %s, want %s", i, again.Header.Get("Idempotent-Replayed"), again.Raw, first.Raw)
			}
		}
		// The envelope form with the same data spelled differently is the
		// same request.
		env := `{ "resource": "genies", "action": "create", "data": {"name":   "Helper"} }`
		s.Do(t, http.MethodPost, "/v1", u.Token, env, "Idempotency-Key", "key-1").Expect(t, 201, "")
		if n := count(u.Token); n != 1 {
			t.Fatalf("%v genies after retries, want 1", n)
		}

		// Another request with the key: 400 naming the header.
		r := create(s, u.Token, "key-1", "Other").Expect(t, 400, "VALIDATION_ERROR")
		if r.Err()["field"] != "Idempotency-Key" {
			t.Fatalf("field %v", r.Err()["field"])
		}
		// Another caller's key of the same name is another key.
		create(s, v.Token, "key-1", "Helper").Expect(t, 201, "")
		if n := count(v.Token); n != 1 {
			t.Fatalf("second user has %v genies", n)
		}
		// Bad keys.
		for _, k := range []string{strings.Repeat("k", 256), "has space", "é"} {
			create(s, u.Token, k, "X").Expect(t, 400, "VALIDATION_ERROR")
		}
		// A refused request's answer is kept too: the retry gets the same 400.
		bad := s.Do(t, http.MethodPost, "/v1/genies/create", u.Token, map[string]any{"name": ""}, "Idempotency-Key", "key-bad").Expect(t, 400, "VALIDATION_ERROR")
		again := s.Do(t, http.MethodPost, "/v1/genies/create", u.Token, map[string]any{"name": ""}, "Idempotency-Key", "key-bad").Expect(t, 400, "VALIDATION_ERROR")
		if again.Header.Get("Idempotent-Replayed") != "true" || string(again.Raw) != string(bad.Raw) {
			t.Fatalf("refusal not replayed: %s", again.Raw)
		}
		// Actions that are not declared idempotent ignore the header.
		s.Do(t, http.MethodPost, "/v1/genies/list", u.Token, nil, "Idempotency-Key", "key-1").Expect(t, 200, "")

		// Concurrent retries, half on each process: exactly one genie.
		w := s.NewUser(t, auth.RoleUser)
		var wg sync.WaitGroup
		bodies := make([]string, 8)
		for i := range bodies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				srv := s
				if i%2 == 1 {
					srv = other
				}
				res := create(srv, w.Token, "key-race", "Racer")
				if res.Status != 201 {
					t.Errorf("concurrent retry %d: status %d: %s", i, res.Status, res.Raw)
				}
				bodies[i] = string(res.Raw)
			}()
		}
		wg.Wait()
		for i, b := range bodies {
			if b != bodies[0] {
				t.Fatalf("answer %d differs: %s vs %s", i, b, bodies[0])
			}
		}
		if n := count(w.Token); n != 1 {
			t.Fatalf("%v genies after concurrent retries, want 1", n)
		}
	})
}
