// Package taxonomy is the marketplace catalog's categories and brands: the
// records, their rules, their SQL and the categories and brands actions.
//
// It imports nothing of the catalog (internal/marketplace): what it needs
// of it — the catalog's one write path (which moves the catalog version),
// its response cache, and what a delete does to the listings and their
// counters — it is given as a Catalog. The catalog imports this package:
// a listing names its category and brand, and a listing's slug follows
// the same rule (CheckSlug).
package taxonomy

import (
	"time"

	"github.com/geniehq/genie/internal/platform/field"
)

// The limits of a category's and a brand's fields (the catalog's listings
// share the name and slug limits).
const (
	MaxNameLen        = 200
	MaxSlugLen        = 100
	MaxDescriptionLen = 10_000
	MaxIconLen        = 200
)

// Category is a marketplace category.
type Category struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Slug        string    `json:"slug"`
	Description string    `json:"description"`
	Icon        string    `json:"icon"`
	Order       int       `json:"order"`
	ParentID    *string   `json:"parent_id"`
	CreatedAt   time.Time `json:"created_at"`
}

// Brand is a marketplace brand.
type Brand struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Slug      string    `json:"slug"`
	CreatedAt time.Time `json:"created_at"`
}

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
func (in CategoryUpdateRequest) fields() *CategoryCreateRequest {
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

// fields are the changes of an update, as a create would give them.
func (in BrandUpdateRequest) fields() *BrandCreateRequest {
	return &BrandCreateRequest{Name: in.Name, Slug: in.Slug}
}

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
