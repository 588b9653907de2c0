package main

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
)

// TestBurstsAreWorkedThrough: shedding is for real overload. Two genie
// serve processes on one database work through 100 parallel marketplace
// clones (split between them), and one works through 256 clients on get,
// with no request refused, on both stores. The processes wait up to a
// minute for their turn: what is tested is that a burst is queued and
// worked through, not how fast this host is (100 clones of one listing
// commit one after another, which takes more than the default 2 s wait
// on a CI host busy with other tests); the default is checked below and
// what it sheds is measured in BENCHMARKS.md.
func TestBurstsAreWorkedThrough(t *testing.T) {
	if httpapi.DefaultAdmitWait < 2*time.Second {
		t.Fatalf("the default admission wait is %v: shedding must be for real overload (at least 2 s)", httpapi.DefaultAdmitWait)
	}
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		s := apitest.StartOn(t, dsn) // in-process: builds the catalog
		admin := s.NewUser(t, auth.RoleAdmin)
		cat := apitest.Str(s.Call(t, admin.Token, "marketplace", "categories", "", map[string]any{"mode": "create", "name": "C", "slug": "c"}).
			Expect(t, 201, "").Data(), "category", "id")
		doc := apitest.Str(s.Call(t, admin.Token, "documents", "create", "", map[string]any{"name": "manual", "content": "how to use the lamp"}).
			Expect(t, 201, "").Data(), "document", "id")
		agent := apitest.Str(s.Call(t, admin.Token, "genies", "create", "", map[string]any{"name": "lamp genie", "document_ids": []string{doc}}).
			Expect(t, 201, "").Data(), "genie", "id")
		id := apitest.Str(s.Call(t, admin.Token, "marketplace", "create", "", map[string]any{"agent_id": agent, "slug": "lamp", "display_name": "Lamp", "category_id": cat}).
			Expect(t, 201, "").Data(), "id")
		a := startBinary(t, dsn, "--smtp-addr", "", "--admit-wait", "60s")
		b := startBinary(t, dsn, "--smtp-addr", "", "--admit-wait", "60s")
		st, m, err := post(a.url+"/auth/v1/signup", "", map[string]string{"email": "burst@example.com", "password": "burst-password"})
		if err != nil || st != 200 {
			t.Fatalf("signup: %d %v %v", st, m, err)
		}
		token := m["access_token"].(string)

		// burst sends n requests at once (the i-th to ps[i%len(ps)]) and
		// returns the answers that were not want.
		burst := func(n, want int, tok string, body map[string]any, ps ...*proc) []string {
			var (
				mu   sync.Mutex
				bad  []string
				wg   sync.WaitGroup
				gate = make(chan struct{})
			)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-gate
					st, m, err := post(ps[i%len(ps)].url+"/v1", tok, body)
					if err != nil || st != want {
						mu.Lock()
						bad = append(bad, fmt.Sprintf("%d %v %v", st, m["error"], err))
						mu.Unlock()
					}
				}()
			}
			start := time.Now()
			close(gate)
			wg.Wait()
			t.Logf("%d × %v: %d answered %d, %d not, in %v", n, body["action"], n-len(bad), want, len(bad), time.Since(start).Round(time.Millisecond))
			return bad
		}
		if bad := burst(100, http.StatusCreated, token, map[string]any{"resource": "marketplace", "action": "clone", "id": id}, a, b); len(bad) > 0 {
			t.Fatalf("%d of 100 parallel clones over two processes failed, e.g. %s", len(bad), bad[0])
		}
		d := s.Call(t, "", "marketplace", "get", "lamp", nil).Expect(t, 200, "").Data()
		if d["clone_count"] != 100.0 {
			t.Fatalf("clone_count %v after 100 clones", d["clone_count"])
		}
		if bad := burst(256, http.StatusOK, "", map[string]any{"resource": "marketplace", "action": "get", "id": "lamp"}, a); len(bad) > 0 {
			t.Fatalf("%d of 256 clients' gets failed, e.g. %s", len(bad), bad[0])
		}
	})
}
