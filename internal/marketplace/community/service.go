package community

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Service implements the community rules. Every write runs in
// marketplace's one write path (marketplace.Service.Write), which moves the
// catalog's version counters, so that a review's new rating, for one,
// reaches every process's cached pages and search index.
type Service struct {
	m  *marketplace.Service
	db *db.DB
}

// New returns the community room of the marketplace m; it records events
// with m.Events.
func New(m *marketplace.Service) *Service {
	return &Service{m: m, db: m.DB}
}

// readPage counts the records that f selects, then reads the page of
// them from offset: the answer of a list mode (items [] when empty).
func readPage[T, F any](ctx context.Context, q db.Querier, f F, limit, offset int,
	count func(context.Context, db.Querier, F) (int64, error),
	list func(context.Context, db.Querier, F, int, int) ([]*T, error)) (*Page[T], error) {
	n, err := count(ctx, q, f)
	if err != nil {
		return nil, err
	}
	items, err := list(ctx, q, f, limit, offset)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(items))
	for i, p := range items {
		out[i] = *p
	}
	return &Page[T]{Count: n, Items: out, Limit: limit, Offset: offset}, nil
}

// Reviews.

// Reviews returns a page of a visible listing's reviews, newest first.
func (s *Service) Reviews(ctx context.Context, c *auth.Caller, listingID string, in ReviewListRequest) (*ReviewPage, error) {
	limit, offset, err := resolvePage(in.Limit, in.Offset)
	if err != nil {
		return nil, err
	}
	if in.Rating != nil {
		if err := checkRating("rating", *in.Rating); err != nil {
			return nil, err
		}
	}
	if err := visibleListing(ctx, s.db.R, c, listingID, ""); err != nil {
		return nil, err
	}
	f := reviewFilter{listingID: listingID, rating: in.Rating, verified: in.VerifiedOnly != nil && *in.VerifiedOnly}
	p, err := readPage(ctx, s.db.R, f, limit, offset, countReviews, listReviews)
	return (*ReviewPage)(p), err
}

// CreateReview adds the caller's one review of a visible listing (rating
// required, 1 to 5). is_verified_clone may be true only once the caller
// has cloned the listing. The listing's rating moves in the same write.
func (s *Service) CreateReview(ctx context.Context, c *auth.Caller, listingID string, in ReviewCreateRequest) (*Review, error) {
	if in.Rating == nil {
		return nil, apperr.Required("rating")
	}
	if err := checkRating("rating", *in.Rating); err != nil {
		return nil, err
	}
	text, err := reviewText(in.ReviewText)
	if err != nil {
		return nil, err
	}
	v := &Review{ID: uuid.NewString(), MarketplaceGenieID: listingID, UserID: c.UserID, Rating: *in.Rating, ReviewText: text,
		IsVerifiedClone: in.IsVerifiedClone != nil && *in.IsVerifiedClone}
	err = s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		v.CreatedAt = s.db.Now()
		if err := s.mayReview(ctx, w, c, v); err != nil {
			return err
		}
		if err := insertReview(ctx, w, v); err != nil {
			return err
		}
		if err := addRating(ctx, w, listingID, int64(v.Rating), 1); err != nil {
			return err
		}
		if err := marketplace.RecordInteraction(ctx, w, listingID, marketplace.Reviews, v.CreatedAt); err != nil {
			return err
		}
		return s.reviewCreated(ctx, w, c, v.ID)
	})
	if err != nil {
		return nil, err
	}
	return loadReview(ctx, s.db.R, v.ID)
}

// mayReview checks, inside w, that the caller may post the review v: the
// listing is visible (and locked first, so concurrent reviews of one
// listing queue there), the caller has not reviewed it yet, and a
// verified review comes from a user who cloned it.
func (s *Service) mayReview(ctx context.Context, w *marketplace.WriteTx, c *auth.Caller, v *Review) error {
	if err := visibleListing(ctx, w, c, v.MarketplaceGenieID, s.db.ForUpdate()); err != nil {
		return err
	}
	reviewed, err := hasReviewed(ctx, w, v.MarketplaceGenieID, c.UserID)
	if err != nil {
		return err
	}
	if reviewed {
		return errReviewed()
	}
	if !v.IsVerifiedClone {
		return nil
	}
	cloned, err := hasCloned(ctx, w, v.MarketplaceGenieID, c.UserID)
	if err != nil {
		return err
	}
	if !cloned {
		return apperr.Invalid("is_verified_clone", "is_verified_clone can be true only after you have cloned this listing")
	}
	return nil
}

// reviewCreated records marketplace.review.created, when events are kept.
func (s *Service) reviewCreated(ctx context.Context, w *marketplace.WriteTx, c *auth.Caller, id string) error {
	if s.m.Events == nil {
		return nil
	}
	v, err := loadReview(ctx, w, id)
	if err != nil {
		return err
	}
	return s.m.Events.Record(ctx, w, c.UserID, events.ReviewCreated, ReviewAnswer{Review: *v})
}

// UpdateReview changes the caller's own review: only the fields given
// (review_text null empties it); a new rating moves the listing's.
func (s *Service) UpdateReview(ctx context.Context, c *auth.Caller, id string, in ReviewUpdateRequest) (*Review, error) {
	if in.Rating != nil {
		if err := checkRating("rating", *in.Rating); err != nil {
			return nil, err
		}
	}
	var text *string
	if in.ReviewText.Set {
		t, err := reviewText(in.ReviewText)
		if err != nil {
			return nil, err
		}
		text = &t
	}
	err := s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		listingID, old, err := lockOwnReview(ctx, w, c, id, s.db.ForUpdate())
		if err != nil || in.Rating == nil && text == nil {
			return err
		}
		rating := old
		if in.Rating != nil {
			rating = *in.Rating
		}
		if err := updateReview(ctx, w, id, rating, text, s.db.Now()); err != nil || rating == old {
			return err
		}
		return addRating(ctx, w, listingID, int64(rating-old), 0)
	})
	if err != nil {
		return nil, err
	}
	return loadReview(ctx, s.db.R, id)
}

// DeleteReview removes the caller's own review (admins too may delete
// only their own, as the spec says) and takes it out of the listing's
// rating.
func (s *Service) DeleteReview(ctx context.Context, c *auth.Caller, id string) error {
	return s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		listingID, old, err := lockOwnReview(ctx, w, c, id, s.db.ForUpdate())
		if err != nil {
			return err
		}
		if err := deleteReview(ctx, w, id); err != nil {
			return err
		}
		return addRating(ctx, w, listingID, -int64(old), -1)
	})
}

// Favorites.

// Favorites returns a page of the caller's favorites, newest first;
// favorites of non-public listings are hidden from non-admins.
func (s *Service) Favorites(ctx context.Context, c *auth.Caller, in *PageRequest) (*FavoritePage, error) {
	limit, offset, err := resolvePage(in.Limit, in.Offset)
	if err != nil {
		return nil, err
	}
	p, err := readPage(ctx, s.db.R, favoriteFilter{c: c}, limit, offset, countFavorites, listFavorites)
	return (*FavoritePage)(p), err
}

// AddFavorite marks a visible listing as the caller's favorite; created
// reports whether it was new (adding again returns the existing favorite).
func (s *Service) AddFavorite(ctx context.Context, c *auth.Caller, listingID string) (f *Favorite, created bool, err error) {
	err = s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		if err := visibleListing(ctx, w, c, listingID, ""); err != nil {
			return err
		}
		now := s.db.Now()
		if created, err = insertFavorite(ctx, w, uuid.NewString(), c.UserID, listingID, now); err != nil || !created {
			return err
		}
		// Trending (cached against the catalog version) counts favorites.
		return marketplace.RecordInteraction(ctx, w, listingID, marketplace.Favorites, now)
	})
	if err != nil {
		return nil, false, err
	}
	items, err := listFavorites(ctx, s.db.R, favoriteFilter{c: c, listingID: listingID}, 1, 0)
	if err != nil {
		return nil, false, err
	}
	if len(items) == 0 {
		return nil, false, apperr.NotFound("marketplace listing")
	}
	return items[0], created, nil
}

// RemoveFavorite removes the listing from the caller's favorites; it
// succeeds when it was not one.
func (s *Service) RemoveFavorite(ctx context.Context, c *auth.Caller, listingID string) error {
	if err := s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		return deleteFavorite(ctx, w, c.UserID, listingID)
	}); err != nil {
		return fmt.Errorf("community: remove favorite: %w", err)
	}
	return nil
}

// Collections.

// Collections returns a page of the caller's collections, newest first.
func (s *Service) Collections(ctx context.Context, c *auth.Caller, limit, offset *int) (*CollectionPage, error) {
	l, o, err := resolvePage(limit, offset)
	if err != nil {
		return nil, err
	}
	p, err := readPage(ctx, s.db.R, c, l, o, countCollections, listCollections)
	return (*CollectionPage)(p), err
}

// Collection returns a collection the caller may see (their own, any
// public one; admins: any) with its listings the caller can see, most
// recently added first.
func (s *Service) Collection(ctx context.Context, c *auth.Caller, id string) (*CollectionDetail, error) {
	k, err := loadCollection(ctx, s.db.R, c, id)
	if err != nil {
		return nil, err
	}
	ls, err := collectionListings(ctx, s.db.R, c, id)
	if err != nil {
		return nil, err
	}
	d := &CollectionDetail{Collection: *k, Genies: make([]marketplace.Listing, len(ls))}
	for i, l := range ls {
		d.Genies[i] = *l
	}
	return d, nil
}

// CreateCollection creates a collection of the caller's (name required).
func (s *Service) CreateCollection(ctx context.Context, c *auth.Caller, in CollectionCreateRequest) (*Collection, error) {
	name, err := field.RequiredString("name", in.Name, MaxCollectionNameLen)
	if err != nil {
		return nil, err
	}
	desc, err := collectionDescription(in.Description)
	if err != nil {
		return nil, err
	}
	k := &Collection{ID: uuid.NewString(), UserID: c.UserID, Name: name, IsPublic: in.IsPublic != nil && *in.IsPublic,
		CreatedAt: s.db.Now()}
	if desc != nil {
		k.Description = *desc
	}
	if err := s.m.Write(ctx, func(w *marketplace.WriteTx) error { return insertCollection(ctx, w, k) }); err != nil {
		return nil, fmt.Errorf("community: create collection: %w", err)
	}
	return loadCollection(ctx, s.db.R, c, k.ID)
}

// UpdateCollection changes the caller's own collection: only the fields
// given (description null empties it).
func (s *Service) UpdateCollection(ctx context.Context, c *auth.Caller, id string, in CollectionUpdateRequest) (*Collection, error) {
	ch := collectionChange{isPublic: in.IsPublic}
	if in.Name != nil {
		n, err := field.RequiredString("name", in.Name, MaxCollectionNameLen)
		if err != nil {
			return nil, err
		}
		ch.name = &n
	}
	var err error
	if ch.desc, err = collectionDescription(in.Description); err != nil {
		return nil, err
	}
	return s.changeCollection(ctx, c, id, func(w *marketplace.WriteTx) error {
		return updateCollection(ctx, w, id, ch, s.db.Now())
	})
}

// DeleteCollection deletes the caller's own collection.
func (s *Service) DeleteCollection(ctx context.Context, c *auth.Caller, id string) error {
	return s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		if err := lockOwnCollection(ctx, w, c, id, s.db.ForUpdate()); err != nil {
			return err
		}
		return deleteCollection(ctx, w, id)
	})
}

// AddToCollection adds a listing the caller can see to the caller's own
// collection (at most MaxCollectionGenies; adding again changes nothing
// but updated_at).
func (s *Service) AddToCollection(ctx context.Context, c *auth.Caller, id, listingID string) (*Collection, error) {
	return s.changeCollection(ctx, c, id, func(w *marketplace.WriteTx) error {
		if err := visibleListing(ctx, w, c, listingID, ""); err != nil {
			return err
		}
		n, err := countCollectionGenies(ctx, w, id)
		if err != nil {
			return err
		}
		if n >= MaxCollectionGenies {
			return apperr.Invalid("marketplace_genie_id", "a collection holds at most %d listings", MaxCollectionGenies)
		}
		now := s.db.Now()
		if err := addCollectionGenie(ctx, w, id, listingID, now); err != nil {
			return err
		}
		return touchCollection(ctx, w, id, "add-genie", now)
	})
}

// RemoveFromCollection removes a listing from the caller's own collection
// (it succeeds when the listing is not in it).
func (s *Service) RemoveFromCollection(ctx context.Context, c *auth.Caller, id, listingID string) (*Collection, error) {
	return s.changeCollection(ctx, c, id, func(w *marketplace.WriteTx) error {
		if err := removeCollectionGenie(ctx, w, id, listingID); err != nil {
			return err
		}
		return touchCollection(ctx, w, id, "remove-genie", s.db.Now())
	})
}

// changeCollection runs change on the caller's own collection (others are
// NOT_FOUND) in one write that locks it, and returns the collection after.
func (s *Service) changeCollection(ctx context.Context, c *auth.Caller, id string, change func(w *marketplace.WriteTx) error) (*Collection, error) {
	if err := s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		if err := lockOwnCollection(ctx, w, c, id, s.db.ForUpdate()); err != nil {
			return err
		}
		return change(w)
	}); err != nil {
		return nil, err
	}
	return loadCollection(ctx, s.db.R, c, id)
}

// Submissions.

// Submissions returns a page of submissions, newest first: everyone's for
// admins, the caller's own for others.
func (s *Service) Submissions(ctx context.Context, c *auth.Caller, in *SubmissionListRequest) (*SubmissionPage, error) {
	limit, offset, err := resolvePage(in.Limit, in.Offset)
	if err != nil {
		return nil, err
	}
	status, err := checkStatus(in.Status)
	if err != nil {
		return nil, err
	}
	f := submissionFilter{status: status}
	if !c.IsAdmin() {
		f.userID = c.UserID
	}
	p, err := readPage(ctx, s.db.R, f, limit, offset, countSubmissions, listSubmissions)
	return (*SubmissionPage)(p), err
}

// CreateSubmission submits the caller's own genie for listing, pending,
// with what the listing should say (an object, default {}). A platform
// event tells admins' platform endpoints of it.
func (s *Service) CreateSubmission(ctx context.Context, c *auth.Caller, agentID string, data field.RawObject) (*Submission, error) {
	d, err := submissionData(data)
	if err != nil {
		return nil, err
	}
	if _, err := genies.Owned(ctx, s.db.R, c, agentID); err != nil {
		return nil, err
	}
	v := &Submission{ID: uuid.NewString(), UserID: c.UserID, AgentID: &agentID, Status: SubmissionPending, CreatedAt: s.db.Now()}
	if err := s.m.Write(ctx, func(w *marketplace.WriteTx) error {
		if err := insertSubmission(ctx, w, v, d); err != nil {
			return err
		}
		return s.m.Events.Record(ctx, w, c.UserID, events.SubmissionCreated, SubmissionEvent{SubmissionID: v.ID, AgentID: agentID,
			Status: SubmissionPending})
	}); err != nil {
		return nil, err
	}
	return loadSubmission(ctx, s.db.R, v.ID, "")
}

// DeleteSubmission deletes a submission: admins any, others their own.
func (s *Service) DeleteSubmission(ctx context.Context, c *auth.Caller, id string) error {
	owner := c.UserID
	if c.IsAdmin() {
		owner = ""
	}
	return s.m.Write(ctx, func(w *marketplace.WriteTx) error { return deleteSubmission(ctx, w, id, owner) })
}

// canModerate is the rule of the moderation modes: admins only.
func canModerate(c *auth.Caller) error {
	if !c.IsAdmin() {
		return apperr.AdminOnly()
	}
	return nil
}

// Moderate moves a submission as mode (approve, reject or under-review)
// says, recording the reviewer and the time; notes, when given, replace
// admin_notes (null empties them). Approval publishes the listing in the
// same write and returns it; data that cannot make a listing is a
// VALIDATION_ERROR naming submission_data.<field>, and nothing changes.
func (s *Service) Moderate(ctx context.Context, c *auth.Caller, id, mode string, notes field.Optional[string]) (*Submission, *marketplace.Listing, error) {
	if err := canModerate(c); err != nil {
		return nil, nil, err
	}
	to, ok := moderation[mode]
	if !ok {
		return nil, nil, apperr.Invalid("mode", "mode must be approve, reject or under-review")
	}
	n, err := adminNotes(notes)
	if err != nil {
		return nil, nil, err
	}
	var listingID string
	err = s.m.Write(ctx, func(w *marketplace.WriteTx) (err error) {
		listingID, err = s.move(ctx, w, c, id, mode, to, n, notes.Set && notes.Null)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	v, err := loadSubmission(ctx, s.db.R, id, "")
	if err != nil || listingID == "" {
		return v, nil, err
	}
	l, err := s.m.LoadListing(ctx, listingID)
	if err != nil {
		return nil, nil, err
	}
	return v, l, nil
}

// move is Moderate's write: it locks the submission, checks the move,
// records it, publishes the listing of an approval (returning its id) and
// records marketplace.submission.status_changed for the submitter.
func (s *Service) move(ctx context.Context, w *marketplace.WriteTx, c *auth.Caller, id, mode, to string, notes *string, clear bool) (string, error) {
	v, err := loadSubmission(ctx, w, id, s.db.ForUpdate())
	if err != nil {
		return "", err
	}
	if err := checkMove(mode, v.Status, to); err != nil {
		return "", err
	}
	if err := moveSubmission(ctx, w, id, to, c.UserID, notes, clear, s.db.Now()); err != nil {
		return "", err
	}
	ev := SubmissionEvent{SubmissionID: id, Status: to, PreviousStatus: v.Status}
	if v.AgentID != nil {
		ev.AgentID = *v.AgentID
	}
	var listingID string
	if to == SubmissionApproved {
		if listingID, err = s.publish(ctx, w, v); err != nil {
			return "", err
		}
		ev.ListingID = &listingID
	}
	return listingID, s.m.Events.Record(ctx, w, v.UserID, events.SubmissionStatusChanged, ev)
}

// publish creates the listing an approved submission asks for, inside the
// approval's write: submission_data holds the listing's fields (slug,
// display_name and category_id required; tagline, description, brand_id,
// thumbnail_url, demo_video_url, metadata), for the submission's genie.
// is_featured and is_public are the marketplace's to decide: the listing
// is public and not featured.
func (s *Service) publish(ctx context.Context, w *marketplace.WriteTx, v *Submission) (string, error) {
	var in marketplace.ListingRequest
	if err := field.DecodePartial(json.RawMessage(v.SubmissionData), &in); err != nil {
		return "", inSubmissionData(err)
	}
	if v.AgentID == nil {
		return "", apperr.Invalid("agent_id", "the submission's genie no longer exists, so it cannot be listed")
	}
	in.AgentID = v.AgentID
	in.IsFeatured, in.IsPublic = nil, nil
	id, err := s.m.CreateListingTx(ctx, w, &in)
	return id, inSubmissionData(err)
}
