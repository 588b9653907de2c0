package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/db"
)

// A get is a read. Its view is counted in memory (viewCounter) and
// committed later, with the other views of the process, in one
// transaction every FlushInterval (and at once when MaxPendingViews are
// waiting, when a read of this process shows view counts, and at
// shutdown). A crash loses the views not yet committed: at most those of
// the last FlushInterval, and never more than 2 x MaxPendingViews plus
// the gets in progress (see docs/marketplace.md).
//
// The gets themselves are read in batches (viewReader): the gets that
// arrive while one batch reads share the next one, which costs one
// catalog version read, one read of the listings' keys and committed view
// counts, and one read of the listings the listing cache lacks.

// Defaults of the view counter (Service.SetViewFlush changes them).
const (
	DefaultFlushInterval   = 250 * time.Millisecond
	DefaultMaxPendingViews = 4096
)

// viewKey is what a flush adds to: a listing's views on a UTC day.
type viewKey struct {
	seq int64
	day int64
}

// viewCounter holds the views this process counted and has not committed.
type viewCounter struct {
	s *Service

	mu       sync.Mutex
	pending  map[viewKey]int64 // counted, not yet in a flush
	bySeq    map[int64]int64   // pending, summed per listing
	inflight map[int64]int64   // in the flush committing now, per listing
	total    int64             // sum of pending
	looping  bool              // the flush loop runs
	interval time.Duration
	max      int64

	flushMu sync.Mutex // one flush at a time
	// commitMu orders a flush's commit against the reads of committed
	// view counts: a read holds it shared from before it reads the
	// database until it has added this process's uncommitted views, and
	// the flush holds it across its COMMIT and the move of its views out
	// of inflight. So a read adds a listing's inflight views exactly when
	// the count it read does not hold them.
	commitMu sync.RWMutex
	kick     chan struct{}
}

func (c *viewCounter) init(s *Service) {
	c.s = s
	c.pending, c.bySeq, c.inflight = map[viewKey]int64{}, map[int64]int64{}, map[int64]int64{}
	c.interval, c.max = DefaultFlushInterval, DefaultMaxPendingViews
	c.kick = make(chan struct{}, 1)
}

// SetViewFlush sets how often this process commits the views it counted
// and how many may wait before a get commits them itself (0 keeps a value).
func (s *Service) SetViewFlush(interval time.Duration, maxPending int) {
	c := &s.viewCount
	c.mu.Lock()
	defer c.mu.Unlock()
	if interval > 0 {
		c.interval = interval
	}
	if maxPending > 0 {
		c.max = int64(maxPending)
	}
}

// add counts one view of listing seq on day and returns this process's
// views of it not yet committed, this one included. The caller holds
// commitMu shared.
func (c *viewCounter) add(seq, day int64) (uncommitted int64, full bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending[viewKey{seq, day}]++
	c.bySeq[seq]++
	c.total++
	if !c.looping {
		c.looping = true
		go c.loop()
	}
	return c.bySeq[seq] + c.inflight[seq], c.total >= c.max
}

// loop commits the pending views every interval while there are any, and
// ends when a flush leaves none (the next view starts it again).
func (c *viewCounter) loop() {
	for {
		c.mu.Lock()
		interval := c.interval
		c.mu.Unlock()
		t := time.NewTimer(interval)
		select {
		case <-t.C:
		case <-c.kick:
			t.Stop()
		}
		err := c.flush(context.Background())
		c.mu.Lock()
		// A closed database (a service dropped without Close) ends the
		// loop; any other error is retried at the next interval.
		if err == nil && c.total == 0 || err != nil && strings.Contains(err.Error(), "database is closed") {
			c.looping = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		if err != nil && c.s.Log != nil {
			c.s.Log.Warn("marketplace: commit views", "err", err)
		}
	}
}

// settle commits this process's pending views, so that a read that
// shows view counts includes every view this process answered.
func (c *viewCounter) settle(ctx context.Context) error {
	c.mu.Lock()
	n := c.total + int64(len(c.inflight))
	c.mu.Unlock()
	if n == 0 {
		return nil
	}
	return c.flush(ctx)
}

// flush commits the pending views in one transaction: each listing's
// count (in seq order, so that two processes' flushes cannot deadlock on
// PostgreSQL), the day's interactions, the public view total and the
// views version. On failure the views go back to pending for the next
// flush. Views of a listing deleted meanwhile are dropped.
func (c *viewCounter) flush(ctx context.Context) error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()
	c.mu.Lock()
	batch := c.pending
	if len(batch) == 0 {
		c.mu.Unlock()
		return nil
	}
	sums := c.bySeq
	c.inflight, c.bySeq = sums, map[int64]int64{}
	c.pending, c.total = map[viewKey]int64{}, 0
	c.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	locked := false
	err := c.s.writeViews(ctx, func(tx *Write) error {
		keys := slices.SortedFunc(maps.Keys(batch), func(a, b viewKey) int {
			if a.seq != b.seq {
				return int(a.seq - b.seq)
			}
			return int(a.day - b.day)
		})
		public := int64(0)
		var kept []viewKey
		for i, k := range keys {
			if i > 0 && keys[i-1].seq == k.seq {
				if kept[len(kept)-1].seq == k.seq { // the listing's row was updated with its first day
					kept = append(kept, k)
				}
				continue
			}
			n := sums[k.seq]
			pub, ok, err := addViews(ctx, tx, k.seq, n)
			if err != nil {
				return err
			}
			if !ok {
				continue // deleted since the get
			}
			if pub {
				public += n
			}
			kept = append(kept, k)
		}
		for chunk := range slices.Chunk(kept, 500) {
			vals := make([]string, len(chunk))
			a := make([]any, 0, 3*len(chunk))
			for i, k := range chunk {
				a = append(a, k.seq, k.day, batch[k])
				vals[i] = fmt.Sprintf("((SELECT id FROM marketplace_listings WHERE seq = $%d), $%d, $%d)", 3*i+1, 3*i+2, 3*i+3)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_interactions (listing_id, day, views) VALUES `+strings.Join(vals, ", ")+`
				ON CONFLICT (listing_id, day) DO UPDATE SET views = marketplace_interactions.views + excluded.views`, a...); err != nil {
				return fmt.Errorf("marketplace: record views: %w", err)
			}
		}
		if public > 0 {
			tx.Count(map[string]int64{fmt.Sprintf("pub:views:%02d", rand.IntN(viewShards)): public})
		}
		return nil
	}, func() { c.commitMu.Lock(); locked = true })
	c.mu.Lock()
	if err != nil { // back to pending, for the next flush
		for k, n := range batch {
			c.pending[k] += n
			c.bySeq[k.seq] += n
			c.total += n
		}
	}
	c.inflight = map[int64]int64{}
	c.mu.Unlock()
	if locked {
		c.commitMu.Unlock()
	}
	return err
}

// addViews adds n views to listing seq's count and reports whether the
// listing is public; ok is false when it no longer exists. The count is a
// narrow row of its own (marketplace_listing_views) with a copy of the
// listing's is_public: a listing update that changes is_public, and a
// delete, lock that row first (see lockViews), so the public view total
// moves by exactly the views committed while the listing was public.
func addViews(ctx context.Context, tx db.Querier, seq, n int64) (public, ok bool, err error) {
	err = tx.QueryRowContext(ctx, `UPDATE marketplace_listing_views SET views = views + $2 WHERE seq = $1 RETURNING is_public`,
		seq, n).Scan(&public)
	if errors.Is(err, sql.ErrNoRows) {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("marketplace: count views: %w", err)
	}
	return public, true, nil
}

// viewReader reads gets in batches: the gets that arrive while batches
// are being read share the next one.
type viewReader struct {
	s       *Service
	mu      sync.Mutex
	pending []*viewReq
	running int // batches being read now

	testHookRead func() // tests: runs between a batch's read of the keys and its listings' read
}

type viewReq struct {
	key   string // slug or ID
	admin bool   // may see non-public listings
	viewed
	err  error
	done chan struct{}
}

// viewed is a counted view: the listing, its view count (the committed
// count with this process's uncommitted views, the caller's included),
// and the catalog version the listing is as of.
type viewed struct {
	seq      int64
	views    int64
	catalog  int64
	listing  *Listing // shared with the listing cache: copy before changing
	fullNext bool     // the counter is full: the caller commits the views
}

// maxViewBatch bounds one batch.
const maxViewBatch = 256

// count reads the listing named by key, counts one view of it and returns
// it with its view count. NOT_FOUND when there is no such listing visible
// to the caller (no view is counted then).
func (b *viewReader) count(ctx context.Context, key string, admin bool) (viewed, error) {
	r := &viewReq{key: key, admin: admin, done: make(chan struct{})}
	b.mu.Lock()
	b.pending = append(b.pending, r)
	if b.running < runtime.GOMAXPROCS(0)+1 {
		b.running++
		go b.run()
	}
	b.mu.Unlock()
	select {
	case <-r.done:
	case <-ctx.Done():
		return viewed{}, ctx.Err()
	}
	if r.err == nil && r.fullNext {
		// Too many views wait: this get commits them before it answers,
		// which bounds what a crash can lose.
		if err := b.s.viewCount.flush(ctx); err != nil {
			return viewed{}, err
		}
	}
	return r.viewed, r.err
}

func (b *viewReader) run() {
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
		b.read(batch)
		for _, r := range batch {
			close(r.done)
		}
	}
}

// read answers a batch of gets: the catalog version first (so each
// listing is as of at least every write committed before its get began),
// then the listings' keys with their committed view counts in one query,
// then the listings. A request for a missing listing gets NOT_FOUND
// without failing the others; a database error fails the whole batch.
func (b *viewReader) read(batch []*viewReq) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := b.s
	day := Day(s.DB.Now())
	s.viewCount.commitMu.RLock()
	defer s.viewCount.commitMu.RUnlock()
	err := func() error {
		catalog, _, err := s.versions(ctx)
		if err != nil {
			return err
		}
		found, err := s.keysOf(ctx, batch)
		if err != nil {
			return err
		}
		if b.testHookRead != nil {
			b.testHookRead()
		}
		var seqs []int64
		var reqs []*viewReq
		for _, r := range batch {
			k, ok := found[r.key]
			if !ok {
				k, ok = found[idKey(r.key)]
			}
			if ok {
				r.seq, r.views, r.catalog = k.seq, k.views, catalog
				seqs, reqs = append(seqs, k.seq), append(reqs, r)
			} else {
				r.err = apperr.NotFound("marketplace listing")
			}
		}
		ls, err := s.listingsOf(ctx, catalog, seqs, false)
		if err != nil {
			return err
		}
		for i, r := range reqs {
			// Deleted since its key was read, or (for a caller who is not
			// an admin) not public in the listing as of the catalog.
			if r.listing = ls[i]; r.listing == nil || !r.admin && !r.listing.IsPublic {
				r.err = apperr.NotFound("marketplace listing")
				continue
			}
			var mine int64
			mine, r.fullNext = s.viewCount.add(r.seq, day)
			r.views += mine
		}
		return nil
	}()
	if err != nil {
		for _, r := range batch {
			if r.err == nil || !apperr.HasCode(r.err, apperr.CodeNotFound) {
				r.viewed, r.err = viewed{}, err
			}
		}
	}
}

// idKey is the key under which keysOf records a listing found by its ID.
func idKey(id string) string { return "id:" + strings.ToLower(id) }

// keyed is a listing found by a get's key, with its committed view count.
type keyed struct {
	seq, views int64
}

// keysOf finds the batch's listings by slug, then (for keys that are
// UUIDs and no slug) by ID, with their committed view counts.
func (s *Service) keysOf(ctx context.Context, batch []*viewReq) (map[string]keyed, error) {
	found := map[string]keyed{}
	find := func(col string, keys []any) error {
		if len(keys) == 0 {
			return nil
		}
		rows, err := s.DB.R.QueryContext(ctx, `SELECT l.`+col+`, l.seq, v.views FROM marketplace_listings l
			JOIN marketplace_listing_views v ON v.seq = l.seq WHERE l.`+col+` IN (`+db.Placeholders(1, len(keys))+`)`, keys...)
		if err != nil {
			return fmt.Errorf("marketplace: read listing keys: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var key string
			var k keyed
			if err := rows.Scan(&key, &k.seq, &k.views); err != nil {
				return fmt.Errorf("marketplace: read listing keys: %w", err)
			}
			if col == "id" {
				key = idKey(key)
			}
			found[key] = k
		}
		return rows.Err()
	}
	var slugs, ids []any
	seen := map[string]bool{}
	for _, r := range batch {
		if !seen[r.key] {
			seen[r.key] = true
			slugs = append(slugs, r.key)
		}
	}
	if err := find("slug", slugs); err != nil {
		return nil, err
	}
	for _, k := range slugs {
		if _, ok := found[k.(string)]; !ok && api.IsUUID(k.(string)) {
			ids = append(ids, strings.ToLower(k.(string)))
		}
	}
	if err := find("id", ids); err != nil {
		return nil, err
	}
	return found, nil
}

// Close commits the views this process counted and has not committed.
// The server calls it at shutdown, after the last request is answered.
func (s *Service) Close(ctx context.Context) error {
	if s.DB == nil {
		return nil
	}
	return s.viewCount.flush(ctx)
}
