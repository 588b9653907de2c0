package marketplace_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

func TestBrowseFiltersAndSorts(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		sup := f.Category(t, "support", 0)["id"].(string)
		sal := f.Category(t, "sales", 1)["id"].(string)
		acme := f.Brand(t, "acme")["id"].(string)
		f.Listing(t, "alpha", sup, map[string]any{"tagline": "Refund helper", "is_featured": true, "brand_id": acme,
			"metadata": map[string]any{"difficulty": "beginner", "industry": "retail"}})
		f.Listing(t, "beta", sup, map[string]any{"description": "Handles refunds and returns for shops",
			"metadata": map[string]any{"difficulty": "Advanced", "industry": "Retail"}})
		f.Listing(t, "gamma", sal, map[string]any{"display_name": "Sales Closer", "brand_id": acme})
		f.Listing(t, "delta", sal, map[string]any{"is_public": false, "tagline": "Refund secret", "is_featured": true})
		// Views: beta 3, gamma 1. Clones: gamma 2.
		for range 3 {
			f.Call(t, "", "get", "beta", nil).Expect(t, 200, "")
		}
		gamma := f.Call(t, "", "get", "gamma", nil).Expect(t, 200, "").Data()["id"].(string)
		for range 2 {
			f.Call(t, f.User.Token, "clone", gamma, nil).Expect(t, 201, "")
		}

		list := func(action string, data map[string]any) map[string]any {
			t.Helper()
			return f.Call(t, "", action, "", data).Expect(t, 200, "").Data()
		}
		q := func(query map[string]any) map[string]any { return map[string]any{"query": query} }
		for _, tc := range []struct {
			name   string
			action string
			data   map[string]any
			want   []string
			count  float64
		}{
			{"default newest", "list", nil, []string{"gamma", "beta", "alpha"}, 3},
			{"all default featured then clones", "all", nil, []string{"alpha", "gamma", "beta"}, 3},
			{"category", "list", q(map[string]any{"category": "support"}), []string{"beta", "alpha"}, 2},
			{"category by id", "list", q(map[string]any{"category": sup}), []string{"beta", "alpha"}, 2},
			{"unknown category", "list", q(map[string]any{"category": "nope"}), []string{}, 0},
			{"brand", "list", q(map[string]any{"brand": "acme"}), []string{"gamma", "alpha"}, 2},
			{"featured", "list", q(map[string]any{"featured": "true"}), []string{"alpha"}, 1},
			{"not featured", "list", q(map[string]any{"featured": "false"}), []string{"gamma", "beta"}, 2},
			{"difficulty case-insensitive", "list", q(map[string]any{"difficulty": "ADVANCED"}), []string{"beta"}, 1},
			{"industry", "list", q(map[string]any{"industry": "retail"}), []string{"beta", "alpha"}, 2},
			{"industry and difficulty", "list", q(map[string]any{"industry": "retail", "difficulty": "beginner"}), []string{"alpha"}, 1},
			{"minRating 0", "list", q(map[string]any{"minRating": "0"}), []string{"gamma", "beta", "alpha"}, 3},
			{"minRating 4", "list", q(map[string]any{"minRating": "4"}), []string{}, 0},
			{"popular", "list", q(map[string]any{"sortBy": "popular"}), []string{"beta", "gamma", "alpha"}, 3},
			{"clones", "list", q(map[string]any{"sortBy": "clones"}), []string{"gamma", "beta", "alpha"}, 3},
			{"rating ties newest seq", "list", q(map[string]any{"sortBy": "rating"}), []string{"gamma", "beta", "alpha"}, 3},
			{"newest explicit", "list", q(map[string]any{"sortBy": "newest"}), []string{"gamma", "beta", "alpha"}, 3},
			{"search name", "list", q(map[string]any{"search": "sales"}), []string{"gamma"}, 1},
			{"search stem and case", "list", q(map[string]any{"search": "REFUND"}), []string{"alpha", "beta"}, 2},
			{"search every word", "list", q(map[string]any{"search": "refunds shops"}), []string{"beta"}, 1},
			{"search prefix last word", "list", q(map[string]any{"search": "sales clo"}), []string{"gamma"}, 1},
			{"search no match", "list", q(map[string]any{"search": "refund zebra"}), []string{}, 0},
			{"search with two letters swapped", "list", q(map[string]any{"search": "REFNUD"}), []string{"alpha", "beta"}, 2},
			{"search with a typo in the prefix", "list", q(map[string]any{"search": "sales closr"}), []string{"gamma"}, 1},
			{"search: no typo under 5 letters", "list", q(map[string]any{"search": "sles"}), []string{}, 0},
			{"search punctuation only", "list", q(map[string]any{"search": "  !!  "}), []string{"gamma", "beta", "alpha"}, 3},
			{"search with category", "list", q(map[string]any{"search": "refund", "category": "support", "sortBy": "newest"}), []string{"beta", "alpha"}, 2},
			{"limit 1 count is total", "list", map[string]any{"limit": 1}, []string{"gamma"}, 3},
			{"offset", "list", map[string]any{"limit": 1, "offset": 1}, []string{"beta"}, 3},
			{"offset past end", "list", map[string]any{"offset": 10}, []string{}, 3},
			{"limit 500", "list", map[string]any{"limit": 500}, []string{"gamma", "beta", "alpha"}, 3},
			{"non-admin adminMode ignored", "all", map[string]any{"adminMode": true}, []string{"alpha", "gamma", "beta"}, 3},
		} {
			t.Run(tc.name, func(t *testing.T) {
				d := list(tc.action, tc.data)
				if got := slugs(t, d); !slices.Equal(got, tc.want) || d["count"] != tc.count {
					t.Fatalf("got %v count %v, want %v count %v", got, d["count"], tc.want, tc.count)
				}
			})
		}
		// Name matches rank above description matches.
		d := list("list", q(map[string]any{"search": "refund"}))
		if s := slugs(t, d); s[0] != "alpha" {
			t.Errorf("relevance: %v", s)
		}

		// Shapes: list is slim, all is full.
		slim := list("list", map[string]any{"limit": 1})["genies"].([]any)[0].(map[string]any)
		if len(slim) != 9 {
			t.Errorf("slim listing has %d fields: %v", len(slim), slim)
		}
		for _, k := range []string{"id", "slug", "display_name", "tagline", "thumbnail_url", "rating", "category_id", "is_featured", "clone_count"} {
			if _, ok := slim[k]; !ok {
				t.Errorf("slim listing lacks %s", k)
			}
		}
		full := list("all", map[string]any{"limit": 1})
		if full["limit"] != 1.0 || full["offset"] != 0.0 {
			t.Errorf("limit/offset echo %v %v", full["limit"], full["offset"])
		}
		one := full["genies"].([]any)[0].(map[string]any)
		for _, k := range []string{"agent_id", "description", "category", "brand", "is_public", "view_count", "metadata", "created_at", "updated_at", "demo_video_url", "brand_id"} {
			if _, ok := one[k]; !ok {
				t.Errorf("full listing lacks %s", k)
			}
		}
		if _, ok := one["creator"]; ok {
			t.Errorf("public all shows creator")
		}

		// Admin mode shows non-public listings and creators; counts follow.
		adm := f.Call(t, f.Admin.Token, "all", "", map[string]any{"adminMode": true}).Expect(t, 200, "").Data()
		if s := slugs(t, adm); !slices.Equal(s, []string{"delta", "alpha", "gamma", "beta"}) || adm["count"] != 4.0 {
			t.Fatalf("admin all %v count %v", s, adm["count"])
		}
		if adm["genies"].([]any)[0].(map[string]any)["creator"] == nil {
			t.Errorf("admin mode lacks creator")
		}
		adm = f.Call(t, f.Admin.Token, "list", "", map[string]any{"adminMode": true, "query": map[string]any{"category": "sales", "featured": "true"}}).Expect(t, 200, "").Data()
		if s := slugs(t, adm); !slices.Equal(s, []string{"delta"}) || adm["count"] != 1.0 {
			t.Fatalf("admin filtered %v %v", s, adm["count"])
		}
		// Without adminMode an admin sees the public catalog.
		if d := f.Call(t, f.Admin.Token, "all", "", nil).Expect(t, 200, "").Data(); d["count"] != 3.0 {
			t.Errorf("admin without adminMode count %v", d["count"])
		}
	})
}

func TestSearchRelevance(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		f.Listing(t, "in-description", cat, map[string]any{"display_name": "Helper", "description": "Drafts invoices for freelance designers"})
		f.Listing(t, "in-tagline", cat, map[string]any{"display_name": "Billing", "tagline": "Invoice drafting for freelancers"})
		f.Listing(t, "in-name", cat, map[string]any{"display_name": "Freelance Invoice Drafter"})
		f.Listing(t, "split", cat, map[string]any{"display_name": "Freelance hub", "description": "also invoices"})
		f.Listing(t, "one-word", cat, map[string]any{"display_name": "Invoice only"})
		d := f.Call(t, "", "list", "", map[string]any{"query": map[string]any{"search": "Freelance INVOICES"}}).Expect(t, 200, "").Data()
		got := slugs(t, d)
		if len(got) != 4 || got[0] != "in-name" || got[1] != "in-tagline" || d["count"] != 4.0 {
			t.Fatalf("relevance order %v count %v", got, d["count"])
		}
		// Diacritics and case are ignored.
		d = f.Call(t, "", "list", "", map[string]any{"query": map[string]any{"search": "FRÉELANCE drafter"}}).Expect(t, 200, "").Data()
		if s := slugs(t, d); len(s) != 1 || s[0] != "in-name" {
			t.Fatalf("diacritics: %v", s)
		}
	})
}

func TestBrowseBadInput(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		for _, tc := range []struct {
			name  string
			data  any
			field string
		}{
			{"limit 0", map[string]any{"limit": 0}, "limit"},
			{"limit 501", map[string]any{"limit": 501}, "limit"},
			{"limit string", map[string]any{"limit": "ten"}, "limit"},
			{"limit fraction", map[string]any{"limit": 1.5}, "limit"},
			{"offset negative", map[string]any{"offset": -1}, "offset"},
			{"query not object", map[string]any{"query": "x"}, "query"},
			{"sortBy unknown", map[string]any{"query": map[string]any{"sortBy": "random"}}, "query.sortBy"},
			{"featured yes", map[string]any{"query": map[string]any{"featured": "yes"}}, "query.featured"},
			{"minRating word", map[string]any{"query": map[string]any{"minRating": "high"}}, "query.minRating"},
			{"minRating 6", map[string]any{"query": map[string]any{"minRating": 6}}, "query.minRating"},
			{"category number", map[string]any{"query": map[string]any{"category": 5}}, "query.category"},
			{"search too long", map[string]any{"query": map[string]any{"search": strings.Repeat("a", 201)}}, "query.search"},
			{"adminMode string", map[string]any{"adminMode": "yes"}, "adminMode"},
		} {
			for _, action := range []string{"list", "all"} {
				t.Run(tc.name+" "+action, func(t *testing.T) {
					r := f.Call(t, "", action, "", tc.data).Expect(t, 400, "VALIDATION_ERROR")
					if r.Err()["field"] != tc.field {
						t.Fatalf("field %v, want %s: %s", r.Err()["field"], tc.field, r.Raw)
					}
				})
			}
		}
		for _, tc := range []struct {
			name  string
			data  any
			field string
		}{
			{"limit 0", map[string]any{"limit": 0}, "limit"},
			{"limit 101", map[string]any{"limit": 101}, "limit"},
			{"risingOnly string", map[string]any{"risingOnly": "yes"}, "risingOnly"},
			{"category number", map[string]any{"category": 3}, "category"},
		} {
			t.Run("trending "+tc.name, func(t *testing.T) {
				r := f.Call(t, "", "trending", "", tc.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != tc.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], tc.field)
				}
			})
		}
	})
}

func TestCreateBadInput(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "c", 0)["id"].(string)
		agent := f.Agent(t, "a", 0)
		base := func(k string, v any) map[string]any {
			m := map[string]any{"agent_id": agent, "slug": "ok-slug", "display_name": "Name", "category_id": cat}
			if v == nil {
				delete(m, k)
			} else {
				m[k] = v
			}
			return m
		}
		long := func(n int) string { return string(make([]rune, n)) }
		_ = long
		for _, tc := range []struct {
			name  string
			data  map[string]any
			field string
		}{
			{"missing agent_id", base("agent_id", nil), "agent_id"},
			{"missing slug", base("slug", nil), "slug"},
			{"missing display_name", base("display_name", nil), "display_name"},
			{"missing category_id", base("category_id", nil), "category_id"},
			{"agent_id not uuid", base("agent_id", "abc"), "agent_id"},
			{"slug upper", base("slug", "Bad"), "slug"},
			{"slug space", base("slug", "a b"), "slug"},
			{"slug double hyphen", base("slug", "a--b"), "slug"},
			{"slug trailing hyphen", base("slug", "a-"), "slug"},
			{"slug empty", base("slug", ""), "slug"},
			{"slug number", base("slug", 7), "slug"},
			{"display_name blank", base("display_name", "  "), "display_name"},
			{"display_name long", base("display_name", fmt.Sprintf("%0201d", 0)), "display_name"},
			{"category unknown", base("category_id", "00000000-0000-4000-8000-000000000000"), "category_id"},
			{"category not uuid", base("category_id", "support"), "category_id"},
			{"brand unknown", base("brand_id", "00000000-0000-4000-8000-000000000000"), "brand_id"},
			{"brand number", base("brand_id", 1), "brand_id"},
			{"tagline long", base("tagline", fmt.Sprintf("%0301d", 0)), "tagline"},
			{"tagline number", base("tagline", 1), "tagline"},
			{"thumbnail not url", base("thumbnail_url", "not a url"), "thumbnail_url"},
			{"video ftp", base("demo_video_url", "ftp://x/y"), "demo_video_url"},
			{"is_featured string", base("is_featured", "true"), "is_featured"},
			{"is_public number", base("is_public", 1), "is_public"},
			{"metadata array", base("metadata", []any{1}), "metadata"},
			{"metadata difficulty number", base("metadata", map[string]any{"difficulty": 3}), "metadata.difficulty"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := f.Call(t, f.Admin.Token, "create", "", tc.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != tc.field {
					t.Fatalf("field %v, want %s: %s", r.Err()["field"], tc.field, r.Raw)
				}
			})
		}
		f.Call(t, f.Admin.Token, "create", "", base("agent_id", "00000000-0000-4000-8000-000000000000")).Expect(t, 404, "AGENT_NOT_FOUND")
		l := f.Call(t, f.Admin.Token, "create", "", base("slug", "good")).Expect(t, 201, "").Data()
		id := l["id"].(string)
		for _, tc := range []struct {
			name  string
			data  map[string]any
			field string
		}{
			{"agent_id", map[string]any{"agent_id": agent}, "agent_id"},
			{"display_name empty", map[string]any{"display_name": ""}, "display_name"},
			{"category unknown", map[string]any{"category_id": "00000000-0000-4000-8000-000000000000"}, "category_id"},
			{"slug bad", map[string]any{"slug": "-x"}, "slug"},
			{"metadata string", map[string]any{"metadata": "x"}, "metadata"},
		} {
			t.Run("update "+tc.name, func(t *testing.T) {
				r := f.Call(t, f.Admin.Token, "update", id, tc.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != tc.field {
					t.Fatalf("field %v, want %s: %s", r.Err()["field"], tc.field, r.Raw)
				}
			})
		}
		for _, tc := range []struct {
			name, action string
			data         map[string]any
			field        string
		}{
			{"get adminMode string", "get", map[string]any{"adminMode": "yes"}, "adminMode"},
			{"category name number", "categories", map[string]any{"mode": "create", "name": 1, "slug": "x"}, "name"},
			{"category order string", "categories", map[string]any{"mode": "create", "name": "n", "slug": "x", "order": "1"}, "order"},
			{"category parent not uuid", "categories", map[string]any{"mode": "create", "name": "n", "slug": "x", "parent_id": "p"}, "parent_id"},
			{"category parent unknown", "categories", map[string]any{"mode": "create", "name": "n", "slug": "x", "parent_id": "00000000-0000-4000-8000-000000000000"}, "parent_id"},
			{"category icon number", "categories", map[string]any{"mode": "create", "name": "n", "slug": "x", "icon": 2}, "icon"},
			{"category mode number", "categories", map[string]any{"mode": 1}, "mode"},
			{"brand slug missing", "brands", map[string]any{"mode": "create", "name": "n"}, "slug"},
			{"brand name blank", "brands", map[string]any{"mode": "create", "name": " ", "slug": "x"}, "name"},
			{"brand update no id", "brands", map[string]any{"mode": "update", "name": "x"}, "id"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				id := ""
				if tc.action == "get" {
					id = "good"
				}
				r := f.Call(t, f.Admin.Token, tc.action, id, tc.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != tc.field {
					t.Fatalf("field %v, want %s: %s", r.Err()["field"], tc.field, r.Raw)
				}
			})
		}
		f.Call(t, f.Admin.Token, "update", "", map[string]any{"tagline": "x"}).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "delete", "", nil).Expect(t, 400, "VALIDATION_ERROR")
		f.Call(t, f.Admin.Token, "delete", "not-a-uuid", nil).Expect(t, 404, "NOT_FOUND")
	})
}
