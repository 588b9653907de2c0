package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/auth"
)

// Favorite is a listing the user marked as a favorite.
type Favorite struct {
	ID                 string    `json:"id"`
	MarketplaceGenieID string    `json:"marketplace_genie_id"`
	CreatedAt          time.Time `json:"created_at"`
	MarketplaceGenie   Listing   `json:"marketplace_genie"`
}

// FavoriteAnswer is the answer of favorites in mode add.
type FavoriteAnswer struct {
	Favorite Favorite `json:"favorite"`
}

func (s *Service) favoritesAction(ctx context.Context, r *api.Request) (*api.Response, error) {
	mode, err := bindMode(r)
	if err != nil {
		return nil, err
	}
	switch mode {
	case "":
		var in PageRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		limit, offset, err := communityPage(in.Limit, in.Offset)
		if err != nil {
			return nil, err
		}
		items, n, err := s.listFavorites(ctx, r.Caller, limit, offset)
		if err != nil {
			return nil, err
		}
		return api.OK(FavoritePage(listResult(items, n, limit, offset))), nil
	case "add":
		var in ListingRef
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam("marketplace_genie_id", in.MarketplaceGenieID, r, true)
		if err != nil {
			return nil, err
		}
		f, created, err := s.addFavorite(ctx, r.Caller, id)
		if err != nil {
			return nil, err
		}
		if created {
			return api.Created(FavoriteAnswer{Favorite: *f}), nil
		}
		return api.OK(FavoriteAnswer{Favorite: *f}), nil
	case "remove":
		var in ListingRef
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam("marketplace_genie_id", in.MarketplaceGenieID, r, true)
		if err != nil {
			return nil, err
		}
		if err := s.write(ctx, func(tx *Write) error {
			_, err := tx.ExecContext(ctx, `DELETE FROM marketplace_favorites WHERE user_id = $1 AND listing_id = $2`, r.Caller.UserID, id)
			return err
		}); err != nil {
			return nil, fmt.Errorf("marketplace: remove favorite: %w", err)
		}
		return api.OK(Removed{ID: id, Success: true}), nil
	}
	return nil, badMode("add or remove (or omitted to list)")
}

// addFavorite marks a visible listing as the caller's favorite; created
// reports whether it was new (adding again returns the existing favorite).
func (s *Service) addFavorite(ctx context.Context, c *auth.Caller, listingID string) (*Favorite, bool, error) {
	created := false
	err := s.write(ctx, func(tx *Write) error {
		if _, err := visibleListing(ctx, tx, c, listingID, ""); err != nil {
			return err
		}
		now := s.DB.Now()
		var id string
		err := tx.QueryRowContext(ctx, `INSERT INTO marketplace_favorites (id, user_id, listing_id, created_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING id`, uuid.NewString(), c.UserID, listingID, now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("marketplace: add favorite: %w", err)
		}
		created = true
		if err := RecordInteraction(ctx, tx, listingID, Favorites, now); err != nil {
			return err
		}
		// Trending (cached against the catalog version) counts favorites.
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	items, _, err := s.favorites(ctx, c, listingID, 1, 0)
	if err != nil {
		return nil, false, err
	}
	if len(items) == 0 {
		return nil, false, apperr.NotFound("marketplace listing")
	}
	return items[0], created, nil
}

// listFavorites returns a page of the caller's favorites, newest first;
// favorites of non-public listings are hidden from non-admins.
func (s *Service) listFavorites(ctx context.Context, c *auth.Caller, limit, offset int) ([]*Favorite, int64, error) {
	var total int64
	if err := s.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_favorites f JOIN marketplace_listings l ON l.id = f.listing_id
		WHERE f.user_id = $1`+publicOnly(c), c.UserID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("marketplace: count favorites: %w", err)
	}
	items, _, err := s.favorites(ctx, c, "", limit, offset)
	return items, total, err
}

// favorites reads the caller's favorites (of one listing when listingID is
// set) with their full listings.
func (s *Service) favorites(ctx context.Context, c *auth.Caller, listingID string, limit, offset int) ([]*Favorite, int64, error) {
	var a args
	where := ` WHERE f.user_id = ` + a.add(c.UserID) + publicOnly(c)
	if listingID != "" {
		where += ` AND f.listing_id = ` + a.add(listingID)
	}
	rows, err := s.DB.R.QueryContext(ctx, `SELECT `+fullColumns+`, f.id, f.created_at FROM marketplace_favorites f
		JOIN marketplace_listings l ON l.id = f.listing_id JOIN marketplace_categories c ON c.id = l.category_id
		LEFT JOIN marketplace_brands b ON b.id = l.brand_id`+where+` ORDER BY f.created_at DESC, f.id DESC LIMIT `+a.add(limit)+
		` OFFSET `+a.add(offset), a...)
	if err != nil {
		return nil, 0, fmt.Errorf("marketplace: list favorites: %w", err)
	}
	out, err := collect(rows, "list favorites", func(r *sql.Rows) (*Favorite, error) {
		var f Favorite
		l, err := scanFull(r, &f.ID, &f.CreatedAt)
		if err != nil {
			return nil, err
		}
		f.MarketplaceGenieID, f.MarketplaceGenie = l.ID, *l
		return &f, nil
	})
	return out, 0, err
}
