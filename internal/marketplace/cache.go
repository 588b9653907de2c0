package marketplace

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// versioned holds values computed for one version of the data they depend
// on. Every marketplace write bumps a version counter in its transaction:
// a 'views:NN' shard for a view, 'version' for anything else; every cached
// read first reads the counters, so a process never serves a value older
// than the last committed write of any process. Entries of older versions
// are dropped as soon as a newer version is seen, and all of them when the
// map is full.
type versioned[K comparable, V any] struct {
	mu      sync.Mutex
	version int64
	max     int
	m       map[K]V
}

func newVersioned[K comparable, V any](max int) *versioned[K, V] {
	return &versioned[K, V]{max: max, m: map[K]V{}}
}

func (c *versioned[K, V]) get(version int64, key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if version != c.version {
		var zero V
		return zero, false
	}
	v, ok := c.m[key]
	return v, ok
}

func (c *versioned[K, V]) put(version int64, key K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case version < c.version:
		return
	case version > c.version || len(c.m) >= c.max:
		clear(c.m)
		c.version = version
	}
	c.m[key] = v
}

// versions returns the catalog version and the views version. Every
// cached read needs them, so they are read from the database only when
// something may have committed since the last read (see versionWatch);
// otherwise they cost no database round trip.
func (s *Service) versions(ctx context.Context) (catalog, views int64, err error) {
	w := &s.watch
	if c, v, ok := w.current(s.DB); ok {
		return c, v, nil
	}
	mark := w.mark(s.DB) // before the read: a commit after it moves the mark
	if catalog, views, err = s.readVersions(ctx); err != nil {
		return 0, 0, err
	}
	w.store(mark, catalog, views)
	return catalog, views, nil
}

// readVersions reads the catalog version and the views version.
func (s *Service) readVersions(ctx context.Context) (catalog, views int64, err error) {
	s.versionOnce.Do(func() {
		s.versionStmt, s.versionErr = s.DB.R.PrepareContext(context.WithoutCancel(ctx), `SELECT
			COALESCE((SELECT n FROM marketplace_counters WHERE key = 'version'), 0),
			COALESCE((SELECT SUM(n) FROM marketplace_counters WHERE key >= 'views' AND key < 'viewt'), 0)`)
	})
	if s.versionErr != nil {
		return 0, 0, fmt.Errorf("marketplace: prepare version read: %w", s.versionErr)
	}
	err = s.versionStmt.QueryRowContext(ctx).Scan(&catalog, &views)
	if err != nil {
		return 0, 0, fmt.Errorf("marketplace: read version: %w", err)
	}
	return catalog, views, nil
}

// notifyChannel is the PostgreSQL channel every marketplace write
// notifies when it commits (see WriteTx.finish).
const notifyChannel = "genie_marketplace"

// versionSafety bounds, on PostgreSQL, how long versions read once are
// used without reading them again, even when no notification came: a
// safety net for a notification lost while the connection stayed up.
const versionSafety = time.Second

// versionWatch keeps the versions last read and learns, without asking
// the database, whether they may have moved since: on SQLite from the WAL
// index header (db.WALStamp), which every commit of any process moves,
// so there is no staleness window; on PostgreSQL from the notifications
// every marketplace write sends at commit (db.Listen), so another
// process's write is seen once its notification arrives (typically
// within milliseconds; versionSafety at most), while the listener is
// disconnected every read reads them, and this process's own writes move
// them at once (changed).
type versionWatch struct {
	once     sync.Once
	listener *db.Listener
	changes  atomic.Uint64 // notifications, reconnects and own writes

	mu      sync.Mutex
	have    bool
	at      versionMark
	catalog int64
	views   int64
	read    time.Time
}

// versionMark is what was known of the database's changes when versions
// were read.
type versionMark struct {
	changes uint64
	stamp   [48]byte
	stamped bool
}

func (w *versionWatch) mark(d *db.DB) versionMark {
	w.once.Do(func() { w.listener = d.Listen(notifyChannel, w.changed) })
	m := versionMark{changes: w.changes.Load()}
	m.stamp, m.stamped = d.WALStamp()
	return m
}

// changed records that the versions may have moved.
func (w *versionWatch) changed() { w.changes.Add(1) }

// current returns the versions last read when nothing can have committed
// since.
func (w *versionWatch) current(d *db.DB) (catalog, views int64, ok bool) {
	m := w.mark(d)
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.have || m.changes != w.at.changes {
		return 0, 0, false
	}
	switch {
	case d.Engine == db.Postgres:
		ok = w.listener.Healthy() && time.Since(w.read) < versionSafety
	default:
		ok = m.stamped && w.at.stamped && m.stamp == w.at.stamp
	}
	return w.catalog, w.views, ok
}

func (w *versionWatch) store(m versionMark, catalog, views int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.have, w.at, w.catalog, w.views, w.read = true, m, catalog, views, time.Now()
}

// cached returns the cached encoding of key for the current versions, or
// computes it with fn, encodes it and stores it. withViews says that the
// response shows view counts (or depends on them): it is then cached
// against both counters, otherwise against the catalog version only, so
// that views (the most frequent write) leave it cached. Both counters only
// grow, so their sum identifies a state as well as the pair does.
func (s *Service) cached(ctx context.Context, key string, withViews bool, fn func() (any, error)) (json.RawMessage, error) {
	catalog, views, err := s.versions(ctx)
	if err != nil {
		return nil, err
	}
	return s.cachedAt(catalog, views, key, withViews, fn)
}

// cachedAt is cached for the versions the caller has read.
func (s *Service) cachedAt(catalog, views int64, key string, withViews bool, fn func() (any, error)) (json.RawMessage, error) {
	c, v := s.cache, catalog
	if withViews {
		c, v = s.viewCache, catalog+views
	}
	off := s.noCache.Load()
	if b, ok := c.get(v, key); ok && !off {
		return json.RawMessage(b), nil
	}
	data, err := fn()
	if err != nil {
		return nil, err
	}
	b, ok := data.(json.RawMessage) // encoded already
	if !ok {
		if b, err = json.Marshal(data); err != nil {
			return nil, fmt.Errorf("marketplace: encode: %w", err)
		}
	}
	if !off {
		c.put(v, key, b)
	}
	return json.RawMessage(b), nil
}

// SetResponseCache turns the response cache on or off (it is on by
// default; the benchmark measures the uncached paths with it off).
func (s *Service) SetResponseCache(on bool) { s.noCache.Store(!on) }
