package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/db"
)

// Limits of the community actions (reviews, favorites, collections,
// submissions).
const (
	CommunityDefaultLimit = 50
	CommunityMaxLimit     = 200
	MaxReviewTextLen      = 5000
	MaxCollectionNameLen  = 100
	MaxCollectionDescLen  = 1000
	MaxCollectionGenies   = 500
	MaxAdminNotesLen      = 5000
	MaxSubmissionDataLen  = 64 * 1024 // bytes of encoded JSON
)

// communityPage resolves limit and offset of a community list mode.
func communityPage(limit, offset *int) (int, int, error) {
	return api.Page{Limit: limit, Offset: offset}.Resolve(CommunityDefaultLimit, CommunityMaxLimit)
}

// Page is the {count, items, limit, offset} answer of a community list
// mode.
type Page[T any] struct {
	Count  int64 `json:"count" doc:"All the records the list has, past this page too."`
	Items  []T   `json:"items"`
	Limit  int   `json:"limit"`
	Offset int   `json:"offset"`
}

// The community list answers, each its own named type (a component of
// the API description).
type (
	// ReviewPage is the answer of reviews with mode omitted.
	ReviewPage Page[Review]
	// FavoritePage is the answer of favorites with mode omitted.
	FavoritePage Page[Favorite]
	// CollectionPage is the answer of collections with mode omitted and
	// no collection named.
	CollectionPage Page[Collection]
	// SubmissionPage is the answer of submissions with mode omitted.
	SubmissionPage Page[Submission]
)

// listResult is the answer of a community list mode.
func listResult[T any](items []*T, count int64, limit, offset int) Page[T] {
	return Page[T]{Count: count, Items: values(items), Limit: limit, Offset: offset}
}

// PageRequest is the paging of a community list (favorites with mode
// omitted).
type PageRequest struct {
	Limit  *int `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int `json:"offset" schema:"min=0" doc:"Default 0."`
}

// ListingRef names a listing (favorites add and remove).
type ListingRef struct {
	MarketplaceGenieID *string `json:"marketplace_genie_id" doc:"The listing; required unless the request id names it."`
}

// badMode is the VALIDATION_ERROR for an unknown data.mode.
func badMode(allowed string) error {
	return apperr.Invalid("mode", "mode must be %s", allowed)
}

// idParam returns the trimmed value of a required ID field, falling back to
// the request's id when fallback is set.
func idParam(field string, v *string, r *api.Request, fallback bool) (string, error) {
	if v != nil && strings.TrimSpace(*v) != "" {
		return strings.TrimSpace(*v), nil
	}
	if fallback && strings.TrimSpace(r.ID) != "" {
		return strings.TrimSpace(r.ID), nil
	}
	if v != nil {
		return "", apperr.Invalid(field, "%s must not be empty", field)
	}
	return "", apperr.Required(field)
}

// visibleListing checks that the listing exists and that the caller may
// see it (public, or the caller is an admin), reading inside q with the
// row-lock suffix lock. It returns whether the listing is public.
func visibleListing(ctx context.Context, q db.Querier, c *auth.Caller, id, lock string) (bool, error) {
	var public bool
	err := q.QueryRowContext(ctx, `SELECT is_public FROM marketplace_listings WHERE id = $1`+lock, id).Scan(&public)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !public && !c.IsAdmin() {
		return false, apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return false, fmt.Errorf("marketplace: load listing: %w", err)
	}
	return public, nil
}

// publicOnly is the listing condition of reads for the caller: none for
// admins, else l.is_public.
func publicOnly(c *auth.Caller) string {
	if c.IsAdmin() {
		return ""
	}
	return " AND l.is_public = TRUE"
}

// collect scans every row with scan, closes rows, and wraps any error
// with what, so a list query reads in one call.
func collect[T any](rows *sql.Rows, what string, scan func(*sql.Rows) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("marketplace: %s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("marketplace: %s: %w", what, err)
	}
	return out, nil
}
