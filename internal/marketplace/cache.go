package marketplace

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/geniehq/genie/internal/api"
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

// versions reads the catalog version and the views version.
// It runs on every cached read, so the statement is prepared once.
func (s *Service) versions(ctx context.Context) (catalog, views int64, err error) {
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

// cached returns the cached encoding of key for the current versions, or
// computes it with fn, encodes it and stores it. withViews says that the
// response shows view counts (or depends on them): it is then cached
// against both counters, otherwise against the catalog version only, so
// that views (the most frequent write) leave it cached. Both counters only
// grow, so their sum identifies a state as well as the pair does.
func (s *Service) cached(ctx context.Context, key string, withViews bool, fn func() (any, error)) (api.Raw, error) {
	catalog, views, err := s.versions(ctx)
	if err != nil {
		return nil, err
	}
	return s.cachedAt(catalog, views, key, withViews, fn)
}

// cachedAt is cached for the versions the caller has read.
func (s *Service) cachedAt(catalog, views int64, key string, withViews bool, fn func() (any, error)) (api.Raw, error) {
	c, v := s.cache, catalog
	if withViews {
		c, v = s.viewCache, catalog+views
	}
	off := s.noCache.Load()
	if b, ok := c.get(v, key); ok && !off {
		return api.Raw(b), nil
	}
	data, err := fn()
	if err != nil {
		return nil, err
	}
	raw, ok := data.(api.Raw) // encoded already
	b := json.RawMessage(raw)
	if !ok {
		if b, err = json.Marshal(data); err != nil {
			return nil, fmt.Errorf("marketplace: encode: %w", err)
		}
	}
	if !off {
		c.put(v, key, b)
	}
	return api.Raw(b), nil
}

// SetResponseCache turns the response cache on or off (it is on by
// default; the benchmark measures the uncached paths with it off).
func (s *Service) SetResponseCache(on bool) { s.noCache.Store(!on) }
