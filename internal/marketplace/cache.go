package marketplace

import (
	"context"
	"encoding/json"
	"fmt"
)

// versions returns the catalog version and the views version. Every
// cached read needs them, so they are read from the database only when
// something may have committed since the last read (see readmodel.Watch);
// otherwise they cost no database round trip.
func (s *Service) versions(ctx context.Context) (catalog, views int64, err error) {
	w := &s.watch
	if c, v, ok := w.Current(s.DB); ok {
		return c, v, nil
	}
	mark := w.Mark(s.DB) // before the read: a commit after it moves the mark
	if catalog, views, err = s.readVersions(ctx); err != nil {
		return 0, 0, err
	}
	w.Store(mark, catalog, views)
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
	if b, ok := c.Get(v, key); ok && !off {
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
		c.Put(v, key, b)
	}
	return json.RawMessage(b), nil
}

// SetResponseCache turns the response cache on or off (it is on by
// default; the benchmark measures the uncached paths with it off).
func (s *Service) SetResponseCache(on bool) { s.noCache.Store(!on) }
