package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
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
}

// concurrency is how many batches may commit at once.
func (b *viewBatcher) concurrency() int { return b.s.DB.Writers(3) }

type viewReq struct {
	key   string   // slug or ID
	admin bool     // may see non-public listings
	l     *Listing // the listing after this batch (shared by its group)
	err   error
	done  chan struct{}
}

// maxViewBatch bounds one transaction.
const maxViewBatch = 256

// count records one view of the listing named by key and returns the
// listing as the batch that counted it left it, once the view is
// committed. NOT_FOUND when there is no such listing visible to the caller.
func (b *viewBatcher) count(ctx context.Context, key string, admin bool) (*Listing, error) {
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
		return r.l, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
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
			r.l, r.err = nil, nil
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
			l, err := addViews(ctx, tx, k[0].(string), k[1].(bool), len(g.reqs))
			for _, r := range g.reqs {
				r.l, r.err = l, err
			}
			if apperr.HasCode(err, apperr.CodeNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			id, pub := l.ID, l.IsPublic
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
		// The day's views of every listing of the batch, in one statement
		// (rows in ID order).
		sort.Strings(viewOrder)
		vals := make([]string, len(viewOrder))
		a := []any{Day(now)}
		for i, id := range viewOrder {
			a = append(a, id, views[id])
			vals[i] = fmt.Sprintf("($%d, $1, $%d)", 2*i+2, 2*i+3)
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
	if err != nil {
		for _, r := range batch {
			if r.err == nil || !apperr.HasCode(r.err, apperr.CodeNotFound) {
				r.l, r.err = nil, err
			}
		}
	}
}

// addViews adds n views to the listing named by key (slug first, then ID)
// and returns the listing with its new view count; NOT_FOUND when it is
// missing or, for non-admins, not public. The listing comes from the
// UPDATE itself, so counting a view and reading the listing cost one
// statement on the writer and no read afterwards.
func addViews(ctx context.Context, tx db.Querier, key string, admin bool, n int) (*Listing, error) {
	vis := " AND is_public = TRUE"
	if admin {
		vis = ""
	}
	row := func(col string) (*Listing, error) {
		return scanFull(tx.QueryRowContext(ctx, `UPDATE marketplace_listings SET view_count = view_count + $2
			WHERE `+col+` = $1`+vis+` RETURNING `+returningFull, key, n))
	}
	l, err := row("slug")
	if errors.Is(err, sql.ErrNoRows) && api.IsUUID(key) {
		l, err = row("id")
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return nil, fmt.Errorf("marketplace: count view: %w", err)
	}
	return l, nil
}
