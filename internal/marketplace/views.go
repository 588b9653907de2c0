package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/db"
)

// viewBatcher counts views with group commit: the gets that arrive while
// one transaction is committing share the next one. Each get still returns
// only after its own view is committed, so the count it then reads (and
// every later read, on any process) includes it; but N concurrent gets pay
// for one transaction instead of queueing N of them behind SQLite's single
// writer.
//
// On SQLite one batch commits at a time (there is one writer anyway); on
// PostgreSQL several do, since its transactions run in parallel. Rows are
// locked in key order, so concurrent batches cannot deadlock.
type viewBatcher struct {
	s       *Service
	mu      sync.Mutex
	pending []*viewReq
	running int // batches committing now

	testHookCommitted func() // tests: runs between a batch's commit and its listings' read
}

// concurrency is how many batches may commit at once.
func (b *viewBatcher) concurrency() int { return b.s.DB.Writers(3) }

type viewReq struct {
	key   string // slug or ID
	admin bool   // may see non-public listings
	viewed
	err  error
	done chan struct{}
}

// viewed is a counted view: the listing, its view count as the batch that
// counted the view left it, and the catalog version the listing is as of
// (read in that batch's transaction). listing is nil when the listing was
// deleted between the batch's commit and the read of its row.
type viewed struct {
	seq     int64
	views   int64
	catalog int64
	listing *Listing // shared with the listing cache: copy before changing
}

// maxViewBatch bounds one transaction.
const maxViewBatch = 256

// count records one view of the listing named by key and returns the
// listing with its view count as the batch that counted it left it, once
// the view is committed. NOT_FOUND when there is no such listing visible
// to the caller.
func (b *viewBatcher) count(ctx context.Context, key string, admin bool) (viewed, error) {
	r := &viewReq{key: key, admin: admin, done: make(chan struct{})}
	b.mu.Lock()
	b.pending = append(b.pending, r)
	if b.running < b.concurrency() {
		b.running++
		go b.run()
	}
	b.mu.Unlock()
	select {
	case <-r.done:
		return r.viewed, r.err
	case <-ctx.Done():
		return viewed{}, ctx.Err()
	}
}

func (b *viewBatcher) run() {
	for {
		b.mu.Lock()
		batch := b.pending
		if len(batch) > maxViewBatch {
			batch = batch[:maxViewBatch]
		}
		b.pending = b.pending[len(batch):]
		if len(batch) == 0 {
			b.running--
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		b.commit(batch)
		for _, r := range batch {
			close(r.done)
		}
	}
}

// commit counts a batch of views in one transaction, then reads the
// listings the listing cache lacks in one query, so that a batch of gets
// costs one version read and one listing read, not one of each per get.
// A request for a missing listing gets NOT_FOUND without failing the
// others; a database error fails the whole batch.
func (b *viewBatcher) commit(batch []*viewReq) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d := b.s.DB
	var catalog int64
	err := b.s.writeViews(ctx, func(tx *Write) error {
		groups := map[[2]any][]*viewReq{}
		var order [][2]any
		for _, r := range batch {
			r.viewed, r.err = viewed{}, nil
			k := [2]any{r.key, r.admin}
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], r)
		}
		// Rows are locked in key order (and interactions in seq order) so
		// that two processes' batches cannot deadlock on PostgreSQL.
		sort.Slice(order, func(i, j int) bool {
			ki, kj := order[i][0].(string), order[j][0].(string)
			return ki < kj || ki == kj && !order[i][1].(bool) && order[j][1].(bool)
		})
		views := map[int64]int{}
		var seqs []int64
		total, public := 0, 0
		for _, k := range order {
			g := groups[k]
			seq, n, pub, err := addViews(ctx, tx, k[0].(string), k[1].(bool), len(g))
			for _, r := range g {
				r.seq, r.views, r.err = seq, n, err
			}
			if apperr.HasCode(err, apperr.CodeNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			if views[seq] == 0 {
				seqs = append(seqs, seq)
			}
			views[seq] += len(g)
			total += len(g)
			if pub {
				public += len(g)
			}
		}
		if total == 0 {
			return nil
		}
		// The catalog version the listings are read as of, once the views
		// commit: a catalog write committed after this read is one that
		// ran concurrently with these gets.
		var err error
		if catalog, err = catalogVersionIn(ctx, tx); err != nil {
			return err
		}
		// The day's views of every listing of the batch, in one statement.
		slices.Sort(seqs)
		vals := make([]string, len(seqs))
		a := []any{Day(d.Now())}
		for i, seq := range seqs {
			a = append(a, seq, views[seq])
			vals[i] = fmt.Sprintf("((SELECT id FROM marketplace_listings WHERE seq = $%d), $1, $%d)", 2*i+2, 2*i+3)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_interactions (listing_id, day, views) VALUES `+strings.Join(vals, ", ")+`
			ON CONFLICT (listing_id, day) DO UPDATE SET views = marketplace_interactions.views + excluded.views`, a...); err != nil {
			return fmt.Errorf("marketplace: record views: %w", err)
		}
		if public > 0 {
			tx.Count(map[string]int64{fmt.Sprintf("pub:views:%02d", rand.IntN(viewShards)): int64(public)})
		}
		return nil
	})
	if err == nil {
		if b.testHookCommitted != nil {
			b.testHookCommitted()
		}
		err = b.load(ctx, batch, catalog)
	}
	if err != nil {
		for _, r := range batch {
			if r.err == nil || !apperr.HasCode(r.err, apperr.CodeNotFound) {
				r.viewed, r.err = viewed{}, err
			}
		}
	}
}

// load fills in the listings of a committed batch's counted views, as of
// at least the catalog version the batch read, in one read for the batch.
// Listings read here are not cached: gets of listings no page shows would
// crowd out the pages' listings.
func (b *viewBatcher) load(ctx context.Context, batch []*viewReq, catalog int64) error {
	var counted []*viewReq
	var seqs []int64
	for _, r := range batch {
		if r.err == nil {
			r.catalog = catalog
			counted, seqs = append(counted, r), append(seqs, r.seq)
		}
	}
	ls, err := b.s.listingsOf(ctx, catalog, seqs, false)
	if err != nil {
		return err
	}
	for i, r := range counted {
		r.listing = ls[i]
	}
	return nil
}

// addViews adds n views to the listing named by key (slug first, then ID)
// and returns its seq, its new view count and whether it is public;
// NOT_FOUND when it is missing or, for non-admins, not public.
//
// The count is a narrow row of its own (marketplace_listing_views), which
// also holds a copy of the listing's is_public: the listing row is only
// read (by its slug), never written. A listing update that changes
// is_public, and a delete, lock the views row first and read the count
// after (see lockViews), so whichever commits first, the other sees it:
// the view of a listing made private meanwhile is NOT_FOUND, and the
// update moves the public view total by the count including it.
func addViews(ctx context.Context, tx db.Querier, key string, admin bool, n int) (seq, views int64, public bool, err error) {
	vis := " AND is_public = TRUE"
	if admin {
		vis = ""
	}
	row := func(col string) error {
		return tx.QueryRowContext(ctx, `UPDATE marketplace_listing_views SET views = views + $2
			WHERE seq = (SELECT seq FROM marketplace_listings WHERE `+col+` = $1)`+vis+`
			RETURNING seq, views, is_public`, key, n).Scan(&seq, &views, &public)
	}
	err = row("slug")
	if errors.Is(err, sql.ErrNoRows) && api.IsUUID(key) {
		err = row("id")
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, false, apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return 0, 0, false, fmt.Errorf("marketplace: count view: %w", err)
	}
	return seq, views, public, nil
}
