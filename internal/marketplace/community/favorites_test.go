package community_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

func TestFavorites(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		a := f.Listing(t, "fa", cat, nil)["id"].(string)
		b := f.Listing(t, "fb", cat, nil)["id"].(string)
		hidden := f.Listing(t, "fh", cat, map[string]any{"is_public": false})["id"].(string)

		f.Call(t, "", "favorites", "", nil).Expect(t, http.StatusUnauthorized, "UNAUTHORIZED")

		// Add: 201 first, 200 with the same favorite again.
		fav := f.Call(t, f.User.Token, "favorites", "", map[string]any{"mode": "add", "marketplace_genie_id": a}).
			Expect(t, http.StatusCreated, "").Data()["favorite"].(map[string]any)
		if fav["marketplace_genie_id"] != a || fav["id"] == "" || fav["created_at"] == nil ||
			fav["marketplace_genie"].(map[string]any)["slug"] != "fa" {
			t.Fatalf("favorite %v", fav)
		}
		again := f.Call(t, f.User.Token, "favorites", "", map[string]any{"mode": "add", "marketplace_genie_id": a}).
			Expect(t, http.StatusOK, "").Data()["favorite"].(map[string]any)
		if again["id"] != fav["id"] {
			t.Fatalf("second add %v, want %v", again, fav)
		}
		f.Call(t, f.User.Token, "favorites", b, map[string]any{"mode": "add"}).Expect(t, http.StatusCreated, "")
		f.Call(t, f.User.Token, "favorites", "", map[string]any{"mode": "add", "marketplace_genie_id": hidden}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.User.Token, "favorites", "", map[string]any{"mode": "add", "marketplace_genie_id": "nope"}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "favorites", "", map[string]any{"mode": "add", "marketplace_genie_id": hidden}).Expect(t, 201, "")

		// List: the caller's, newest first, with full listings.
		list := f.Call(t, f.User.Token, "favorites", "", nil).Expect(t, 200, "").Data()
		items := list["items"].([]any)
		if list["count"] != 2.0 || list["limit"] != 50.0 || list["offset"] != 0.0 || len(items) != 2 ||
			items[0].(map[string]any)["marketplace_genie_id"] != b || items[1].(map[string]any)["marketplace_genie"].(map[string]any)["id"] != a {
			t.Fatalf("list %v", list)
		}
		list = f.Call(t, f.User.Token, "favorites", "", map[string]any{"limit": 1, "offset": 1}).Expect(t, 200, "").Data()
		if list["count"] != 2.0 || len(list["items"].([]any)) != 1 || list["items"].([]any)[0].(map[string]any)["marketplace_genie_id"] != a {
			t.Fatalf("page %v", list)
		}
		if list = f.Call(t, f.Consumer.Token, "favorites", "", nil).Data(); list["count"] != 0.0 {
			t.Fatalf("other user's favorites %v", list)
		}

		// A listing that becomes non-public is hidden from non-admins.
		f.Call(t, f.Admin.Token, "update", b, map[string]any{"is_public": false}).Expect(t, 200, "")
		list = f.Call(t, f.User.Token, "favorites", "", nil).Data()
		if list["count"] != 1.0 || len(list["items"].([]any)) != 1 {
			t.Fatalf("hidden favorite listed %v", list)
		}
		if list = f.Call(t, f.Admin.Token, "favorites", "", nil).Data(); list["count"] != 1.0 {
			t.Fatalf("admin favorites %v", list)
		}

		// Remove: idempotent.
		for range 2 {
			d := f.Call(t, f.User.Token, "favorites", "", map[string]any{"mode": "remove", "marketplace_genie_id": a}).Expect(t, 200, "").Data()
			if d["success"] != true || d["id"] != a {
				t.Fatalf("remove %v", d)
			}
		}
		if list = f.Call(t, f.User.Token, "favorites", "", nil).Data(); list["count"] != 0.0 {
			t.Fatalf("after remove %v", list)
		}

		// Trending counts the first add only.
		tr := f.Call(t, "", "trending", "", nil).Data()["items"].([]any)
		if len(tr) != 1 || tr[0].(map[string]any)["id"] != a || tr[0].(map[string]any)["interactions_today"] != 1.0 {
			t.Fatalf("trending %v", tr)
		}

		for _, tc := range []struct {
			data  map[string]any
			field string
		}{
			{map[string]any{"mode": "bogus"}, "mode"},
			{map[string]any{"mode": "add"}, "marketplace_genie_id"},
			{map[string]any{"mode": "add", "marketplace_genie_id": 5}, "marketplace_genie_id"},
			{map[string]any{"mode": "remove"}, "marketplace_genie_id"},
			{map[string]any{"limit": 201}, "limit"},
			{map[string]any{"limit": "x"}, "limit"},
			{map[string]any{"offset": -1}, "offset"},
		} {
			wantField(t, f.Call(t, f.User.Token, "favorites", "", tc.data), tc.field)
		}
	})
}

func TestFavoritesConcurrent(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		id := f.Listing(t, "hot", cat, nil)["id"].(string)
		var wg sync.WaitGroup
		var mu sync.Mutex
		created, ids := 0, map[string]bool{}
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := f.Call(t, f.User.Token, "favorites", "", map[string]any{"mode": "add", "marketplace_genie_id": id})
				if r.Status != http.StatusCreated {
					r.Expect(t, http.StatusOK, "")
				}
				mu.Lock()
				defer mu.Unlock()
				if r.Status == http.StatusCreated {
					created++
				}
				ids[r.Data()["favorite"].(map[string]any)["id"].(string)] = true
			}()
		}
		wg.Wait()
		list := f.Call(t, f.User.Token, "favorites", "", nil).Data()
		if list["count"] != 1.0 || created != 1 || len(ids) != 1 {
			t.Fatalf("count %v, created %d, ids %v", list["count"], created, ids)
		}
	})
}
