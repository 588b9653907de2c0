package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/platform/db"
)

// vocabulary is a fixed list of words; listing texts draw from it with a
// Zipf distribution, so a few words are common and most are rare, as in
// real catalogs.
var vocabulary = func() []string {
	base := realWords()
	syl := []string{"ka", "lo", "mi", "ra", "ten", "vo", "zu", "pe", "shi", "dor", "ban", "qui", "fel", "nax", "tor"}
	// 100 made-up words take the most frequent ranks, so the real words
	// (and the benchmark's searches) are each in a few percent of listings.
	var out []string
	r := rand.New(rand.NewPCG(7, 7))
	made := func() string { return syl[r.IntN(len(syl))] + syl[r.IntN(len(syl))] + syl[r.IntN(len(syl))] }
	for len(out) < 100 {
		out = append(out, made())
	}
	out = append(out, base...)
	for len(out) < 5000 {
		out = append(out, made())
	}
	return out
}()

// realWords are the English words of the vocabulary.
func realWords() []string {
	return strings.Fields(`assistant support customer sales marketing writer code review legal finance travel health
		fitness recipe tutor math language translator email scheduler meeting notes research summary analyst data
		report invoice tax budget hiring recruiter interview onboarding employee policy compliance security privacy
		contract negotiation pitch startup investor product roadmap feature bug ticket helpdesk refund shipping order
		inventory retail ecommerce store booking hotel flight restaurant menu nutrition coach mentor therapy wellness
		meditation sleep study homework essay grammar poetry story novel script video podcast social media post tweet
		brand design logo image photo art music playlist game quiz trivia history science physics chemistry biology
		doctor nurse patient clinic pharmacy insurance claim mortgage loan credit bank crypto stock trading portfolio
		real estate property rental lease tenant landlord garden plant pet dog cat vet car repair mechanic energy solar
		climate weather news politics election debate teacher classroom lesson planner calendar reminder task project
		agile sprint standup manager leadership feedback performance career resume cover letter job search networking
		event wedding party gift shopping fashion style beauty skincare makeup hair barber travel guide tour museum`)
}

// SearchQueries are the two-word searches the benchmark sends.
var SearchQueries = []string{"customer support", "sales email", "travel guide", "code review", "health coach",
	"legal contract", "recipe nutrition", "data report", "hiring interview", "social media"}

// dropIndexes drops the listings' secondary indexes (not those behind
// primary-key or unique constraints) for a bulk load; restore builds them
// again, which sorting does much faster than a million random inserts.
func dropIndexes(ctx context.Context, d *db.DB) (restore func() error, err error) {
	// On SQLite the full-text triggers go too; the index is rebuilt in one
	// pass at the end.
	q := `SELECT name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = 'marketplace_listings'
		AND sql IS NOT NULL ORDER BY type`
	if d.Engine == db.Postgres {
		q = `SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.tablename = 'marketplace_listings'
			AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`
	}
	rows, err := d.W.QueryContext(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("list indexes: %w", err)
	}
	var names, defs []string
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			rows.Close()
			return nil, err
		}
		names, defs = append(names, name), append(defs, def)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, name := range names {
		// Index names come from the catalog, not from input.
		kind := "INDEX"
		if strings.Contains(name, "_fts_") {
			kind = "TRIGGER"
		}
		if _, err := d.W.ExecContext(ctx, `DROP `+kind+` `+name); err != nil {
			return nil, fmt.Errorf("drop index %s: %w", name, err)
		}
	}
	return func() error {
		if d.Engine == db.SQLite {
			if _, err := d.W.ExecContext(ctx, `INSERT INTO marketplace_fts (marketplace_fts) VALUES ('rebuild')`); err != nil {
				return fmt.Errorf("rebuild full-text index: %w", err)
			}
			if verbose {
				fmt.Println("  full-text index rebuilt")
			}
		}
		for _, def := range defs {
			if _, err := d.W.ExecContext(ctx, def); err != nil {
				return fmt.Errorf("create index: %w", err)
			}
		}
		return nil
	}, nil
}

// rowPlaceholders returns one VALUES tuple of a listing row whose first
// argument is number p+1. SQLite gets positional "?" marks, which it binds
// in constant time (numbered ones are looked up by name).
func rowPlaceholders(engine db.Engine, p int) string {
	var b strings.Builder
	b.WriteString("(")
	for i := 1; i <= 15; i++ {
		if i > 1 {
			b.WriteString(",")
		}
		if engine == db.SQLite {
			b.WriteString("?")
		} else {
			fmt.Fprintf(&b, "$%d", p+i)
		}
		if i == 8 {
			b.WriteString(",TRUE")
		}
	}
	if engine == db.SQLite {
		b.WriteString(",?)")
	} else {
		fmt.Fprintf(&b, ",$%d)", p+15)
	}
	return b.String()
}

// insertViews runs the listings' INSERT ... RETURNING seq, slug, then
// gives each listing its views row with its view count from views.
func insertViews(ctx context.Context, tx *sql.Tx, engine db.Engine, insert string, args []any, views map[string]int) error {
	rows, err := tx.QueryContext(ctx, insert, args...)
	if err != nil {
		return err
	}
	var vals []string
	var a []any
	for rows.Next() {
		var seq int64
		var slug string
		if err := rows.Scan(&seq, &slug); err != nil {
			rows.Close()
			return err
		}
		if engine == db.SQLite {
			vals = append(vals, "(?, TRUE, ?)")
		} else {
			vals = append(vals, fmt.Sprintf("($%d, TRUE, $%d)", len(a)+1, len(a)+2))
		}
		a = append(a, seq, views[slug])
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO marketplace_listing_views (seq, is_public, views) VALUES `+strings.Join(vals, ","), a...)
	return err
}

// Slug is the slug of the k-th seeded listing.
func Slug(k int) string { return fmt.Sprintf("listing-%07d", k) }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// verbose prints seeding progress.
var verbose = true

type textGen struct {
	r    *rand.Rand
	zipf *rand.Zipf
}

func newTextGen(seed uint64) *textGen {
	r := rand.New(rand.NewPCG(seed, seed*31+1))
	return &textGen{r: r, zipf: rand.NewZipf(r, 1.07, 2, uint64(len(vocabulary)-1))}
}

// listing returns a listing's name, tagline and description: from the
// corpus of a realistic catalog, else made of the vocabulary's words.
func (g *textGen) listing() (name, tagline, description string) {
	if benchCorpus != nil {
		return benchCorpus.listing(g.r)
	}
	return g.words(2 + g.r.IntN(3)), g.words(6), g.words(20)
}

func (g *textGen) words(n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = vocabulary[g.zipf.Uint64()]
	}
	return strings.Join(w, " ")
}

// seed fills an empty catalog with n listings in cats categories and a
// week of interactions, with multi-row inserts in large transactions, then
// rebuilds the counters.
func seed(ctx context.Context, d *db.DB, n, cats int) error {
	now := d.Now()
	catIDs := make([]string, cats)
	brandIDs := make([]string, 20)
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		for i := range catIDs {
			catIDs[i] = uuid.NewString()
			if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_categories (id, name, slug, description, icon, sort_order, created_at)
				VALUES ($1, $2, $3, '', '', $4, $5)`, catIDs[i], fmt.Sprintf("Category %d", i), fmt.Sprintf("category-%d", i), i, now); err != nil {
				return err
			}
		}
		for i := range brandIDs {
			brandIDs[i] = uuid.NewString()
			if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_brands (id, name, slug, created_at) VALUES ($1, $2, $3, $4)`,
				brandIDs[i], fmt.Sprintf("Brand %d", i), fmt.Sprintf("brand-%d", i), now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("seed taxonomy: %w", err)
	}
	if d.Engine == db.SQLite {
		// A large page cache for the load only: the writer connection is
		// closed before the server starts.
		for _, p := range []string{"PRAGMA cache_size = -200000", "PRAGMA synchronous = OFF"} {
			if _, err := d.W.ExecContext(ctx, p); err != nil {
				return err
			}
		}
	}
	t0 := time.Now()
	restore, err := dropIndexes(ctx, d)
	if err != nil {
		return err
	}
	const cols = 15
	const batch = 500
	const perTx = 50_000
	g := newTextGen(1)
	diffs := []string{"beginner", "intermediate", "advanced"}
	inds := []string{"retail", "health", "finance", "education", "travel", "legal", "software"}
	for start := 0; start < n; start += perTx {
		end := min(start+perTx, n)
		err := d.Tx(ctx, func(tx *sql.Tx) error {
			for b := start; b < end; b += batch {
				m := min(batch, end-b)
				var sb strings.Builder
				sb.WriteString(`INSERT INTO marketplace_listings (id, slug, display_name, tagline, description, category_id, brand_id,
					is_featured, is_public, rating, rating_count, clone_count, metadata, difficulty, industry, created_at, updated_at) VALUES `)
				args := make([]any, 0, m*cols)
				views := make(map[string]int, m) // by slug
				for i := range m {
					k := b + i
					if i > 0 {
						sb.WriteString(",")
					}
					sb.WriteString(rowPlaceholders(d.Engine, len(args)))
					var brand any
					if g.r.IntN(4) == 0 {
						brand = brandIDs[g.r.IntN(len(brandIDs))]
					}
					diff, ind := diffs[g.r.IntN(len(diffs))], inds[g.r.IntN(len(inds))]
					rc := g.r.IntN(50)
					rating := 0.0
					if rc > 0 {
						rating = float64(int((1+g.r.Float64()*4)*10)) / 10
					}
					created := now.Add(-time.Duration(n-k) * time.Second)
					name, tagline, description := g.listing()
					args = append(args, must(uuid.NewV7()).String(), Slug(k), name, tagline,
						description, catIDs[k%cats], brand, g.r.IntN(100) == 0, rating, rc)
					views[Slug(k)] = g.r.IntN(10000)
					args = append(args, g.r.IntN(500), `{"difficulty":"`+diff+`","industry":"`+ind+`"}`, diff, ind, created)
					if d.Engine == db.SQLite {
						args = append(args, created)
					}
				}
				if err := insertViews(ctx, tx, d.Engine, sb.String()+` RETURNING seq, slug`, args, views); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("seed listings: %w", err)
		}
		if verbose {
			fmt.Printf("  %d listings, %s\n", end, time.Since(t0).Round(time.Millisecond))
		}
	}
	if err := restore(); err != nil {
		return err
	}
	if verbose {
		fmt.Printf("  indexes rebuilt, %s\n", time.Since(t0).Round(time.Millisecond))
	}
	if err := seedInteractions(ctx, d, n); err != nil {
		return err
	}
	if verbose {
		fmt.Printf("  interactions, %s\n", time.Since(t0).Round(time.Millisecond))
	}
	if err := marketplace.New(d).RebuildCounters(ctx); err != nil {
		return err
	}
	if verbose {
		fmt.Printf("  counters, %s\n", time.Since(t0).Round(time.Millisecond))
	}
	return nil
}

// seedInteractions records a week of interactions for 20,000 listings.
func seedInteractions(ctx context.Context, d *db.DB, n int) error {
	today := marketplace.Day(d.Now())
	r := rand.New(rand.NewPCG(3, 3))
	return d.Tx(ctx, func(tx *sql.Tx) error {
		seen := map[[2]int64]bool{}
		var sb strings.Builder
		var args []any
		flush := func() error {
			if len(args) == 0 {
				return nil
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO marketplace_interactions (listing_id, day, views, clones)
				SELECT l.id, v.day, v.views, v.clones FROM marketplace_listings l JOIN (`+sb.String()+`) v ON l.slug = v.slug`, args...)
			sb.Reset()
			args = args[:0]
			return err
		}
		for range 40_000 {
			k, age := int64(r.IntN(min(n, 20_000))), int64(r.IntN(marketplace.TrendingWindow))
			if seen[[2]int64{k, age}] {
				continue
			}
			seen[[2]int64{k, age}] = true
			if len(args) > 0 {
				sb.WriteString(" UNION ALL ")
			}
			p := len(args)
			fmt.Fprintf(&sb, "SELECT CAST($%d AS TEXT) AS slug, CAST($%d AS INTEGER) AS day, CAST($%d AS INTEGER) AS views, CAST($%d AS INTEGER) AS clones", p+1, p+2, p+3, p+4)
			args = append(args, Slug(int(k)), today-age, r.IntN(50), r.IntN(5))
			if len(args) >= 400 {
				if err := flush(); err != nil {
					return fmt.Errorf("seed interactions: %w", err)
				}
			}
		}
		if err := flush(); err != nil {
			return fmt.Errorf("seed interactions: %w", err)
		}
		return nil
	})
}
