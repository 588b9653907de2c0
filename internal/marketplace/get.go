package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"

	"genie/internal/api"
	"genie/internal/apperr"
)

// RelatedLimit is the number of related_genies get returns.
const RelatedLimit = 6

// Detail is get's response: the full listing plus related listings.
type Detail struct {
	*Listing
	RelatedGenies []Related `json:"related_genies"`
}

// Get returns a listing by slug (preferred) or ID and counts the view:
// view_count grows by one atomically and the day's views are recorded for
// trending. A non-public listing is NOT_FOUND unless admin is set.
func (s *Service) Get(ctx context.Context, key string, admin bool) (*Detail, error) {
	var id string
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		now := s.DB.Now()
		vis := " AND is_public = TRUE"
		if admin {
			vis = ""
		}
		var public bool
		row := func(col string) error {
			return tx.QueryRowContext(ctx, `UPDATE marketplace_listings SET view_count = view_count + 1
				WHERE `+col+` = $1`+vis+` RETURNING id, is_public`, key).Scan(&id, &public)
		}
		err := row("slug")
		if errors.Is(err, sql.ErrNoRows) && api.IsUUID(key) {
			err = row("id")
		}
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.NotFound("marketplace listing")
		}
		if err != nil {
			return fmt.Errorf("marketplace: count view: %w", err)
		}
		if err := RecordInteraction(ctx, tx, id, Views, now); err != nil {
			return err
		}
		shard := fmt.Sprintf(":%02d", rand.IntN(viewShards))
		q := `INSERT INTO marketplace_counters (key, n) VALUES ($1, 1) ON CONFLICT (key) DO UPDATE SET n = marketplace_counters.n + 1`
		a := []any{viewsVersion + shard}
		if public {
			// Keys in sorted order, as bump locks them.
			q = `INSERT INTO marketplace_counters (key, n) VALUES ($1, 1), ($2, 1) ON CONFLICT (key) DO UPDATE SET n = marketplace_counters.n + 1`
			a = []any{"pub:views" + shard, viewsVersion + shard}
		}
		if _, err := tx.ExecContext(ctx, q, a...); err != nil {
			return fmt.Errorf("marketplace: count view: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Read after the commit, on the read pool: the view just counted is
	// included (later views by others may be too).
	l, err := loadFull(ctx, s.DB.R, id, "")
	if err != nil {
		return nil, err
	}
	rel, err := s.related(ctx, l.CategoryID, l.ID, RelatedLimit)
	if err != nil {
		return nil, err
	}
	if admin {
		if err := s.fillCreators(ctx, []*Listing{l}); err != nil {
			return nil, err
		}
	}
	return &Detail{Listing: l, RelatedGenies: rel}, nil
}
