package marketplace

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/marketplace/readmodel"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// A get is a read. Its view is counted in memory (a readmodel.ViewCounter) and
// committed later, with the other views of the process, in one
// transaction every FlushInterval (and at once when MaxPendingViews are
// waiting, when a read of this process shows view counts, and at
// shutdown). A crash loses the views not yet committed: at most those of
// the last FlushInterval, and never more than 2 x MaxPendingViews plus
// the gets in progress (see docs/marketplace.md).
//
// The gets themselves are read in batches (viewReader): the gets that
// arrive while one batch reads share the next one, which costs one
// statement (prepared once) reading the listings with their committed
// view counts, the catalog version and this process's flush marker.

// Defaults of the view counter (Service.SetViewFlush changes them).
const (
	DefaultFlushInterval   = 250 * time.Millisecond
	DefaultMaxPendingViews = 4096
)

// The views counted in memory are a readmodel.ViewCounter; what it
// commits, and how, is this file's: commitViews writes a flush in one
// transaction with this process's marker row in marketplace_counters (key
// "vflush:<random process ID>"), which a get reads in the same statement
// (snapshot) as the committed counts (see keysOf), so that it knows which
// of this process's views those counts lack.

// newViewCounter returns s's view counter and its marker key.
func newViewCounter(s *Service) (*readmodel.ViewCounter, string) {
	var b [12]byte
	for i := range b {
		b[i] = "0123456789abcdefghijklmnopqrstuvwxyz"[rand.IntN(36)]
	}
	marker := "vflush:" + string(b[:])
	commit := func(ctx context.Context, f readmodel.ViewBatch) error { return s.commitViews(ctx, marker, f) }
	warn := func(err error) {
		if s.Log != nil {
			s.Log.Warn("marketplace: commit views", "err", err)
		}
	}
	return readmodel.NewViewCounter(DefaultFlushInterval, DefaultMaxPendingViews, commit, warn), marker
}

// SetViewFlush sets how often this process commits the views it counted
// and how many may wait before a get commits them itself (0 keeps a value).
func (s *Service) SetViewFlush(interval time.Duration, maxPending int) {
	s.viewCount.SetLimits(interval, maxPending)
}

// commitViews commits a flush of views in one transaction: each listing's
// views as a row of the view log, the day's interactions (in key order,
// so that two processes' flushes cannot deadlock on PostgreSQL), this
// process's marker and the views version; and, when this process's last
// fold is foldEvery old (DefaultFoldInterval), the fold of the whole log
// into the counts (foldViews). Views of a listing deleted meanwhile are dropped.
func (s *Service) commitViews(ctx context.Context, marker string, f readmodel.ViewBatch) error {
	fold := s.foldDue()
	return s.writeViews(ctx, func(tx *WriteTx) error {
		if err := addViews(ctx, tx, f.BySeq, f.Views); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_counters (key, n) VALUES ($1, $2)
			ON CONFLICT (key) DO UPDATE SET n = excluded.n`, marker, f.Gen); err != nil {
			return fmt.Errorf("marketplace: mark views committed: %w", err)
		}
		if f.Gen%1024 == 0 { // markers of processes gone for a day
			if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_counters WHERE key >= 'vflush:' AND key < 'vflush;' AND n < $1`,
				f.Gen-24*time.Hour.Milliseconds()); err != nil {
				return fmt.Errorf("marketplace: prune view markers: %w", err)
			}
		}
		if fold {
			return foldCounted(ctx, tx)
		}
		return nil
	})
}

// DefaultFoldInterval is how often a process folds the view log into the
// counts (foldViews) as part of a flush. A popular page and a counter
// rebuild fold it first whatever its age, so this bounds only the log's
// length: a few thousand rows at the gets one process serves.
const DefaultFoldInterval = 5 * time.Second

// foldDue says whether this process's next flush folds the log, and if
// so counts the fold as done now.
func (s *Service) foldDue() bool {
	now := time.Now().UnixNano()
	last := s.lastFold.Load()
	return now-last >= s.foldEvery.Load() && s.lastFold.CompareAndSwap(last, now)
}

// addViews adds a flush's views in a fixed number of statements, however
// many listings it holds: a row of the view log a listing (appended: a few
// pages at the log's end, not a page of the count table and two of its
// index a view), then the day's interactions of the listings that still
// exist. Views of a listing deleted since are dropped. What the log holds
// is counted by every read of a view count (pendingViews) and by the
// public view total (stats), and is folded into the counts by foldViews.
func addViews(ctx context.Context, tx *WriteTx, bySeq map[int64]int64, batch map[readmodel.ViewKey]int64) error {
	seqs := slices.Sorted(maps.Keys(bySeq))
	ns := make([]int64, len(seqs))
	for i, q := range seqs {
		ns[i] = bySeq[q]
	}
	var add string
	var aargs []any
	if tx.postgres {
		add = `INSERT INTO marketplace_view_log (seq, n)
			SELECT v.seq, d.n FROM unnest($1::bigint[], $2::bigint[]) AS d (seq, n) JOIN marketplace_listing_views v ON v.seq = d.seq
			RETURNING seq`
		aargs = []any{seqs, ns}
	} else {
		pairs := make([][2]int64, len(seqs))
		for i, q := range seqs {
			pairs[i] = [2]int64{q, ns[i]}
		}
		pj, _ := json.Marshal(pairs) // cannot fail for integers
		add = `INSERT INTO marketplace_view_log (seq, n)
			SELECT v.seq, j.value ->> 1 FROM json_each($1) j JOIN marketplace_listing_views v ON v.seq = (j.value ->> 0)
			RETURNING seq`
		aargs = []any{string(pj)}
	}
	rows, err := tx.QueryContext(ctx, add, aargs...)
	if err != nil {
		return fmt.Errorf("marketplace: count views: %w", err)
	}
	defer rows.Close()
	exists := make(map[int64]bool, len(seqs))
	for rows.Next() {
		var seq int64
		if err := rows.Scan(&seq); err != nil {
			return fmt.Errorf("marketplace: count views: %w", err)
		}
		exists[seq] = true
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("marketplace: count views: %w", err)
	}
	rows.Close()
	// The day's interactions of the listings that still exist, in key
	// order (day, seq).
	keys := slices.SortedFunc(maps.Keys(batch), func(a, b readmodel.ViewKey) int {
		return cmp.Or(cmp.Compare(a.Day, b.Day), cmp.Compare(a.Seq, b.Seq))
	})
	keys = slices.DeleteFunc(keys, func(k readmodel.ViewKey) bool { return !exists[k.Seq] })
	if len(keys) == 0 {
		return nil
	}
	var record string
	var rargs []any
	if tx.postgres {
		days, kseqs, counts := make([]int64, len(keys)), make([]int64, len(keys)), make([]int64, len(keys))
		for i, k := range keys {
			days[i], kseqs[i], counts[i] = k.Day, k.Seq, batch[k]
		}
		record = `INSERT INTO marketplace_interactions (day, seq, views)
			SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])
			ON CONFLICT (day, seq) DO UPDATE SET views = marketplace_interactions.views + excluded.views`
		rargs = []any{days, kseqs, counts}
	} else {
		triples := make([][3]int64, len(keys))
		for i, k := range keys {
			triples[i] = [3]int64{k.Day, k.Seq, batch[k]}
		}
		tj, _ := json.Marshal(triples)
		record = `INSERT INTO marketplace_interactions (day, seq, views)
			SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2 FROM json_each($1) j WHERE TRUE
			ON CONFLICT (day, seq) DO UPDATE SET views = marketplace_interactions.views + excluded.views`
		rargs = []any{string(tj)}
	}
	if _, err := tx.ExecContext(ctx, record, rargs...); err != nil {
		return fmt.Errorf("marketplace: record views: %w", err)
	}
	return nil
}

// pendingViews is the views of listing count row v that the view log holds
// and no fold has added to v.views yet: every read of a view count adds
// them (a look-up of the log's seq index, which is short).
const pendingViews = `COALESCE((SELECT SUM(g.n) FROM marketplace_view_log g WHERE g.seq = v.seq), 0)`

// pendingPublic is the views the log holds of listings that are public
// now: the public view total's part that no fold has added to its
// counters yet (see foldViews).
const pendingPublic = `COALESCE((SELECT SUM(g.n) FROM marketplace_view_log g JOIN marketplace_listing_views v ON v.seq = g.seq WHERE v.is_public), 0)`

// foldViews adds the view log to the counts and empties it, in tx: each
// listing's count, and the public view total by the views of the listings
// that are public now (the total is the views of the public listings;
// a listing changing visibility moves its folded count, while what the
// log holds counts where the listing is at each read, pendingPublic).
// Rows of deleted listings are dropped. On PostgreSQL the log's rows are
// deleted and added in one statement, so that a row another process
// appends meanwhile is neither lost nor added twice, and one process
// folds at a time (a transaction-scoped advisory lock; another process's
// fold in progress makes this one a no-op). It moves the views version:
// the popular order may change. It returns the views it added to public
// listings, which the caller adds to the public view total
// (foldCounted), unless it counts that total afresh (rebuildCounters).
func foldViews(ctx context.Context, tx *WriteTx) (public int64, err error) {
	if tx.postgres {
		var got bool
		if err := tx.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock(`+viewFoldLock+`)`).Scan(&got); err != nil {
			return 0, fmt.Errorf("marketplace: fold views: %w", err)
		}
		if !got {
			return 0, nil
		}
		if err := tx.QueryRowContext(ctx, `WITH d AS (DELETE FROM marketplace_view_log RETURNING seq, n),
				s AS (SELECT seq, SUM(n) AS n FROM d GROUP BY seq),
				u AS (UPDATE marketplace_listing_views v SET views = v.views + s.n FROM s WHERE v.seq = s.seq RETURNING v.is_public, s.n)
			SELECT COALESCE(SUM(n) FILTER (WHERE is_public), 0) FROM u`).Scan(&public); err != nil {
			return 0, fmt.Errorf("marketplace: fold views: %w", err)
		}
		return public, nil
	}
	// SQLite: one writer at a time, so the log is read, added and emptied
	// with nothing appended between
	if err := tx.QueryRowContext(ctx, `SELECT `+pendingPublic).Scan(&public); err != nil {
		return 0, fmt.Errorf("marketplace: fold views: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE marketplace_listing_views SET views = views + d.n
		FROM (SELECT seq, SUM(n) AS n FROM marketplace_view_log GROUP BY seq) d
		WHERE marketplace_listing_views.seq = d.seq`); err != nil {
		return 0, fmt.Errorf("marketplace: fold views: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_view_log`); err != nil {
		return 0, fmt.Errorf("marketplace: fold views: %w", err)
	}
	return public, nil
}

// foldCounted folds the view log (foldViews) and adds what it added to
// public listings to the public view total.
func foldCounted(ctx context.Context, tx *WriteTx) error {
	public, err := foldViews(ctx, tx)
	if err == nil && public > 0 {
		tx.Count(map[string]int64{fmt.Sprintf("pub:views:%02d", rand.IntN(viewShards)): public})
	}
	return err
}

// viewFoldLock is the advisory lock key of the fold on PostgreSQL.
const viewFoldLock = `4242017`

// foldPending folds the view log when it holds rows (a read of the log's
// first row), before a read whose order depends on the counts (a popular
// page): its views are then in the order, not only in the counts shown.
func (s *Service) foldPending(ctx context.Context) error {
	// Every flush moves the views version: while it stays where it was at
	// the last look, the log holds nothing new, and no read is needed.
	_, seen, err := s.versions(ctx)
	if err != nil || seen == s.foldSeen.Load() {
		return err
	}
	var pending bool
	if err := s.DB.R.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM marketplace_view_log)`).Scan(&pending); err != nil {
		return fmt.Errorf("marketplace: read view log: %w", err)
	}
	if pending {
		if err := s.writeViews(ctx, func(tx *WriteTx) error { return foldCounted(ctx, tx) }); err != nil {
			return err
		}
	}
	s.foldSeen.Store(seen) // (the fold moved the version: the next look reads the log once more)
	return nil
}

// viewReader reads gets in batches (a readmodel.Batcher): the gets that
// arrive while batches are being read share the next one.
type viewReader struct {
	s       *Service
	batcher readmodel.Batcher[*viewReq]

	testHookRead func() // tests: runs between a batch's read and the counting of its views
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
	listing  *Listing // as read by the batch; shared by its gets of one key: copy before changing
	fullNext bool     // the counter is full: the caller commits the views
}

// maxViewBatch bounds one batch.
const maxViewBatch = 256

// viewReaders is how many batches of gets are read at once: one, on both
// stores. The gets that arrive during a read wait for the next batch, so
// the batches grow with the load, and one statement reads many listings.
// More readers split the same gets into smaller batches, each a statement
// and a round trip: on PostgreSQL (100,000 listings, 16 to 256 clients)
// three readers served 30-40% fewer gets than one (BENCHMARKS.md, "One
// reader of gets"); on SQLite two or three made no difference.
const viewReaders = 1

func (b *viewReader) init(s *Service) {
	b.s = s
	b.batcher = readmodel.Batcher[*viewReq]{Max: maxViewBatch,
		Workers: viewReaders,
		Read: func(batch []*viewReq) {
			b.read(batch)
			for _, r := range batch {
				close(r.done)
			}
		}}
}

// countView reads the listing named by key, counts one view of it and returns
// it with its view count. NOT_FOUND when there is no such listing visible
// to the caller (no view is counted then).
func (b *viewReader) countView(ctx context.Context, key string, admin bool) (viewed, error) {
	r := &viewReq{key: key, admin: admin, done: make(chan struct{})}
	b.batcher.Submit(r)
	select {
	case <-r.done:
	case <-ctx.Done():
		return viewed{}, ctx.Err()
	}
	if r.err == nil && r.fullNext {
		// Too many views wait: this get commits them before it answers,
		// which bounds what a crash can lose.
		if err := b.s.viewCount.Flush(ctx); err != nil {
			return viewed{}, err
		}
	}
	return r.viewed, r.err
}

// read answers a batch of gets: the listings' keys with their committed
// view counts and the catalog version in one query (so each listing is as
// of at least every write committed before its get began), then the
// listings. A request for a missing listing gets NOT_FOUND
// without failing the others; a database error fails the whole batch.
func (b *viewReader) read(batch []*viewReq) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := b.s
	day := Day(s.DB.Now())
	err := func() error {
		found, catalog, seen, err := s.keysOf(ctx, batch)
		if err != nil {
			return err
		}
		if b.testHookRead != nil {
			b.testHookRead()
		}
		for _, r := range batch {
			l, ok := found[r.key]
			if !ok {
				l, ok = found[idKey(r.key)]
			}
			// No such listing, or (for a caller who is not an admin) not
			// public, as of the statement's snapshot.
			if !ok || !r.admin && !l.IsPublic {
				r.err = apperr.NotFound("marketplace listing")
				continue
			}
			r.seq, r.views, r.catalog, r.listing = l.seq, l.ViewCount, catalog, l
			var mine int64
			mine, r.fullNext = s.viewCount.Add(r.seq, day, seen)
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

// keysOf reads the batch's listings by slug, then (for keys that are
// UUIDs and no slug) by ID, with their committed view counts, in one
// statement per key kind, which also reads (in its snapshot) the catalog
// version, so that the listings are as of exactly that version, and the
// generation of this process's last committed flush of views (see
// newViewCounter). Each listing is under its key (idKey for IDs).
func (s *Service) keysOf(ctx context.Context, batch []*viewReq) (found map[string]*Listing, catalog, seen int64, err error) {
	found = map[string]*Listing{}
	var ls []*Listing
	find := func(col string, keys []string) error {
		if len(keys) == 0 {
			return nil
		}
		rows, err := s.queryList(ctx, `SELECT `+cachedColumns+`, v.views + `+pendingViews+`,
			COALESCE((SELECT n FROM marketplace_counters WHERE key = 'version'), 0),
			COALESCE((SELECT n FROM marketplace_counters WHERE key = $2), 0)
			FROM marketplace_listings l JOIN marketplace_listing_views v ON v.seq = l.seq WHERE `+s.inList("l."+col),
			listArg(s.DB, keys), s.viewMarker)
		if err != nil {
			return fmt.Errorf("marketplace: read listings: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var views int64
			l, err := scanFull(rows, &views, &catalog, &seen)
			if err != nil {
				return fmt.Errorf("marketplace: read listings: %w", err)
			}
			l.ViewCount = views
			key := l.Slug
			if col == "id" {
				key = idKey(l.ID)
			}
			found[key] = l
			ls = append(ls, l)
		}
		return rows.Err()
	}
	var slugs, ids []string
	asked := map[string]bool{}
	for _, r := range batch {
		if !asked[r.key] {
			asked[r.key] = true
			slugs = append(slugs, r.key)
		}
	}
	if err := find("slug", slugs); err != nil {
		return nil, 0, 0, err
	}
	for _, k := range slugs {
		if _, ok := found[k]; !ok && field.IsUUID(k) {
			ids = append(ids, strings.ToLower(k))
		}
	}
	if err := find("id", ids); err != nil {
		return nil, 0, 0, err
	}
	if len(ls) > 0 {
		if err := s.fillRefs(ctx, catalog, ls); err != nil {
			return nil, 0, 0, err
		}
	}
	return found, catalog, seen, nil
}

// Close commits the views this process counted and has not committed.
// The server calls it at shutdown, after the last request is answered.
func (s *Service) Close(ctx context.Context) error {
	if s.DB == nil {
		return nil
	}
	return s.viewCount.Flush(ctx)
}
