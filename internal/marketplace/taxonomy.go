package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/db"
)

// taxonomyInput is the data of the categories and brands actions.
type taxonomyInput struct {
	Mode        string               `json:"mode"`
	ID          *string              `json:"id"`
	Name        *string              `json:"name"`
	Slug        *string              `json:"slug"`
	Description *string              `json:"description"`
	Icon        *string              `json:"icon"`
	Order       *int                 `json:"order"`
	ParentID    api.Optional[string] `json:"parent_id"`
}

// targetID is the record of an update or delete: the request id, else
// data.id.
func (in *taxonomyInput) targetID(r *api.Request, what string) (string, error) {
	id := strings.TrimSpace(r.ID)
	if id == "" && in.ID != nil {
		id = strings.TrimSpace(*in.ID)
	}
	if id == "" {
		return "", apperr.Required("id")
	}
	if !api.IsUUID(id) {
		return "", apperr.NotFound(what)
	}
	return id, nil
}

// nameSlug validates name and slug (required on create).
func (in *taxonomyInput) nameSlug(create bool) (name, slug *string, err error) {
	if in.Name != nil || create {
		n, err := api.RequiredString("name", in.Name, MaxNameLen)
		if err != nil {
			return nil, nil, err
		}
		name = &n
	}
	if in.Slug != nil || create {
		if in.Slug == nil {
			return nil, nil, apperr.Required("slug")
		}
		sl := strings.TrimSpace(*in.Slug)
		if err := CheckSlug("slug", sl); err != nil {
			return nil, nil, err
		}
		slug = &sl
	}
	return name, slug, nil
}

func slugConflict(err error, what string) error {
	if err != nil && errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound(what)
	}
	if err != nil && db.IsUniqueViolation(err) {
		return apperr.Invalid("slug", "slug is already used by another %s", what)
	}
	return err
}

const categoryColumns = `id, name, slug, description, icon, sort_order, parent_id, created_at`

func scanCategory(row interface{ Scan(...any) error }) (*Category, error) {
	var c Category
	var parent sql.NullString
	if err := row.Scan(&c.ID, &c.Name, &c.Slug, &c.Description, &c.Icon, &c.Order, &parent, &c.CreatedAt); err != nil {
		return nil, err
	}
	c.ParentID = ptr(parent)
	return &c, nil
}

// Categories returns every category ordered by display order, then name.
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	rows, err := s.DB.R.QueryContext(ctx, `SELECT `+categoryColumns+` FROM marketplace_categories ORDER BY sort_order, name, id`)
	if err != nil {
		return nil, fmt.Errorf("marketplace: categories: %w", err)
	}
	defer rows.Close()
	out := []Category{}
	for rows.Next() {
		c, err := scanCategory(rows)
		if err != nil {
			return nil, fmt.Errorf("marketplace: categories: %w", err)
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

func loadCategory(ctx context.Context, tx *sql.Tx, id string) (*Category, error) {
	c, err := scanCategory(tx.QueryRowContext(ctx, `SELECT `+categoryColumns+` FROM marketplace_categories WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("category")
	}
	if err != nil {
		return nil, fmt.Errorf("marketplace: load category: %w", err)
	}
	return c, nil
}

// checkParent verifies that parent exists and is not id or one of its
// descendants.
func checkParent(ctx context.Context, tx *sql.Tx, id, parent string) error {
	for cur, depth := parent, 0; cur != ""; depth++ {
		if cur == id || depth > 100 {
			return apperr.Invalid("parent_id", "parent_id would make the category its own ancestor")
		}
		var next sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT parent_id FROM marketplace_categories WHERE id = $1`, cur).Scan(&next)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.Invalid("parent_id", "parent_id: no category with this ID")
		}
		if err != nil {
			return fmt.Errorf("marketplace: check parent: %w", err)
		}
		cur = next.String
	}
	return nil
}

// saveCategory creates (id == "") or updates a category (admin only).
func (s *Service) saveCategory(ctx context.Context, id string, in *taxonomyInput) (*Category, error) {
	create := id == ""
	name, slug, err := in.nameSlug(create)
	if err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		v    *string
		max  int
	}{{"description", in.Description, MaxDescriptionLen}, {"icon", in.Icon, MaxIconLen}} {
		if f.v != nil {
			if err := api.MaxLen(f.name, *f.v, f.max); err != nil {
				return nil, err
			}
		}
	}
	var parent *string
	if p := in.ParentID.Ptr(); p != nil && strings.TrimSpace(*p) != "" {
		v := strings.TrimSpace(*p)
		if err := checkID("parent_id", v); err != nil {
			return nil, err
		}
		parent = &v
	}
	var c *Category
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if create {
			c = &Category{ID: uuid.NewString(), CreatedAt: s.DB.Now()}
		} else if c, err = loadCategory(ctx, tx, id); err != nil {
			return err
		}
		if name != nil {
			c.Name = *name
		}
		if slug != nil {
			c.Slug = *slug
		}
		if in.Description != nil {
			c.Description = strings.TrimSpace(*in.Description)
		}
		if in.Icon != nil {
			c.Icon = strings.TrimSpace(*in.Icon)
		}
		if in.Order != nil {
			if err := api.CheckRange("order", *in.Order, -api.MaxOrder, api.MaxOrder); err != nil {
				return err
			}
			c.Order = *in.Order
		}
		if in.ParentID.Set {
			c.ParentID = parent
			if parent != nil {
				if err := checkParent(ctx, tx, c.ID, *parent); err != nil {
					return err
				}
			}
		}
		q := `UPDATE marketplace_categories SET name = $2, slug = $3, description = $4, icon = $5, sort_order = $6,
			parent_id = $7, created_at = $8 WHERE id = $1`
		if create {
			q = `INSERT INTO marketplace_categories (` + categoryColumns + `) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
		}
		if _, err := tx.ExecContext(ctx, q, c.ID, c.Name, c.Slug, c.Description, c.Icon, c.Order, c.ParentID, c.CreatedAt); err != nil {
			return fmt.Errorf("marketplace: save category: %w", slugConflict(err, "category"))
		}
		return bump(ctx, tx, catalogVersion, nil)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// deleteCategory removes a category that no listing uses; its
// subcategories become top-level.
func (s *Service) deleteCategory(ctx context.Context, id string) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := loadCategory(ctx, tx, id); err != nil {
			return err
		}
		var n int64
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_listings WHERE category_id = $1`, id).Scan(&n); err != nil {
			return fmt.Errorf("marketplace: count category listings: %w", err)
		}
		if n > 0 {
			return apperr.Invalid("id", "the category has %d listings; move or delete them first", n)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE marketplace_categories SET parent_id = NULL WHERE parent_id = $1`, id); err != nil {
			return fmt.Errorf("marketplace: detach subcategories: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_categories WHERE id = $1`, id); err != nil {
			return fmt.Errorf("marketplace: delete category: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_counters WHERE key IN ($1, $2)`, "pub:cat:"+id, "all:cat:"+id); err != nil {
			return fmt.Errorf("marketplace: delete category counters: %w", err)
		}
		return bump(ctx, tx, catalogVersion, nil)
	})
}

// Brands returns every brand ordered by name.
func (s *Service) Brands(ctx context.Context) ([]Brand, error) {
	rows, err := s.DB.R.QueryContext(ctx, `SELECT id, name, slug, created_at FROM marketplace_brands ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("marketplace: brands: %w", err)
	}
	defer rows.Close()
	out := []Brand{}
	for rows.Next() {
		var b Brand
		if err := rows.Scan(&b.ID, &b.Name, &b.Slug, &b.CreatedAt); err != nil {
			return nil, fmt.Errorf("marketplace: brands: %w", err)
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// saveBrand creates (id == "") or updates a brand (admin only).
func (s *Service) saveBrand(ctx context.Context, id string, in *taxonomyInput) (*Brand, error) {
	create := id == ""
	name, slug, err := in.nameSlug(create)
	if err != nil {
		return nil, err
	}
	b := &Brand{ID: id}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if create {
			b.ID, b.CreatedAt = uuid.NewString(), s.DB.Now()
		} else {
			err := tx.QueryRowContext(ctx, `SELECT name, slug, created_at FROM marketplace_brands WHERE id = $1`, id).Scan(&b.Name, &b.Slug, &b.CreatedAt)
			if err != nil {
				return fmt.Errorf("marketplace: load brand: %w", slugConflict(err, "brand"))
			}
		}
		if name != nil {
			b.Name = *name
		}
		if slug != nil {
			b.Slug = *slug
		}
		q := `UPDATE marketplace_brands SET name = $2, slug = $3, created_at = $4 WHERE id = $1`
		if create {
			q = `INSERT INTO marketplace_brands (id, name, slug, created_at) VALUES ($1, $2, $3, $4)`
		}
		if _, err := tx.ExecContext(ctx, q, b.ID, b.Name, b.Slug, b.CreatedAt); err != nil {
			return fmt.Errorf("marketplace: save brand: %w", slugConflict(err, "brand"))
		}
		return bump(ctx, tx, catalogVersion, nil)
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// deleteBrand removes a brand; its listings keep existing without a brand.
func (s *Service) deleteBrand(ctx context.Context, id string) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM marketplace_brands WHERE id = $1`, id).Scan(&one)
		if err != nil {
			return fmt.Errorf("marketplace: load brand: %w", slugConflict(err, "brand"))
		}
		if _, err := tx.ExecContext(ctx, `UPDATE marketplace_listings SET brand_id = NULL WHERE brand_id = $1`, id); err != nil {
			return fmt.Errorf("marketplace: detach brand: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_brands WHERE id = $1`, id); err != nil {
			return fmt.Errorf("marketplace: delete brand: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_counters WHERE key IN ($1, $2)`, "pub:brand:"+id, "all:brand:"+id); err != nil {
			return fmt.Errorf("marketplace: delete brand counters: %w", err)
		}
		return bump(ctx, tx, catalogVersion, nil)
	})
}
