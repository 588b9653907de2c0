package marketplace

import (
	"context"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// RelatedLimit is the number of related_genies get returns.
const RelatedLimit = 6

// Detail is get's response: the full listing plus related listings.
type Detail struct {
	*Listing
	RelatedGenies []Related `json:"related_genies"`
}

// Get returns a listing by slug (preferred) or ID and counts the view:
// view_count grows by one and the day's views are recorded for trending,
// committed with the process's other views within FlushInterval (see
// views.go). A non-public listing is NOT_FOUND unless admin is set.
func (s *Service) Get(ctx context.Context, key string, admin bool) (*Detail, error) {
	// The committed view count plus this process's views not yet
	// committed (the caller's own included), and the rest of the listing
	// as of the catalog version its batch read.
	v, err := s.views.countView(ctx, key, admin)
	if err != nil {
		return nil, err
	}
	// Deleted since the view was counted, or hidden since (the view saw it
	// public, but the listing read after it is as of a later write).
	if v.listing == nil || !admin && !v.listing.IsPublic {
		return nil, apperr.NotFound("marketplace listing")
	}
	l := new(*v.listing) // a copy: the cached listing is shared
	l.ViewCount = v.views
	rel, err := s.relatedCached(ctx, v.catalog, l.CategoryID, l.ID)
	if err != nil {
		return nil, err
	}
	if admin {
		if err := s.fillCreators(ctx, []*Listing{l}); err != nil {
			return nil, err
		}
	}
	return &Detail{Listing: l, RelatedGenies: rel}, nil
}

// relatedCached returns the related listings of a category less exceptID.
// They depend only on the catalog version (views do not change them), so
// each category's top RelatedLimit+1 is cached against it.
func (s *Service) relatedCached(ctx context.Context, catalog int64, categoryID, exceptID string) ([]Related, error) {
	top, ok := s.related.Get(catalog, categoryID)
	if !ok {
		var err error
		if top, err = s.relatedOf(ctx, categoryID, "", RelatedLimit+1); err != nil {
			return nil, err
		}
		s.related.Put(catalog, categoryID, top)
	}
	out := make([]Related, 0, RelatedLimit)
	for _, r := range top {
		if r.ID != exceptID && len(out) < RelatedLimit {
			out = append(out, r)
		}
	}
	return out, nil
}
