package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

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
	var l *Listing
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		now := s.DB.Now()
		vis := " AND is_public = TRUE"
		if admin {
			vis = ""
		}
		var id string
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
		d := map[string]int64{}
		if public {
			d["pub:views"] = 1
		}
		if err := bump(ctx, tx, viewsVersion, d); err != nil {
			return err
		}
		l, err = loadFull(ctx, tx, id, "")
		return err
	})
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
