package community_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

func TestReviews(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		id := f.Listing(t, "rev", cat, nil)["id"].(string)
		hidden := f.Listing(t, "hidden", cat, map[string]any{"is_public": false})["id"].(string)

		// No credential.
		f.Call(t, "", "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 5}).Expect(t, http.StatusUnauthorized, "UNAUTHORIZED")

		// Create: 201, fields, listing rating updated.
		r := f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 4,
			"review_text": " good "}).Expect(t, http.StatusCreated, "").Data()["review"].(map[string]any)
		if r["rating"] != 4.0 || r["review_text"] != "good" || r["is_verified_clone"] != false || r["user_id"] != f.User.ID ||
			r["marketplace_genie_id"] != id || r["id"] == "" || r["created_at"] == nil || r["updated_at"] == nil {
			t.Fatalf("review %v", r)
		}
		rid := r["id"].(string)
		l := f.Call(t, "", "get", "rev", nil).Data()
		if l["rating"] != 4.0 || l["rating_count"] != 1.0 {
			t.Fatalf("listing rating %v %v", l["rating"], l["rating_count"])
		}

		// Second review by the same user.
		e := f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 3}).
			Expect(t, http.StatusBadRequest, "VALIDATION_ERROR")
		if !strings.Contains(e.Err()["message"].(string), "already reviewed") {
			t.Fatalf("duplicate message %v", e.Err())
		}

		// Verified clone: claim without a clone is 400; after cloning it is accepted.
		wantField(t, f.Call(t, f.Consumer.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 1,
			"is_verified_clone": true}), "is_verified_clone")
		f.Call(t, f.Consumer.Token, "clone", id, nil).Expect(t, 201, "")
		v := f.Call(t, f.Consumer.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 1,
			"is_verified_clone": true}).Expect(t, 201, "").Data()["review"].(map[string]any)
		if v["is_verified_clone"] != true {
			t.Fatalf("verified %v", v)
		}
		l = f.Call(t, "", "get", "rev", nil).Data()
		if l["rating"] != 2.5 || l["rating_count"] != 2.0 {
			t.Fatalf("listing rating %v %v", l["rating"], l["rating_count"])
		}

		// List: newest first, filters, pagination, request id.
		list := f.Call(t, f.Admin.Token, "reviews", id, nil).Expect(t, 200, "").Data()
		items := list["items"].([]any)
		if list["count"] != 2.0 || list["limit"] != 50.0 || list["offset"] != 0.0 || len(items) != 2 ||
			items[0].(map[string]any)["id"] != v["id"] {
			t.Fatalf("list %v", list)
		}
		list = f.Call(t, f.Admin.Token, "reviews", "", map[string]any{"marketplace_genie_id": id, "rating": 4}).Expect(t, 200, "").Data()
		if list["count"] != 1.0 || list["items"].([]any)[0].(map[string]any)["id"] != rid {
			t.Fatalf("rating filter %v", list)
		}
		list = f.Call(t, f.Admin.Token, "reviews", "", map[string]any{"marketplace_genie_id": id, "verified_only": true}).Expect(t, 200, "").Data()
		if list["count"] != 1.0 || list["items"].([]any)[0].(map[string]any)["id"] != v["id"] {
			t.Fatalf("verified filter %v", list)
		}
		list = f.Call(t, f.User.Token, "reviews", "", map[string]any{"marketplace_genie_id": id, "limit": 1, "offset": 1}).Expect(t, 200, "").Data()
		if list["count"] != 2.0 || len(list["items"].([]any)) != 1 || list["items"].([]any)[0].(map[string]any)["id"] != rid {
			t.Fatalf("page %v", list)
		}

		// Update: owner only.
		f.Call(t, f.Consumer.Token, "reviews", "", map[string]any{"mode": "update", "review_id": rid, "rating": 1}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "reviews", "", map[string]any{"mode": "update", "review_id": rid, "rating": 1}).Expect(t, 404, "NOT_FOUND")
		u := f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "update", "review_id": rid, "rating": 5, "review_text": "great"}).
			Expect(t, 200, "").Data()["review"].(map[string]any)
		if u["rating"] != 5.0 || u["review_text"] != "great" {
			t.Fatalf("updated %v", u)
		}
		if l = f.Call(t, "", "get", "rev", nil).Data(); l["rating"] != 3.0 || l["rating_count"] != 2.0 {
			t.Fatalf("listing rating after update %v %v", l["rating"], l["rating_count"])
		}

		// Delete: the owner only, as the spec says (admins included); others 404.
		f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "delete", "review_id": v["id"]}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "reviews", "", map[string]any{"mode": "delete", "review_id": v["id"]}).Expect(t, 404, "NOT_FOUND")
		d := f.Call(t, f.Consumer.Token, "reviews", "", map[string]any{"mode": "delete", "review_id": v["id"]}).Expect(t, 200, "").Data()
		if d["success"] != true || d["id"] != v["id"] {
			t.Fatalf("delete %v", d)
		}
		f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "delete", "review_id": rid}).Expect(t, 200, "")
		if l = f.Call(t, "", "get", "rev", nil).Data(); l["rating"] != 0.0 || l["rating_count"] != 0.0 {
			t.Fatalf("listing rating after deletes %v %v", l["rating"], l["rating_count"])
		}
		f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "delete", "review_id": rid}).Expect(t, 404, "NOT_FOUND")

		// Non-public listing: 404 for users, allowed for admins.
		f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": hidden, "rating": 3}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.User.Token, "reviews", hidden, nil).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "reviews", hidden, nil).Expect(t, 200, "")
		f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": "00000000-0000-4000-8000-000000000000",
			"rating": 3}).Expect(t, 404, "NOT_FOUND")

		long := strings.Repeat("x", 5001)
		for _, tc := range []struct {
			data  map[string]any
			field string
		}{
			{map[string]any{"mode": "bogus"}, "mode"},
			{map[string]any{"mode": 3}, "mode"},
			{map[string]any{"mode": "create", "rating": 3}, "marketplace_genie_id"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id}, "rating"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 0}, "rating"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 6}, "rating"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 4.5}, "rating"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": "5"}, "rating"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 5, "review_text": long}, "review_text"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 5, "review_text": 7}, "review_text"},
			{map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 5, "is_verified_clone": "yes"}, "is_verified_clone"},
			{map[string]any{"mode": "create", "marketplace_genie_id": 12, "rating": 5}, "marketplace_genie_id"},
			{map[string]any{"mode": "update", "rating": 5}, "review_id"},
			{map[string]any{"mode": "update", "review_id": rid, "rating": 9}, "rating"},
			{map[string]any{"mode": "delete"}, "review_id"},
			{map[string]any{}, "marketplace_genie_id"},
			{map[string]any{"marketplace_genie_id": id, "limit": 201}, "limit"},
			{map[string]any{"marketplace_genie_id": id, "limit": 0}, "limit"},
			{map[string]any{"marketplace_genie_id": id, "offset": -1}, "offset"},
			{map[string]any{"marketplace_genie_id": id, "rating": 7}, "rating"},
			{map[string]any{"marketplace_genie_id": id, "verified_only": "yes"}, "verified_only"},
		} {
			wantField(t, f.Call(t, f.User.Token, "reviews", "", tc.data), tc.field)
		}
	})
}

func TestReviewsConcurrent(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		id := f.Listing(t, "busy", cat, nil)["id"].(string)
		users := make([]*apitest.User, 20)
		for i := range users {
			users[i] = f.S.NewUser(t, auth.RoleUser)
		}
		var wg sync.WaitGroup
		sum := 0
		for i, u := range users {
			sum += i%5 + 1
			wg.Add(1)
			go func() {
				defer wg.Done()
				f.Call(t, u.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": i%5 + 1}).
					Expect(t, http.StatusCreated, "")
			}()
		}
		wg.Wait()
		l := f.Call(t, "", "get", "busy", nil).Data()
		if l["rating_count"] != 20.0 || l["rating"] != float64(sum)/20 {
			t.Fatalf("rating %v count %v, want %v and 20", l["rating"], l["rating_count"], float64(sum)/20)
		}
		tr := f.Call(t, "", "trending", "", nil).Data()
		it := tr["items"].([]any)
		if len(it) != 1 || it[0].(map[string]any)["interactions_today"] == 0.0 {
			t.Fatalf("trending %v", tr)
		}
	})
}

// wantField checks that r is a 400 VALIDATION_ERROR naming field.
func wantField(t *testing.T, r *apitest.Resp, field string) {
	t.Helper()
	r.Expect(t, http.StatusBadRequest, "VALIDATION_ERROR")
	if got := r.Err()["field"]; got != field {
		t.Fatalf("error field %v, want %s: %v", got, field, r.Err())
	}
}

// TestReviewsRefreshCachedListings checks that review writes bump the
// catalog version: cached list and all responses show the new rating.
func TestReviewsRefreshCachedListings(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		id := f.Listing(t, "cached", cat, nil)["id"].(string)
		rating := func(action string) any {
			t.Helper()
			d := f.Call(t, "", action, "", map[string]any{"query": map[string]any{"sortBy": "rating"}}).Expect(t, 200, "").Data()
			return d["genies"].([]any)[0].(map[string]any)["rating"]
		}
		if rating("list") != 0.0 || rating("all") != 0.0 {
			t.Fatalf("initial rating")
		}
		rid := f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 4}).
			Expect(t, 201, "").Data()["review"].(map[string]any)["id"]
		if rating("list") != 4.0 || rating("all") != 4.0 {
			t.Fatalf("after create: list %v all %v", rating("list"), rating("all"))
		}
		f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "update", "review_id": rid, "rating": 2}).Expect(t, 200, "")
		if rating("list") != 2.0 {
			t.Fatalf("after update: %v", rating("list"))
		}
		f.Call(t, f.User.Token, "reviews", "", map[string]any{"mode": "delete", "review_id": rid}).Expect(t, 200, "")
		if rating("all") != 0.0 {
			t.Fatalf("after delete: %v", rating("all"))
		}
	})
}
