package community

import (
	"context"
	"net/http"
	"strings"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Actions returns the community actions of the marketplace resource:
// reviews, favorites, collections and submissions, each for a signed-in
// user of any role (submission moderation: admins). data.mode selects the
// operation, through an httpapi.ModeTable: one handler per mode. internal/app
// registers them with marketplace.Service.Actions as one resource.
func (s *Service) Actions() httpapi.Actions {
	notFound := []string{apperr.CodeNotFound}
	both := []int{http.StatusCreated}
	return httpapi.Actions{
		"reviews": {Access: httpapi.Authenticated, MaxBody: MaxBody,
			Handle: httpapi.ModeTable{"": s.reviewsList(), "create": s.reviewsCreate(), "update": s.reviewsUpdate(), "delete": s.reviewsDelete()}.
				Dispatch("create, update or delete (or omitted to list)"),
			Summary: "Reviews of a listing: list (mode omitted), create, update, delete your own",
			ID:      "The listing whose reviews to list, or the review to update or delete (instead of data.marketplace_genie_id or data.review_id).", IDOptional: true,
			Request:  field.Modes{"": ReviewListRequest{}, "create": ReviewCreateRequest{}, "update": ReviewUpdateRequest{}, "delete": ReviewRef{}},
			Response: field.Modes{"": ReviewPage{}, "create": ReviewAnswer{}, "update": ReviewAnswer{}, "delete": httpapi.Removed{}},
			Status:   http.StatusOK, AlsoStatus: both, Idempotent: true, Errors: notFound},
		"favorites": {Access: httpapi.Authenticated,
			Handle: httpapi.ModeTable{"": httpapi.Bind(s.Favorites), "add": s.favoritesAdd(), "remove": s.favoritesRemove()}.
				Dispatch("add or remove (or omitted to list)"),
			Summary: "Your favorite listings: list (mode omitted), add, remove",
			ID:      "The listing to add or remove (instead of data.marketplace_genie_id).", IDOptional: true,
			Request:  field.Modes{"": PageRequest{}, "add": ListingRef{}, "remove": ListingRef{}},
			Response: field.Modes{"": FavoritePage{}, "add": FavoriteAnswer{}, "remove": httpapi.Removed{}},
			Status:   http.StatusOK, AlsoStatus: both, Idempotent: true, Errors: notFound},
		"collections": {Access: httpapi.Authenticated, MaxBody: MaxBody,
			Handle: httpapi.ModeTable{"": s.collectionsGet, "create": s.collectionsCreate, "update": s.collectionsUpdate(),
				"delete": s.collectionsDelete(), "add-genie": s.collectionsAddGenie, "remove-genie": s.collectionsRemoveGenie}.
				Dispatch("create, update, delete, add-genie or remove-genie (or omitted to get or list)"),
			Summary: "Your collections: list or read one (mode omitted), create, update, delete, add-genie, remove-genie",
			ID:      "The collection to read or change (instead of data.collection_id).", IDOptional: true,
			Request: field.Modes{"": CollectionListRequest{}, "create": CollectionCreateRequest{}, "update": CollectionUpdateRequest{},
				"delete": CollectionRef{}, "add-genie": CollectionGenieRequest{}, "remove-genie": CollectionGenieRequest{}},
			Response: field.Modes{"": CollectionPage{}, "get (mode omitted, with collection_id or id)": CollectionDetail{},
				"create": CollectionAnswer{}, "update": CollectionAnswer{}, "delete": httpapi.Removed{},
				"add-genie": CollectionAnswer{}, "remove-genie": CollectionAnswer{}},
			Status: http.StatusOK, AlsoStatus: both, Idempotent: true, Errors: notFound},
		"submissions": {Access: httpapi.Authenticated, MaxBody: MaxBody,
			Handle: httpapi.ModeTable{"": httpapi.Bind(s.Submissions), "create": s.submissionsCreate(), "delete": s.submissionsDelete(),
				"approve": s.submissionsModerate("approve"), "reject": s.submissionsModerate("reject"),
				"under-review": s.submissionsModerate("under-review")}.
				Dispatch("create, approve, reject, under-review or delete (or omitted to list)"),
			Summary: "Listing submissions: list (mode omitted), create, delete; approve, reject, under-review (admins)",
			ID:      "The submission to moderate or delete (instead of data.submission_id).", IDOptional: true,
			Request: field.Modes{"": SubmissionListRequest{}, "create": SubmissionCreateRequest{}, "approve": SubmissionModerateRequest{},
				"reject": SubmissionModerateRequest{}, "under-review": SubmissionModerateRequest{}, "delete": SubmissionRef{}},
			Response: field.Modes{"": SubmissionPage{}, "create": SubmissionAnswer{}, "approve": Approved{}, "reject": SubmissionAnswer{},
				"under-review": SubmissionAnswer{}, "delete": httpapi.Removed{}},
			Status: http.StatusOK, AlsoStatus: both, Idempotent: true,
			Errors: []string{apperr.CodeForbidden, apperr.CodeNotFound, apperr.CodeAgentNotFound}},
	}
}

// PageRequest is the paging of a list (favorites with mode omitted).
type PageRequest struct {
	Limit  *int `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int `json:"offset" schema:"min=0" doc:"Default 0."`
}

// ListingRef names a listing (favorites add and remove).
type ListingRef struct {
	MarketplaceGenieID *string `json:"marketplace_genie_id" doc:"The listing; required unless the request id names it."`
}

// idParam returns the trimmed value of a required id field, falling back
// to the request's id when fallback is set.
func idParam(field string, v *string, r *httpapi.Request, fallback bool) (string, error) {
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

// removed is the answer of deletes and removes, once err is nil.
func removed(id string, err error) (*httpapi.Response, error) {
	if err != nil {
		return nil, err
	}
	return httpapi.OK(httpapi.Gone(id)), nil
}

// ok answers a service's page or record as it is.
func ok[T any](v *T, err error) (*httpapi.Response, error) {
	if err != nil {
		return nil, err
	}
	return httpapi.OK(*v), nil
}

// on adapts a mode that works on one record named by a data field (or,
// with fallback, by the request id): it binds the mode's data, reads the
// id, then runs fn.
func on[In any](name string, ref func(*In) *string, fallback bool,
	fn func(ctx context.Context, c *auth.Caller, id string, in *In) (*httpapi.Response, error)) httpapi.Handler {
	return func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
		var in In
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam(name, ref(&in), r, fallback)
		if err != nil {
			return nil, err
		}
		return fn(ctx, r.Caller, id, &in)
	}
}

// reviews

// ReviewListRequest is the data of reviews with mode omitted: a page of
// a listing's reviews, newest first.
type ReviewListRequest struct {
	MarketplaceGenieID *string `json:"marketplace_genie_id" doc:"The listing; required unless the request id names it."`
	Rating             *int    `json:"rating" schema:"min=1,max=5" doc:"Only reviews with this rating."`
	VerifiedOnly       *bool   `json:"verified_only" doc:"Only reviews by users who cloned the listing."`
	Limit              *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset             *int    `json:"offset" schema:"min=0" doc:"Default 0."`
}

// ReviewCreateRequest is the data of reviews in mode create: the caller's
// one review of a listing.
type ReviewCreateRequest struct {
	MarketplaceGenieID *string                `json:"marketplace_genie_id" schema:"required"`
	Rating             *int                   `json:"rating" schema:"required,min=1,max=5"`
	ReviewText         field.Optional[string] `json:"review_text" schema:"maxLength=5000"`
	IsVerifiedClone    *bool                  `json:"is_verified_clone" doc:"Default false; true only if you have cloned the listing."`
}

// ReviewUpdateRequest is the data of reviews in mode update: the caller's
// own review; only the fields given change.
type ReviewUpdateRequest struct {
	ReviewID   *string                `json:"review_id" doc:"The review; required unless the request id names it."`
	Rating     *int                   `json:"rating" schema:"min=1,max=5"`
	ReviewText field.Optional[string] `json:"review_text" schema:"maxLength=5000" doc:"null empties it."`
}

// ReviewRef is the data of reviews in mode delete: the caller's own
// review.
type ReviewRef struct {
	ReviewID *string `json:"review_id" doc:"The review; required unless the request id names it."`
}

// ReviewAnswer is the answer of reviews in modes create and update.
type ReviewAnswer struct {
	Review Review `json:"review"`
}

func (s *Service) reviewsList() httpapi.Handler {
	return on("marketplace_genie_id", func(in *ReviewListRequest) *string { return in.MarketplaceGenieID }, true,
		func(ctx context.Context, c *auth.Caller, id string, in *ReviewListRequest) (*httpapi.Response, error) {
			return ok(s.Reviews(ctx, c, id, *in))
		})
}

func (s *Service) reviewsCreate() httpapi.Handler {
	return on("marketplace_genie_id", func(in *ReviewCreateRequest) *string { return in.MarketplaceGenieID }, false,
		func(ctx context.Context, c *auth.Caller, id string, in *ReviewCreateRequest) (*httpapi.Response, error) {
			return reviewAnswer(http.StatusCreated)(s.CreateReview(ctx, c, id, *in))
		})
}

func (s *Service) reviewsUpdate() httpapi.Handler {
	return on("review_id", func(in *ReviewUpdateRequest) *string { return in.ReviewID }, true,
		func(ctx context.Context, c *auth.Caller, id string, in *ReviewUpdateRequest) (*httpapi.Response, error) {
			return reviewAnswer(http.StatusOK)(s.UpdateReview(ctx, c, id, *in))
		})
}

// reviewAnswer wraps a review in its answer, with status.
func reviewAnswer(status int) func(*Review, error) (*httpapi.Response, error) {
	return func(v *Review, err error) (*httpapi.Response, error) {
		if err != nil {
			return nil, err
		}
		return &httpapi.Response{Status: status, Data: ReviewAnswer{Review: *v}}, nil
	}
}

func (s *Service) reviewsDelete() httpapi.Handler {
	return on("review_id", func(in *ReviewRef) *string { return in.ReviewID }, true,
		func(ctx context.Context, c *auth.Caller, id string, _ *ReviewRef) (*httpapi.Response, error) {
			return removed(id, s.DeleteReview(ctx, c, id))
		})
}

// favorites

// FavoriteAnswer is the answer of favorites in mode add.
type FavoriteAnswer struct {
	Favorite Favorite `json:"favorite"`
}

func (s *Service) favoritesAdd() httpapi.Handler {
	return on("marketplace_genie_id", func(in *ListingRef) *string { return in.MarketplaceGenieID }, true,
		func(ctx context.Context, c *auth.Caller, id string, _ *ListingRef) (*httpapi.Response, error) {
			f, created, err := s.AddFavorite(ctx, c, id)
			if err != nil {
				return nil, err
			}
			if created {
				return httpapi.Created(FavoriteAnswer{Favorite: *f}), nil
			}
			return httpapi.OK(FavoriteAnswer{Favorite: *f}), nil
		})
}

func (s *Service) favoritesRemove() httpapi.Handler {
	return on("marketplace_genie_id", func(in *ListingRef) *string { return in.MarketplaceGenieID }, true,
		func(ctx context.Context, c *auth.Caller, id string, _ *ListingRef) (*httpapi.Response, error) {
			return removed(id, s.RemoveFavorite(ctx, c, id))
		})
}

// collections

// CollectionListRequest is the data of collections with mode omitted: a
// page of the caller's collections, newest first; or, with collection_id
// (or the request id), one collection with its listings.
type CollectionListRequest struct {
	CollectionID *string `json:"collection_id" doc:"Read this collection (yours, or any public one) with its listings instead of listing yours."`
	Limit        *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset       *int    `json:"offset" schema:"min=0" doc:"Default 0."`
}

// CollectionCreateRequest is the data of collections in mode create.
type CollectionCreateRequest struct {
	Name        *string                `json:"name" schema:"required,minLength=1,maxLength=100"`
	Description field.Optional[string] `json:"description" schema:"maxLength=1000"`
	IsPublic    *bool                  `json:"is_public" doc:"Default false."`
}

// CollectionUpdateRequest is the data of collections in mode update: only
// the fields given change.
type CollectionUpdateRequest struct {
	CollectionID *string                `json:"collection_id" doc:"Your collection; required unless the request id names it."`
	Name         *string                `json:"name" schema:"minLength=1,maxLength=100"`
	Description  field.Optional[string] `json:"description" schema:"maxLength=1000" doc:"null empties it."`
	IsPublic     *bool                  `json:"is_public"`
}

// CollectionRef is the data of collections in mode delete.
type CollectionRef struct {
	CollectionID *string `json:"collection_id" doc:"Your collection; required unless the request id names it."`
}

// CollectionGenieRequest is the data of collections in modes add-genie and
// remove-genie.
type CollectionGenieRequest struct {
	CollectionID       *string `json:"collection_id" doc:"Your collection; required unless the request id names it."`
	MarketplaceGenieID *string `json:"marketplace_genie_id" schema:"required"`
}

// CollectionAnswer is the answer of collections in modes create, update,
// add-genie and remove-genie.
type CollectionAnswer struct {
	Collection Collection `json:"collection"`
}

// CollectionDetail is a collection with its listings (collections with
// mode omitted and a collection named).
type CollectionDetail struct {
	Collection Collection            `json:"collection"`
	Genies     []marketplace.Listing `json:"genies" doc:"Most recently added first."`
}

// collectionsGet lists the caller's collections, or reads the one named by
// collection_id or the request id.
func (s *Service) collectionsGet(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in CollectionListRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	// limit and offset hold their declared bounds also when one collection
	// is read (they page the list only).
	if _, _, err := resolvePage(in.Limit, in.Offset); err != nil {
		return nil, err
	}
	if in.CollectionID == nil && strings.TrimSpace(r.ID) == "" {
		p, err := s.Collections(ctx, r.Caller, in.Limit, in.Offset)
		if err != nil {
			return nil, err
		}
		return httpapi.OK(*p), nil
	}
	id, err := idParam("collection_id", in.CollectionID, r, true)
	if err != nil {
		return nil, err
	}
	d, err := s.Collection(ctx, r.Caller, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(*d), nil
}

func (s *Service) collectionsCreate(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in CollectionCreateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	return collectionAnswer(http.StatusCreated)(s.CreateCollection(ctx, r.Caller, in))
}

func (s *Service) collectionsUpdate() httpapi.Handler {
	return on("collection_id", func(in *CollectionUpdateRequest) *string { return in.CollectionID }, true,
		func(ctx context.Context, c *auth.Caller, id string, in *CollectionUpdateRequest) (*httpapi.Response, error) {
			return collectionAnswer(http.StatusOK)(s.UpdateCollection(ctx, c, id, *in))
		})
}

func (s *Service) collectionsDelete() httpapi.Handler {
	return on("collection_id", func(in *CollectionRef) *string { return in.CollectionID }, true,
		func(ctx context.Context, c *auth.Caller, id string, _ *CollectionRef) (*httpapi.Response, error) {
			return removed(id, s.DeleteCollection(ctx, c, id))
		})
}

func (s *Service) collectionsAddGenie(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, listingID, err := collectionGenie(r)
	if err != nil {
		return nil, err
	}
	return collectionAnswer(http.StatusOK)(s.AddToCollection(ctx, r.Caller, id, listingID))
}

func (s *Service) collectionsRemoveGenie(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	id, listingID, err := collectionGenie(r)
	if err != nil {
		return nil, err
	}
	return collectionAnswer(http.StatusOK)(s.RemoveFromCollection(ctx, r.Caller, id, listingID))
}

// collectionGenie reads the data of add-genie and remove-genie.
func collectionGenie(r *httpapi.Request) (id, listingID string, err error) {
	var in CollectionGenieRequest
	if err := r.Bind(&in); err != nil {
		return "", "", err
	}
	if id, err = idParam("collection_id", in.CollectionID, r, true); err != nil {
		return "", "", err
	}
	if listingID, err = idParam("marketplace_genie_id", in.MarketplaceGenieID, r, false); err != nil {
		return "", "", err
	}
	return id, listingID, nil
}

// collectionAnswer wraps a collection in its answer, with status.
func collectionAnswer(status int) func(*Collection, error) (*httpapi.Response, error) {
	return func(k *Collection, err error) (*httpapi.Response, error) {
		if err != nil {
			return nil, err
		}
		return &httpapi.Response{Status: status, Data: CollectionAnswer{Collection: *k}}, nil
	}
}

// submissions

// SubmissionListRequest is the data of submissions with mode omitted: a
// page of submissions, newest first (admins: everyone's; others: their
// own).
type SubmissionListRequest struct {
	Status *string `json:"status" schema:"enum=pending|approved|rejected|under_review" doc:"Only submissions with this status."`
	Limit  *int    `json:"limit" schema:"min=1,max=200" doc:"Default 50."`
	Offset *int    `json:"offset" schema:"min=0" doc:"Default 0."`
}

// SubmissionCreateRequest is the data of submissions in mode create.
type SubmissionCreateRequest struct {
	AgentID        *string         `json:"agent_id" schema:"required" doc:"Your genie."`
	SubmissionData field.RawObject `json:"submission_data" doc:"What the listing should say: slug, display_name, category_id (required to be approved), tagline, description, brand_id, thumbnail_url, demo_video_url, metadata. At most 64 KiB of JSON; default {}."`
}

// SubmissionModerateRequest is the data of submissions in modes approve,
// reject and under-review (admins only).
type SubmissionModerateRequest struct {
	SubmissionID *string                `json:"submission_id" doc:"The submission; required unless the request id names it."`
	AdminNotes   field.Optional[string] `json:"admin_notes" schema:"maxLength=5000" doc:"Replaces the notes; null empties them."`
}

// SubmissionRef is the data of submissions in mode delete (admins: any
// submission; others: their own).
type SubmissionRef struct {
	SubmissionID *string `json:"submission_id" doc:"The submission; required unless the request id names it."`
}

// SubmissionAnswer is the answer of submissions in modes create, reject
// and under-review.
type SubmissionAnswer struct {
	Submission Submission `json:"submission"`
}

// Approved is the answer of submissions in mode approve: the submission
// and the listing it published.
type Approved struct {
	Listing    marketplace.Listing `json:"listing"`
	Submission Submission          `json:"submission"`
}

func (s *Service) submissionsCreate() httpapi.Handler {
	return on("agent_id", func(in *SubmissionCreateRequest) *string { return in.AgentID }, false,
		func(ctx context.Context, c *auth.Caller, agentID string, in *SubmissionCreateRequest) (*httpapi.Response, error) {
			v, err := s.CreateSubmission(ctx, c, agentID, in.SubmissionData)
			if err != nil {
				return nil, err
			}
			return httpapi.Created(SubmissionAnswer{Submission: *v}), nil
		})
}

func (s *Service) submissionsDelete() httpapi.Handler {
	return on("submission_id", func(in *SubmissionRef) *string { return in.SubmissionID }, true,
		func(ctx context.Context, c *auth.Caller, id string, _ *SubmissionRef) (*httpapi.Response, error) {
			return removed(id, s.DeleteSubmission(ctx, c, id))
		})
}

// submissionsModerate is the handler of a moderation mode. The data is
// bound (type errors answered) before the admin check, and the admin
// check comes before the submission id is required.
func (s *Service) submissionsModerate(mode string) httpapi.Handler {
	return func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
		var in SubmissionModerateRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		if err := canModerate(r.Caller); err != nil {
			return nil, err
		}
		id, err := idParam("submission_id", in.SubmissionID, r, true)
		if err != nil {
			return nil, err
		}
		v, l, err := s.Moderate(ctx, r.Caller, id, mode, in.AdminNotes)
		if err != nil {
			return nil, err
		}
		if l == nil {
			return httpapi.OK(SubmissionAnswer{Submission: *v}), nil
		}
		return httpapi.OK(Approved{Listing: *l, Submission: *v}), nil
	}
}
