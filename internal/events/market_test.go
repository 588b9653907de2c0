package events_test

import (
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestMarketplaceEvents: a submission (a platform event admins also see),
// its approval publishing a listing, a clone and a review record their
// events.
func TestMarketplaceEvents(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		list := func(tok, typ string) []map[string]any {
			t.Helper()
			d := s.Call(t, tok, "events", "list", "", map[string]any{"types": []string{typ}}).Expect(t, 200, "").Data()
			var out []map[string]any
			for _, e := range d["events"].([]any) {
				out = append(out, e.(map[string]any))
			}
			return out
		}
		cat := s.Call(t, admin.Token, "marketplace", "categories", "", map[string]any{"mode": "create", "name": "Food", "slug": "food"}).
			Expect(t, 201, "").Data()["category"].(map[string]any)
		g := s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Baker"}).Expect(t, 201, "").Data()["genie"].(map[string]any)["id"]
		sub := s.Call(t, u.Token, "marketplace", "submissions", "", map[string]any{"mode": "create", "agent_id": g,
			"submission_data": map[string]any{"slug": "baker", "display_name": "Baker", "category_id": cat["id"]}}).
			Expect(t, 201, "").Data()["submission"].(map[string]any)
		if ev := list(u.Token, "marketplace.submission.created"); len(ev) != 1 || ev[0]["data"].(map[string]any)["submission_id"] != sub["id"] {
			t.Fatalf("user's submission.created: %v", ev)
		}
		if ev := list(admin.Token, "marketplace.submission.created"); len(ev) != 1 {
			t.Fatalf("admins see the platform event: %v", ev)
		}
		s.Call(t, admin.Token, "marketplace", "submissions", "", map[string]any{"mode": "approve", "submission_id": sub["id"]}).Expect(t, 200, "")
		st := list(u.Token, "marketplace.submission.status_changed")
		if len(st) != 1 || st[0]["data"].(map[string]any)["status"] != "approved" || st[0]["data"].(map[string]any)["previous_status"] != "pending" ||
			st[0]["data"].(map[string]any)["listing_id"] == nil {
			t.Fatalf("status_changed: %v", st)
		}
		listing := st[0]["data"].(map[string]any)["listing_id"].(string)
		c := s.NewUser(t, auth.RoleUser)
		s.Call(t, c.Token, "marketplace", "clone", listing, nil).Expect(t, 201, "")
		if ev := list(c.Token, "marketplace.listing.cloned"); len(ev) != 1 || ev[0]["data"].(map[string]any)["marketplace_genie_id"] != listing {
			t.Fatalf("listing.cloned: %v", ev)
		}
		s.Call(t, c.Token, "marketplace", "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": listing, "rating": 5}).Expect(t, 201, "")
		if ev := list(c.Token, "marketplace.review.created"); len(ev) != 1 || ev[0]["data"].(map[string]any)["review"].(map[string]any)["rating"] != 5.0 {
			t.Fatalf("review.created: %v", ev)
		}
	})
}
