package marketplace

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
)

// Actions returns the marketplace actions. list, all, get, categories,
// brands, stats and trending are public (the categories and brands write
// modes need an admin); create, update and delete need an admin; clone
// needs a signed-in user of any role, and so do the community actions
// reviews, favorites, collections and submissions (data.mode selects the
// operation; submission moderation needs an admin).
// maxBody fits the largest legal listing, review, collection or
// submission: a 10,000-character description and 10,000 bytes of metadata
// among the other fields, at up to 12 bytes a character when a client
// escapes everything.
const maxBody = 1 << 20

func (s *Service) Actions() api.Actions {
	a := api.Actions{
		"list":        {Access: api.Public, Handle: s.list},
		"all":         {Access: api.Public, Handle: s.all},
		"get":         {Access: api.Public, Handle: s.get},
		"create":      {Access: api.AdminOnly, Handle: s.create, MaxBody: maxBody},
		"update":      {Access: api.AdminOnly, Handle: s.update, MaxBody: maxBody},
		"delete":      {Access: api.AdminOnly, Handle: s.delete},
		"categories":  {Access: api.Public, Handle: s.categoriesTaxonomy().handler(s)},
		"brands":      {Access: api.Public, Handle: s.brandsTaxonomy().handler(s)},
		"stats":       {Access: api.Public, Handle: s.statsAction},
		"trending":    {Access: api.Public, Handle: s.trendingAction},
		"clone":       {Access: api.Authenticated, Handle: s.clone},
		"reviews":     {Access: api.Authenticated, Handle: s.reviewsAction, MaxBody: maxBody},
		"favorites":   {Access: api.Authenticated, Handle: s.favoritesAction},
		"collections": {Access: api.Authenticated, Handle: s.collectionsAction, MaxBody: maxBody},
		"submissions": {Access: api.Authenticated, Handle: s.submissionsAction, MaxBody: maxBody},
	}
	declare(a)
	return a
}

// listInput is the data of list and all.
type listInput struct {
	// Limit and Offset are not an embedded api.Page, so that a type error
	// names "limit" rather than "Page.limit".
	Limit     *int            `json:"limit"`
	Offset    *int            `json:"offset"`
	AdminMode bool            `json:"adminMode"`
	Query     json.RawMessage `json:"query"`
}

func (s *Service) list(ctx context.Context, r *api.Request) (*api.Response, error) {
	return s.browse(ctx, r, true)
}

func (s *Service) all(ctx context.Context, r *api.Request) (*api.Response, error) {
	return s.browse(ctx, r, false)
}

// browse serves list (slim) and all (full). Public results are cached per
// catalog version; admin-mode results are never cached.
func (s *Service) browse(ctx context.Context, r *api.Request, slim bool) (*api.Response, error) {
	var in listInput
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit, offset, err := api.Page{Limit: in.Limit, Offset: in.Offset}.Resolve(20, 500)
	if err != nil {
		return nil, err
	}
	def := SortNewest
	if !slim {
		def = sortFeatured
	}
	q, err := ParseQuery(in.Query, def)
	if err != nil {
		return nil, err
	}
	admin := in.AdminMode && r.Caller.IsAdmin()
	build := func() (any, error) {
		ls, total, err := s.page(ctx, q, admin, limit, offset)
		if err != nil {
			return nil, err
		}
		if admin {
			if err := s.fillCreators(ctx, ls); err != nil {
				return nil, err
			}
		}
		var items any = ls
		if slim {
			items = toSlim(ls)
		}
		return map[string]any{"genies": items, "count": total, "limit": limit, "offset": offset}, nil
	}
	if admin {
		data, err := build()
		if err != nil {
			return nil, err
		}
		return api.OK(data), nil
	}
	key := fmt.Sprintf("%s|%d|%d|%q|%q|%q|%v|%v|%v|%q|%q|%s", r.Action, limit, offset, q.Category, q.Brand,
		strings.Join(q.Words, " "), fmtBool(q.Featured), fmtFloat(q.MinRating), q.Sort, q.Difficulty, q.Industry, "")
	b, err := s.cached(ctx, key, !slim || q.Sort == SortPopular, build)
	if err != nil {
		return nil, err
	}
	return api.OK(b), nil
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
		out[i] = Slim{ID: l.ID, Slug: l.Slug, DisplayName: l.DisplayName, Tagline: l.Tagline, ThumbnailURL: l.ThumbnailURL,
			Rating: l.Rating, CategoryID: l.CategoryID, IsFeatured: l.IsFeatured, CloneCount: l.CloneCount}
	}
	return out
}

func (s *Service) get(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		AdminMode bool `json:"adminMode"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	key, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	d, err := s.Get(ctx, strings.TrimSpace(key), in.AdminMode && r.Caller.IsAdmin())
	if err != nil {
		return nil, err
	}
	return api.OK(d), nil
}

func (s *Service) create(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in listingInput
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	p, err := in.validate(true)
	if err != nil {
		return nil, err
	}
	l, err := s.Create(ctx, r.Caller, p)
	if err != nil {
		return nil, err
	}
	return api.Created(l), nil
}

func (s *Service) update(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	var in listingInput
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	p, err := in.validate(false)
	if err != nil {
		return nil, err
	}
	l, err := s.Update(ctx, strings.TrimSpace(id), p)
	if err != nil {
		return nil, err
	}
	return api.OK(l), nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := r.RequireID()
	if err != nil {
		return nil, err
	}
	id = strings.TrimSpace(id)
	if err := s.Delete(ctx, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "id": id}), nil
}

// requireAdmin guards the write modes of categories and brands.
func requireAdmin(r *api.Request) error {
	if r.Caller == nil {
		return apperr.Unauthorized("authentication required: send an API key or a session token in the Authorization header")
	}
	if !r.Caller.IsAdmin() {
		return apperr.AdminOnly()
	}
	return nil
}

// taxonomy describes the categories or the brands action: omitted mode
// lists (public, cached); create, update and delete need an admin.
type taxonomy struct {
	one, many string // JSON keys: "category", "categories"
	list      func(ctx context.Context) (any, int, error)
	save      func(ctx context.Context, id string, in *taxonomyInput) (any, error) // id "" creates
	remove    func(ctx context.Context, id string) error
}

func (s *Service) categoriesTaxonomy() taxonomy {
	return taxonomy{one: "category", many: "categories",
		list: func(ctx context.Context) (any, int, error) {
			cs, err := s.Categories(ctx)
			return cs, len(cs), err
		},
		save: func(ctx context.Context, id string, in *taxonomyInput) (any, error) {
			return s.saveCategory(ctx, id, in)
		},
		remove: s.deleteCategory}
}

func (s *Service) brandsTaxonomy() taxonomy {
	return taxonomy{one: "brand", many: "brands",
		list: func(ctx context.Context) (any, int, error) {
			bs, err := s.Brands(ctx)
			return bs, len(bs), err
		},
		save: func(ctx context.Context, id string, in *taxonomyInput) (any, error) {
			return s.saveBrand(ctx, id, in)
		},
		remove: s.deleteBrand}
}

// handler serves one taxonomy action.
func (t taxonomy) handler(s *Service) api.Handler {
	return func(ctx context.Context, r *api.Request) (*api.Response, error) {
		var in taxonomyInput
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		if in.Mode == "" {
			b, err := s.cached(ctx, t.many, false, func() (any, error) {
				items, n, err := t.list(ctx)
				if err != nil {
					return nil, err
				}
				return map[string]any{t.many: items, "count": n}, nil
			})
			if err != nil {
				return nil, err
			}
			return api.OK(b), nil
		}
		if err := checkMode(in.Mode); err != nil {
			return nil, err
		}
		if err := requireAdmin(r); err != nil {
			return nil, err
		}
		if in.Mode == "create" {
			v, err := t.save(ctx, "", &in)
			if err != nil {
				return nil, err
			}
			return api.Created(map[string]any{t.one: v}), nil
		}
		id, err := in.targetID(r, t.one)
		if err != nil {
			return nil, err
		}
		if in.Mode == "delete" {
			if err := t.remove(ctx, id); err != nil {
				return nil, err
			}
			return api.OK(map[string]any{"success": true, "id": id}), nil
		}
		v, err := t.save(ctx, id, &in)
		if err != nil {
			return nil, err
		}
		return api.OK(map[string]any{t.one: v}), nil
	}
}

func checkMode(mode string) error {
	switch mode {
	case "create", "update", "delete":
		return nil
	}
	return apperr.Invalid("mode", "mode must be create, update or delete (or omitted to list)")
}

func (s *Service) statsAction(ctx context.Context, r *api.Request) (*api.Response, error) {
	b, err := s.cached(ctx, "stats", true, func() (any, error) { return s.stats(ctx) })
	if err != nil {
		return nil, err
	}
	return api.OK(b), nil
}

func (s *Service) trendingAction(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		Limit      *int    `json:"limit"`
		Category   *string `json:"category"`
		RisingOnly *bool   `json:"risingOnly"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	limit := 10
	if in.Limit != nil {
		if *in.Limit < 1 || *in.Limit > 100 {
			return nil, apperr.Invalid("limit", "limit must be between 1 and 100")
		}
		limit = *in.Limit
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
	b, err := s.cached(ctx, key, true, func() (any, error) {
		items, err := s.trending(ctx, category, rising, limit)
		if err != nil {
			return nil, err
		}
		return map[string]any{"items": items, "count": len(items)}, nil
	})
	if err != nil {
		return nil, err
	}
	return api.OK(b), nil
}

func (s *Service) clone(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in cloneInput
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
	return api.Created(map[string]any{"success": true, "marketplace_genie_id": id, "cloneResult": res}), nil
}
