package marketplace

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/geniehq/genie/internal/platform/db"
)

// Version counters moved by writes.
const (
	catalogVersion = "version" // any change but a view
	viewsVersion   = "views"   // a view: one of the shards "views:NN"
)

// viewShards is the number of rows the view counters are spread over, so
// that concurrent views on PostgreSQL do not all wait for one row lock.
// Readers sum the shards; the sum only grows, like a single counter.
const viewShards = 16

// changesKept is how many catalog versions of marketplace_changes are kept.
// A process whose search index is further behind rebuilds it from scratch.
const changesKept = 100_000

// rebuildAll, recorded as a changed seq, tells every process to rebuild its
// search index from the listings (after a bulk load).
const rebuildAll = -1

// WriteTx is one marketplace write in progress: its transaction, and what
// the write moved. Every marketplace write runs through Service.write,
// which opens the transaction and, when the write succeeds, moves the
// maintained counters, records the listings it touched and bumps the
// version counter, in that transaction. So no write can forget to
// invalidate the response caches or the search indexes of any process.
type WriteTx struct {
	*sql.Tx
	q       db.Querier // Tx through the service's prepared statements
	deltas  map[string]int64
	touched []int64
	views   bool

	postgres bool // the store is PostgreSQL
}

// ExecContext, QueryContext and QueryRowContext run on the write's
// transaction, reusing prepared statements where the engine needs it.
func (w *WriteTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return w.q.ExecContext(ctx, query, args...)
}

func (w *WriteTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return w.q.QueryContext(ctx, query, args...)
}

func (w *WriteTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return w.q.QueryRowContext(ctx, query, args...)
}

// Count adds deltas to the maintained counters (see membership).
func (w *WriteTx) Count(deltas map[string]int64) {
	if w.deltas == nil {
		w.deltas = map[string]int64{}
	}
	for k, d := range deltas {
		w.deltas[k] += d
	}
}

// Touch records that the listing with this seq was created, deleted, or
// changed in a field a search can filter or sort by.
func (w *WriteTx) Touch(seq int64) { w.touched = append(w.touched, seq) }

// write runs fn in a write transaction and finishes it as WriteTx says.
func (s *Service) write(ctx context.Context, fn func(w *WriteTx) error) error {
	return s.run(ctx, false, fn)
}

// Write is write for the packages of the marketplace's other rooms
// (internal/marketplace/community): their writes take the same one path.
func (s *Service) Write(ctx context.Context, fn func(w *WriteTx) error) error {
	return s.write(ctx, fn)
}

// writeViews is write for a flush of views: views move the views counter
// (a random shard) instead of the catalog version, so that responses that
// do not show view counts stay cached.
func (s *Service) writeViews(ctx context.Context, fn func(w *WriteTx) error) error {
	return s.run(ctx, true, fn)
}

// writeIn is write inside a transaction another package opened (a hook).
func (s *Service) writeIn(ctx context.Context, tx *sql.Tx, fn func(w *WriteTx) error) error {
	w := &WriteTx{Tx: tx, q: tx, postgres: s.DB.Engine == db.Postgres}
	if err := fn(w); err != nil {
		return err
	}
	return w.finish(ctx)
}

func (s *Service) run(ctx context.Context, views bool, fn func(w *WriteTx) error) error {
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		w := &WriteTx{Tx: tx, q: s.stmts.In(tx), views: views, postgres: s.DB.Engine == db.Postgres}
		if err := fn(w); err != nil {
			return err
		}
		return w.finish(ctx)
	})
	s.watch.Changed() // this process's reads see its write at once
	s.stmts.Prepare(context.WithoutCancel(ctx))
	return err
}

// finish moves the counters in key order (so concurrent writers on
// PostgreSQL cannot deadlock on each other's rows), then the version
// counter, last, so that its row lock is held for the shortest time. On
// PostgreSQL that lock also makes catalog versions commit in order, which
// is what lets a search index catch up by reading changes after the
// version it has seen.
func (w *WriteTx) finish(ctx context.Context) error {
	if w.postgres { // delivered at commit to every process's listener (readmodel.Watch)
		if _, err := w.ExecContext(ctx, `SELECT pg_notify('`+notifyChannel+`', '')`); err != nil {
			return fmt.Errorf("marketplace: notify: %w", err)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(w.deltas)) {
		if d := w.deltas[k]; d != 0 && !strings.HasPrefix(k, catalogVersion) && !strings.HasPrefix(k, viewsVersion) {
			if _, err := addCounter(ctx, w, k, d); err != nil {
				return err
			}
		}
	}
	if w.views {
		_, err := addCounter(ctx, w, fmt.Sprintf("%s:%02d", viewsVersion, rand.IntN(viewShards)), 1)
		return err
	}
	v, err := addCounter(ctx, w, catalogVersion, 1)
	if err != nil {
		return err
	}
	if len(w.touched) > 0 {
		slices.Sort(w.touched)
		seqs := slices.Compact(w.touched)
		a := make([]any, 0, len(seqs)+1)
		a = append(a, v)
		for _, q := range seqs {
			a = append(a, q)
		}
		vals := make([]string, len(seqs))
		for i := range seqs {
			vals[i] = fmt.Sprintf("($1, $%d)", i+2)
		}
		if _, err := w.ExecContext(ctx, `INSERT INTO marketplace_changes (version, seq) VALUES `+strings.Join(vals, ", ")+
			` ON CONFLICT DO NOTHING`, a...); err != nil {
			return fmt.Errorf("marketplace: record change: %w", err)
		}
	}
	if v%1024 == 0 {
		if _, err := w.ExecContext(ctx, `DELETE FROM marketplace_changes WHERE version <= $1`, v-changesKept); err != nil {
			return fmt.Errorf("marketplace: prune changes: %w", err)
		}
	}
	return nil
}

// catalogVersionIn reads the catalog version through q (a transaction or
// a snapshot).
func catalogVersionIn(ctx context.Context, q db.Querier) (int64, error) {
	var v int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE((SELECT n FROM marketplace_counters WHERE key = $1), 0)`, catalogVersion).Scan(&v); err != nil {
		return 0, fmt.Errorf("marketplace: read version: %w", err)
	}
	return v, nil
}

// addCounter adds d to a counter, creating it, and returns its new value.
func addCounter(ctx context.Context, q db.Querier, key string, d int64) (int64, error) {
	var n int64
	if err := q.QueryRowContext(ctx, `INSERT INTO marketplace_counters (key, n) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET n = marketplace_counters.n + excluded.n RETURNING n`, key, d).Scan(&n); err != nil {
		return 0, fmt.Errorf("marketplace: update counter %s: %w", key, err)
	}
	return n, nil
}
