package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

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

// seed loads n listings in cats categories through the marketplace's
// import (`genie marketplace import`, one transaction, indexes built in
// one pass), from a catalog written as the import's JSON lines on the
// fly; then gives the listings view counts (a fixed spread of 0 to 9,999,
// the same on every run and store), a week of interactions, and the
// counters that follow.
func seed(ctx context.Context, d *db.DB, n, cats int) error {
	if d.Engine == db.SQLite { // as the import command does: room for the load's pages
		if _, err := d.W.ExecContext(ctx, `PRAGMA cache_size = -262144`); err != nil {
			return err
		}
	}
	t0 := time.Now()
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(writeCatalog(pw, n, cats, d.Now())) }()
	progress := func(lines int) {
		if verbose && lines%100_000 == 0 {
			fmt.Printf("  %d listings, %s\n", lines, time.Since(t0).Round(time.Millisecond))
		}
	}
	res, err := marketplace.New(d).Import(ctx, pr, marketplace.ImportOptions{Lines: n, Progress: progress})
	pr.CloseWithError(err) //nolint:errcheck // stops the writer if the import failed
	if err != nil {
		return fmt.Errorf("seed listings: %w", err)
	}
	if verbose {
		fmt.Printf("  imported %d listings, %s\n", res.Lines, time.Since(t0).Round(time.Millisecond))
	}
	if _, err := d.W.ExecContext(ctx, `UPDATE marketplace_listing_views SET views = (seq * 2654435761) % 10000`); err != nil {
		return fmt.Errorf("seed views: %w", err)
	}
	if err := seedInteractions(ctx, d, n); err != nil {
		return err
	}
	if verbose {
		fmt.Printf("  views and interactions, %s\n", time.Since(t0).Round(time.Millisecond))
	}
	if err := marketplace.New(d).RebuildCounters(ctx); err != nil {
		return err
	}
	if verbose {
		fmt.Printf("  counters, %s\n", time.Since(t0).Round(time.Millisecond))
	}
	return nil
}

// writeCatalog writes the seeded catalog as import lines: listing k has
// slug Slug(k), category k mod cats, a brand one time in four, texts from
// the corpus, and was created n-k seconds before now.
func writeCatalog(w io.Writer, n, cats int, now time.Time) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	g := newTextGen(1)
	diffs := []string{"beginner", "intermediate", "advanced"}
	inds := []string{"retail", "health", "finance", "education", "travel", "legal", "software"}
	for k := range n {
		name, tagline, description := g.listing()
		l := marketplace.BulkListing{Slug: Slug(k), DisplayName: name, Tagline: tagline, Description: description,
			Category: marketplace.BulkRef{Slug: fmt.Sprintf("category-%d", k%cats), Name: fmt.Sprintf("Category %d", k%cats)}}
		if g.r.IntN(4) == 0 {
			b := g.r.IntN(20)
			l.Brand = &marketplace.BulkRef{Slug: fmt.Sprintf("brand-%d", b), Name: fmt.Sprintf("Brand %d", b)}
		}
		diff, ind := diffs[g.r.IntN(len(diffs))], inds[g.r.IntN(len(inds))]
		l.IsFeatured = g.r.IntN(100) == 0
		if l.RatingCount = int64(g.r.IntN(50)); l.RatingCount > 0 {
			l.Rating = float64(int((1+g.r.Float64()*4)*10)) / 10
		}
		l.CloneCount = int64(g.r.IntN(500))
		l.Metadata = json.RawMessage(`{"difficulty":"` + diff + `","industry":"` + ind + `"}`)
		created := now.Add(-time.Duration(n-k) * time.Second)
		l.CreatedAt = &created
		if err := enc.Encode(&l); err != nil {
			return err
		}
	}
	return bw.Flush()
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
			_, err := tx.ExecContext(ctx, `INSERT INTO marketplace_interactions (day, seq, views, clones)
				SELECT v.day, l.seq, v.views, v.clones FROM marketplace_listings l JOIN (`+sb.String()+`) v ON l.slug = v.slug`, args...)
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
