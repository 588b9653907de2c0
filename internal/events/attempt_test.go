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

// TestDisableOneTransaction: a worker that dies after disabling an
// endpoint, before failing its pending deliveries and recording the
// event, leaves nothing of that attempt: the endpoint is still enabled,
// the attempt unrecorded. The retry posts once more, records the attempt
// under the next number, disables the endpoint and records one
// webhook.endpoint_disabled event; attempts are numbered without gap or
// repeat, and each post but the lost one is a recorded attempt.
func TestDisableOneTransaction(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		s := apitest.Start(t, store, fast, apitest.WithClock(clock))
		var posts atomic.Int32
		rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			posts.Add(1)
			w.WriteHeader(http.StatusInternalServerError)
		}))
		defer rcv.Close()
		u := s.NewUser(t, auth.RoleUser)
		hook := apitest.Str(s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": rcv.URL + "/h", "events": []string{"api_key.created"}}).
			Expect(t, 201, "").Data(), "webhook", "id")
		var crashed atomic.Bool
		s.App.Deliverer.SetFault(func(point string) error {
			if point == "endpoint disabled" && crashed.CompareAndSwap(false, true) {
				return errors.New("crash")
			}
			return nil
		})
		s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "k"}).Expect(t, 201, "")
		// The retries fail until the window (3 s) runs out; the attempt
		// that ends it disables the endpoint, and crashes there.
		for deadline := time.Now().Add(30 * time.Second); !crashed.Load(); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the fault never ran")
			}
		}
		s.App.Deliverer.SetFault(nil)
		// The dead worker's claim holds the delivery until the clock moves.
		attempts := func() (map[string]any, []any) {
			ds, _ := s.Call(t, u.Token, "webhooks", "deliveries", hook, nil).Expect(t, 200, "").Data()["deliveries"].([]any)
			if len(ds) != 1 {
				t.Fatalf("deliveries: %v", ds)
			}
			d := ds[0].(map[string]any)
			as, _ := d["attempts"].([]any)
			return d, as
		}
		d, before := attempts()
		if ep := s.Call(t, u.Token, "webhooks", "get", hook, nil).Expect(t, 200, "").Data()["webhook"].(map[string]any); ep["enabled"] != true || d["status"] != "pending" {
			t.Fatalf("after the crash: endpoint %v, delivery %v; want it enabled and the delivery pending", ep, d)
		}
		if int(posts.Load()) != len(before)+1 {
			t.Fatalf("after the crash: %d posts for %d recorded attempts", posts.Load(), len(before))
		}

		clock.Advance(10 * time.Second)
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			ep := s.Call(t, u.Token, "webhooks", "get", hook, nil).Expect(t, 200, "").Data()["webhook"].(map[string]any)
			if ep["enabled"] == false {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the endpoint was not disabled after the retry: %v", ep)
			}
		}
		d, as := attempts()
		if d["status"] != "failed" || len(as) != len(before)+1 {
			t.Fatalf("delivery %v: %d attempts, want %d", d, len(as), len(before)+1)
		}
		for i, a := range as {
			if a.(map[string]any)["attempt"] != float64(i+1) {
				t.Fatalf("attempt %d numbered %v: %v", i+1, a.(map[string]any)["attempt"], as)
			}
		}
		if int(posts.Load()) != len(as)+1 {
			t.Fatalf("%d posts for %d recorded attempts", posts.Load(), len(as))
		}
		evs := s.Call(t, u.Token, "events", "list", "", map[string]any{"types": []string{"webhook.endpoint_disabled"}}).Expect(t, 200, "").Data()
		if evs["count"] != 1.0 {
			t.Fatalf("endpoint_disabled events: %v", evs)
		}
	})
}
