package marketplace

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
)

// Version counters bumped by writes.
const (
	catalogVersion = "version" // any change but a view
	viewsVersion   = "views"   // a view: one of the shards "views:NN"
)

// viewShards is the number of rows the view counters are spread over, so
// that concurrent views on PostgreSQL do not all wait for one row lock.
// Readers sum the shards; the sum only grows, like a single counter.
const viewShards = 16

// bump adds delta to each counter key inside tx, creating missing keys,
// and then adds one to the version counter named by version, last, so
// that on PostgreSQL its row lock is held for the shortest time.
func bump(ctx context.Context, tx *sql.Tx, version string, deltas map[string]int64) error {
	// Rows are locked in key order so that concurrent writers on
	// PostgreSQL cannot deadlock on each other's counters.
	for _, k := range slices.Sorted(maps.Keys(deltas)) {
		if d := deltas[k]; d != 0 && k != catalogVersion && k != viewsVersion {
			if err := addCounter(ctx, tx, k, d); err != nil {
				return err
			}
		}
	}
	return addCounter(ctx, tx, version, 1)
}

func addCounter(ctx context.Context, tx *sql.Tx, key string, d int64) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_counters (key, n) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET n = marketplace_counters.n + excluded.n`, key, d); err != nil {
		return fmt.Errorf("marketplace: update counter %s: %w", key, err)
	}
	return nil
}

// membership lists the counter keys a listing with these attributes
// counts toward.
func membership(public, featured bool, categoryID string, brandID *string) []string {
	scopes := []string{"all"}
	if public {
		scopes = append(scopes, "pub")
	}
	var keys []string
	for _, sc := range scopes {
		keys = append(keys, sc, sc+":cat:"+categoryID)
		if featured {
			keys = append(keys, sc+":featured")
		}
		if brandID != nil {
			keys = append(keys, sc+":brand:"+*brandID)
		}
	}
	return keys
}

// moveCounts returns the counter deltas of a listing going from old
// attributes to new ones (nil for none: create or delete).
func moveCounts(old, cur *Listing) map[string]int64 {
	d := map[string]int64{}
	if old != nil {
		for _, k := range membership(old.IsPublic, old.IsFeatured, old.CategoryID, old.BrandID) {
			d[k]--
		}
		if old.IsPublic {
			d["pub:views"] -= old.ViewCount
			d["pub:clones"] -= old.CloneCount
		}
	}
	if cur != nil {
		for _, k := range membership(cur.IsPublic, cur.IsFeatured, cur.CategoryID, cur.BrandID) {
			d[k]++
		}
		if cur.IsPublic {
			d["pub:views"] += cur.ViewCount
			d["pub:clones"] += cur.CloneCount
		}
	}
	return d
}

// RebuildCounters recomputes every counter from the listings in one scan
// (after a bulk load, or as a repair), and bumps the catalog version.
func (s *Service) RebuildCounters(ctx context.Context) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT category_id, brand_id, is_public, is_featured, COUNT(*),
			COALESCE(SUM(view_count), 0), COALESCE(SUM(clone_count), 0)
			FROM marketplace_listings GROUP BY category_id, brand_id, is_public, is_featured`)
		if err != nil {
			return fmt.Errorf("marketplace: rebuild counters: %w", err)
		}
		total := map[string]int64{"pub": 0, "all": 0, "pub:featured": 0, "all:featured": 0, "pub:views": 0, "pub:clones": 0}
		for rows.Next() {
			var (
				l     Listing
				brand sql.NullString
				n     int64
			)
			if err := rows.Scan(&l.CategoryID, &brand, &l.IsPublic, &l.IsFeatured, &n, &l.ViewCount, &l.CloneCount); err != nil {
				rows.Close()
				return fmt.Errorf("marketplace: rebuild counters: %w", err)
			}
			l.BrandID = ptr(brand)
			for _, k := range membership(l.IsPublic, l.IsFeatured, l.CategoryID, l.BrandID) {
				total[k] += n
			}
			if l.IsPublic {
				total["pub:views"] += l.ViewCount
				total["pub:clones"] += l.CloneCount
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("marketplace: rebuild counters: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_counters WHERE key <> 'version' AND key NOT LIKE 'views%'`); err != nil {
			return fmt.Errorf("marketplace: clear counters: %w", err)
		}
		return bump(ctx, tx, catalogVersion, total)
	})
}
