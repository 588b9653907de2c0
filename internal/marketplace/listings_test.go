package marketplace_test

import (
	"net/http"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

func TestListingLifecycle(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "support", 1)
		other := f.Category(t, "sales", 2)
		br := f.Brand(t, "acme")
		agent := f.Agent(t, "Helper", 2)

		created := f.Call(t, f.Admin.Token, "create", "", map[string]any{
			"agent_id": agent, "slug": "help-desk", "display_name": "Help Desk", "category_id": cat["id"],
			"tagline": "Answers tickets", "description": "A support genie", "brand_id": br["id"],
			"thumbnail_url": "https://example.com/t.png", "demo_video_url": "https://example.com/v.mp4",
			"is_featured": true, "metadata": map[string]any{"difficulty": "Beginner", "industry": "Retail", "x": 1},
		}).Expect(t, http.StatusCreated, "").Data()
		id := created["id"].(string)
		want := map[string]any{"agent_id": agent, "slug": "help-desk", "display_name": "Help Desk", "category_id": cat["id"],
			"brand_id": br["id"], "tagline": "Answers tickets", "description": "A support genie", "is_featured": true,
			"is_public": true, "rating": 0.0, "view_count": 0.0, "clone_count": 0.0,
			"thumbnail_url": "https://example.com/t.png", "demo_video_url": "https://example.com/v.mp4"}
		for k, v := range want {
			if created[k] != v {
				t.Errorf("create: %s = %v, want %v", k, created[k], v)
			}
		}
		if c := created["category"].(map[string]any); c["slug"] != "support" || c["name"] != "Cat support" || c["id"] != cat["id"] {
			t.Errorf("category object %v", c)
		}
		if b := created["brand"].(map[string]any); b["slug"] != "acme" || b["id"] != br["id"] {
			t.Errorf("brand object %v", b)
		}
		if m := created["metadata"].(map[string]any); m["difficulty"] != "Beginner" || m["x"] != 1.0 {
			t.Errorf("metadata %v", m)
		}
		if cr, _ := created["creator"].(map[string]any); cr == nil || cr["id"] != f.Admin.ID || cr["email"] != f.Admin.Email {
			t.Errorf("creator %v", created["creator"])
		}
		if created["created_at"] == nil || created["updated_at"] == nil {
			t.Errorf("timestamps missing: %v", created)
		}

		// The agent became a template linked to the listing.
		g := f.S.Call(t, f.Admin.Token, "genies", "get", agent, nil).Expect(t, 200, "").Data()["genie"].(map[string]any)
		if g["is_marketplace_template"] != true || g["marketplace_genie_id"] != id {
			t.Fatalf("agent not linked: %v", g)
		}

		// Duplicate slug and a second listing for the same agent are 400.
		r := f.Call(t, f.Admin.Token, "create", "", map[string]any{"agent_id": f.Agent(t, "x", 0), "slug": "help-desk",
			"display_name": "X", "category_id": cat["id"]}).Expect(t, 400, "VALIDATION_ERROR")
		if r.Err()["field"] != "slug" {
			t.Errorf("duplicate slug field = %v", r.Err()["field"])
		}
		f.Call(t, f.Admin.Token, "create", "", map[string]any{"agent_id": agent, "slug": "again",
			"display_name": "X", "category_id": cat["id"]}).Expect(t, 400, "VALIDATION_ERROR")

		// Public get has no creator; get by slug and by id; related excludes self.
		f.Listing(t, "sibling", cat["id"].(string), nil)
		f.Listing(t, "hidden-sibling", cat["id"].(string), map[string]any{"is_public": false})
		f.Listing(t, "elsewhere", other["id"].(string), nil)
		got := f.Call(t, "", "get", "help-desk", nil).Expect(t, 200, "").Data()
		if _, has := got["creator"]; has {
			t.Errorf("public get shows creator")
		}
		if got["view_count"] != 1.0 {
			t.Errorf("view_count after first get = %v", got["view_count"])
		}
		rel := got["related_genies"].([]any)
		if len(rel) != 1 || rel[0].(map[string]any)["slug"] != "sibling" {
			t.Errorf("related_genies = %v", rel)
		}
		keys := []string{}
		for k := range rel[0].(map[string]any) {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if !reflect.DeepEqual(keys, []string{"category_id", "display_name", "id", "rating", "slug", "tagline", "thumbnail_url"}) {
			t.Errorf("related keys %v", keys)
		}
		got = f.Call(t, f.User.Token, "get", id, nil).Expect(t, 200, "").Data()
		if got["view_count"] != 2.0 || got["slug"] != "help-desk" {
			t.Errorf("get by id: %v", got)
		}
		f.Call(t, "", "get", "no-such-listing", nil).Expect(t, 404, "NOT_FOUND")
		f.Call(t, "", "get", "", nil).Expect(t, 400, "VALIDATION_ERROR")

		// Update changes only supplied fields; null clears optional ones.
		up := f.Call(t, f.Admin.Token, "update", id, map[string]any{"tagline": "New tagline", "brand_id": nil,
			"category_id": other["id"], "metadata": map[string]any{"difficulty": "advanced"}}).Expect(t, 200, "").Data()
		if up["tagline"] != "New tagline" || up["brand_id"] != nil || up["brand"] != nil || up["category_id"] != other["id"] ||
			up["display_name"] != "Help Desk" || up["description"] != "A support genie" || up["is_featured"] != true {
			t.Errorf("update: %v", up)
		}
		f.Call(t, f.Admin.Token, "update", "00000000-0000-4000-8000-000000000000", map[string]any{"tagline": "x"}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "update", id, map[string]any{"slug": "sibling"}).Expect(t, 400, "VALIDATION_ERROR")

		// Delete removes it and unlinks the agent.
		d := f.Call(t, f.Admin.Token, "delete", id, nil).Expect(t, 200, "").Data()
		if d["success"] != true || d["id"] != id {
			t.Errorf("delete: %v", d)
		}
		f.Call(t, "", "get", "help-desk", nil).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "delete", id, nil).Expect(t, 404, "NOT_FOUND")
		g = f.S.Call(t, f.Admin.Token, "genies", "get", agent, nil).Expect(t, 200, "").Data()["genie"].(map[string]any)
		if g["is_marketplace_template"] != false || g["marketplace_genie_id"] != nil {
			t.Fatalf("agent still linked: %v", g)
		}
		// The unlinked agent may be listed again.
		f.Call(t, f.Admin.Token, "create", "", map[string]any{"agent_id": agent, "slug": "help-desk",
			"display_name": "Help Desk", "category_id": cat["id"]}).Expect(t, 201, "")
	})
}

func TestAccess(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)
		l := f.Listing(t, "one", cat["id"].(string), nil)
		id := l["id"].(string)
		body := map[string]any{"agent_id": f.Agent(t, "a", 0), "slug": "two", "display_name": "Two", "category_id": cat["id"]}
		for _, tc := range []struct {
			name, tok, action, id string
			data                  any
			status                int
			code                  string
		}{
			{"create anonymous", "", "create", "", body, 401, "UNAUTHORIZED"},
			{"create user", f.User.Token, "create", "", body, 403, "FORBIDDEN"},
			{"create consumer", f.Consumer.Token, "create", "", body, 403, "FORBIDDEN"},
			{"update user", f.User.Token, "update", id, map[string]any{"tagline": "x"}, 403, "FORBIDDEN"},
			{"update anonymous", "", "update", id, map[string]any{"tagline": "x"}, 401, "UNAUTHORIZED"},
			{"delete user", f.User.Token, "delete", id, nil, 403, "FORBIDDEN"},
			{"delete anonymous", "", "delete", id, nil, 401, "UNAUTHORIZED"},
			{"clone anonymous", "", "clone", id, nil, 401, "UNAUTHORIZED"},
			{"category create anonymous", "", "categories", "", map[string]any{"mode": "create", "name": "n", "slug": "n"}, 401, "UNAUTHORIZED"},
			{"category create user", f.User.Token, "categories", "", map[string]any{"mode": "create", "name": "n", "slug": "n"}, 403, "FORBIDDEN"},
			{"brand delete user", f.User.Token, "brands", "", map[string]any{"mode": "delete", "id": id}, 403, "FORBIDDEN"},
			{"unknown action", "", "frobnicate", "", nil, 400, "INVALID_ACTION"},
			{"list anonymous", "", "list", "", nil, 200, ""},
			{"all anonymous", "", "all", "", nil, 200, ""},
			{"get anonymous", "", "get", "one", nil, 200, ""},
			{"categories anonymous", "", "categories", "", nil, 200, ""},
			{"brands anonymous", "", "brands", "", nil, 200, ""},
			{"stats anonymous", "", "stats", "", nil, 200, ""},
			{"trending anonymous", "", "trending", "", nil, 200, ""},
			{"clone consumer", f.Consumer.Token, "clone", id, nil, 201, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				f.Call(t, tc.tok, tc.action, tc.id, tc.data).Expect(t, tc.status, tc.code)
			})
		}
	})
}

func TestCategoriesAndBrands(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		b := f.Category(t, "b-second", 2)
		a := f.Category(t, "a-first", 1)
		child := f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "create", "name": "Child", "slug": "child",
			"parent_id": a["id"]}).Expect(t, 201, "").Data()["category"].(map[string]any)
		if child["parent_id"] != a["id"] || child["order"] != 0.0 || child["description"] != "" {
			t.Fatalf("child %v", child)
		}
		keys := []string{}
		for k := range a {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if !reflect.DeepEqual(keys, []string{"created_at", "description", "icon", "id", "name", "order", "parent_id", "slug"}) {
			t.Errorf("category keys %v", keys)
		}
		list := f.Call(t, "", "categories", "", nil).Expect(t, 200, "").Data()
		var order []string
		for _, c := range list["categories"].([]any) {
			order = append(order, c.(map[string]any)["slug"].(string))
		}
		if !slices.Equal(order, []string{"child", "a-first", "b-second"}) || list["count"] != 3.0 {
			t.Fatalf("categories order %v count %v", order, list["count"])
		}
		// Update: only supplied fields; cycles refused.
		up := f.Call(t, f.Admin.Token, "categories", b["id"].(string), map[string]any{"mode": "update", "order": -1}).Expect(t, 200, "").Data()["category"].(map[string]any)
		if up["order"] != -1.0 || up["name"] != b["name"] {
			t.Errorf("update category %v", up)
		}
		f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "update", "id": a["id"], "parent_id": child["id"]}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "create", "name": "Dup", "slug": "child"}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "create", "name": "Bad", "slug": "Bad Slug"}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "create", "slug": "noname"}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "explode"}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "update", "name": "x"}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "categories", "00000000-0000-4000-8000-000000000000", map[string]any{"mode": "update", "name": "x"}).Expect(t, 404, "NOT_FOUND")
		// A category with listings cannot be deleted; an empty one can, and its children move up.
		f.Listing(t, "in-b", b["id"].(string), nil)
		f.Call(t, f.Admin.Token, "categories", b["id"].(string), map[string]any{"mode": "delete"}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "categories", a["id"].(string), map[string]any{"mode": "delete"}).Expect(t, 200, "")
		list = f.Call(t, "", "categories", "", nil).Expect(t, 200, "").Data()
		if list["count"] != 2.0 {
			t.Fatalf("count after delete %v", list["count"])
		}
		for _, c := range list["categories"].([]any) {
			if c.(map[string]any)["slug"] == "child" && c.(map[string]any)["parent_id"] != nil {
				t.Errorf("child keeps deleted parent")
			}
		}

		// Brands.
		br := f.Brand(t, "zeta")
		f.Brand(t, "alpha")
		f.Call(t, f.Admin.Token, "brands", "", map[string]any{"mode": "create", "name": "Z", "slug": "zeta"}).Expect(t, 400, "VALIDATION_ERROR")
		bl := f.Call(t, "", "brands", "", nil).Expect(t, 200, "").Data()
		if bl["count"] != 2.0 || bl["brands"].([]any)[0].(map[string]any)["slug"] != "alpha" {
			t.Fatalf("brands %v", bl)
		}
		ren := f.Call(t, f.Admin.Token, "brands", br["id"].(string), map[string]any{"mode": "update", "name": "Zeta Inc"}).Expect(t, 200, "").Data()["brand"].(map[string]any)
		if ren["name"] != "Zeta Inc" || ren["slug"] != "zeta" {
			t.Errorf("brand update %v", ren)
		}
		l := f.Listing(t, "branded", b["id"].(string), map[string]any{"brand_id": br["id"]})
		cnt := f.Call(t, "", "list", "", map[string]any{"query": map[string]any{"brand": "zeta"}}).Expect(t, 200, "").Data()
		if cnt["count"] != 1.0 {
			t.Fatalf("brand filter count %v", cnt["count"])
		}
		f.Call(t, f.Admin.Token, "brands", br["id"].(string), map[string]any{"mode": "delete"}).Expect(t, 200, "")
		got := f.Call(t, "", "get", l["slug"].(string), nil).Expect(t, 200, "").Data()
		if got["brand_id"] != nil || got["brand"] != nil {
			t.Errorf("listing keeps deleted brand: %v", got)
		}
		cnt = f.Call(t, "", "list", "", map[string]any{"query": map[string]any{"brand": "zeta"}}).Expect(t, 200, "").Data()
		if cnt["count"] != 0.0 {
			t.Fatalf("deleted brand count %v", cnt["count"])
		}
		f.Call(t, f.Admin.Token, "brands", br["id"].(string), map[string]any{"mode": "delete"}).Expect(t, 404, "NOT_FOUND")
	})
}
