package taxonomy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// The SQL of marketplace_categories and marketplace_brands: the only
// statements that write them.

const categoryColumns = `id, name, slug, description, icon, sort_order, parent_id, created_at`

// slugConflict maps a missing row to not_found and a taken slug to an
// error naming the slug field.
func slugConflict(err error, what string) error {
	if err != nil && errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound(what)
	}
	if err != nil && db.IsUniqueViolation(err) {
		return apperr.Invalid("slug", "slug is already used by another %s", what)
	}
	return err
}

func scanCategory(row interface{ Scan(...any) error }) (*Category, error) {
	var c Category
	var parent sql.NullString
	if err := row.Scan(&c.ID, &c.Name, &c.Slug, &c.Description, &c.Icon, &c.Order, &parent, &c.CreatedAt); err != nil {
		return nil, err
	}
	c.ParentID = db.StringPtr(parent)
	return &c, nil
}

func listCategories(ctx context.Context, q db.Querier) ([]Category, error) {
	cs, err := db.List(ctx, q, db.Value(scanCategory), `SELECT `+categoryColumns+` FROM marketplace_categories ORDER BY sort_order, name, id`)
	if err != nil {
		return nil, fmt.Errorf("marketplace: categories: %w", err)
	}
	return cs, nil
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

// parentOf is category id's parent ("" for a top-level one).
func parentOf(ctx context.Context, tx db.Querier, id string) (string, error) {
	var next sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT parent_id FROM marketplace_categories WHERE id = $1`, id).Scan(&next)
	if errors.Is(err, sql.ErrNoRows) {
		return "", apperr.Invalid("parent_id", "parent_id: no category with this ID")
	}
	if err != nil {
		return "", fmt.Errorf("marketplace: check parent: %w", err)
	}
	return next.String, nil
}

func storeCategory(ctx context.Context, tx db.Querier, c *Category, create bool) error {
	q := `UPDATE marketplace_categories SET name = $2, slug = $3, description = $4, icon = $5, sort_order = $6,
		parent_id = $7, created_at = $8 WHERE id = $1`
	if create {
		q = `INSERT INTO marketplace_categories (` + categoryColumns + `) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
	}
	if _, err := tx.ExecContext(ctx, q, c.ID, c.Name, c.Slug, c.Description, c.Icon, c.Order, c.ParentID, c.CreatedAt); err != nil {
		return fmt.Errorf("marketplace: save category: %w", slugConflict(err, "category"))
	}
	return nil
}

// removeCategory deletes category id; its subcategories become top-level.
func removeCategory(ctx context.Context, tx db.Querier, id string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE marketplace_categories SET parent_id = NULL WHERE parent_id = $1`, id); err != nil {
		return fmt.Errorf("marketplace: detach subcategories: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_categories WHERE id = $1`, id); err != nil {
		return fmt.Errorf("marketplace: delete category: %w", err)
	}
	return nil
}

func listBrands(ctx context.Context, q db.Querier) ([]Brand, error) {
	bs, err := db.List(ctx, q, func(r db.Row) (b Brand, err error) {
		return b, r.Scan(&b.ID, &b.Name, &b.Slug, &b.CreatedAt)
	}, `SELECT id, name, slug, created_at FROM marketplace_brands ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("marketplace: brands: %w", err)
	}
	return bs, nil
}

func loadBrand(ctx context.Context, tx db.Querier, id string) (*Brand, error) {
	b := &Brand{ID: id}
	err := tx.QueryRowContext(ctx, `SELECT name, slug, created_at FROM marketplace_brands WHERE id = $1`, id).Scan(&b.Name, &b.Slug, &b.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("marketplace: load brand: %w", slugConflict(err, "brand"))
	}
	return b, nil
}

func storeBrand(ctx context.Context, tx db.Querier, b *Brand, create bool) error {
	q := `UPDATE marketplace_brands SET name = $2, slug = $3, created_at = $4 WHERE id = $1`
	if create {
		q = `INSERT INTO marketplace_brands (id, name, slug, created_at) VALUES ($1, $2, $3, $4)`
	}
	if _, err := tx.ExecContext(ctx, q, b.ID, b.Name, b.Slug, b.CreatedAt); err != nil {
		return fmt.Errorf("marketplace: save brand: %w", slugConflict(err, "brand"))
	}
	return nil
}

func removeBrand(ctx context.Context, tx db.Querier, id string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_brands WHERE id = $1`, id); err != nil {
		return fmt.Errorf("marketplace: delete brand: %w", err)
	}
	return nil
}

// AddCategory inserts a category with only a name and a slug, inside the
// catalog's transaction tx (an import creates the categories it names).
func AddCategory(ctx context.Context, tx db.Querier, id, name, slug string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO marketplace_categories (id, name, slug, description, icon, sort_order, created_at)
		VALUES ($1, $2, $3, '', '', 0, $4)`, id, name, slug, now)
	return err
}

// AddBrand inserts a brand inside the catalog's transaction tx.
func AddBrand(ctx context.Context, tx db.Querier, id, name, slug string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO marketplace_brands (id, name, slug, created_at) VALUES ($1, $2, $3, $4)`, id, name, slug, now)
	return err
}
