package events_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestAttemptOneTransaction: a worker that dies between the writes that
// record an attempt (the attempt row, the delivery, the endpoint) leaves
// nothing half-recorded: the next try posts the event once more (the same
// webhook-id) and records it as the same attempt number, with no
// primary-key failure and no endless reposting, whether the endpoint
// answered 2xx or 500.
func TestAttemptOneTransaction(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		s := apitest.Start(t, store, fast, apitest.WithClock(clock))
		var (
			mu     sync.Mutex
			posts  = map[string]int{} // webhook-id -> posts
			answer atomic.Int32
		)
		rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			posts[r.Header.Get("webhook-id")]++
			mu.Unlock()
			w.WriteHeader(int(answer.Load()))
		}))
		defer rcv.Close()
		for _, c := range []struct {
			answer int
			point  string
		}{{200, "attempt recorded"}, {200, "delivery updated"}, {500, "attempt recorded"}, {500, "delivery updated"}} {
			answer.Store(int32(c.answer))
			u := s.NewUser(t, auth.RoleUser)
			hook := apitest.Str(s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": rcv.URL + "/h", "events": []string{"api_key.created"}}).
				Expect(t, 201, "").Data(), "webhook", "id")
			var crashed atomic.Bool
			s.App.Deliverer.SetFault(func(point string) error {
				if point == c.point && crashed.CompareAndSwap(false, true) {
					return errors.New("crash")
				}
				return nil
			})
			s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "k"}).Expect(t, 201, "")
			// Wait for the crash, then move past the dead worker's claim
			// (timeout + 5 s) and the retry delay.
			for deadline := time.Now().Add(20 * time.Second); !crashed.Load(); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("%d at %q: the fault never ran", c.answer, c.point)
				}
			}
			s.App.Deliverer.SetFault(nil)
			clock.Advance(10 * time.Second)
			var d map[string]any
			for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				ds, _ := s.Call(t, u.Token, "webhooks", "deliveries", hook, nil).Expect(t, 200, "").Data()["deliveries"].([]any)
				if len(ds) == 1 {
					d = ds[0].(map[string]any)
					if as, _ := d["attempts"].([]any); len(as) >= 1 {
						break
					}
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d at %q: no attempt recorded after the crash: %v", c.answer, c.point, ds)
				}
			}
			as := d["attempts"].([]any)
			first := as[0].(map[string]any)
			if first["attempt"] != 1.0 || first["status_code"] != float64(c.answer) {
				t.Fatalf("%d at %q: attempts %v", c.answer, c.point, as)
			}
			// The retry window (3 s) has passed: a 500 ends the delivery.
			if want := map[int]string{200: "delivered", 500: "failed"}[c.answer]; d["status"] != want || len(as) != 1 {
				t.Fatalf("%d at %q: delivery %v", c.answer, c.point, d)
			}
			mu.Lock()
			n := posts[apitest.Str(d, "event_id")]
			mu.Unlock()
			// One post lost with the crash, one per recorded attempt.
			if n != len(as)+1 {
				t.Fatalf("%d at %q: %d posts for %d recorded attempts", c.answer, c.point, n, len(as))
			}
		}
	})
}
