package genies

import (
	"context"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// The writes below are those other resources make to genie rows (groups,
// documents, the marketplace): this package owns the genies table, so they
// call these inside their own transactions (q is that transaction, or a
// wrapper over it) instead of writing the table themselves. Each is one
// statement; the caller keeps its lock order.

// SetGroup puts the genie in the group (nil: in none) and moves its
// updated_at. The caller has checked that both belong to the same user.
func SetGroup(ctx context.Context, q db.Querier, genieID string, groupID *int64, now time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE genies SET group_id = $1, updated_at = $2 WHERE id = $3`, groupID, now, genieID); err != nil {
		return fmt.Errorf("sync genie group: %w", err)
	}
	return nil
}

// ClearGroup takes every genie of the group out of it (the group is being
// deleted), moving their updated_at.
func ClearGroup(ctx context.Context, q db.Querier, groupID int64, now time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE genies SET group_id = NULL, updated_at = $1 WHERE group_id = $2`, now, groupID); err != nil {
		return fmt.Errorf("ungroup genies: %w", err)
	}
	return nil
}

// RefreshKnowledge marks every genie that uses the document as having new
// knowledge: its knowledge version grows and knowledge_updated_at and
// updated_at move to now.
func RefreshKnowledge(ctx context.Context, q db.Querier, documentID string, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE genies SET knowledge_version = knowledge_version + 1, knowledge_updated_at = $1, updated_at = $1
		WHERE id IN (SELECT genie_id FROM genie_documents WHERE document_id = $2)`, now, documentID)
	if err != nil {
		return fmt.Errorf("refresh genies: %w", err)
	}
	return nil
}

// LinkTemplate makes the genie the marketplace template of the listing.
func LinkTemplate(ctx context.Context, q db.Querier, genieID, listingID string, now time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE genies SET is_template = TRUE, marketplace_genie_id = $1, updated_at = $2 WHERE id = $3`,
		listingID, now, genieID); err != nil {
		return fmt.Errorf("link marketplace template: %w", err)
	}
	return nil
}

// UnlinkTemplate makes the genie a normal genie again if it is still the
// template of the listing (it is left alone otherwise).
func UnlinkTemplate(ctx context.Context, q db.Querier, genieID, listingID string, now time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE genies SET is_template = FALSE, marketplace_genie_id = NULL, updated_at = $1
		WHERE id = $2 AND marketplace_genie_id = $3`, now, genieID, listingID); err != nil {
		return fmt.Errorf("unlink marketplace template: %w", err)
	}
	return nil
}
