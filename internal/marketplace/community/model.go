// Package community is the marketplace's community room: reviews,
// favorites, collections and submissions, the actions of the marketplace
// resource that signed-in users write. It is laid out like
// internal/editlinks: this file holds the records and the rules that need
// no database, service.go the operations (one write transaction each,
// taken through marketplace's one write path, Service.Write), store.go the
// SQL, one short function per statement, and actions.go the declarations
// and handlers (data.mode dispatched by an httpapi.ModeTable).
//
// The package imports marketplace (for WriteTx, the listing columns, Listing,
// and the trending interactions); marketplace does not import it.
// internal/app registers both packages' actions as the one marketplace
// resource. See docs/marketplace.md.
package community

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Limits of the community actions.
const (
	DefaultLimit         = 50
	MaxLimit             = 200
	MaxReviewTextLen     = 5000
	MaxCollectionNameLen = 100
	MaxCollectionDescLen = 1000
	MaxCollectionGenies  = 500
	MaxAdminNotesLen     = 5000
	MaxSubmissionDataLen = 64 * 1024 // bytes of encoded JSON
	// MaxBody is the body limit of reviews, collections and submissions,
	// the marketplace's: 10,000 characters of text among the other
	// fields, at up to 12 bytes a character when a client escapes
	// everything.
	MaxBody = 1 << 20
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

// Favorite is a listing the user marked as a favorite.
type Favorite struct {
	ID                 string              `json:"id"`
	MarketplaceGenieID string              `json:"marketplace_genie_id"`
	CreatedAt          time.Time           `json:"created_at"`
	MarketplaceGenie   marketplace.Listing `json:"marketplace_genie"`
}

// Collection is a user's named set of listings.
type Collection struct {
	ID          string    `json:"id"`
	UserID      string    `json:"user_id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	IsPublic    bool      `json:"is_public"`
	GenieCount  int64     `json:"genie_count"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Submission is a user's request to have a genie listed in the marketplace.
type Submission struct {
	ID             string          `json:"id"`
	UserID         string          `json:"user_id"`
	AgentID        *string         `json:"agent_id" doc:"The genie to list; null once it is deleted."`
	SubmissionData field.RawObject `json:"submission_data" doc:"What the listing should say, as submitted."`
	Status         string          `json:"status" schema:"enum=pending|under_review|approved|rejected"`
	AdminNotes     *string         `json:"admin_notes"`
	ReviewedBy     *string         `json:"reviewed_by" doc:"The admin who last moved it."`
	ReviewedAt     *time.Time      `json:"reviewed_at"`
	CreatedAt      time.Time       `json:"created_at"`
	UpdatedAt      time.Time       `json:"updated_at"`
}

// SubmissionEvent is the data of marketplace.submission.created and
// marketplace.submission.status_changed.
type SubmissionEvent struct {
	SubmissionID   string  `json:"submission_id"`
	AgentID        string  `json:"agent_id"`
	Status         string  `json:"status"`
	PreviousStatus string  `json:"previous_status,omitempty"`
	ListingID      *string `json:"listing_id,omitempty" doc:"The listing an approval published."`
}

// Page is the {count, items, limit, offset} answer of a list mode.
type Page[T any] struct {
	Count  int64 `json:"count" doc:"All the records the list has, past this page too."`
	Items  []T   `json:"items"`
	Limit  int   `json:"limit"`
	Offset int   `json:"offset"`
}

// The list answers, each its own named type (a component of the API
// description).
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

// resolvePage resolves the limit and offset of a list mode.
func resolvePage(limit, offset *int) (int, int, error) {
	return field.Page{Limit: limit, Offset: offset}.Resolve(DefaultLimit, MaxLimit)
}

// Rules of reviews.

// checkRating checks a rating: an integer from 1 to 5.
func checkRating(field string, v int) error {
	if v < 1 || v > 5 {
		return apperr.Invalid(field, "%s must be an integer from 1 to 5", field)
	}
	return nil
}

// reviewText validates a review's text, trimmed: "" when omitted or null.
func reviewText(o field.Optional[string]) (string, error) {
	if p := o.Ptr(); p != nil {
		t := strings.TrimSpace(*p)
		if err := field.MaxLen("review_text", t, MaxReviewTextLen); err != nil {
			return "", err
		}
		return t, nil
	}
	return "", nil
}

// errReviewed is the answer to a second review of one listing by one user.
func errReviewed() error {
	return apperr.Invalid("marketplace_genie_id", "you have already reviewed this listing: update or delete your review instead")
}

// Rules of collections.

// collectionDescription validates a collection's description: nil when
// omitted, "" when null.
func collectionDescription(o field.Optional[string]) (*string, error) {
	if !o.Set {
		return nil, nil
	}
	d := ""
	if p := o.Ptr(); p != nil {
		d = strings.TrimSpace(*p)
	}
	if err := field.MaxLen("description", d, MaxCollectionDescLen); err != nil {
		return nil, err
	}
	return &d, nil
}

// Rules of submissions.

// Submission statuses.
const (
	SubmissionPending     = "pending"
	SubmissionUnderReview = "under_review"
	SubmissionApproved    = "approved"
	SubmissionRejected    = "rejected"
)

// moderation maps each moderation mode to the status it sets.
var moderation = map[string]string{
	"approve":      SubmissionApproved,
	"reject":       SubmissionRejected,
	"under-review": SubmissionUnderReview,
}

// submissionMoves lists the statuses each status may move to: pending to
// under_review, approved or rejected; under_review to approved or
// rejected; approved and rejected are final.
var submissionMoves = map[string][]string{
	SubmissionPending:     {SubmissionUnderReview, SubmissionApproved, SubmissionRejected},
	SubmissionUnderReview: {SubmissionApproved, SubmissionRejected},
}

// checkMove checks that mode may move a submission from status from to
// status to.
func checkMove(mode, from, to string) error {
	for _, st := range submissionMoves[from] {
		if st == to {
			return nil
		}
	}
	return apperr.Invalid("mode", "mode %s cannot move a submission that is %s (to %s)", mode, from, to)
}

// checkStatus validates a status filter ("" for none).
func checkStatus(status *string) (string, error) {
	if status == nil {
		return "", nil
	}
	st := *status // exactly one of the declared enum's values (" pending " is not)
	switch st {
	case SubmissionPending, SubmissionUnderReview, SubmissionApproved, SubmissionRejected:
		return st, nil
	}
	return "", apperr.Invalid("status", "status must be pending, approved, rejected or under_review")
}

// submissionData validates submission_data: an object (default {}),
// returned compact.
func submissionData(raw field.RawObject) (string, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || bytes.Equal(t, []byte("null")) {
		return "{}", nil
	}
	if t[0] != '{' {
		return "", apperr.Invalid("submission_data", "submission_data must be an object")
	}
	if len(t) > MaxSubmissionDataLen {
		return "", apperr.Invalid("submission_data", "submission_data must be at most %d bytes of JSON", MaxSubmissionDataLen)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, t); err != nil {
		return "", apperr.Invalid("submission_data", "submission_data must be an object")
	}
	return b.String(), nil
}

// adminNotes validates moderation notes: nil when omitted or null.
func adminNotes(o field.Optional[string]) (*string, error) {
	p := o.Ptr()
	if p == nil {
		return nil, nil
	}
	n := strings.TrimSpace(*p)
	if err := field.MaxLen("admin_notes", n, MaxAdminNotesLen); err != nil {
		return nil, err
	}
	return &n, nil
}

// inSubmissionData names a field of submission_data in a validation error
// about the listing made from it.
func inSubmissionData(err error) error {
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.CodeValidation || e.Field == "" || e.Field == "agent_id" {
		return err
	}
	field := "submission_data." + e.Field
	if e.Field == "data" {
		field = "submission_data"
	}
	return apperr.Invalid(field, "submission_data: %s", e.Message)
}
