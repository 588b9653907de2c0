package documents

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// CopyForGenieTx copies, inside tx, every document linked to genieID into
// new private documents owned by ownerID, in the genie's document order,
// and returns the new document IDs. The marketplace uses it when a user
// clones a template genie.
func CopyForGenieTx(ctx context.Context, tx *sql.Tx, genieID, ownerID string, now time.Time) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT d.id FROM genie_documents gd JOIN documents d ON d.id = gd.document_id
		WHERE gd.genie_id = $1 ORDER BY gd.position`, genieID)
	if err != nil {
		return nil, fmt.Errorf("documents: list genie documents: %w", err)
	}
	var src []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("documents: list genie documents: %w", err)
		}
		src = append(src, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("documents: list genie documents: %w", err)
	}
	out := make([]string, 0, len(src))
	for _, id := range src {
		nid := uuid.NewString()
		if _, err := tx.ExecContext(ctx, `INSERT INTO documents (id, user_id, name, content, is_public, created_at, updated_at)
			SELECT $1, $2, name, content, FALSE, $3, $3 FROM documents WHERE id = $4`, nid, ownerID, now, id); err != nil {
			return nil, fmt.Errorf("documents: copy document: %w", err)
		}
		out = append(out, nid)
	}
	return out, nil
}
