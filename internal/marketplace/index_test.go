package marketplace_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/marketplace"
)

// vocabulary for the index test: stems shared by several words, stop
// words, accents, digits, words that are prefixes of others.
var indexWords = strings.Fields(`connect connected connection connections connecting support supports supported supporter
	sale sales salesman email emails e mail the and of for with café naïve resume résumé v2 2024 b2b ai
	customer customers custom customize book booking booked bookkeeping run running runner ran
	x xylophone zebra zen zenith fast faster fastest`)

func sentence(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = indexWords[r.IntN(len(indexWords))]
		if r.IntN(6) == 0 {
			w[i] = strings.ToUpper(w[i][:1]) + w[i][1:]
		}
	}
	return strings.Join(w, " ")
}

// TestSearchIndexMatchesEngine runs random searches (words, prefixes,
// filters, sorts, pages, admin or not) through the engine's full-text
// index and through the in-memory search index, on both stores, and
// requires the same listings in the same order and the same count: on a
// bulk-loaded catalog, then after writes through the API that a second
// service (a second process) only learns of from the changes table.
func TestSearchIndexMatchesEngine(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		srv := apitest.Start(t, store)
		admin := srv.NewUser(t, auth.RoleAdmin)
		d, err := app.OpenDB(ctx, srv.DSN)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		r := rand.New(rand.NewPCG(7, 9))
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		var cats, brands []string
		for i := range 4 {
			id := fmt.Sprintf("00000000-0000-4000-8000-00000000000%d", i)
			cats = append(cats, id)
			if _, err := d.W.ExecContext(ctx, `INSERT INTO marketplace_categories (id, name, slug, created_at) VALUES ($1, $2, $3, $4)`,
				id, "Cat", fmt.Sprintf("cat-%d", i), now); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 2 {
			id := fmt.Sprintf("00000000-0000-4000-9000-00000000000%d", i)
			brands = append(brands, id)
			if _, err := d.W.ExecContext(ctx, `INSERT INTO marketplace_brands (id, name, slug, created_at) VALUES ($1, $2, $3, $4)`,
				id, "Brand", fmt.Sprintf("brand-%d", i), now); err != nil {
				t.Fatal(err)
			}
		}
		diffs := []string{"", "Beginner", "Advanced"}
		for i := range 500 {
			var brand any
			if r.IntN(3) == 0 {
				brand = brands[r.IntN(len(brands))]
			}
			var dif any
			if v := diffs[r.IntN(len(diffs))]; v != "" {
				dif = v
			}
			created := now.Add(time.Duration(r.IntN(50)) * time.Hour) // ties on purpose
			if _, err := d.W.ExecContext(ctx, `INSERT INTO marketplace_listings (id, slug, display_name, tagline, description,
				category_id, brand_id, is_featured, is_public, rating, clone_count, difficulty, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
				fmt.Sprintf("10000000-0000-4000-8000-%012d", i), fmt.Sprintf("l-%d", i), sentence(r, 1+r.IntN(3)), sentence(r, r.IntN(5)),
				sentence(r, r.IntN(12)), cats[r.IntN(len(cats))], brand, r.IntN(10) == 0, r.IntN(8) != 0,
				float64(r.IntN(11))/2, r.IntN(4), dif, created); err != nil {
				t.Fatal(err)
			}
		}
		first := marketplace.New(d)
		if err := first.RebuildCounters(ctx); err != nil {
			t.Fatal(err)
		}
		compare := func(t *testing.T, s *marketplace.Service, rounds int) {
			t.Helper()
			indexed := 0
			for range rounds {
				q := randomQuery(r, cats, brands)
				admin, limit, offset := r.IntN(4) == 0, 1+r.IntN(12), []int{0, 0, 3, 10}[r.IntN(4)]
				eng, idx, et, it, ok, err := s.SearchBoth(ctx, q, admin, limit, offset)
				if err != nil {
					t.Fatalf("%+v: %v", q, err)
				}
				if !ok {
					continue
				}
				indexed++
				if !slices.Equal(eng, idx) || et != it {
					t.Fatalf("query %+v admin=%v limit=%d offset=%d:\nengine %d %v\nindex  %d %v", q, admin, limit, offset, et, eng, it, idx)
				}
			}
			t.Logf("indexed %d of %d", indexed, rounds)
			if indexed < rounds/2 {
				t.Fatalf("the index answered only %d of %d queries", indexed, rounds)
			}
		}
		compare(t, first, 400)
		second := marketplace.New(d) // another process, built before the writes below
		compare(t, second, 50)

		// Writes through the API (another process again): create, update
		// text and attributes, clone, review, delete.
		cat := srv.Call(t, admin.Token, "marketplace", "categories", "", map[string]any{"mode": "create", "name": "New", "slug": "new-cat"}).
			Expect(t, http.StatusCreated, "").Data()["category"].(map[string]any)["id"].(string)
		cats = append(cats, cat)
		for i := range 6 {
			g := srv.Call(t, admin.Token, "genies", "create", "", map[string]any{"name": fmt.Sprintf("g%d", i)}).Expect(t, http.StatusCreated, "")
			srv.Call(t, admin.Token, "marketplace", "create", "", map[string]any{"agent_id": apitest.Str(g.Data(), "genie", "id"),
				"slug": fmt.Sprintf("new-%d", i), "display_name": "Connecting customers " + sentence(r, 1), "category_id": cat,
				"tagline": sentence(r, 3), "description": sentence(r, 8)}).Expect(t, http.StatusCreated, "")
		}
		for i := range 20 {
			id := fmt.Sprintf("10000000-0000-4000-8000-%012d", r.IntN(500))
			switch i % 4 {
			case 0:
				srv.Call(t, admin.Token, "marketplace", "update", id, map[string]any{"display_name": sentence(r, 2), "is_featured": r.IntN(2) == 0,
					"category_id": cats[r.IntN(len(cats))]})
			case 1:
				srv.Call(t, admin.Token, "marketplace", "clone", id, map[string]any{})
			case 2:
				srv.Call(t, admin.Token, "marketplace", "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": id, "rating": 1 + r.IntN(5)})
			case 3:
				srv.Call(t, admin.Token, "marketplace", "delete", id, nil)
			}
		}
		compare(t, second, 300)
		compare(t, first, 100)
	})
}

func randomQuery(r *rand.Rand, cats, brands []string) marketplace.Query {
	q := marketplace.Query{Sort: []string{"relevance", "relevance", marketplace.SortNewest, marketplace.SortRating, marketplace.SortClones}[r.IntN(5)]}
	n := 1 + r.IntN(3)
	for range n {
		w := strings.ToLower(indexWords[r.IntN(len(indexWords))])
		q.Words = append(q.Words, w)
	}
	if last := q.Words[n-1]; r.IntN(2) == 0 && len([]rune(last)) > 1 {
		q.Words[n-1] = string([]rune(last)[:1+r.IntN(len([]rune(last))-1)]) // a prefix
	}
	q.Words = marketplace.SearchWords(strings.Join(q.Words, " "))
	switch r.IntN(8) {
	case 0:
		q.Category = cats[r.IntN(len(cats))]
	case 1:
		q.Category = fmt.Sprintf("cat-%d", r.IntN(5))
	case 2:
		q.Brand = fmt.Sprintf("brand-%d", r.IntN(3))
	case 3:
		f := r.IntN(2) == 0
		q.Featured = &f
	case 4:
		m := float64(r.IntN(6))
		q.MinRating = &m
	case 5:
		q.Difficulty = []string{"Beginner", "Advanced", "Expert"}[r.IntN(3)]
	}
	return q
}
