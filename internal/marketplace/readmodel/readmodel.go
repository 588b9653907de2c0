// Package readmodel holds what the marketplace's reads are served from
// without asking the database each time: values kept per version of the
// data they depend on (Versioned), and a Watch that tells, without a
// database round trip, whether any process may have committed since the
// versions were last read; and the views counted in memory and not yet
// committed (ViewCounter, views.go), which the catalog commits in batches.
//
// Every marketplace write bumps a version counter in its transaction (a
// 'views:NN' shard for a view, 'version' for anything else); a cached
// read first learns the current versions (from the Watch when nothing can
// have committed, else from the database), so a process never serves a
// value older than the last committed write it can know of.
package readmodel

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// Versioned holds values computed for one version of the data they
// depend on. Entries of older versions are dropped as soon as a newer
// version is seen, and all of them when the map is full.
type Versioned[K comparable, V any] struct {
	mu      sync.Mutex
	version int64
	max     int
	m       map[K]V
}

// NewVersioned returns a map of at most max entries.
func NewVersioned[K comparable, V any](max int) *Versioned[K, V] {
	return &Versioned[K, V]{max: max, m: map[K]V{}}
}

// Get returns the value of key computed for version, if kept.
func (c *Versioned[K, V]) Get(version int64, key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if version != c.version {
		var zero V
		return zero, false
	}
	v, ok := c.m[key]
	return v, ok
}

// Put keeps v as key's value for version (unless a newer version is
// already kept).
func (c *Versioned[K, V]) Put(version int64, key K, v V) {
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

// Safety bounds, on PostgreSQL, how long versions read once are used
// without reading them again, even when no notification came: a safety
// net for a notification lost while the connection stayed up.
const Safety = time.Second

// Watch keeps the versions last read and learns, without asking the
// database, whether they may have moved since: on SQLite from the WAL
// index header (db.WALStamp), which every commit of any process moves, so
// there is no staleness window; on PostgreSQL from the notifications every
// write sends on the channel at commit (db.Listen), so another process's
// write is seen once its notification arrives (typically within
// milliseconds; Safety at most), while the listener is disconnected every
// read reads them, and this process's own writes move them at once
// (Changed).
type Watch struct {
	Channel string // the PostgreSQL notification channel

	once     sync.Once
	listener *db.Listener
	changes  atomic.Uint64 // notifications, reconnects and own writes

	mu      sync.Mutex
	have    bool
	at      Mark
	catalog int64
	views   int64
	read    time.Time
}

// Mark is what was known of the database's changes when versions were
// read.
type Mark struct {
	changes uint64
	stamp   [48]byte
	stamped bool
}

// Mark takes the mark to store with versions about to be read: take it
// before the read, so that a commit after it moves the mark.
func (w *Watch) Mark(d *db.DB) Mark {
	w.once.Do(func() { w.listener = d.Listen(w.Channel, w.Changed) })
	m := Mark{changes: w.changes.Load()}
	m.stamp, m.stamped = d.WALStamp()
	return m
}

// Changed records that the versions may have moved.
func (w *Watch) Changed() { w.changes.Add(1) }

// Current returns the versions last read when nothing can have committed
// since.
func (w *Watch) Current(d *db.DB) (catalog, views int64, ok bool) {
	m := w.Mark(d)
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.have || m.changes != w.at.changes {
		return 0, 0, false
	}
	switch {
	case d.Engine == db.Postgres:
		ok = w.listener.Healthy() && time.Since(w.read) < Safety
	default:
		ok = m.stamped && w.at.stamped && m.stamp == w.at.stamp
	}
	return w.catalog, w.views, ok
}

// Store keeps versions read after the mark m.
func (w *Watch) Store(m Mark, catalog, views int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.have, w.at, w.catalog, w.views, w.read = true, m, catalog, views, time.Now()
}
