package marketplace

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/geniehq/genie/internal/platform/db"
)

// taxonomyCatalog is what the categories and brands (package
// internal/marketplace/taxonomy, which imports nothing of the catalog)
// use of the catalog: its one write path, its response cache, and what a
// delete does to the listings and counters.
type taxonomyCatalog struct{ s *Service }

func (c taxonomyCatalog) Write(ctx context.Context, fn func(tx db.Querier) error) error {
	return c.s.write(ctx, func(w *WriteTx) error { return fn(w) })
}

func (c taxonomyCatalog) Cached(ctx context.Context, key string, fn func() (any, error)) (json.RawMessage, error) {
	return c.s.cached(ctx, key, false, fn)
}

func (taxonomyCatalog) CategoryListings(ctx context.Context, tx db.Querier, id string) (int64, error) {
	var n int64
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_listings WHERE category_id = $1`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("marketplace: count category listings: %w", err)
	}
	return n, nil
}

func (taxonomyCatalog) DetachBrand(ctx context.Context, tx db.Querier, id string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE marketplace_listings SET brand_id = NULL WHERE brand_id = $1`, id); err != nil {
		return fmt.Errorf("marketplace: detach brand: %w", err)
	}
	return nil
}

func (taxonomyCatalog) DropCounters(ctx context.Context, tx db.Querier, kind, id string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_counters WHERE key IN ($1, $2)`, "pub:"+kind+":"+id, "all:"+kind+":"+id); err != nil {
		return fmt.Errorf("marketplace: delete %s counters: %w", kind, err)
	}
	return nil
}
