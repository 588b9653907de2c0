package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// The categories and brands actions: with data.mode omitted they list
// (public, cached); modes create, update and delete need an admin.

// CategoryCreateRequest is the data of categories in mode create.
type CategoryCreateRequest struct {
	Name        *string                `json:"name" schema:"required,minLength=1,maxLength=200"`
	Slug        *string                `json:"slug" schema:"required,minLength=1,maxLength=100,pattern=^[a-z0-9]+(-[a-z0-9]+)*$" doc:"URL-friendly and unique."`
	Description *string                `json:"description" schema:"maxLength=10000"`
	Icon        *string                `json:"icon" schema:"maxLength=200"`
	Order       *int                   `json:"order" schema:"min=-1000000000,max=1000000000" doc:"Display order: categories list by order, then name. Default 0."`
	ParentID    field.Optional[string] `json:"parent_id" doc:"The parent category's id; null or empty for a top-level category."`
}

// CategoryUpdateRequest is the data of categories in mode update: only
// the fields given change.
type CategoryUpdateRequest struct {
	ID          *string                `json:"id" doc:"The category, if the request id is not given."`
	Name        *string                `json:"name" schema:"minLength=1,maxLength=200"`
	Slug        *string                `json:"slug" schema:"minLength=1,maxLength=100,pattern=^[a-z0-9]+(-[a-z0-9]+)*$"`
	Description *string                `json:"description" schema:"maxLength=10000"`
	Icon        *string                `json:"icon" schema:"maxLength=200"`
	Order       *int                   `json:"order" schema:"min=-1000000000,max=1000000000"`
	ParentID    field.Optional[string] `json:"parent_id" doc:"null or empty makes it a top-level category."`
}

func (in CategoryUpdateRequest) id() *string { return in.ID }

// fields are the changes of an update, as a create would give them.
func (in *CategoryUpdateRequest) fields() *CategoryCreateRequest {
	return &CategoryCreateRequest{Name: in.Name, Slug: in.Slug, Description: in.Description, Icon: in.Icon,
		Order: in.Order, ParentID: in.ParentID}
}

// BrandCreateRequest is the data of brands in mode create.
type BrandCreateRequest struct {
	Name *string `json:"name" schema:"required,minLength=1,maxLength=200"`
	Slug *string `json:"slug" schema:"required,minLength=1,maxLength=100,pattern=^[a-z0-9]+(-[a-z0-9]+)*$" doc:"URL-friendly and unique."`
}

// BrandUpdateRequest is the data of brands in mode update: only the
// fields given change.
type BrandUpdateRequest struct {
	ID   *string `json:"id" doc:"The brand, if the request id is not given."`
	Name *string `json:"name" schema:"minLength=1,maxLength=200"`
	Slug *string `json:"slug" schema:"minLength=1,maxLength=100,pattern=^[a-z0-9]+(-[a-z0-9]+)*$"`
}

func (in BrandUpdateRequest) id() *string { return in.ID }

// TaxonomyRef names the category or brand to delete.
type TaxonomyRef struct {
	ID *string `json:"id" doc:"The record, if the request id is not given."`
}

// CategoryList is the answer of categories with mode omitted.
type CategoryList struct {
	Categories []Category `json:"categories" doc:"By display order, then name."`
	Count      int        `json:"count"`
}

// CategoryAnswer is the answer of categories in modes create and update.
type CategoryAnswer struct {
	Category Category `json:"category"`
}

// BrandList is the answer of brands with mode omitted.
type BrandList struct {
	Brands []Brand `json:"brands" doc:"By name."`
	Count  int     `json:"count"`
}

// BrandAnswer is the answer of brands in modes create and update.
type BrandAnswer struct {
	Brand Brand `json:"brand"`
}

// nameSlug validates name and slug (required on create).
func nameSlug(inName, inSlug *string, create bool) (name, slug *string, err error) {
	if inName != nil || create {
		n, err := field.RequiredString("name", inName, MaxNameLen)
		if err != nil {
			return nil, nil, err
		}
		name = &n
	}
	if inSlug != nil || create {
		if inSlug == nil {
			return nil, nil, apperr.Required("slug")
		}
		sl := strings.TrimSpace(*inSlug)
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
	c.ParentID = db.StringPtr(parent)
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

func loadCategory(ctx context.Context, tx db.Querier, id string) (*Category, error) {
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
func checkParent(ctx context.Context, tx db.Querier, id, parent string) error {
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
func (s *Service) saveCategory(ctx context.Context, id string, in *CategoryCreateRequest) (*Category, error) {
	create := id == ""
	name, slug, err := nameSlug(in.Name, in.Slug, create)
	if err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		v    *string
		max  int
	}{{"description", in.Description, MaxDescriptionLen}, {"icon", in.Icon, MaxIconLen}} {
		if f.v != nil {
			if err := field.MaxLen(f.name, *f.v, f.max); err != nil {
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
	err = s.write(ctx, func(tx *WriteTx) error {
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
			if err := field.CheckRange("order", *in.Order, -field.MaxOrder, field.MaxOrder); err != nil {
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
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// deleteCategory removes a category that no listing uses; its
// subcategories become top-level.
func (s *Service) deleteCategory(ctx context.Context, id string) error {
	return s.write(ctx, func(tx *WriteTx) error {
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
		return nil
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
func (s *Service) saveBrand(ctx context.Context, id string, inName, inSlug *string) (*Brand, error) {
	create := id == ""
	name, slug, err := nameSlug(inName, inSlug, create)
	if err != nil {
		return nil, err
	}
	b := &Brand{ID: id}
	err = s.write(ctx, func(tx *WriteTx) error {
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
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// deleteBrand removes a brand; its listings keep existing without a brand.
func (s *Service) deleteBrand(ctx context.Context, id string) error {
	return s.write(ctx, func(tx *WriteTx) error {
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
		return nil
	})
}
