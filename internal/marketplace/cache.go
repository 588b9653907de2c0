package marketplace

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/geniehq/genie/internal/api"
)

// cache holds encoded responses of public reads for one version of the
// data they depend on. Every marketplace write bumps a version counter in
// its transaction: a 'views:NN' shard for a view, 'version' for anything
// else; every
// cached read first reads the counters, so a process never serves a
// response older than the last committed write of any process. Entries of
// older versions are dropped as soon as a newer version is seen.
type cache struct {
	mu      sync.Mutex
	version int64
	max     int
	m       map[string]json.RawMessage
}

func newCache(max int) *cache { return &cache{max: max, m: map[string]json.RawMessage{}} }

func (c *cache) get(version int64, key string) (json.RawMessage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if version != c.version {
		return nil, false
	}
	v, ok := c.m[key]
	return v, ok
}

func (c *cache) put(version int64, key string, v json.RawMessage) {
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
	b, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("marketplace: encode: %w", err)
	}
	if !off {
		c.put(v, key, b)
	}
	return api.Raw(b), nil
}

// relatedCache holds each category's top related listings for one catalog
// version.
type relatedCache struct {
	mu      sync.Mutex
	version int64
	m       map[string][]Related
}

func (c *relatedCache) get(version int64, category string) ([]Related, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if version != c.version {
		return nil, false
	}
	r, ok := c.m[category]
	return r, ok
}

func (c *relatedCache) put(version int64, category string, r []Related) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case version < c.version:
		return
	case version > c.version || c.m == nil || len(c.m) >= 4096:
		c.m = map[string][]Related{}
		c.version = version
	}
	c.m[category] = r
}

// SetResponseCache turns the response cache on or off (it is on by
// default; the benchmark measures the uncached paths with it off).
func (s *Service) SetResponseCache(on bool) { s.noCache.Store(!on) }
