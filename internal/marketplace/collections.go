package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/db"
)

// Collection is a user's named set of listings.
type Collection struct {
	ID          string    `json:"id"`
	UserID      string    `json:"user_id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	IsPublic    bool      `json:"is_public"`
	GenieCount  int64     `json:"genie_count"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// collectionInput is the data of the collections action.
type collectionInput struct {
	Mode               string               `json:"mode"`
	CollectionID       *string              `json:"collection_id"`
	MarketplaceGenieID *string              `json:"marketplace_genie_id"`
	Name               *string              `json:"name"`
	Description        api.Optional[string] `json:"description"`
	IsPublic           *bool                `json:"is_public"`
	Limit              *int                 `json:"limit"`
	Offset             *int                 `json:"offset"`
}

func (in *collectionInput) description() (*string, error) {
	if !in.Description.Set {
		return nil, nil
	}
	d := ""
	if p := in.Description.Ptr(); p != nil {
		d = strings.TrimSpace(*p)
	}
	if err := api.MaxLen("description", d, MaxCollectionDescLen); err != nil {
		return nil, err
	}
	return &d, nil
}

func (s *Service) collectionsAction(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in collectionInput
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	c := r.Caller
	switch in.Mode {
	case "":
		if in.CollectionID == nil && strings.TrimSpace(r.ID) == "" {
			limit, offset, err := communityPage(in.Limit, in.Offset)
			if err != nil {
				return nil, err
			}
			items, n, err := s.listCollections(ctx, c, limit, offset)
			if err != nil {
				return nil, err
			}
			return api.OK(listResult(items, n, limit, offset)), nil
		}
		id, err := idParam("collection_id", in.CollectionID, r, true)
		if err != nil {
			return nil, err
		}
		col, ls, err := s.getCollection(ctx, c, id)
		if err != nil {
			return nil, err
		}
		return api.OK(map[string]any{"collection": col, "genies": ls}), nil
	case "create":
		name, err := api.RequiredString("name", in.Name, MaxCollectionNameLen)
		if err != nil {
			return nil, err
		}
		desc, err := in.description()
		if err != nil {
			return nil, err
		}
		if desc == nil {
			desc = new(string)
		}
		id, now := uuid.NewString(), s.DB.Now()
		if _, err := s.DB.W.ExecContext(ctx, `INSERT INTO marketplace_collections (id, user_id, name, description, is_public,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, id, c.UserID, name, *desc,
			in.IsPublic != nil && *in.IsPublic, now); err != nil {
			return nil, fmt.Errorf("marketplace: create collection: %w", err)
		}
		col, err := s.loadCollection(ctx, s.DB.R, c, id, "")
		if err != nil {
			return nil, err
		}
		return api.Created(map[string]any{"collection": col}), nil
	case "update", "delete", "add-genie", "remove-genie":
	default:
		return nil, badMode("create, update, delete, add-genie or remove-genie (or omitted to get or list)")
	}
	id, err := idParam("collection_id", in.CollectionID, r, true)
	if err != nil {
		return nil, err
	}
	var listingID string
	if in.Mode == "add-genie" || in.Mode == "remove-genie" {
		if listingID, err = idParam("marketplace_genie_id", in.MarketplaceGenieID, r, false); err != nil {
			return nil, err
		}
	}
	var name, desc *string
	if in.Mode == "update" {
		if in.Name != nil {
			n, err := api.RequiredString("name", in.Name, MaxCollectionNameLen)
			if err != nil {
				return nil, err
			}
			name = &n
		}
		if desc, err = in.description(); err != nil {
			return nil, err
		}
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var owner string
		err := tx.QueryRowContext(ctx, `SELECT user_id FROM marketplace_collections WHERE id = $1`+s.DB.ForUpdate(), id).Scan(&owner)
		if errors.Is(err, sql.ErrNoRows) || err == nil && owner != c.UserID {
			return apperr.NotFound("collection")
		}
		if err != nil {
			return fmt.Errorf("marketplace: load collection: %w", err)
		}
		now := s.DB.Now()
		switch in.Mode {
		case "delete":
			_, err = tx.ExecContext(ctx, `DELETE FROM marketplace_collections WHERE id = $1`, id)
		case "update":
			_, err = tx.ExecContext(ctx, `UPDATE marketplace_collections SET name = COALESCE($1, name),
				description = COALESCE($2, description), is_public = COALESCE($3, is_public), updated_at = $4 WHERE id = $5`,
				name, desc, in.IsPublic, now, id)
		case "add-genie":
			if _, err := visibleListing(ctx, tx, c, listingID, ""); err != nil {
				return err
			}
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_collection_genies WHERE collection_id = $1`, id).Scan(&n); err != nil {
				return fmt.Errorf("marketplace: count collection: %w", err)
			}
			if n >= MaxCollectionGenies {
				return apperr.Invalid("marketplace_genie_id", "a collection holds at most %d listings", MaxCollectionGenies)
			}
			if _, err = tx.ExecContext(ctx, `INSERT INTO marketplace_collection_genies (collection_id, listing_id, added_at)
				VALUES ($1, $2, $3) ON CONFLICT (collection_id, listing_id) DO NOTHING`, id, listingID, now); err == nil {
				_, err = tx.ExecContext(ctx, `UPDATE marketplace_collections SET updated_at = $1 WHERE id = $2`, now, id)
			}
		case "remove-genie":
			if _, err = tx.ExecContext(ctx, `DELETE FROM marketplace_collection_genies WHERE collection_id = $1 AND listing_id = $2`,
				id, listingID); err == nil {
				_, err = tx.ExecContext(ctx, `UPDATE marketplace_collections SET updated_at = $1 WHERE id = $2`, now, id)
			}
		}
		if err != nil {
			return fmt.Errorf("marketplace: %s collection: %w", in.Mode, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if in.Mode == "delete" {
		return api.OK(map[string]any{"success": true, "id": id}), nil
	}
	col, err := s.loadCollection(ctx, s.DB.R, c, id, "")
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"collection": col}), nil
}

// collectionCols reads a collection k with the number of its listings the
// caller can see (the extra condition hides non-public ones).
func collectionCols(c *auth.Caller) string {
	return `k.id, k.user_id, k.name, k.description, k.is_public, k.created_at, k.updated_at,
		(SELECT COUNT(*) FROM marketplace_collection_genies g JOIN marketplace_listings l ON l.id = g.listing_id
		WHERE g.collection_id = k.id` + publicOnly(c) + `)`
}

func scanCollection(row interface{ Scan(...any) error }) (*Collection, error) {
	var k Collection
	if err := row.Scan(&k.ID, &k.UserID, &k.Name, &k.Description, &k.IsPublic, &k.CreatedAt, &k.UpdatedAt, &k.GenieCount); err != nil {
		return nil, err
	}
	return &k, nil
}

// loadCollection reads a collection the caller may see: their own, any
// public one, or any for admins; others are NOT_FOUND.
func (s *Service) loadCollection(ctx context.Context, q db.Querier, c *auth.Caller, id, lock string) (*Collection, error) {
	k, err := scanCollection(q.QueryRowContext(ctx, `SELECT `+collectionCols(c)+` FROM marketplace_collections k WHERE k.id = $1`+lock, id))
	if errors.Is(err, sql.ErrNoRows) || err == nil && k.UserID != c.UserID && !k.IsPublic && !c.IsAdmin() {
		return nil, apperr.NotFound("collection")
	}
	if err != nil {
		return nil, fmt.Errorf("marketplace: load collection: %w", err)
	}
	return k, nil
}

// getCollection returns a collection and its visible listings, most
// recently added first.
func (s *Service) getCollection(ctx context.Context, c *auth.Caller, id string) (*Collection, []*Listing, error) {
	k, err := s.loadCollection(ctx, s.DB.R, c, id, "")
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.DB.R.QueryContext(ctx, `SELECT `+fullColumns+` FROM marketplace_collection_genies g
		JOIN marketplace_listings l ON l.id = g.listing_id JOIN marketplace_categories c ON c.id = l.category_id
		LEFT JOIN marketplace_brands b ON b.id = l.brand_id WHERE g.collection_id = $1`+publicOnly(c)+`
		ORDER BY g.added_at DESC, l.seq DESC`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("marketplace: collection listings: %w", err)
	}
	out, err := collect(rows, "collection listings", func(r *sql.Rows) (*Listing, error) { return scanFull(r) })
	if err != nil {
		return nil, nil, err
	}
	return k, out, nil
}

// listCollections returns a page of the caller's collections, newest first.
func (s *Service) listCollections(ctx context.Context, c *auth.Caller, limit, offset int) ([]*Collection, int64, error) {
	var total int64
	if err := s.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_collections WHERE user_id = $1`, c.UserID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("marketplace: count collections: %w", err)
	}
	rows, err := s.DB.R.QueryContext(ctx, `SELECT `+collectionCols(c)+` FROM marketplace_collections k WHERE k.user_id = $1
		ORDER BY k.created_at DESC, k.id DESC LIMIT $2 OFFSET $3`, c.UserID, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("marketplace: list collections: %w", err)
	}
	out, err := collect(rows, "list collections", func(r *sql.Rows) (*Collection, error) { return scanCollection(r) })
	return out, total, err
}
