package marketplace

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
)

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

// SubmissionEvent is the data of marketplace.submission.created and
// marketplace.submission.status_changed.
type SubmissionEvent struct {
	SubmissionID   string  `json:"submission_id"`
	AgentID        string  `json:"agent_id"`
	Status         string  `json:"status"`
	PreviousStatus string  `json:"previous_status,omitempty"`
	ListingID      *string `json:"listing_id,omitempty" doc:"The listing an approval published."`
}

// Submission is a user's request to have a genie listed in the marketplace.
type Submission struct {
	ID             string     `json:"id"`
	UserID         string     `json:"user_id"`
	AgentID        *string    `json:"agent_id" doc:"The genie to list; null once it is deleted."`
	SubmissionData rawJSON    `json:"submission_data" doc:"What the listing should say, as submitted."`
	Status         string     `json:"status" schema:"enum=pending|under_review|approved|rejected"`
	AdminNotes     *string    `json:"admin_notes"`
	ReviewedBy     *string    `json:"reviewed_by" doc:"The admin who last moved it."`
	ReviewedAt     *time.Time `json:"reviewed_at"`
	CreatedAt      time.Time  `json:"created_at"`
	UpdatedAt      time.Time  `json:"updated_at"`
}

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
	AgentID        *string `json:"agent_id" schema:"required" doc:"Your genie."`
	SubmissionData rawJSON `json:"submission_data" doc:"What the listing should say: slug, display_name, category_id (required to be approved), tagline, description, brand_id, thumbnail_url, demo_video_url, metadata. At most 64 KiB of JSON; default {}."`
}

// SubmissionModerateRequest is the data of submissions in modes approve,
// reject and under-review (admins only).
type SubmissionModerateRequest struct {
	SubmissionID *string              `json:"submission_id" doc:"The submission; required unless the request id names it."`
	AdminNotes   api.Optional[string] `json:"admin_notes" schema:"maxLength=5000" doc:"Replaces the notes; null empties them."`
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
	Listing    Listing    `json:"listing"`
	Submission Submission `json:"submission"`
}

const submissionCols = `id, user_id, agent_id, submission_data, status, admin_notes, reviewed_by, reviewed_at, created_at, updated_at`

func scanSubmission(row interface{ Scan(...any) error }) (*Submission, error) {
	var (
		v                      Submission
		agent, notes, reviewer sql.NullString
		reviewed               sql.NullTime
		data                   string
	)
	if err := row.Scan(&v.ID, &v.UserID, &agent, &data, &v.Status, &notes, &reviewer, &reviewed, &v.CreatedAt, &v.UpdatedAt); err != nil {
		return nil, err
	}
	v.AgentID, v.AdminNotes, v.ReviewedBy = ptr(agent), ptr(notes), ptr(reviewer)
	if reviewed.Valid {
		v.ReviewedAt = &reviewed.Time
	}
	v.SubmissionData = rawJSON(data)
	if !json.Valid(v.SubmissionData) {
		v.SubmissionData = rawJSON("{}")
	}
	return &v, nil
}

// submissionData validates submission_data: an object (default {}).
func submissionData(raw rawJSON) (string, error) {
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

func (s *Service) submissionsAction(ctx context.Context, r *api.Request) (*api.Response, error) {
	mode, err := bindMode(r)
	if err != nil {
		return nil, err
	}
	c := r.Caller
	switch mode {
	case "":
		var in SubmissionListRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		limit, offset, err := communityPage(in.Limit, in.Offset)
		if err != nil {
			return nil, err
		}
		status := ""
		if in.Status != nil {
			status = strings.TrimSpace(*in.Status)
			switch status {
			case SubmissionPending, SubmissionUnderReview, SubmissionApproved, SubmissionRejected:
			default:
				return nil, apperr.Invalid("status", "status must be pending, approved, rejected or under_review")
			}
		}
		items, n, err := s.listSubmissions(ctx, c, status, limit, offset)
		if err != nil {
			return nil, err
		}
		return api.OK(SubmissionPage(listResult(items, n, limit, offset))), nil
	case "create":
		var in SubmissionCreateRequest
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		agentID, err := idParam("agent_id", in.AgentID, r, false)
		if err != nil {
			return nil, err
		}
		data, err := submissionData(in.SubmissionData)
		if err != nil {
			return nil, err
		}
		if _, err := genies.Owned(ctx, s.DB.R, c, agentID); err != nil {
			return nil, err
		}
		id, now := uuid.NewString(), s.DB.Now()
		if err := s.write(ctx, func(tx *Write) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_submissions (id, user_id, agent_id, submission_data, status,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, id, c.UserID, agentID, data, SubmissionPending, now); err != nil {
				return fmt.Errorf("marketplace: create submission: %w", err)
			}
			// A platform event too: admins' platform endpoints hear of
			// submissions awaiting review.
			return s.Events.Record(ctx, tx, c.UserID, events.SubmissionCreated, SubmissionEvent{SubmissionID: id, AgentID: agentID,
				Status: SubmissionPending})
		}); err != nil {
			return nil, err
		}
		v, err := s.loadSubmission(ctx, id)
		if err != nil {
			return nil, err
		}
		return api.Created(SubmissionAnswer{Submission: *v}), nil
	case "delete":
		var in SubmissionRef
		if err := r.Bind(&in); err != nil {
			return nil, err
		}
		id, err := idParam("submission_id", in.SubmissionID, r, true)
		if err != nil {
			return nil, err
		}
		q, a := `DELETE FROM marketplace_submissions WHERE id = $1`, []any{id}
		if !c.IsAdmin() {
			q, a = q+` AND user_id = $2`, append(a, c.UserID)
		}
		if err := s.write(ctx, func(tx *Write) error {
			res, err := tx.ExecContext(ctx, q, a...)
			if err != nil {
				return fmt.Errorf("marketplace: delete submission: %w", err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("marketplace: delete submission: %w", err)
			} else if n == 0 {
				return apperr.NotFound("submission")
			}
			return nil
		}); err != nil {
			return nil, err
		}
		return api.OK(Removed{ID: id, Success: true}), nil
	}
	to, ok := moderation[mode]
	if !ok {
		return nil, badMode("create, approve, reject, under-review or delete (or omitted to list)")
	}
	var in SubmissionModerateRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	if !c.IsAdmin() {
		return nil, apperr.AdminOnly()
	}
	id, err := idParam("submission_id", in.SubmissionID, r, true)
	if err != nil {
		return nil, err
	}
	var notes *string
	if p := in.AdminNotes.Ptr(); p != nil {
		n := strings.TrimSpace(*p)
		if err := api.MaxLen("admin_notes", n, MaxAdminNotesLen); err != nil {
			return nil, err
		}
		notes = &n
	}
	v, listingID, err := s.moderate(ctx, c, id, mode, to, notes, in.AdminNotes.Set && in.AdminNotes.Null)
	if err != nil {
		return nil, err
	}
	if to != SubmissionApproved {
		return api.OK(SubmissionAnswer{Submission: *v}), nil
	}
	l, err := s.loadAdmin(ctx, listingID)
	if err != nil {
		return nil, err
	}
	return api.OK(Approved{Listing: *l, Submission: *v}), nil
}

// publish creates the listing an approved submission asks for, inside the
// approval's transaction: submission_data holds the listing's fields
// (slug, display_name and category_id required; tagline, description,
// brand_id, thumbnail_url, demo_video_url, metadata), for the submission's
// genie. is_featured and is_public are the marketplace's to decide: the
// listing is public and not featured. Data that cannot make a listing is a
// VALIDATION_ERROR naming submission_data.<field>, and the transaction,
// status change included, is rolled back.
func (s *Service) publish(ctx context.Context, tx *Write, agentID *string, data string) (string, error) {
	var in ListingRequest
	if err := api.Decode(json.RawMessage(data), &in); err != nil {
		return "", inSubmissionData(err)
	}
	if agentID == nil {
		return "", apperr.Invalid("agent_id", "the submission's genie no longer exists, so it cannot be listed")
	}
	in.AgentID = agentID
	in.IsFeatured, in.IsPublic = nil, nil
	p, err := in.validate(true)
	if err != nil {
		return "", inSubmissionData(err)
	}
	id, err := s.createTx(ctx, tx, p)
	return id, inSubmissionData(err)
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

// moderate moves a submission to status to (admin only, checked by the
// caller), recording the reviewer and the time; notes replace admin_notes
// when given (clear empties them). Approval publishes the listing in the
// same transaction and returns its id.
func (s *Service) moderate(ctx context.Context, c *auth.Caller, id, mode, to string, notes *string, clear bool) (*Submission, string, error) {
	var listingID string
	err := s.write(ctx, func(tx *Write) error {
		var from, data, owner string
		var agent sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT status, agent_id, submission_data, user_id FROM marketplace_submissions WHERE id = $1`+s.DB.ForUpdate(), id).
			Scan(&from, &agent, &data, &owner)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.NotFound("submission")
		}
		if err != nil {
			return fmt.Errorf("marketplace: load submission: %w", err)
		}
		allowed := false
		for _, st := range submissionMoves[from] {
			allowed = allowed || st == to
		}
		if !allowed {
			return apperr.Invalid("mode", "mode %s cannot move a submission that is %s (to %s)", mode, from, to)
		}
		now := s.DB.Now()
		set, a := `status = $1, reviewed_by = $2, reviewed_at = $3, updated_at = $3`, []any{to, c.UserID, now}
		switch {
		case notes != nil:
			set, a = set+`, admin_notes = $4`, append(a, *notes)
		case clear:
			set += `, admin_notes = NULL`
		}
		a = append(a, id)
		if _, err := tx.ExecContext(ctx, `UPDATE marketplace_submissions SET `+set+fmt.Sprintf(` WHERE id = $%d`, len(a)), a...); err != nil {
			return fmt.Errorf("marketplace: moderate submission: %w", err)
		}
		if to == SubmissionApproved {
			if listingID, err = s.publish(ctx, tx, ptr(agent), data); err != nil {
				return err
			}
		}
		ev := SubmissionEvent{SubmissionID: id, Status: to, PreviousStatus: from}
		if agent.Valid {
			ev.AgentID = agent.String
		}
		if listingID != "" {
			ev.ListingID = &listingID
		}
		return s.Events.Record(ctx, tx, owner, events.SubmissionStatusChanged, ev)
	})
	if err != nil {
		return nil, "", err
	}
	v, err := s.loadSubmission(ctx, id)
	return v, listingID, err
}

func (s *Service) loadSubmission(ctx context.Context, id string) (*Submission, error) {
	v, err := scanSubmission(s.DB.R.QueryRowContext(ctx, `SELECT `+submissionCols+` FROM marketplace_submissions WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("submission")
	}
	if err != nil {
		return nil, fmt.Errorf("marketplace: load submission: %w", err)
	}
	return v, nil
}

// listSubmissions returns a page of submissions, newest first: all of them
// for admins, the caller's own for others.
func (s *Service) listSubmissions(ctx context.Context, c *auth.Caller, status string, limit, offset int) ([]*Submission, int64, error) {
	var a args
	conds := []string{"TRUE"}
	if !c.IsAdmin() {
		conds = append(conds, "user_id = "+a.add(c.UserID))
	}
	if status != "" {
		conds = append(conds, "status = "+a.add(status))
	}
	where := ` WHERE ` + strings.Join(conds, " AND ")
	var total int64
	if err := s.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_submissions`+where, a...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("marketplace: count submissions: %w", err)
	}
	rows, err := s.DB.R.QueryContext(ctx, `SELECT `+submissionCols+` FROM marketplace_submissions`+where+
		` ORDER BY created_at DESC, id DESC LIMIT `+a.add(limit)+` OFFSET `+a.add(offset), a...)
	if err != nil {
		return nil, 0, fmt.Errorf("marketplace: list submissions: %w", err)
	}
	out, err := collect(rows, "list submissions", func(r *sql.Rows) (*Submission, error) { return scanSubmission(r) })
	return out, total, err
}
