package marketplace

import (
	"net/http"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// The declarations of the marketplace actions: what each takes and
// answers, for the published API description and the contract test. The
// community actions (data.mode selects the operation) bind into one input
// type per action; the per-mode types here say which of its fields each
// mode uses.

// ListRequest is the data of list and all.
type ListRequest struct {
	Limit     *int       `json:"limit" schema:"min=1,max=500" doc:"Default 20."`
	Offset    *int       `json:"offset" schema:"min=0" doc:"Default 0."`
	AdminMode bool       `json:"adminMode" doc:"all, admins only: include non-public listings and their creators."`
	Query     *QueryData `json:"query"`
}

// QueryData is the query object of list and all.
type QueryData struct {
	Category   *string `json:"category" doc:"A category slug."`
	Brand      *string `json:"brand" doc:"A brand slug."`
	Search     *string `json:"search" schema:"maxLength=200" doc:"Words matched in the name, tagline and description."`
	Featured   any     `json:"featured" doc:"\"true\" (or true): featured listings only."`
	MinRating  any     `json:"minRating" doc:"A number (or numeric string) from 0 to 5."`
	Difficulty *string `json:"difficulty" doc:"metadata.difficulty"`
	Industry   *string `json:"industry" doc:"metadata.industry"`
	SortBy     *string `json:"sortBy" schema:"enum=popular|newest|rating|clones" doc:"Default newest for list; all puts featured first, then by clones."`
}

// SlimPage is list's answer.
type SlimPage struct {
	Genies []Slim `json:"genies"`
	Count  int64  `json:"count"`
	Limit  int    `json:"limit"`
	Offset int    `json:"offset"`
}

// FullPage is all's answer.
type FullPage struct {
	Genies []*Listing `json:"genies"`
	Count  int64      `json:"count"`
	Limit  int        `json:"limit"`
	Offset int        `json:"offset"`
}

// GetRequest is get's data.
type GetRequest struct {
	AdminMode bool `json:"adminMode" doc:"Admins only: allow a non-public listing."`
}

// ListingRequest is the data of create (and update, where every field is
// optional).
type ListingRequest struct {
	AgentID      *string               `json:"agent_id" schema:"required" doc:"The template genie (create only)."`
	Slug         *string               `json:"slug" schema:"required,maxLength=100,pattern=^[a-z0-9]+(-[a-z0-9]+)*$" doc:"URL-friendly and unique (create only)."`
	DisplayName  *string               `json:"display_name" schema:"required,minLength=1,maxLength=200"`
	CategoryID   *string               `json:"category_id" schema:"required"`
	Tagline      api.Optional[string]  `json:"tagline" schema:"maxLength=300"`
	Description  api.Optional[string]  `json:"description" schema:"maxLength=10000"`
	BrandID      api.Optional[string]  `json:"brand_id"`
	ThumbnailURL api.Optional[string]  `json:"thumbnail_url" schema:"maxLength=2000"`
	DemoVideoURL api.Optional[string]  `json:"demo_video_url" schema:"maxLength=2000"`
	IsFeatured   *bool                 `json:"is_featured" doc:"Default false."`
	IsPublic     *bool                 `json:"is_public" doc:"Default true."`
	Metadata     api.Optional[rawJSON] `json:"metadata" doc:"An object, for example {difficulty, industry}; at most 10,000 bytes."`
}

// UpdateRequest is update's data: only the fields given change.
type UpdateRequest struct {
	DisplayName  *string               `json:"display_name" schema:"minLength=1,maxLength=200"`
	CategoryID   *string               `json:"category_id"`
	Tagline      api.Optional[string]  `json:"tagline" schema:"maxLength=300"`
	Description  api.Optional[string]  `json:"description" schema:"maxLength=10000"`
	BrandID      api.Optional[string]  `json:"brand_id"`
	ThumbnailURL api.Optional[string]  `json:"thumbnail_url" schema:"maxLength=2000"`
	DemoVideoURL api.Optional[string]  `json:"demo_video_url" schema:"maxLength=2000"`
	IsFeatured   *bool                 `json:"is_featured"`
	IsPublic     *bool                 `json:"is_public"`
	Metadata     api.Optional[rawJSON] `json:"metadata"`
}

// JSONSchema: metadata is any JSON value the rules accept (an object).
func (rawJSON) JSONSchema() api.Schema { return api.Schema{"type": "object"} }

// Removed is the answer of deletes: {success, id}.
type Removed struct {
	Success bool   `json:"success"`
	ID      string `json:"id"`
}

// TaxonomyRequest is the data of categories and brands in their write
// modes (create, update, delete; admins only).
type TaxonomyRequest struct {
	ID          *string              `json:"id" doc:"The record (update, delete), if the request id is not given."`
	Name        *string              `json:"name" schema:"maxLength=200"`
	Slug        *string              `json:"slug" schema:"maxLength=100"`
	Description *string              `json:"description" doc:"Categories only."`
	Icon        *string              `json:"icon" schema:"maxLength=200" doc:"Categories only."`
	Order       *int                 `json:"order" schema:"min=-1000000000,max=1000000000" doc:"Categories only: display order."`
	ParentID    api.Optional[string] `json:"parent_id" doc:"Categories only."`
}

// CategoryList is the answer of categories without a mode.
type CategoryList struct {
	Categories []Category `json:"categories"`
	Count      int        `json:"count"`
}

// CategoryAnswer is the answer of the categories write modes.
type CategoryAnswer struct {
	Category *Category `json:"category"`
}

// BrandList is the answer of brands without a mode.
type BrandList struct {
	Brands []Brand `json:"brands"`
	Count  int     `json:"count"`
}

// BrandAnswer is the answer of the brands write modes.
type BrandAnswer struct {
	Brand *Brand `json:"brand"`
}

// TrendingRequest is trending's data.
type TrendingRequest struct {
	Limit      *int    `json:"limit" schema:"min=1,max=100" doc:"Default 10."`
	Category   *string `json:"category" schema:"maxLength=100" doc:"A category slug or id."`
	RisingOnly *bool   `json:"risingOnly" doc:"Only listings with fewer than 50 clones and at least 5 interactions today."`
}

// TrendingList is trending's answer.
type TrendingList struct {
	Items []TrendingItem `json:"items"`
	Count int            `json:"count"`
}

// CloneRequest is clone's data.
type CloneRequest struct {
	MarketplaceGenieID *string        `json:"marketplace_genie_id" doc:"The listing, if the request id is not given."`
	CloneName          *string        `json:"cloneName" schema:"maxLength=200" doc:"The new genie's name."`
	Customizations     map[string]any `json:"customizations" doc:"Genie fields to set on the copy: name, description, instructions, greeting, voice_id."`
	CurrentCloneCount  *float64       `json:"currentCloneCount" doc:"Ignored: the stored count grows by exactly one."`
}

// Cloned is clone's answer.
type Cloned struct {
	Success            bool         `json:"success"`
	MarketplaceGenieID string       `json:"marketplace_genie_id"`
	CloneResult        *CloneResult `json:"cloneResult"`
}

// Page is the {items, count, limit, offset} answer of the community lists.
type Page[T any] struct {
	Items  []T   `json:"items"`
	Count  int64 `json:"count"`
	Limit  int   `json:"limit"`
	Offset int   `json:"offset"`
}

// Reviews.

// ReviewListRequest lists a listing's reviews (mode omitted).
type ReviewListRequest struct {
	MarketplaceGenieID *string `json:"marketplace_genie_id" doc:"The listing (or the request id)."`
	Rating             *int    `json:"rating" schema:"min=1,max=5" doc:"Only reviews with this rating."`
	VerifiedOnly       *bool   `json:"verified_only"`
	Limit              *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset             *int    `json:"offset" schema:"min=0"`
}

// ReviewCreateRequest creates the caller's review of a listing.
type ReviewCreateRequest struct {
	MarketplaceGenieID *string              `json:"marketplace_genie_id" schema:"required"`
	Rating             *int                 `json:"rating" schema:"required,min=1,max=5"`
	ReviewText         api.Optional[string] `json:"review_text" schema:"maxLength=5000"`
	IsVerifiedClone    *bool                `json:"is_verified_clone" doc:"Default false."`
}

// ReviewUpdateRequest changes the caller's own review.
type ReviewUpdateRequest struct {
	ReviewID   *string              `json:"review_id" schema:"required"`
	Rating     *int                 `json:"rating" schema:"min=1,max=5"`
	ReviewText api.Optional[string] `json:"review_text" schema:"maxLength=5000"`
}

// ReviewRef names a review (delete).
type ReviewRef struct {
	ReviewID *string `json:"review_id" schema:"required"`
}

// ReviewAnswer is {review}.
type ReviewAnswer struct {
	Review *Review `json:"review"`
}

// Favorites.

// PageRequest is the paging of a community list.
type PageRequest struct {
	Limit  *int `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int `json:"offset" schema:"min=0"`
}

// ListingRef names a listing.
type ListingRef struct {
	MarketplaceGenieID *string `json:"marketplace_genie_id" schema:"required"`
}

// FavoriteAnswer is {favorite}.
type FavoriteAnswer struct {
	Favorite *Favorite `json:"favorite"`
}

// Collections.

// CollectionListRequest lists the caller's collections, or with
// collection_id (or the request id) reads one with its listings (mode
// omitted).
type CollectionListRequest struct {
	CollectionID *string `json:"collection_id" doc:"Read this collection with its listings instead of listing."`
	Limit        *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset       *int    `json:"offset" schema:"min=0"`
}

// CollectionRef names a collection (delete).
type CollectionRef struct {
	CollectionID *string `json:"collection_id" schema:"required"`
}

// CollectionCreateRequest creates a collection.
type CollectionCreateRequest struct {
	Name        *string              `json:"name" schema:"required,minLength=1,maxLength=100"`
	Description api.Optional[string] `json:"description" schema:"maxLength=1000"`
	IsPublic    *bool                `json:"is_public" doc:"Default false."`
}

// CollectionUpdateRequest changes a collection (only the fields given).
type CollectionUpdateRequest struct {
	CollectionID *string              `json:"collection_id" schema:"required"`
	Name         *string              `json:"name" schema:"minLength=1,maxLength=100"`
	Description  api.Optional[string] `json:"description" schema:"maxLength=1000"`
	IsPublic     *bool                `json:"is_public"`
}

// CollectionGenieRequest adds a listing to, or removes it from, a
// collection.
type CollectionGenieRequest struct {
	CollectionID       *string `json:"collection_id" schema:"required"`
	MarketplaceGenieID *string `json:"marketplace_genie_id" schema:"required"`
}

// CollectionAnswer is {collection}.
type CollectionAnswer struct {
	Collection *Collection `json:"collection"`
}

// CollectionDetail is a collection with its listings.
type CollectionDetail struct {
	Collection *Collection `json:"collection"`
	Genies     []*Listing  `json:"genies"`
}

// Submissions.

// SubmissionListRequest lists submissions (admins: all; others: their own).
type SubmissionListRequest struct {
	Status *string `json:"status" schema:"enum=pending|approved|rejected|under_review"`
	Limit  *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int    `json:"offset" schema:"min=0"`
}

// SubmissionCreateRequest submits a genie for listing.
type SubmissionCreateRequest struct {
	AgentID        *string        `json:"agent_id" schema:"required" doc:"Your genie."`
	SubmissionData map[string]any `json:"submission_data" doc:"What the listing should say: slug, display_name, category_id (or category slug), tagline, description, brand_id, thumbnail_url, metadata. At most 64 KiB."`
}

// SubmissionModerateRequest moves a submission (admins only).
type SubmissionModerateRequest struct {
	SubmissionID *string              `json:"submission_id" schema:"required"`
	AdminNotes   api.Optional[string] `json:"admin_notes" schema:"maxLength=5000"`
}

// SubmissionRef names a submission (delete).
type SubmissionRef struct {
	SubmissionID *string `json:"submission_id" schema:"required"`
}

// SubmissionAnswer is {submission}.
type SubmissionAnswer struct {
	Submission *Submission `json:"submission"`
}

// Approved is approve's answer: the submission and the listing it
// published.
type Approved struct {
	Submission *Submission `json:"submission"`
	Listing    *Listing    `json:"listing"`
}

// declare fills in the declarations of the marketplace actions.
func declare(a api.Actions) {
	notFound := []string{apperr.CodeNotFound}
	set := func(name string, fn func(*api.Action)) {
		act := a[name]
		fn(&act)
		a[name] = act
	}
	set("list", func(x *api.Action) {
		x.Summary, x.Request, x.Response = "Browse public listings (slim), with filters, search and sorting", ListRequest{}, SlimPage{}
	})
	set("all", func(x *api.Action) {
		x.Summary, x.Request, x.Response = "Browse listings in full (admins: also non-public ones)", ListRequest{}, FullPage{}
	})
	set("get", func(x *api.Action) {
		x.Summary, x.Request, x.Response, x.Errors = "Get a listing with related listings (counts a view)", GetRequest{}, Detail{}, notFound
		x.ID = "The listing's slug (preferred) or id."
	})
	set("create", func(x *api.Action) {
		x.Summary, x.Request, x.Response = "Publish a genie as a listing", ListingRequest{}, Listing{}
		x.Status, x.Idempotent, x.Errors = http.StatusCreated, true, []string{apperr.CodeNotFound, apperr.CodeAgentNotFound}
	})
	set("update", func(x *api.Action) {
		x.Summary, x.Request, x.Response, x.Errors = "Change a listing (only the fields given)", UpdateRequest{}, Listing{}, notFound
		x.ID = "The listing's id."
	})
	set("delete", func(x *api.Action) {
		x.Summary, x.Response, x.Errors = "Delete a listing and unlink its genie", Removed{}, notFound
		x.ID = "The listing's id."
	})
	taxonomy := func(name, one string, list, answer, req any) {
		set(name, func(x *api.Action) {
			x.Summary = "List the " + name + " (mode omitted), or create, update or delete a " + one + " (admins)"
			x.Request = api.Modes{"": api.Schema{"type": "object"}, "create": req, "update": req, "delete": api.Schema{"type": "object",
				"properties": api.Schema{"id": api.Schema{"type": "string"}}}}
			x.Response = api.Modes{"": list, "create": answer, "update": answer, "delete": Removed{}}
			x.Status, x.AlsoStatus = http.StatusOK, []int{http.StatusCreated}
			x.ID, x.IDOptional = "The "+one+" (update and delete; or data.id).", true
			x.Errors = []string{apperr.CodeUnauthorized, apperr.CodeForbidden, apperr.CodeNotFound}
		})
	}
	taxonomy("categories", "category", CategoryList{}, CategoryAnswer{}, TaxonomyRequest{})
	taxonomy("brands", "brand", BrandList{}, BrandAnswer{}, TaxonomyRequest{})
	set("stats", func(x *api.Action) { x.Summary, x.Response = "Catalog statistics (public listings)", Stats{} })
	set("trending", func(x *api.Action) {
		x.Summary, x.Request, x.Response = "Listings by trending score", TrendingRequest{}, TrendingList{}
	})
	set("clone", func(x *api.Action) {
		x.Summary, x.Request, x.Response = "Copy a listing's genie (and its documents) into a genie of yours", CloneRequest{}, Cloned{}
		x.Status, x.Idempotent, x.Errors = http.StatusCreated, true, notFound
		x.ID, x.IDOptional = "The listing's id (or data.marketplace_genie_id).", true
	})
	community := func(name, summary string, req, resp api.Modes, errs ...string) {
		set(name, func(x *api.Action) {
			x.Summary, x.Request, x.Response = summary, req, resp
			x.Status, x.AlsoStatus, x.Idempotent = http.StatusOK, []int{http.StatusCreated}, true
			x.Errors = append([]string{apperr.CodeNotFound, apperr.CodeForbidden}, errs...)
		})
	}
	community("reviews", "Reviews of a listing: list (mode omitted), create, update, delete",
		api.Modes{"": ReviewListRequest{}, "create": ReviewCreateRequest{}, "update": ReviewUpdateRequest{}, "delete": ReviewRef{}},
		api.Modes{"": Page[*Review]{}, "create": ReviewAnswer{}, "update": ReviewAnswer{}, "delete": Removed{}})
	set("reviews", func(x *api.Action) {
		x.ID, x.IDOptional = "The listing whose reviews to list (or data.marketplace_genie_id).", true
	})
	community("favorites", "Your favorite listings: list (mode omitted), add, remove",
		api.Modes{"": PageRequest{}, "add": ListingRef{}, "remove": ListingRef{}},
		api.Modes{"": Page[*Favorite]{}, "add": FavoriteAnswer{}, "remove": Removed{}})
	community("collections", "Your collections: list or read one (mode omitted), create, update, delete, add-genie, remove-genie",
		api.Modes{"": CollectionListRequest{}, "create": CollectionCreateRequest{}, "update": CollectionUpdateRequest{},
			"delete": CollectionRef{}, "add-genie": CollectionGenieRequest{}, "remove-genie": CollectionGenieRequest{}},
		api.Modes{"": Page[*Collection]{}, "(mode omitted, with collection_id)": CollectionDetail{}, "create": CollectionAnswer{},
			"update": CollectionAnswer{}, "delete": Removed{}, "add-genie": CollectionAnswer{}, "remove-genie": CollectionAnswer{}})
	set("collections", func(x *api.Action) { x.ID, x.IDOptional = "The collection to read (or data.collection_id).", true })
	community("submissions", "Listing submissions: list (mode omitted), create, approve, reject, under-review (admins), delete",
		api.Modes{"": SubmissionListRequest{}, "create": SubmissionCreateRequest{}, "approve": SubmissionModerateRequest{},
			"reject": SubmissionModerateRequest{}, "under-review": SubmissionModerateRequest{}, "delete": SubmissionRef{}},
		api.Modes{"": Page[*Submission]{}, "create": SubmissionAnswer{}, "approve": Approved{}, "reject": SubmissionAnswer{},
			"under-review": SubmissionAnswer{}, "delete": Removed{}},
		apperr.CodeAgentNotFound)
}
