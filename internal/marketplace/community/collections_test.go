package community_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

func TestCollections(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		a := f.Listing(t, "ca", cat, nil)["id"].(string)
		b := f.Listing(t, "cb", cat, nil)["id"].(string)
		hidden := f.Listing(t, "ch", cat, map[string]any{"is_public": false})["id"].(string)

		f.Call(t, "", "collections", "", nil).Expect(t, http.StatusUnauthorized, "UNAUTHORIZED")

		// Create: defaults.
		col := f.Call(t, f.User.Token, "collections", "", map[string]any{"mode": "create", "name": " Faves "}).
			Expect(t, http.StatusCreated, "").Data()["collection"].(map[string]any)
		if col["name"] != "Faves" || col["description"] != "" || col["is_public"] != false || col["genie_count"] != 0.0 ||
			col["user_id"] != f.User.ID || col["id"] == "" {
			t.Fatalf("collection %v", col)
		}
		cid := col["id"].(string)
		pub := f.Call(t, f.User.Token, "collections", "", map[string]any{"mode": "create", "name": "Shared", "description": "d",
			"is_public": true}).Expect(t, 201, "").Data()["collection"].(map[string]any)
		pid := pub["id"].(string)

		// add-genie: idempotent, listing must be visible; owner only.
		for range 2 {
			r := f.Call(t, f.User.Token, "collections", "", map[string]any{"mode": "add-genie", "collection_id": cid, "marketplace_genie_id": a}).
				Expect(t, 200, "").Data()["collection"].(map[string]any)
			if r["genie_count"] != 1.0 {
				t.Fatalf("after add %v", r)
			}
		}
		f.Call(t, f.User.Token, "collections", cid, map[string]any{"mode": "add-genie", "marketplace_genie_id": b}).Expect(t, 200, "")
		f.Call(t, f.User.Token, "collections", cid, map[string]any{"mode": "add-genie", "marketplace_genie_id": hidden}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.User.Token, "collections", cid, map[string]any{"mode": "add-genie", "marketplace_genie_id": "nope"}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Consumer.Token, "collections", cid, map[string]any{"mode": "add-genie", "marketplace_genie_id": b}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.User.Token, "collections", pid, map[string]any{"mode": "add-genie", "marketplace_genie_id": b}).Expect(t, 200, "")

		// get: owner sees the private one; others only public ones.
		g := f.Call(t, f.User.Token, "collections", "", map[string]any{"collection_id": cid}).Expect(t, 200, "").Data()
		// The page bounds hold on a single collection's read too.
		for _, page := range []map[string]any{{"limit": -1}, {"limit": 1 << 53}, {"offset": -1}} {
			page["collection_id"] = cid
			f.Call(t, f.User.Token, "collections", "", page).Expect(t, 400, "VALIDATION_ERROR")
		}
		gs := g["genies"].([]any)
		if g["collection"].(map[string]any)["id"] != cid || len(gs) != 2 || gs[0].(map[string]any)["id"] != b ||
			gs[1].(map[string]any)["slug"] != "ca" {
			t.Fatalf("get %v", g)
		}
		f.Call(t, f.Consumer.Token, "collections", cid, nil).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Consumer.Token, "collections", pid, nil).Expect(t, 200, "")
		f.Call(t, f.Consumer.Token, "collections", "", map[string]any{"collection_id": "00000000-0000-4000-8000-000000000000"}).Expect(t, 404, "NOT_FOUND")

		// A listing that becomes non-public disappears for non-admins.
		f.Call(t, f.Admin.Token, "update", b, map[string]any{"is_public": false}).Expect(t, 200, "")
		g = f.Call(t, f.Consumer.Token, "collections", pid, nil).Data()
		if len(g["genies"].([]any)) != 0 || g["collection"].(map[string]any)["genie_count"] != 0.0 {
			t.Fatalf("hidden listing shown %v", g)
		}
		if g = f.Call(t, f.Admin.Token, "collections", pid, nil).Data(); len(g["genies"].([]any)) != 1 {
			t.Fatalf("admin view %v", g)
		}
		f.Call(t, f.Admin.Token, "update", b, map[string]any{"is_public": true}).Expect(t, 200, "")

		// remove-genie: idempotent.
		for range 2 {
			r := f.Call(t, f.User.Token, "collections", cid, map[string]any{"mode": "remove-genie", "marketplace_genie_id": a}).
				Expect(t, 200, "").Data()["collection"].(map[string]any)
			if r["genie_count"] != 1.0 {
				t.Fatalf("after remove %v", r)
			}
		}
		f.Call(t, f.Consumer.Token, "collections", cid, map[string]any{"mode": "remove-genie", "marketplace_genie_id": b}).Expect(t, 404, "NOT_FOUND")

		// update: owner only, partial.
		f.Call(t, f.Consumer.Token, "collections", cid, map[string]any{"mode": "update", "name": "x"}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "collections", cid, map[string]any{"mode": "update", "name": "x"}).Expect(t, 404, "NOT_FOUND")
		u := f.Call(t, f.User.Token, "collections", "", map[string]any{"mode": "update", "collection_id": cid, "description": "mine",
			"is_public": true}).Expect(t, 200, "").Data()["collection"].(map[string]any)
		if u["name"] != "Faves" || u["description"] != "mine" || u["is_public"] != true {
			t.Fatalf("update %v", u)
		}
		f.Call(t, f.Consumer.Token, "collections", cid, nil).Expect(t, 200, "")

		// list: the caller's, newest first, with genie_count.
		list := f.Call(t, f.User.Token, "collections", "", nil).Expect(t, 200, "").Data()
		items := list["items"].([]any)
		if list["count"] != 2.0 || list["limit"] != 50.0 || len(items) != 2 || items[0].(map[string]any)["id"] != pid ||
			items[1].(map[string]any)["genie_count"] != 1.0 {
			t.Fatalf("list %v", list)
		}
		list = f.Call(t, f.User.Token, "collections", "", map[string]any{"limit": 1, "offset": 1}).Data()
		if list["count"] != 2.0 || len(list["items"].([]any)) != 1 || list["items"].([]any)[0].(map[string]any)["id"] != cid {
			t.Fatalf("page %v", list)
		}
		if list = f.Call(t, f.Consumer.Token, "collections", "", nil).Data(); list["count"] != 0.0 {
			t.Fatalf("consumer list %v", list)
		}

		// delete: owner only.
		f.Call(t, f.Consumer.Token, "collections", cid, map[string]any{"mode": "delete"}).Expect(t, 404, "NOT_FOUND")
		d := f.Call(t, f.User.Token, "collections", "", map[string]any{"mode": "delete", "collection_id": cid}).Expect(t, 200, "").Data()
		if d["success"] != true || d["id"] != cid {
			t.Fatalf("delete %v", d)
		}
		f.Call(t, f.User.Token, "collections", cid, nil).Expect(t, 404, "NOT_FOUND")

		for _, tc := range []struct {
			data  map[string]any
			field string
		}{
			{map[string]any{"mode": "bogus"}, "mode"},
			{map[string]any{"mode": "create"}, "name"},
			{map[string]any{"mode": "create", "name": "  "}, "name"},
			{map[string]any{"mode": "create", "name": strings.Repeat("n", 101)}, "name"},
			{map[string]any{"mode": "create", "name": 4}, "name"},
			{map[string]any{"mode": "create", "name": "ok", "description": strings.Repeat("d", 1001)}, "description"},
			{map[string]any{"mode": "create", "name": "ok", "is_public": "yes"}, "is_public"},
			{map[string]any{"mode": "update", "name": "x"}, "collection_id"},
			{map[string]any{"mode": "update", "collection_id": pid, "name": ""}, "name"},
			{map[string]any{"mode": "delete"}, "collection_id"},
			{map[string]any{"mode": "add-genie", "collection_id": pid}, "marketplace_genie_id"},
			{map[string]any{"mode": "remove-genie", "marketplace_genie_id": a}, "collection_id"},
			{map[string]any{"collection_id": 3}, "collection_id"},
			{map[string]any{"limit": 201}, "limit"},
			{map[string]any{"offset": -1}, "offset"},
		} {
			wantField(t, f.Call(t, f.User.Token, "collections", "", tc.data), tc.field)
		}
	})
}
