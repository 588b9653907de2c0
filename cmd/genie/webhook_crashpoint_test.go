package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
)

// TestWebhookCrashBetweenWrites: the real binary killed (SIGKILL) between
// the writes that record a webhook attempt - after the attempt's row, and
// after the delivery's update - and started again: the event is posted
// once more with the same webhook-id (at least once) and then recorded as
// delivered with one attempt, with no primary-key failure in the log and
// no further posts.
func TestWebhookCrashBetweenWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	var mu sync.Mutex
	posts := map[string]int{}
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		posts[r.Header.Get("webhook-id")]++
		mu.Unlock()
	}))
	defer rcv.Close()
	flags := []string{"--smtp-addr", "", "--webhook-allow-private", "--webhook-retry-window", "60s"}
	for _, store := range apitest.Stores() {
		for _, point := range []string{"attempt recorded", "delivery updated"} {
			t.Run(store+"/"+point, func(t *testing.T) {
				dsn := apitest.NewDSN(t, store)
				t.Setenv("GENIE_TEST_CRASH_AT", point)
				p := startBinary(t, dsn, flags...)
				st, m, err := post(p.url+"/auth/v1/signup", "", map[string]string{"email": "crash@example.com", "password": "crash-password"})
				if err != nil || st != 200 {
					t.Fatalf("signup: %d %v %v", st, m, err)
				}
				token := m["access_token"].(string)
				st, m, _ = post(p.url+"/v1/webhooks/create", token, map[string]any{"url": rcv.URL + "/h", "events": []string{"api_key.created"}})
				if st != 201 {
					t.Fatalf("create endpoint: %d %v", st, m)
				}
				hook := m["data"].(map[string]any)["webhook"].(map[string]any)["id"].(string)
				if st, m, _ = post(p.url+"/v1/api-keys/create", token, map[string]any{"name": "k"}); st != 201 {
					t.Fatalf("create key: %d %v", st, m)
				}
				done := make(chan error, 1)
				go func() { done <- p.cmd.Wait() }()
				select {
				case <-done:
				case <-time.After(60 * time.Second):
					t.Fatalf("the process did not crash at %q: %s", point, p.logs)
				}
				os.Unsetenv("GENIE_TEST_CRASH_AT")
				q := startBinary(t, dsn, flags...)
				var d map[string]any
				for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(100 * time.Millisecond) {
					st, m, _ := post(q.url+"/v1", token, map[string]any{"resource": "webhooks", "action": "deliveries", "id": hook})
					if st != 200 {
						t.Fatalf("deliveries: %d %v", st, m)
					}
					if ds, _ := m["data"].(map[string]any)["deliveries"].([]any); len(ds) == 1 {
						d = ds[0].(map[string]any)
						if d["status"] == "delivered" {
							break
						}
					}
					if time.Now().After(deadline) {
						t.Fatalf("not delivered after the restart: %v\n%s", d, q.logs)
					}
				}
				if as, _ := d["attempts"].([]any); len(as) != 1 || as[0].(map[string]any)["attempt"] != 1.0 {
					t.Fatalf("attempts after the crash: %v", d["attempts"])
				}
				mu.Lock()
				n := posts[d["event_id"].(string)]
				mu.Unlock()
				if n != 2 {
					t.Fatalf("%d posts of the event, want 2 (one lost with the crash, one recorded)", n)
				}
				if logs := q.logs.String(); strings.Contains(logs, "duplicate key") || strings.Contains(logs, "UNIQUE constraint") {
					t.Fatalf("a primary-key failure after the restart:\n%s", logs)
				}
			})
		}
	}
}
