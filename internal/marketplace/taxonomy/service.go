package taxonomy

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Catalog is what the taxonomy uses of the marketplace catalog.
type Catalog interface {
	// Write runs fn in the catalog's one write path: one transaction that
	// moves the catalog version (so cached pages and answers drop).
	Write(ctx context.Context, fn func(tx db.Querier) error) error
	// Cached answers the response cached under key for the current
	// catalog version, computing it with fn when missing.
	Cached(ctx context.Context, key string, fn func() (any, error)) (json.RawMessage, error)
	// CategoryListings counts the listings of category id inside tx.
	CategoryListings(ctx context.Context, tx db.Querier, id string) (int64, error)
	// DetachBrand leaves the listings of brand id without a brand.
	DetachBrand(ctx context.Context, tx db.Querier, id string) error
	// DropCounters removes the catalog's counters of the category or
	// brand being deleted ("cat" or "brand", id).
	DropCounters(ctx context.Context, tx db.Querier, kind, id string) error
}

// Service is the categories and brands of the catalog.
type Service struct {
	db      *db.DB
	catalog Catalog
}

// New returns the taxonomy stored in d; catalog is the marketplace's.
func New(d *db.DB, catalog Catalog) *Service {
	return &Service{db: d, catalog: catalog}
}

// CheckSlug validates a URL-friendly slug: 1 to MaxSlugLen characters of
// lower-case ASCII letters and digits in words joined by single hyphens
// ("customer-support-bot"). Listings' slugs follow the same rule.
func CheckSlug(field, s string) error {
	if s == "" {
		return apperr.Invalid(field, "%s must not be empty", field)
	}
	if len(s) > MaxSlugLen {
		return apperr.Invalid(field, "%s must be at most %d characters", field, MaxSlugLen)
	}
	prevHyphen := true // no leading hyphen
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			prevHyphen = false
		case c == '-' && !prevHyphen:
			prevHyphen = true
		default:
			return apperr.Invalid(field, "%s must be lower-case letters and digits in words joined by single hyphens, like \"support-bot\"", field)
		}
	}
	if prevHyphen {
		return apperr.Invalid(field, "%s must not end with a hyphen", field)
	}
	return nil
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

// Categories returns every category ordered by display order, then name.
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	return listCategories(ctx, s.db.R)
}

// checkParent verifies that parent exists and is not id or one of its
// descendants.
func checkParent(ctx context.Context, tx db.Querier, id, parent string) error {
	for cur, depth := parent, 0; cur != ""; depth++ {
		if cur == id || depth > 100 {
			return apperr.Invalid("parent_id", "parent_id would make the category its own ancestor")
		}
		next, err := parentOf(ctx, tx, cur)
		if err != nil {
			return err
		}
		cur = next
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
		if !field.IsUUID(v) {
			return nil, apperr.Invalid("parent_id", "parent_id must be a UUID")
		}
		parent = &v
	}
	var c *Category
	err = s.catalog.Write(ctx, func(tx db.Querier) error {
		if create {
			c = &Category{ID: uuid.NewString(), CreatedAt: s.db.Now()}
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
		return storeCategory(ctx, tx, c, create)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// deleteCategory removes a category that no listing uses; its
// subcategories become top-level.
func (s *Service) deleteCategory(ctx context.Context, id string) error {
	return s.catalog.Write(ctx, func(tx db.Querier) error {
		if _, err := loadCategory(ctx, tx, id); err != nil {
			return err
		}
		n, err := s.catalog.CategoryListings(ctx, tx, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return apperr.Invalid("id", "the category has %d listings; move or delete them first", n)
		}
		if err := removeCategory(ctx, tx, id); err != nil {
			return err
		}
		return s.catalog.DropCounters(ctx, tx, "cat", id)
	})
}

// Brands returns every brand ordered by name.
func (s *Service) Brands(ctx context.Context) ([]Brand, error) {
	return listBrands(ctx, s.db.R)
}

// saveBrand creates (id == "") or updates a brand (admin only).
func (s *Service) saveBrand(ctx context.Context, id string, in *BrandCreateRequest) (*Brand, error) {
	create := id == ""
	name, slug, err := nameSlug(in.Name, in.Slug, create)
	if err != nil {
		return nil, err
	}
	var b *Brand
	err = s.catalog.Write(ctx, func(tx db.Querier) error {
		if create {
			b = &Brand{ID: uuid.NewString(), CreatedAt: s.db.Now()}
		} else if b, err = loadBrand(ctx, tx, id); err != nil {
			return err
		}
		if name != nil {
			b.Name = *name
		}
		if slug != nil {
			b.Slug = *slug
		}
		return storeBrand(ctx, tx, b, create)
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// deleteBrand removes a brand; its listings keep existing without a brand.
func (s *Service) deleteBrand(ctx context.Context, id string) error {
	return s.catalog.Write(ctx, func(tx db.Querier) error {
		if _, err := loadBrand(ctx, tx, id); err != nil {
			return err
		}
		if err := s.catalog.DetachBrand(ctx, tx, id); err != nil {
			return err
		}
		if err := removeBrand(ctx, tx, id); err != nil {
			return err
		}
		return s.catalog.DropCounters(ctx, tx, "brand", id)
	})
}
