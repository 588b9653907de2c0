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

// CollectionListRequest is the data of collections with mode omitted: a
// page of the caller's collections, newest first; or, with collection_id
// (or the request id), one collection with its listings.
type CollectionListRequest struct {
	CollectionID *string `json:"collection_id" doc:"Read this collection (yours, or any public one) with its listings instead of listing yours."`
	Limit        *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset       *int    `json:"offset" schema:"min=0" doc:"Default 0."`
}

// CollectionCreateRequest is the data of collections in mode create.
type CollectionCreateRequest struct {
	Name        *string              `json:"name" schema:"required,minLength=1,maxLength=100"`
	Description api.Optional[string] `json:"description" schema:"maxLength=1000"`
	IsPublic    *bool                `json:"is_public" doc:"Default false."`
}

// CollectionUpdateRequest is the data of collections in mode update: only
// the fields given change.
type CollectionUpdateRequest struct {
	CollectionID *string              `json:"collection_id" doc:"Your collection; required unless the request id names it."`
	Name         *string              `json:"name" schema:"minLength=1,maxLength=100"`
	Description  api.Optional[string] `json:"description" schema:"maxLength=1000" doc:"null empties it."`
	IsPublic     *bool                `json:"is_public"`
}

// CollectionRef is the data of collections in mode delete.
type CollectionRef struct {
	CollectionID *string `json:"collection_id" doc:"Your collection; required unless the request id names it."`
}

// CollectionGenieRequest is the data of collections in modes add-genie and
// remove-genie.
type CollectionGenieRequest struct {
	CollectionID       *string `json:"collection_id" doc:"Your collection; required unless the request id names it."`
	MarketplaceGenieID *string `json:"marketplace_genie_id" schema:"required"`
}

// CollectionAnswer is the answer of collections in modes create, update,
// add-genie and remove-genie.
type CollectionAnswer struct {
	Collection Collection `json:"collection"`
}

// CollectionDetail is a collection with its listings (collections with
// mode omitted and a collection named).
type CollectionDetail struct {
	Collection Collection `json:"collection"`
	Genies     []Listing  `json:"genies" doc:"Most recently added first."`
}

// collectionDescription validates a collection's description: nil when
// omitted, "" when null.
func collectionDescription(o api.Optional[string]) (*string, error) {
	if !o.Set {
		return nil, nil
	}
	d := ""
	if p := o.Ptr(); p != nil {
		d = strings.TrimSpace(*p)
	}
	if err := api.MaxLen("description", d, MaxCollectionDescLen); err != nil {
		return nil, err
	}
	return &d, nil
}

// collectionChange is a validated change of an existing collection.
type collectionChange struct {
	mode      string
	listingID string  // add-genie, remove-genie
	name      *string // update
	desc      *string // update
	isPublic  *bool   // update
}

func (s *Service) collectionsAction(ctx context.Context, r *api.Request) (*api.Response, error) {
	mode, err := bindMode(r)
	if err != nil {
		return nil, err
	}
	c := r.Caller
	ch := collectionChange{mode: mode}
	var id string // the collection changed
	switch mode {
	case "":
		var in CollectionListRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		if in.CollectionID == nil && strings.TrimSpace(r.ID) == "" {
			limit, offset, err := communityPage(in.Limit, in.Offset)
			if err != nil {
				return nil, err
			}
			items, n, err := s.listCollections(ctx, c, limit, offset)
			if err != nil {
				return nil, err
			}
			return api.OK(CollectionPage(listResult(items, n, limit, offset))), nil
		}
		id, err := idParam("collection_id", in.CollectionID, r, true)
		if err != nil {
			return nil, err
		}
		col, ls, err := s.getCollection(ctx, c, id)
		if err != nil {
			return nil, err
		}
		return api.OK(CollectionDetail{Collection: *col, Genies: values(ls)}), nil
	case "create":
		var in CollectionCreateRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		name, err := api.RequiredString("name", in.Name, MaxCollectionNameLen)
		if err != nil {
			return nil, err
		}
		desc, err := collectionDescription(in.Description)
		if err != nil {
			return nil, err
		}
		if desc == nil {
			desc = new(string)
		}
		id, now := uuid.NewString(), s.DB.Now()
		if err := s.write(ctx, func(tx *Write) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO marketplace_collections (id, user_id, name, description, is_public,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, id, c.UserID, name, *desc,
				in.IsPublic != nil && *in.IsPublic, now)
			return err
		}); err != nil {
			return nil, fmt.Errorf("marketplace: create collection: %w", err)
		}
		col, err := s.loadCollection(ctx, s.DB.R, c, id, "")
		if err != nil {
			return nil, err
		}
		return api.Created(CollectionAnswer{Collection: *col}), nil
	case "update":
		var in CollectionUpdateRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		if id, err = idParam("collection_id", in.CollectionID, r, true); err != nil {
			return nil, err
		}
		ch.isPublic = in.IsPublic
		if in.Name != nil {
			n, err := api.RequiredString("name", in.Name, MaxCollectionNameLen)
			if err != nil {
				return nil, err
			}
			ch.name = &n
		}
		if ch.desc, err = collectionDescription(in.Description); err != nil {
			return nil, err
		}
	case "delete":
		var in CollectionRef
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		if id, err = idParam("collection_id", in.CollectionID, r, true); err != nil {
			return nil, err
		}
	case "add-genie", "remove-genie":
		var in CollectionGenieRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		if id, err = idParam("collection_id", in.CollectionID, r, true); err != nil {
			return nil, err
		}
		if ch.listingID, err = idParam("marketplace_genie_id", in.MarketplaceGenieID, r, false); err != nil {
			return nil, err
		}
	default:
		return nil, badMode("create, update, delete, add-genie or remove-genie (or omitted to get or list)")
	}
	if err := s.changeCollection(ctx, c, id, ch); err != nil {
		return nil, err
	}
	if mode == "delete" {
		return api.OK(Removed{ID: id, Success: true}), nil
	}
	col, err := s.loadCollection(ctx, s.DB.R, c, id, "")
	if err != nil {
		return nil, err
	}
	return api.OK(CollectionAnswer{Collection: *col}), nil
}

// changeCollection applies a change to the caller's own collection (others
// are NOT_FOUND), in one transaction that locks it.
func (s *Service) changeCollection(ctx context.Context, c *auth.Caller, id string, ch collectionChange) error {
	return s.write(ctx, func(tx *Write) error {
		var owner string
		err := tx.QueryRowContext(ctx, `SELECT user_id FROM marketplace_collections WHERE id = $1`+s.DB.ForUpdate(), id).Scan(&owner)
		if errors.Is(err, sql.ErrNoRows) || err == nil && owner != c.UserID {
			return apperr.NotFound("collection")
		}
		if err != nil {
			return fmt.Errorf("marketplace: load collection: %w", err)
		}
		now := s.DB.Now()
		switch ch.mode {
		case "delete":
			_, err = tx.ExecContext(ctx, `DELETE FROM marketplace_collections WHERE id = $1`, id)
		case "update":
			_, err = tx.ExecContext(ctx, `UPDATE marketplace_collections SET name = COALESCE($1, name),
				description = COALESCE($2, description), is_public = COALESCE($3, is_public), updated_at = $4 WHERE id = $5`,
				ch.name, ch.desc, ch.isPublic, now, id)
		case "add-genie":
			if _, err := visibleListing(ctx, tx, c, ch.listingID, ""); err != nil {
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
				VALUES ($1, $2, $3) ON CONFLICT (collection_id, listing_id) DO NOTHING`, id, ch.listingID, now); err == nil {
				_, err = tx.ExecContext(ctx, `UPDATE marketplace_collections SET updated_at = $1 WHERE id = $2`, now, id)
			}
		case "remove-genie":
			if _, err = tx.ExecContext(ctx, `DELETE FROM marketplace_collection_genies WHERE collection_id = $1 AND listing_id = $2`,
				id, ch.listingID); err == nil {
				_, err = tx.ExecContext(ctx, `UPDATE marketplace_collections SET updated_at = $1 WHERE id = $2`, now, id)
			}
		}
		if err != nil {
			return fmt.Errorf("marketplace: %s collection: %w", ch.mode, err)
		}
		return nil
	})
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
