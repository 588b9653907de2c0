package marketplace

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"strings"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the catalog's marketplace actions. list, all, get,
// categories, brands, stats and trending are public (the categories and
// brands write modes need an admin); create, update and delete need an
// admin; clone needs a signed-in user of any role. The community actions
// of the same resource (reviews, favorites, collections, submissions) are
// package internal/marketplace/community's; internal/app registers both.
// Each declares what it takes and answers; the handlers bind into and
// answer those same types.
func (s *Service) Actions() httpapi.Actions {
	notFound := []string{apperr.CodeNotFound}
	actions := httpapi.Actions{
		"list": {Access: httpapi.Public, Handle: s.list,
			Summary: "Browse public listings (slim), with filters, search and sorting",
			Request: ListRequest{}, Response: SlimPage{}},
		"all": {Access: httpapi.Public, Handle: s.all,
			Summary: "Browse listings in full (admins in adminMode: also non-public ones, with creators)",
			Request: ListRequest{}, Response: FullPage{}},
		"get": {Access: httpapi.Public, Handle: s.get,
			Summary: "Get a listing with related listings (counts a view)",
			ID:      "The listing's slug (preferred) or id.", Request: GetRequest{}, Response: Detail{}, Errors: notFound},
		"create": {Access: httpapi.AdminOnly, Handle: httpapi.Bind(s.create), MaxBody: maxBody,
			Summary: "Publish a genie as a listing (the genie becomes its template)",
			Request: ListingRequest{}, Response: Listing{}, Status: http.StatusCreated, Idempotent: true,
			Errors: []string{apperr.CodeNotFound, apperr.CodeAgentNotFound}},
		"update": {Access: httpapi.AdminOnly, Handle: httpapi.BindID(s.update), MaxBody: maxBody,
			Summary: "Change a listing (only the fields given)",
			ID:      "The listing's id.", Request: UpdateRequest{}, Response: Listing{}, Errors: notFound},
		"delete": {Access: httpapi.AdminOnly, Handle: httpapi.BindID(s.delete),
			Summary: "Delete a listing; its genie stays, no longer a template",
			ID:      "The listing's id.", Response: httpapi.Removed{}, Errors: notFound},
		"stats": {Access: httpapi.Public, Handle: httpapi.Bind(s.statsAction),
			Summary: "Catalog statistics (public listings)", Response: Stats{}},
		"trending": {Access: httpapi.Public, Handle: httpapi.Bind(s.trendingAction),
			Summary: "Public listings by trending score (recent views, favorites, reviews and clones)",
			Request: TrendingRequest{}, Response: TrendingList{}},
		"clone": {Access: httpapi.Authenticated, Handle: s.clone,
			Summary: "Copy a listing's genie (and its documents) into a new genie of yours",
			ID:      "The listing's id (or data.marketplace_genie_id).", IDOptional: true,
			Request: CloneRequest{}, Response: Cloned{}, Status: http.StatusCreated, Idempotent: true,
			Errors: []string{apperr.CodeNotFound, apperr.CodeAgentNotFound}},
	}
	maps.Copy(actions, s.taxonomy.Actions()) // categories, brands
	return actions
}

// maxBody fits the largest legal listing (the community package's
// MaxBody, for reviews, collections and submissions, is the same): a 10,000-character description and 10,000 bytes of metadata
// among the other fields, at up to 12 bytes a character when a client
// escapes everything.
const maxBody = 1 << 20

// ListRequest is the data of list and all.
type ListRequest struct {
	// Limit and Offset are not an embedded field.Page, so that a type error
	// names "limit" rather than "Page.limit".
	Limit     *int      `json:"limit" schema:"min=1,max=500" doc:"Default 20."`
	Offset    *int      `json:"offset" schema:"min=0" doc:"Default 0."`
	AdminMode bool      `json:"adminMode" doc:"Admins only: include non-public listings (all: with each listing's creator)."`
	Query     queryJSON `json:"query"`
}

// queryJSON is list's and all's query object, kept as sent for ParseQuery
// (which accepts the loose types clients send: "true" or true, "4.5" or
// 4.5).
type queryJSON json.RawMessage

// UnmarshalJSON implements json.Unmarshaler: it keeps the text.
func (q *queryJSON) UnmarshalJSON(b []byte) error {
	*q = append((*q)[:0], b...)
	return nil
}

// JSONSchema implements api.Schemer.
func (queryJSON) JSONSchema() field.Schema {
	filter := func(doc string) field.Schema {
		return field.Schema{"type": "string", "maxLength": MaxFilterLen, "description": doc}
	}
	return field.Schema{
		"type":        "object",
		"description": "Filters, search and order; every key is optional.",
		"properties": field.Schema{
			"category":   filter("A category slug (or id)."),
			"brand":      filter("A brand slug (or id)."),
			"search":     field.Schema{"type": "string", "maxLength": MaxSearchLen, "description": "Words (at most 16) that must all match the name, tagline or description; sorts by relevance unless sortBy is given."},
			"featured":   field.Schema{"anyOf": []any{field.Schema{"type": "boolean"}, field.Schema{"type": "string", "enum": []any{"true", "false", ""}}, field.Schema{"type": "null"}}, "description": "\"true\" (or true): featured listings only; \"false\": only the others; \"\" or null: no filter."},
			"minRating":  field.Schema{"anyOf": []any{field.Schema{"type": "number", "minimum": 0, "maximum": MaxRating}, field.Schema{"type": "string", "pattern": minRatingText}, field.Schema{"type": "null"}}, "description": "The lowest average rating, 0 to 5 (a number or a numeric string; \"\" or null: no filter)."},
			"difficulty": filter("metadata.difficulty, compared without case."),
			"industry":   filter("metadata.industry, compared without case."),
			"sortBy":     field.Schema{"type": "string", "enum": []any{SortPopular, SortNewest, SortRating, SortClones, ""}, "description": "popular (most viewed), newest, rating (highest first) or clones (most cloned); \"\" is the default. Default: newest for list; for all, featured first, then by clones."},
		},
	}
}

// SlimPage is list's answer.
type SlimPage struct {
	Count  int64  `json:"count" doc:"Listings matching the query."`
	Genies []Slim `json:"genies"`
	Limit  int    `json:"limit"`
	Offset int    `json:"offset"`
}

// FullPage is all's answer.
type FullPage struct {
	Count  int64     `json:"count" doc:"Listings matching the query."`
	Genies []Listing `json:"genies"`
	Limit  int       `json:"limit"`
	Offset int       `json:"offset"`
}

// GetRequest is get's data.
type GetRequest struct {
	AdminMode bool `json:"adminMode" doc:"Admins only: allow a non-public listing, and show its creator."`
}

// TrendingRequest is trending's data.
type TrendingRequest struct {
	Limit      *int    `json:"limit" schema:"min=1,max=100" doc:"Default 10."`
	Category   *string `json:"category" schema:"maxLength=100" doc:"A category slug or id."`
	RisingOnly *bool   `json:"risingOnly" doc:"Only listings with fewer than 50 clones and at least 5 interactions today."`
}

// TrendingList is trending's answer.
type TrendingList struct {
	Count int            `json:"count"`
	Items []TrendingItem `json:"items" doc:"Highest trending score first."`
}

// CloneRequest is clone's data.
type CloneRequest struct {
	MarketplaceGenieID *string        `json:"marketplace_genie_id" doc:"The listing, if the request id is not given."`
	CloneName          *string        `json:"cloneName" schema:"minLength=1,maxLength=200" doc:"The new genie's name (default: the template's, or customizations.name)."`
	Customizations     customizations `json:"customizations"`
	CurrentCloneCount  *float64       `json:"currentCloneCount" schema:"min=0" doc:"Accepted and ignored: the stored count grows by exactly one."`
}

// Cloned is clone's answer.
type Cloned struct {
	CloneResult        CloneResult `json:"cloneResult"`
	MarketplaceGenieID string      `json:"marketplace_genie_id"`
	Success            bool        `json:"success"`
}

func (s *Service) list(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	return s.browse(ctx, r, true)
}

func (s *Service) all(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	return s.browse(ctx, r, false)
}

// browse serves list (slim) and all (full). Public results are cached per
// catalog version; admin-mode results are never cached.
func (s *Service) browse(ctx context.Context, r *httpapi.Request, slim bool) (*httpapi.Response, error) {
	var in ListRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := field.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(20, 500)
	if err != nil {
		return nil, err
	}
	def := SortNewest
	if !slim {
		def = sortFeatured
	}
	q, err := ParseQuery(json.RawMessage(in.Query), def)
	if err != nil {
		return nil, err
	}
	admin := in.AdminMode && r.Caller.IsAdmin()
	withViews := !slim || q.Sort == SortPopular
	if withViews { // this process's views show at once
		if err := s.viewCount.Settle(ctx); err != nil {
			return nil, err
		}
	}
	if q.Sort == SortPopular { // and are in the order, not only in the counts
		if err := s.foldPending(ctx); err != nil {
			return nil, err
		}
	}
	catalog, views, err := s.versions(ctx)
	if err != nil {
		return nil, err
	}
	build := func() (any, error) {
		ls, total, err := s.page(ctx, q, admin, limit, offset, catalog, !slim)
		if err != nil {
			return nil, err
		}
		if admin {
			if err := s.fillCreators(ctx, ls); err != nil {
				return nil, err
			}
		}
		if admin { // with creators, which the cached encodings leave out
			for _, l := range ls {
				l.enc = nil
			}
		}
		return appendPage(total, ls, limit, offset, slim)
	}
	if admin {
		data, err := build()
		if err != nil {
			return nil, err
		}
		return httpapi.OK(data), nil
	}
	key := fmt.Sprintf("%s|%d|%d|%s", r.Action, limit, offset, q.key())
	b, err := s.cachedAt(catalog, views, key, withViews, build)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(b), nil
}

func fmtBool(b *bool) string {
	if b == nil {
		return "-"
	}
	return fmt.Sprint(*b)
}

func fmtFloat(f *float64) string {
	if f == nil {
		return "-"
	}
	return fmt.Sprint(*f)
}

func toSlim(ls []*Listing) []Slim {
	out := make([]Slim, len(ls))
	for i, l := range ls {
		out[i] = Slim{Related: Related{ID: l.ID, Slug: l.Slug, DisplayName: l.DisplayName, Tagline: l.Tagline,
			ThumbnailURL: l.ThumbnailURL, Rating: l.Rating, CategoryID: l.CategoryID}, IsFeatured: l.IsFeatured, CloneCount: l.CloneCount}
	}
	return out
}

func (s *Service) get(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in GetRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	key, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	d, err := s.Get(ctx, key, in.AdminMode && r.Caller.IsAdmin())
	if err != nil {
		return nil, err
	}
	return httpapi.OK(d), nil
}

// The admin record actions: the data's rules (validate), then one
// service call (httpapi.Bind and BindID read the data and the id).

func (s *Service) create(ctx context.Context, c *auth.Caller, in *ListingRequest) (*Listing, error) {
	p, err := in.validate(true)
	if err != nil {
		return nil, err
	}
	return s.Create(ctx, c, p)
}

func (s *Service) update(ctx context.Context, _ *auth.Caller, id string, in *UpdateRequest) (*Listing, error) {
	full := ListingRequest(*in)
	p, err := full.validate(false)
	if err != nil {
		return nil, err
	}
	return s.Update(ctx, id, p)
}

func (s *Service) delete(ctx context.Context, _ *auth.Caller, id string, _ *struct{}) (httpapi.Removed, error) {
	return httpapi.Gone(id), s.Delete(ctx, id)
}

// statsAction and trendingAction answer the cached encoding.

func (s *Service) statsAction(ctx context.Context, _ *auth.Caller, _ *struct{}) (json.RawMessage, error) {
	if err := s.viewCount.Settle(ctx); err != nil {
		return nil, err
	}
	return s.cached(ctx, "stats", true, func() (any, error) { return s.stats(ctx) })
}

func (s *Service) trendingAction(ctx context.Context, _ *auth.Caller, in *TrendingRequest) (json.RawMessage, error) {
	limit, _, err := field.Page{Limit: in.Limit}.Resolve(10, 100)
	if err != nil {
		return nil, err
	}
	category := ""
	if in.Category != nil {
		category = strings.TrimSpace(*in.Category)
		if len(category) > MaxFilterLen {
			return nil, apperr.Invalid("category", "category must be at most %d characters", MaxFilterLen)
		}
	}
	rising := in.RisingOnly != nil && *in.RisingOnly
	key := fmt.Sprintf("trending|%d|%d|%q|%v", Day(s.DB.Now()), limit, category, rising)
	if err := s.viewCount.Settle(ctx); err != nil {
		return nil, err
	}
	catalog, views, err := s.versions(ctx)
	if err != nil {
		return nil, err
	}
	return s.cachedAt(catalog, views, key, true, func() (any, error) {
		items, err := s.trending(ctx, catalog, category, rising, limit)
		if err != nil {
			return nil, err
		}
		return TrendingList{Count: len(items), Items: items}, nil
	})
}

func (s *Service) clone(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in CloneRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id := strings.TrimSpace(r.ID)
	if id == "" && in.MarketplaceGenieID != nil {
		id = strings.TrimSpace(*in.MarketplaceGenieID)
	}
	if id == "" {
		return nil, apperr.Required("id")
	}
	res, err := s.Clone(ctx, r.Caller, id, &in)
	if err != nil {
		return nil, err
	}
	return httpapi.Created(Cloned{CloneResult: *res, MarketplaceGenieID: id, Success: true}), nil
}
