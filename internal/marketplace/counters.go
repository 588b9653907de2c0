package marketplace

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

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
// (after a bulk load, or as a repair), bumps the catalog version and tells
// every process to rebuild its search index. Listings loaded without their
// views row get one (no views), and the rows' copies of is_public are made
// the listings' again.
func (s *Service) RebuildCounters(ctx context.Context) error {
	if err := s.viewCount.Settle(ctx); err != nil {
		return err
	}
	return s.write(ctx, func(tx *WriteTx) error { return s.rebuildCounters(ctx, tx, false) })
}

// rebuildCounters is RebuildCounters inside tx (an import's). firstLoad
// says the catalog was empty before tx: no listing has a views row or a
// view yet, so the rows are added without looking for them and the
// counters read the listings alone.
func (s *Service) rebuildCounters(ctx context.Context, tx *WriteTx, firstLoad bool) error {
	if !firstLoad {
		// the counts read below are then whole (the public view total is
		// counted afresh from them)
		if _, err := foldViews(ctx, tx); err != nil {
			return err
		}
	}
	repair := []string{
		`INSERT INTO marketplace_listing_views (seq, is_public) SELECT l.seq, l.is_public FROM marketplace_listings l
			WHERE NOT EXISTS (SELECT 1 FROM marketplace_listing_views v WHERE v.seq = l.seq)`,
		`UPDATE marketplace_listing_views SET is_public = NOT is_public
			WHERE is_public <> (SELECT l.is_public FROM marketplace_listings l WHERE l.seq = marketplace_listing_views.seq)`,
	}
	count := `SELECT l.category_id, l.brand_id, l.is_public, l.is_featured, COUNT(*),
		COALESCE(SUM(v.views), 0), COALESCE(SUM(l.clone_count), 0)
		FROM marketplace_listings l JOIN marketplace_listing_views v ON v.seq = l.seq
		GROUP BY l.category_id, l.brand_id, l.is_public, l.is_featured`
	if firstLoad {
		repair = []string{`INSERT INTO marketplace_listing_views (seq, is_public) SELECT seq, is_public FROM marketplace_listings`}
		count = `SELECT category_id, brand_id, is_public, is_featured, COUNT(*), 0, COALESCE(SUM(clone_count), 0)
			FROM marketplace_listings GROUP BY category_id, brand_id, is_public, is_featured`
		if !tx.postgres {
			// SQLite: the listings read in seq order, so that the views
			// rows are appended, not inserted all over their table (it
			// would read an index ordered by is_public: 3.2 s against 0.5 s
			// at a million rows), and counted from the table, not through
			// an index that covers only some of the columns (a read of
			// the row for each entry). PostgreSQL reads the new table in
			// that order anyway; its sort would only cost time.
			repair[0] += ` ORDER BY seq`
			count = strings.Replace(count, "FROM marketplace_listings", "FROM marketplace_listings NOT INDEXED", 1)
		}
	}
	for _, q := range repair {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("marketplace: repair view rows: %w", err)
		}
	}
	rows, err := tx.QueryContext(ctx, count)
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
	if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_counters WHERE key <> 'version' AND key NOT LIKE 'views%' AND key NOT LIKE 'vflush:%' AND key <> 'seq:deleted'`); err != nil {
		return fmt.Errorf("marketplace: clear counters: %w", err)
	}
	tx.Count(total)
	tx.Touch(rebuildAll) // listings may have been loaded behind the service's back
	return nil
}
