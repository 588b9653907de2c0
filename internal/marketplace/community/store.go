package community

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// The SQL of the community room: one short function per statement. Reads
// take a db.Querier (the read pool, or a write transaction); writes take
// the *marketplace.WriteTx of marketplace's one write path. lock is
// db.ForUpdate() inside a transaction that must lock the row, else "".

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(...any) error }

// collect scans every row with scan, closes rows, and wraps any error
// with what, so a list query reads in one call.
func collect[T any](rows *sql.Rows, err error, what string, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, fmt.Errorf("community: %s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("community: %s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("community: %s: %w", what, err)
	}
	return out, nil
}

// count runs a COUNT(*) query.
func count(ctx context.Context, q db.Querier, what, query string, a ...any) (int64, error) {
	var n int64
	if err := q.QueryRowContext(ctx, query, a...).Scan(&n); err != nil {
		return 0, fmt.Errorf("community: count %s: %w", what, err)
	}
	return n, nil
}

// exec runs a write statement in w, wrapping its error with what.
func exec(ctx context.Context, w *marketplace.WriteTx, what, query string, a ...any) (sql.Result, error) {
	res, err := w.ExecContext(ctx, query, a...)
	if err != nil {
		return nil, fmt.Errorf("community: %s: %w", what, err)
	}
	return res, nil
}

// publicOnly is the listing condition of reads for the caller: none for
// admins, else l.is_public.
func publicOnly(c *auth.Caller) string {
	if c.IsAdmin() {
		return ""
	}
	return " AND l.is_public = TRUE"
}

// visibleListing checks that the listing exists and that the caller may
// see it (public, or the caller is an admin).
func visibleListing(ctx context.Context, q db.Querier, c *auth.Caller, id, lock string) error {
	var public bool
	err := q.QueryRowContext(ctx, `SELECT is_public FROM marketplace_listings WHERE id = $1`+lock, id).Scan(&public)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !public && !c.IsAdmin() {
		return apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return fmt.Errorf("community: load listing: %w", err)
	}
	return nil
}

// addRating adds dSum and dCount to the listing's rating totals and
// recomputes its average rating (rounded to 2 decimals). The UPDATE takes
// the listing's row lock on PostgreSQL (SQLite transactions are already
// serialized), so concurrent review writes cannot lose an update.
func addRating(ctx context.Context, w *marketplace.WriteTx, listingID string, dSum, dCount int64) error {
	var sum, n, seq int64
	err := w.QueryRowContext(ctx, `UPDATE marketplace_listings SET rating_sum = rating_sum + $1, rating_count = rating_count + $2
		WHERE id = $3 RETURNING rating_sum, rating_count, seq`, dSum, dCount, listingID).Scan(&sum, &n, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return fmt.Errorf("community: update rating: %w", err)
	}
	avg := 0.0
	if n > 0 {
		avg = math.Round(float64(sum)/float64(n)*100) / 100
	}
	if _, err := exec(ctx, w, "update rating", `UPDATE marketplace_listings SET rating = $1 WHERE id = $2`, avg, listingID); err != nil {
		return err
	}
	w.Touch(seq) // searches filter and sort by rating
	return nil
}

// Reviews.

const reviewSelect = `SELECT r.id, r.listing_id, r.user_id, COALESCE(u.full_name, ''), r.rating, r.review_text,
	r.is_verified_clone, r.created_at, r.updated_at FROM marketplace_reviews r LEFT JOIN users u ON u.id = r.user_id`

func scanReview(row scanner) (*Review, error) {
	var v Review
	err := row.Scan(&v.ID, &v.MarketplaceGenieID, &v.UserID, &v.ReviewerName, &v.Rating, &v.ReviewText,
		&v.IsVerifiedClone, &v.CreatedAt, &v.UpdatedAt)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// loadReview reads a review.
func loadReview(ctx context.Context, q db.Querier, id string) (*Review, error) {
	v, err := scanReview(q.QueryRowContext(ctx, reviewSelect+` WHERE r.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("review")
	}
	if err != nil {
		return nil, fmt.Errorf("community: load review: %w", err)
	}
	return v, nil
}

// hasReviewed reports whether the user has reviewed the listing.
func hasReviewed(ctx context.Context, q db.Querier, listingID, userID string) (bool, error) {
	n, err := count(ctx, q, "reviews", `SELECT COUNT(*) FROM marketplace_reviews WHERE listing_id = $1 AND user_id = $2`, listingID, userID)
	return n > 0, err
}

// hasCloned reports whether the user has cloned the listing.
func hasCloned(ctx context.Context, q db.Querier, listingID, userID string) (bool, error) {
	n, err := count(ctx, q, "clones", `SELECT COUNT(*) FROM marketplace_clones WHERE listing_id = $1 AND user_id = $2`, listingID, userID)
	return n > 0, err
}

// insertReview stores a new review; a second review of the listing by the
// user is errReviewed.
func insertReview(ctx context.Context, w *marketplace.WriteTx, v *Review) error {
	_, err := w.ExecContext(ctx, `INSERT INTO marketplace_reviews (id, listing_id, user_id, rating, review_text,
		is_verified_clone, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
		v.ID, v.MarketplaceGenieID, v.UserID, v.Rating, v.ReviewText, v.IsVerifiedClone, v.CreatedAt)
	if db.IsUniqueViolation(err) {
		return errReviewed()
	}
	if err != nil {
		return fmt.Errorf("community: create review: %w", err)
	}
	return nil
}

// lockOwnReview reads and locks the caller's own review, returning its
// listing and rating; reviews of other users are NOT_FOUND.
func lockOwnReview(ctx context.Context, w *marketplace.WriteTx, c *auth.Caller, id, lock string) (listingID string, rating int, err error) {
	var owner string
	err = w.QueryRowContext(ctx, `SELECT user_id, listing_id, rating FROM marketplace_reviews WHERE id = $1`+lock, id).
		Scan(&owner, &listingID, &rating)
	if errors.Is(err, sql.ErrNoRows) || err == nil && owner != c.UserID {
		return "", 0, apperr.NotFound("review")
	}
	if err != nil {
		return "", 0, fmt.Errorf("community: load review: %w", err)
	}
	return listingID, rating, nil
}

// updateReview sets a review's rating and, when text is not nil, its text.
func updateReview(ctx context.Context, w *marketplace.WriteTx, id string, rating int, text *string, now time.Time) error {
	_, err := exec(ctx, w, "update review", `UPDATE marketplace_reviews SET rating = $1, review_text = COALESCE($2, review_text),
		updated_at = $3 WHERE id = $4`, rating, text, now, id)
	return err
}

// deleteReview removes a review.
func deleteReview(ctx context.Context, w *marketplace.WriteTx, id string) error {
	_, err := exec(ctx, w, "delete review", `DELETE FROM marketplace_reviews WHERE id = $1`, id)
	return err
}

// reviewFilter selects the reviews of a list.
type reviewFilter struct {
	listingID string
	rating    *int
	verified  bool
}

func (f reviewFilter) where(a *db.Params) string {
	where := ` WHERE r.listing_id = ` + a.Add(f.listingID)
	if f.rating != nil {
		where += ` AND r.rating = ` + a.Add(*f.rating)
	}
	if f.verified {
		where += ` AND r.is_verified_clone = TRUE`
	}
	return where
}

// countReviews counts the reviews of a list.
func countReviews(ctx context.Context, q db.Querier, f reviewFilter) (int64, error) {
	var a db.Params
	return count(ctx, q, "reviews", `SELECT COUNT(*) FROM marketplace_reviews r`+f.where(&a), a...)
}

// listReviews reads a page of reviews, newest first.
func listReviews(ctx context.Context, q db.Querier, f reviewFilter, limit, offset int) ([]*Review, error) {
	var a db.Params
	where := f.where(&a)
	rows, err := q.QueryContext(ctx, reviewSelect+where+` ORDER BY r.created_at DESC, r.id DESC LIMIT `+a.Add(limit)+
		` OFFSET `+a.Add(offset), a...)
	return collect(rows, err, "list reviews", scanReview)
}

// Favorites.

// insertFavorite marks the listing as the user's favorite; it reports
// false when it already was one.
func insertFavorite(ctx context.Context, w *marketplace.WriteTx, id, userID, listingID string, now time.Time) (bool, error) {
	var got string
	err := w.QueryRowContext(ctx, `INSERT INTO marketplace_favorites (id, user_id, listing_id, created_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING id`, id, userID, listingID, now).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("community: add favorite: %w", err)
	}
	return true, nil
}

// deleteFavorite removes the user's favorite of the listing, if any.
func deleteFavorite(ctx context.Context, w *marketplace.WriteTx, userID, listingID string) error {
	_, err := w.ExecContext(ctx, `DELETE FROM marketplace_favorites WHERE user_id = $1 AND listing_id = $2`, userID, listingID)
	return err
}

// favoriteFilter selects the caller's favorites (of one listing when
// listingID is set) that the caller can see.
type favoriteFilter struct {
	c         *auth.Caller
	listingID string
}

func (f favoriteFilter) where(a *db.Params) string {
	where := ` WHERE f.user_id = ` + a.Add(f.c.UserID) + publicOnly(f.c)
	if f.listingID != "" {
		where += ` AND f.listing_id = ` + a.Add(f.listingID)
	}
	return where
}

// countFavorites counts the favorites of a list.
func countFavorites(ctx context.Context, q db.Querier, f favoriteFilter) (int64, error) {
	var a db.Params
	return count(ctx, q, "favorites", `SELECT COUNT(*) FROM marketplace_favorites f JOIN marketplace_listings l ON l.id = f.listing_id`+
		f.where(&a), a...)
}

// listFavorites reads a page of the favorites with their full listings,
// newest first.
func listFavorites(ctx context.Context, q db.Querier, f favoriteFilter, limit, offset int) ([]*Favorite, error) {
	var a db.Params
	where := f.where(&a)
	rows, err := q.QueryContext(ctx, `SELECT `+marketplace.ListingColumns+`, f.id, f.created_at FROM marketplace_favorites f
		JOIN marketplace_listings l ON l.id = f.listing_id JOIN marketplace_categories c ON c.id = l.category_id
		LEFT JOIN marketplace_brands b ON b.id = l.brand_id`+where+` ORDER BY f.created_at DESC, f.id DESC LIMIT `+a.Add(limit)+
		` OFFSET `+a.Add(offset), a...)
	return collect(rows, err, "list favorites", func(r scanner) (*Favorite, error) {
		var f Favorite
		l, err := marketplace.ScanListing(r, &f.ID, &f.CreatedAt)
		if err != nil {
			return nil, err
		}
		f.MarketplaceGenieID, f.MarketplaceGenie = l.ID, *l
		return &f, nil
	})
}

// Collections.

// collectionSelect reads collections k with the number of their listings
// the caller can see (the extra condition hides non-public ones).
func collectionSelect(c *auth.Caller) string {
	return `SELECT k.id, k.user_id, k.name, k.description, k.is_public, k.created_at, k.updated_at,
		(SELECT COUNT(*) FROM marketplace_collection_genies g JOIN marketplace_listings l ON l.id = g.listing_id
		WHERE g.collection_id = k.id` + publicOnly(c) + `) FROM marketplace_collections k`
}

func scanCollection(row scanner) (*Collection, error) {
	var k Collection
	if err := row.Scan(&k.ID, &k.UserID, &k.Name, &k.Description, &k.IsPublic, &k.CreatedAt, &k.UpdatedAt, &k.GenieCount); err != nil {
		return nil, err
	}
	return &k, nil
}

// loadCollection reads a collection the caller may see: their own, any
// public one, or any for admins; others are NOT_FOUND.
func loadCollection(ctx context.Context, q db.Querier, c *auth.Caller, id string) (*Collection, error) {
	k, err := scanCollection(q.QueryRowContext(ctx, collectionSelect(c)+` WHERE k.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) || err == nil && k.UserID != c.UserID && !k.IsPublic && !c.IsAdmin() {
		return nil, apperr.NotFound("collection")
	}
	if err != nil {
		return nil, fmt.Errorf("community: load collection: %w", err)
	}
	return k, nil
}

// countCollections counts the caller's collections.
func countCollections(ctx context.Context, q db.Querier, c *auth.Caller) (int64, error) {
	return count(ctx, q, "collections", `SELECT COUNT(*) FROM marketplace_collections WHERE user_id = $1`, c.UserID)
}

// listCollections reads a page of the caller's collections, newest first.
func listCollections(ctx context.Context, q db.Querier, c *auth.Caller, limit, offset int) ([]*Collection, error) {
	rows, err := q.QueryContext(ctx, collectionSelect(c)+` WHERE k.user_id = $1
		ORDER BY k.created_at DESC, k.id DESC LIMIT $2 OFFSET $3`, c.UserID, limit, offset)
	return collect(rows, err, "list collections", scanCollection)
}

// collectionListings reads a collection's listings the caller can see,
// most recently added first.
func collectionListings(ctx context.Context, q db.Querier, c *auth.Caller, id string) ([]*marketplace.Listing, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+marketplace.ListingColumns+` FROM marketplace_collection_genies g
		JOIN marketplace_listings l ON l.id = g.listing_id JOIN marketplace_categories c ON c.id = l.category_id
		LEFT JOIN marketplace_brands b ON b.id = l.brand_id WHERE g.collection_id = $1`+publicOnly(c)+`
		ORDER BY g.added_at DESC, l.seq DESC`, id)
	return collect(rows, err, "collection listings", func(r scanner) (*marketplace.Listing, error) { return marketplace.ScanListing(r) })
}

// insertCollection stores a new collection.
func insertCollection(ctx context.Context, w *marketplace.WriteTx, k *Collection) error {
	_, err := w.ExecContext(ctx, `INSERT INTO marketplace_collections (id, user_id, name, description, is_public,
		created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, k.ID, k.UserID, k.Name, k.Description, k.IsPublic, k.CreatedAt)
	return err
}

// lockOwnCollection locks the caller's own collection; others are
// NOT_FOUND.
func lockOwnCollection(ctx context.Context, w *marketplace.WriteTx, c *auth.Caller, id, lock string) error {
	var owner string
	err := w.QueryRowContext(ctx, `SELECT user_id FROM marketplace_collections WHERE id = $1`+lock, id).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) || err == nil && owner != c.UserID {
		return apperr.NotFound("collection")
	}
	if err != nil {
		return fmt.Errorf("community: load collection: %w", err)
	}
	return nil
}

// collectionChange is the fields of a collection an update changes (nil:
// unchanged).
type collectionChange struct {
	name     *string
	desc     *string
	isPublic *bool
}

// updateCollection changes the given fields and updated_at.
func updateCollection(ctx context.Context, w *marketplace.WriteTx, id string, ch collectionChange, now time.Time) error {
	_, err := exec(ctx, w, "update collection", `UPDATE marketplace_collections SET name = COALESCE($1, name),
		description = COALESCE($2, description), is_public = COALESCE($3, is_public), updated_at = $4 WHERE id = $5`,
		ch.name, ch.desc, ch.isPublic, now, id)
	return err
}

// touchCollection sets updated_at.
func touchCollection(ctx context.Context, w *marketplace.WriteTx, id, what string, now time.Time) error {
	_, err := exec(ctx, w, what+" collection", `UPDATE marketplace_collections SET updated_at = $1 WHERE id = $2`, now, id)
	return err
}

// deleteCollection removes a collection (its entries go with it).
func deleteCollection(ctx context.Context, w *marketplace.WriteTx, id string) error {
	_, err := exec(ctx, w, "delete collection", `DELETE FROM marketplace_collections WHERE id = $1`, id)
	return err
}

// countCollectionGenies counts a collection's entries, visible or not.
func countCollectionGenies(ctx context.Context, q db.Querier, id string) (int64, error) {
	return count(ctx, q, "collection", `SELECT COUNT(*) FROM marketplace_collection_genies WHERE collection_id = $1`, id)
}

// addCollectionGenie adds the listing to the collection unless it is in it.
func addCollectionGenie(ctx context.Context, w *marketplace.WriteTx, id, listingID string, now time.Time) error {
	_, err := exec(ctx, w, "add-genie collection", `INSERT INTO marketplace_collection_genies (collection_id, listing_id, added_at)
		VALUES ($1, $2, $3) ON CONFLICT (collection_id, listing_id) DO NOTHING`, id, listingID, now)
	return err
}

// removeCollectionGenie removes the listing from the collection, if there.
func removeCollectionGenie(ctx context.Context, w *marketplace.WriteTx, id, listingID string) error {
	_, err := exec(ctx, w, "remove-genie collection", `DELETE FROM marketplace_collection_genies WHERE collection_id = $1 AND listing_id = $2`,
		id, listingID)
	return err
}

// Submissions.

const submissionSelect = `SELECT id, user_id, agent_id, submission_data, status, admin_notes, reviewed_by, reviewed_at,
	created_at, updated_at FROM marketplace_submissions`

// scanSubmission reads a submission; its nullable columns scan straight
// into the pointer fields (NULL is nil).
func scanSubmission(row scanner) (*Submission, error) {
	var (
		v    Submission
		data string
	)
	if err := row.Scan(&v.ID, &v.UserID, &v.AgentID, &data, &v.Status, &v.AdminNotes, &v.ReviewedBy, &v.ReviewedAt,
		&v.CreatedAt, &v.UpdatedAt); err != nil {
		return nil, err
	}
	v.SubmissionData = field.RawObject(data)
	if !json.Valid(v.SubmissionData) {
		v.SubmissionData = field.RawObject("{}")
	}
	return &v, nil
}

// loadSubmission reads a submission.
func loadSubmission(ctx context.Context, q db.Querier, id, lock string) (*Submission, error) {
	v, err := scanSubmission(q.QueryRowContext(ctx, submissionSelect+` WHERE id = $1`+lock, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("submission")
	}
	if err != nil {
		return nil, fmt.Errorf("community: load submission: %w", err)
	}
	return v, nil
}

// submissionFilter selects the submissions of a list: userID's ("" for
// everyone's) with status ("" for any).
type submissionFilter struct {
	userID string
	status string
}

func (f submissionFilter) where(a *db.Params) string {
	conds := []string{"TRUE"}
	if f.userID != "" {
		conds = append(conds, "user_id = "+a.Add(f.userID))
	}
	if f.status != "" {
		conds = append(conds, "status = "+a.Add(f.status))
	}
	return ` WHERE ` + strings.Join(conds, " AND ")
}

// countSubmissions counts the submissions of a list.
func countSubmissions(ctx context.Context, q db.Querier, f submissionFilter) (int64, error) {
	var a db.Params
	return count(ctx, q, "submissions", `SELECT COUNT(*) FROM marketplace_submissions`+f.where(&a), a...)
}

// listSubmissions reads a page of submissions, newest first.
func listSubmissions(ctx context.Context, q db.Querier, f submissionFilter, limit, offset int) ([]*Submission, error) {
	var a db.Params
	where := f.where(&a)
	rows, err := q.QueryContext(ctx, submissionSelect+where+` ORDER BY created_at DESC, id DESC LIMIT `+a.Add(limit)+
		` OFFSET `+a.Add(offset), a...)
	return collect(rows, err, "list submissions", scanSubmission)
}

// insertSubmission stores a new submission.
func insertSubmission(ctx context.Context, w *marketplace.WriteTx, v *Submission, data string) error {
	_, err := exec(ctx, w, "create submission", `INSERT INTO marketplace_submissions (id, user_id, agent_id, submission_data, status,
		created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, v.ID, v.UserID, v.AgentID, data, v.Status, v.CreatedAt)
	return err
}

// deleteSubmission removes a submission (userID's only, unless userID is
// ""); a missing one is NOT_FOUND.
func deleteSubmission(ctx context.Context, w *marketplace.WriteTx, id, userID string) error {
	q, a := `DELETE FROM marketplace_submissions WHERE id = $1`, []any{id}
	if userID != "" {
		q, a = q+` AND user_id = $2`, append(a, userID)
	}
	res, err := exec(ctx, w, "delete submission", q, a...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("community: delete submission: %w", err)
	}
	if n == 0 {
		return apperr.NotFound("submission")
	}
	return nil
}

// moveSubmission sets a submission's status, reviewer and review time;
// notes replace admin_notes when not nil, clear empties them.
func moveSubmission(ctx context.Context, w *marketplace.WriteTx, id, to, reviewer string, notes *string, clear bool, now time.Time) error {
	set, a := `status = $1, reviewed_by = $2, reviewed_at = $3, updated_at = $3`, []any{to, reviewer, now}
	switch {
	case notes != nil:
		set, a = set+`, admin_notes = $4`, append(a, *notes)
	case clear:
		set += `, admin_notes = NULL`
	}
	a = append(a, id)
	_, err := exec(ctx, w, "moderate submission", `UPDATE marketplace_submissions SET `+set+fmt.Sprintf(` WHERE id = $%d`, len(a)), a...)
	return err
}
