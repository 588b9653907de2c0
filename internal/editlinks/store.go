package editlinks

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// record is a stored link row.
type record struct {
	DocumentID     string
	TokenHash      string
	TokenSealed    string
	PINHash        sql.NullString
	FailedAttempts int
	LockedUntil    sql.NullTime
	LastUsedAt     sql.NullTime
	CreatedAt      time.Time
}

const recordColumns = `document_id, token_hash, token_sealed, pin_hash, failed_attempts, locked_until, last_used_at, created_at`

func scanRecord(row interface{ Scan(...any) error }) (*record, error) {
	var r record
	err := row.Scan(&r.DocumentID, &r.TokenHash, &r.TokenSealed, &r.PINHash, &r.FailedAttempts, &r.LockedUntil, &r.LastUsedAt, &r.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// errNoLinkForDocument is the owner-side NOT_FOUND for a document without a
// link (set-pin before generate).
func errNoLinkForDocument() error {
	return apperr.New(apperr.CodeNotFound, "this document has no edit link: call generate first")
}

// loadByDocument returns the document's link, or errNoLinkForDocument.
// lock is db.ForUpdate() inside a transaction, else "".
func loadByDocument(ctx context.Context, q db.Querier, documentID, lock string) (*record, error) {
	return loadWhere(ctx, q, "document_id", documentID, lock, errNoLinkForDocument)
}

// loadByHash returns the link whose token has the hash, or the one public
// NOT_FOUND.
func loadByHash(ctx context.Context, q db.Querier, tokenHash, lock string) (*record, error) {
	return loadWhere(ctx, q, "token_hash", tokenHash, lock, errNoLink)
}

// loadWhere reads the link whose column (a constant name) has value.
func loadWhere(ctx context.Context, q db.Querier, column, value, lock string, notFound func() error) (*record, error) {
	r, err := scanRecord(q.QueryRowContext(ctx, `SELECT `+recordColumns+` FROM doc_edit_links WHERE `+column+` = $1`+lock, value))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("editlinks: load link: %w", err)
	}
	return r, nil
}

// lockDocument locks the document's row for the rest of the transaction;
// a document deleted meanwhile has lost its link, so it is the public
// NOT_FOUND.
func lockDocument(ctx context.Context, tx *sql.Tx, documentID, lock string) error {
	var id string
	err := tx.QueryRowContext(ctx, `SELECT id FROM documents WHERE id = $1`+lock, documentID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return errNoLink()
	}
	if err != nil {
		return fmt.Errorf("editlinks: lock document: %w", err)
	}
	return nil
}

// insert stores a new link unless the document already has one; it reports
// whether it inserted.
func insert(ctx context.Context, tx *sql.Tx, r *record) (bool, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO doc_edit_links (document_id, token_hash, token_sealed, failed_attempts, created_at, updated_at)
		VALUES ($1, $2, $3, 0, $4, $4) ON CONFLICT (document_id) DO NOTHING`, r.DocumentID, r.TokenHash, r.TokenSealed, r.CreatedAt)
	if db.IsForeignKeyViolation(err) {
		return false, apperr.NotFound("document")
	}
	if err != nil {
		return false, fmt.Errorf("editlinks: insert link: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("editlinks: insert link: %w", err)
	}
	return n == 1, nil
}

// replaceToken gives the link a new token and clears the lockout.
func replaceToken(ctx context.Context, tx *sql.Tx, documentID, tokenHash, sealed string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE doc_edit_links SET token_hash = $1, token_sealed = $2, failed_attempts = 0, locked_until = NULL, updated_at = $3
		WHERE document_id = $4`, tokenHash, sealed, now, documentID)
	if err != nil {
		return fmt.Errorf("editlinks: rotate token: %w", err)
	}
	return nil
}

// setPINHash sets or clears the PIN hash, clears the lockout and returns
// the updated row, or errNoLinkForDocument.
func setPINHash(ctx context.Context, q db.Querier, documentID string, pinHash *string, now time.Time) (*record, error) {
	r, err := scanRecord(q.QueryRowContext(ctx, `UPDATE doc_edit_links SET pin_hash = $1, failed_attempts = 0, locked_until = NULL, updated_at = $2
		WHERE document_id = $3 RETURNING `+recordColumns, pinHash, now, documentID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoLinkForDocument()
	}
	if err != nil {
		return nil, fmt.Errorf("editlinks: set pin: %w", err)
	}
	return r, nil
}

// recordFailure stores the count of consecutive wrong PINs and the end of
// the lock (nil for none).
func recordFailure(ctx context.Context, tx *sql.Tx, documentID string, failed int, lockedUntil *time.Time, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE doc_edit_links SET failed_attempts = $1, locked_until = $2, updated_at = $3 WHERE document_id = $4`,
		failed, lockedUntil, now, documentID)
	if err != nil {
		return fmt.Errorf("editlinks: record wrong pin: %w", err)
	}
	return nil
}

// markUsed records a successful save: lastUsedAt moves and the lockout
// counter starts again.
func markUsed(ctx context.Context, tx *sql.Tx, documentID string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE doc_edit_links SET last_used_at = $1, failed_attempts = 0, locked_until = NULL, updated_at = $1
		WHERE document_id = $2`, now, documentID)
	if err != nil {
		return fmt.Errorf("editlinks: mark link used: %w", err)
	}
	return nil
}

// deleteLink removes the document's link, if any.
func deleteLink(ctx context.Context, q db.Querier, documentID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM doc_edit_links WHERE document_id = $1`, documentID); err != nil {
		return fmt.Errorf("editlinks: revoke: %w", err)
	}
	return nil
}

// publicView reads the document behind a token hash for public-get, or
// the one public NOT_FOUND.
func publicView(ctx context.Context, q db.Querier, tokenHash string) (*View, error) {
	var (
		v       View
		ownerID string
		pinHash sql.NullString
		updated time.Time
	)
	err := q.QueryRowContext(ctx, `SELECT d.id, d.name, d.content, d.updated_at, d.user_id, l.pin_hash
		FROM doc_edit_links l JOIN documents d ON d.id = l.document_id WHERE l.token_hash = $1`, tokenHash).
		Scan(&v.DocumentID, &v.DocumentName, &v.Content, &updated, &ownerID, &pinHash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoLink()
	}
	if err != nil {
		return nil, fmt.Errorf("editlinks: public view: %w", err)
	}
	v.RequiresPIN, v.UpdatedAt = pinHash.Valid, &updated
	if v.AgentNames, err = agentNames(ctx, q, v.DocumentID, ownerID); err != nil {
		return nil, err
	}
	return &v, nil
}

// agentNames lists, by name, the document owner's genies that use the
// document. Other users' genies that use a public document are left out:
// the page is open to anyone holding the link, and their names are not the
// owner's to share.
func agentNames(ctx context.Context, q db.Querier, documentID, ownerID string) ([]string, error) {
	names, err := db.Values[string](ctx, q, `SELECT g.name FROM genies g JOIN genie_documents gd ON gd.genie_id = g.id
		WHERE gd.document_id = $1 AND g.user_id = $2 ORDER BY g.name, g.id`, documentID, ownerID)
	if err != nil {
		return nil, fmt.Errorf("editlinks: genie names: %w", err)
	}
	return names, nil
}
