package marketplace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/db"
	"github.com/geniehq/genie/internal/events"
)

// Review is a user's rating of a listing.
type Review struct {
	ID                 string    `json:"id"`
	MarketplaceGenieID string    `json:"marketplace_genie_id"`
	UserID             string    `json:"user_id"`
	ReviewerName       string    `json:"reviewer_name"`
	Rating             int       `json:"rating"`
	ReviewText         string    `json:"review_text"`
	IsVerifiedClone    bool      `json:"is_verified_clone"`
	CreatedAt          time.Time `json:"created_at"`
	UpdatedAt          time.Time `json:"updated_at"`
}

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
	MarketplaceGenieID *string              `json:"marketplace_genie_id" schema:"required"`
	Rating             *int                 `json:"rating" schema:"required,min=1,max=5"`
	ReviewText         api.Optional[string] `json:"review_text" schema:"maxLength=5000"`
	IsVerifiedClone    *bool                `json:"is_verified_clone" doc:"Default false; true only if you have cloned the listing."`
}

// ReviewUpdateRequest is the data of reviews in mode update: the caller's
// own review; only the fields given change.
type ReviewUpdateRequest struct {
	ReviewID   *string              `json:"review_id" doc:"The review; required unless the request id names it."`
	Rating     *int                 `json:"rating" schema:"min=1,max=5"`
	ReviewText api.Optional[string] `json:"review_text" schema:"maxLength=5000" doc:"null empties it."`
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

const reviewCols = `r.id, r.listing_id, r.user_id, COALESCE(u.full_name, ''), r.rating, r.review_text, r.is_verified_clone,
	r.created_at, r.updated_at`

const reviewFrom = ` FROM marketplace_reviews r LEFT JOIN users u ON u.id = r.user_id`

func scanReview(row interface{ Scan(...any) error }, extra ...any) (*Review, error) {
	var v Review
	err := row.Scan(append([]any{&v.ID, &v.MarketplaceGenieID, &v.UserID, &v.ReviewerName, &v.Rating, &v.ReviewText,
		&v.IsVerifiedClone, &v.CreatedAt, &v.UpdatedAt}, extra...)...)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func checkRating(field string, v *int) error {
	if *v < 1 || *v > 5 {
		return apperr.Invalid(field, "%s must be an integer from 1 to 5", field)
	}
	return nil
}

func reviewText(o api.Optional[string]) (string, error) {
	if p := o.Ptr(); p != nil {
		t := strings.TrimSpace(*p)
		if err := api.MaxLen("review_text", t, MaxReviewTextLen); err != nil {
			return "", err
		}
		return t, nil
	}
	return "", nil
}

func (s *Service) reviewsAction(ctx context.Context, r *api.Request) (*api.Response, error) {
	mode, err := bindMode(r)
	if err != nil {
		return nil, err
	}
	switch mode {
	case "":
		var in ReviewListRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam("marketplace_genie_id", in.MarketplaceGenieID, r, true)
		if err != nil {
			return nil, err
		}
		limit, offset, err := communityPage(in.Limit, in.Offset)
		if err != nil {
			return nil, err
		}
		if in.Rating != nil {
			if err := checkRating("rating", in.Rating); err != nil {
				return nil, err
			}
		}
		items, n, err := s.listReviews(ctx, r.Caller, id, in.Rating, in.VerifiedOnly != nil && *in.VerifiedOnly, limit, offset)
		if err != nil {
			return nil, err
		}
		return api.OK(ReviewPage(listResult(items, n, limit, offset))), nil
	case "create":
		var in ReviewCreateRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam("marketplace_genie_id", in.MarketplaceGenieID, r, false)
		if err != nil {
			return nil, err
		}
		if in.Rating == nil {
			return nil, apperr.Required("rating")
		}
		if err := checkRating("rating", in.Rating); err != nil {
			return nil, err
		}
		text, err := reviewText(in.ReviewText)
		if err != nil {
			return nil, err
		}
		v, err := s.createReview(ctx, r.Caller, id, *in.Rating, text, in.IsVerifiedClone != nil && *in.IsVerifiedClone)
		if err != nil {
			return nil, err
		}
		return api.Created(ReviewAnswer{Review: *v}), nil
	case "update":
		var in ReviewUpdateRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam("review_id", in.ReviewID, r, true)
		if err != nil {
			return nil, err
		}
		if in.Rating != nil {
			if err := checkRating("rating", in.Rating); err != nil {
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
		v, err := s.updateReview(ctx, r.Caller, id, in.Rating, text)
		if err != nil {
			return nil, err
		}
		return api.OK(ReviewAnswer{Review: *v}), nil
	case "delete":
		var in ReviewRef
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam("review_id", in.ReviewID, r, true)
		if err != nil {
			return nil, err
		}
		if err := s.deleteReview(ctx, r.Caller, id); err != nil {
			return nil, err
		}
		return api.OK(Removed{ID: id, Success: true}), nil
	}
	return nil, badMode("create, update or delete (or omitted to list)")
}

// rate adds dSum and dCount to the listing's rating totals and recomputes
// its average rating (rounded to 2 decimals), inside tx. The UPDATE takes
// the listing's row lock on PostgreSQL (SQLite transactions are already
// serialized), so concurrent review writes cannot lose an update.
func rate(ctx context.Context, tx *Write, listingID string, dSum, dCount int64) error {
	var sum, n, seq int64
	err := tx.QueryRowContext(ctx, `UPDATE marketplace_listings SET rating_sum = rating_sum + $1, rating_count = rating_count + $2
		WHERE id = $3 RETURNING rating_sum, rating_count, seq`, dSum, dCount, listingID).Scan(&sum, &n, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return fmt.Errorf("marketplace: update rating: %w", err)
	}
	avg := 0.0
	if n > 0 {
		avg = math.Round(float64(sum)/float64(n)*100) / 100
	}
	if _, err := tx.ExecContext(ctx, `UPDATE marketplace_listings SET rating = $1 WHERE id = $2`, avg, listingID); err != nil {
		return fmt.Errorf("marketplace: update rating: %w", err)
	}
	tx.Touch(seq) // searches filter and sort by rating
	return nil
}

// createReview adds the caller's review of a visible listing.
func (s *Service) createReview(ctx context.Context, c *auth.Caller, listingID string, rating int, text string, verified bool) (*Review, error) {
	id := uuid.NewString()
	err := s.write(ctx, func(tx *Write) error {
		now := s.DB.Now()
		// Lock the listing first: concurrent reviews of one listing queue here.
		if _, err := visibleListing(ctx, tx, c, listingID, s.DB.ForUpdate()); err != nil {
			return err
		}
		var exists int
		err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_reviews WHERE listing_id = $1 AND user_id = $2`,
			listingID, c.UserID).Scan(&exists)
		if err != nil {
			return fmt.Errorf("marketplace: check review: %w", err)
		}
		if exists > 0 {
			return apperr.Invalid("marketplace_genie_id", "you have already reviewed this listing: update or delete your review instead")
		}
		if verified {
			var clones int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_clones WHERE listing_id = $1 AND user_id = $2`,
				listingID, c.UserID).Scan(&clones); err != nil {
				return fmt.Errorf("marketplace: check clone: %w", err)
			}
			if clones == 0 {
				return apperr.Invalid("is_verified_clone", "is_verified_clone can be true only after you have cloned this listing")
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_reviews (id, listing_id, user_id, rating, review_text,
			is_verified_clone, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
			id, listingID, c.UserID, rating, text, verified, now); err != nil {
			if db.IsUniqueViolation(err) {
				return apperr.Invalid("marketplace_genie_id", "you have already reviewed this listing: update or delete your review instead")
			}
			return fmt.Errorf("marketplace: create review: %w", err)
		}
		if err := rate(ctx, tx, listingID, int64(rating), 1); err != nil {
			return err
		}
		if err := RecordInteraction(ctx, tx, listingID, Reviews, now); err != nil {
			return err
		}
		if s.Events != nil {
			v, err := scanReview(tx.QueryRowContext(ctx, `SELECT `+reviewCols+reviewFrom+` WHERE r.id = $1`, id))
			if err != nil {
				return err
			}
			if err := s.Events.Record(ctx, tx, c.UserID, events.ReviewCreated, ReviewAnswer{Review: *v}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.loadReview(ctx, id)
}

func (s *Service) loadReview(ctx context.Context, id string) (*Review, error) {
	v, err := scanReview(s.DB.R.QueryRowContext(ctx, `SELECT `+reviewCols+reviewFrom+` WHERE r.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("review")
	}
	if err != nil {
		return nil, fmt.Errorf("marketplace: load review: %w", err)
	}
	return v, nil
}

// lockReview reads a review's owner, listing and rating inside tx, locking
// it; reviews of other users are NOT_FOUND unless admin is set.
func (s *Service) lockReview(ctx context.Context, tx db.Querier, c *auth.Caller, id string, admin bool) (listingID string, rating int, err error) {
	var owner string
	err = tx.QueryRowContext(ctx, `SELECT user_id, listing_id, rating FROM marketplace_reviews WHERE id = $1`+s.DB.ForUpdate(), id).
		Scan(&owner, &listingID, &rating)
	if errors.Is(err, sql.ErrNoRows) || err == nil && owner != c.UserID && !(admin && c.IsAdmin()) {
		return "", 0, apperr.NotFound("review")
	}
	if err != nil {
		return "", 0, fmt.Errorf("marketplace: load review: %w", err)
	}
	return listingID, rating, nil
}

// updateReview changes the caller's own review.
func (s *Service) updateReview(ctx context.Context, c *auth.Caller, id string, rating *int, text *string) (*Review, error) {
	err := s.write(ctx, func(tx *Write) error {
		listingID, old, err := s.lockReview(ctx, tx, c, id, false)
		if err != nil {
			return err
		}
		if rating == nil && text == nil {
			return nil
		}
		cur := old
		if rating != nil {
			cur = *rating
		}
		if _, err := tx.ExecContext(ctx, `UPDATE marketplace_reviews SET rating = $1, review_text = COALESCE($2, review_text),
			updated_at = $3 WHERE id = $4`, cur, text, s.DB.Now(), id); err != nil {
			return fmt.Errorf("marketplace: update review: %w", err)
		}
		if cur == old {
			return nil
		}
		if err := rate(ctx, tx, listingID, int64(cur-old), 0); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.loadReview(ctx, id)
}

// deleteReview removes the caller's own review (admins: any review).
func (s *Service) deleteReview(ctx context.Context, c *auth.Caller, id string) error {
	return s.write(ctx, func(tx *Write) error {
		listingID, old, err := s.lockReview(ctx, tx, c, id, false) // owner only, as the spec says: admins included
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_reviews WHERE id = $1`, id); err != nil {
			return fmt.Errorf("marketplace: delete review: %w", err)
		}
		if err := rate(ctx, tx, listingID, -int64(old), -1); err != nil {
			return err
		}
		return nil
	})
}

// listReviews returns a page of a visible listing's reviews, newest first.
func (s *Service) listReviews(ctx context.Context, c *auth.Caller, listingID string, rating *int, verified bool, limit, offset int) ([]*Review, int64, error) {
	if _, err := visibleListing(ctx, s.DB.R, c, listingID, ""); err != nil {
		return nil, 0, err
	}
	var a args
	where := ` WHERE r.listing_id = ` + a.add(listingID)
	if rating != nil {
		where += ` AND r.rating = ` + a.add(*rating)
	}
	if verified {
		where += ` AND r.is_verified_clone = TRUE`
	}
	var total int64
	if err := s.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_reviews r`+where, a...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("marketplace: count reviews: %w", err)
	}
	q := `SELECT ` + reviewCols + reviewFrom + where + ` ORDER BY r.created_at DESC, r.id DESC LIMIT ` + a.add(limit) + ` OFFSET ` + a.add(offset)
	rows, err := s.DB.R.QueryContext(ctx, q, a...)
	if err != nil {
		return nil, 0, fmt.Errorf("marketplace: list reviews: %w", err)
	}
	out, err := collect(rows, "list reviews", func(r *sql.Rows) (*Review, error) { return scanReview(r) })
	return out, total, err
}
