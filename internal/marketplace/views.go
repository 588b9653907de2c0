package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
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
}

// concurrency is how many batches may commit at once.
func (b *viewBatcher) concurrency() int {
	if b.s.DB.Engine == db.Postgres {
		return 3
	}
	return 1
}

type viewReq struct {
	key   string // slug or ID
	admin bool   // may see non-public listings
	id    string // the listing's ID, when found
	views int64  // its view count after this batch
	err   error
	done  chan struct{}
}

// maxViewBatch bounds one transaction.
const maxViewBatch = 256

// count records one view of the listing named by key and returns its ID
// and its view count once the view is committed. NOT_FOUND when there is
// no such listing visible to the caller.
func (b *viewBatcher) count(ctx context.Context, key string, admin bool) (string, int64, error) {
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
		return r.id, r.views, r.err
	case <-ctx.Done():
		return "", 0, ctx.Err()
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

// commit counts a batch of views in one transaction. A request for a
// missing listing gets NOT_FOUND without failing the others; a database
// error fails the whole batch.
func (b *viewBatcher) commit(batch []*viewReq) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d := b.s.DB
	err := b.s.writeViews(ctx, func(tx *Write) error {
		now := d.Now()
		type group struct {
			reqs []*viewReq
		}
		groups := map[[2]any]*group{}
		var order [][2]any
		for _, r := range batch {
			r.id, r.err = "", nil
			k := [2]any{r.key, r.admin}
			if groups[k] == nil {
				groups[k] = &group{}
				order = append(order, k)
			}
			groups[k].reqs = append(groups[k].reqs, r)
		}
		// Rows are locked in key order (and interactions in ID order) so that
		// two processes' batches cannot deadlock on PostgreSQL.
		sort.Slice(order, func(i, j int) bool {
			ki, kj := order[i][0].(string), order[j][0].(string)
			return ki < kj || ki == kj && !order[i][1].(bool) && order[j][1].(bool)
		})
		views := map[string]int{}
		var viewOrder []string
		total, public := 0, 0
		for _, k := range order {
			g := groups[k]
			id, pub, count, err := addViews(ctx, tx, k[0].(string), k[1].(bool), len(g.reqs))
			for _, r := range g.reqs {
				r.id, r.views, r.err = id, count, err
			}
			if apperr.HasCode(err, apperr.CodeNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			if views[id] == 0 {
				viewOrder = append(viewOrder, id)
			}
			views[id] += len(g.reqs)
			total += len(g.reqs)
			if pub {
				public += len(g.reqs)
			}
		}
		if total == 0 {
			return nil
		}
		sort.Strings(viewOrder)
		for _, id := range viewOrder {
			if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_interactions (listing_id, day, views) VALUES ($1, $2, $3)
				ON CONFLICT (listing_id, day) DO UPDATE SET views = marketplace_interactions.views + $3`, id, Day(now), views[id]); err != nil {
				return fmt.Errorf("marketplace: record views: %w", err)
			}
		}
		if public > 0 {
			tx.Count(map[string]int64{fmt.Sprintf("pub:views:%02d", rand.IntN(viewShards)): int64(public)})
		}
		return nil
	})
	if err != nil {
		for _, r := range batch {
			if r.err == nil || !apperr.HasCode(r.err, apperr.CodeNotFound) {
				r.id, r.err = "", err
			}
		}
	}
}

// addViews adds n views to the listing named by key (slug first, then ID)
// and returns its ID, visibility and new view count; NOT_FOUND when it is
// missing or, for non-admins, not public.
func addViews(ctx context.Context, tx db.Querier, key string, admin bool, n int) (id string, public bool, views int64, err error) {
	vis := " AND is_public = TRUE"
	if admin {
		vis = ""
	}
	row := func(col string) error {
		return tx.QueryRowContext(ctx, `UPDATE marketplace_listings SET view_count = view_count + $2
			WHERE `+col+` = $1`+vis+` RETURNING id, is_public, view_count`, key, n).Scan(&id, &public, &views)
	}
	err = row("slug")
	if errors.Is(err, sql.ErrNoRows) && api.IsUUID(key) {
		err = row("id")
	}
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, 0, apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return "", false, 0, fmt.Errorf("marketplace: count view: %w", err)
	}
	return id, public, views, nil
}
