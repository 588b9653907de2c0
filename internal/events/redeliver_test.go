package events_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestRedeliver: a delivered delivery is queued again and attempted once
// more, its first attempt kept; only its endpoint's owner or an admin may
// redeliver it.
func TestRedeliver(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, fast)
		rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(200) }))
		defer rcv.Close()
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		hook := apitest.Str(s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": rcv.URL + "/h", "events": []string{"api_key.created"}}).
			Expect(t, 201, "").Data(), "webhook", "id")
		dlv := apitest.Str(s.Call(t, u.Token, "webhooks", "test", hook, nil).Expect(t, 200, "").Data(), "delivery", "id")
		waitAttempts := func(n int) map[string]any {
			t.Helper()
			for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				ds := s.Call(t, u.Token, "webhooks", "deliveries", hook, nil).Expect(t, 200, "").Data()["deliveries"].([]any)
				for _, d := range ds {
					d := d.(map[string]any)
					if d["id"] == dlv && d["status"] == "delivered" && len(d["attempts"].([]any)) == n {
						return d
					}
				}
				if time.Now().After(deadline) {
					t.Fatalf("delivery %s never delivered with %d attempts: %v", dlv, n, ds)
				}
			}
		}
		waitAttempts(1)

		s.Call(t, other.Token, "webhooks", "redeliver", dlv, nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, "webhooks", "redeliver", "no-such-delivery", nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, "webhooks", "redeliver", "", nil).Expect(t, 400, "VALIDATION_ERROR")

		d := s.Call(t, u.Token, "webhooks", "redeliver", dlv, nil).Expect(t, 200, "").Data()["delivery"].(map[string]any)
		if d["id"] != dlv || len(d["attempts"].([]any)) < 1 {
			t.Fatalf("redeliver: %v", d)
		}
		d = waitAttempts(2)
		if a := d["attempts"].([]any); a[0].(map[string]any)["attempt"].(float64) != 1 || a[1].(map[string]any)["attempt"].(float64) != 2 {
			t.Fatalf("attempts kept and numbered on: %v", a)
		}
		// an admin may redeliver any endpoint's delivery.
		s.Call(t, admin.Token, "webhooks", "redeliver", dlv, nil).Expect(t, 200, "")
		waitAttempts(3)

		// a disabled endpoint: VALIDATION_ERROR naming id.
		s.Call(t, u.Token, "webhooks", "update", hook, map[string]any{"enabled": false}).Expect(t, 200, "")
		r := s.Call(t, u.Token, "webhooks", "redeliver", dlv, nil).Expect(t, 400, "VALIDATION_ERROR")
		if apitest.Str(r.Err(), "field") != "id" {
			t.Fatalf("disabled endpoint: %s", r.Raw)
		}
	})
}
