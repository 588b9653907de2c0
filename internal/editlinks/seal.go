package editlinks

import (
	"context"
	"fmt"

	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// sealer encrypts tokens at rest with AES-256-GCM under the edit-link key
// (secrets.EditLinkKey, kept outside the database). The document ID is the
// additional data, so a sealed token copied to another row does not open.
type sealer struct{ ring *secrets.Ring }

// seal encrypts token for the document's row.
func (s *sealer) seal(documentID, token string) string {
	return s.ring.Seal(token, []byte(documentID))
}

// open decrypts a sealed token; it fails when no live key sealed it.
func (s *sealer) open(documentID, sealed string) (string, error) {
	plain, _, err := s.ring.Open(sealed, []byte(documentID))
	if err != nil {
		return "", fmt.Errorf("editlinks: the token of the link of document %s cannot be opened with the edit-link keys (rotate the link): %w", documentID, err)
	}
	return plain, nil
}

// Reseal seals every stored token again with the current edit-link key.
// Tokens that no live key opens are counted in failed (their links still
// work; only reading the token back needs a rotate).
func Reseal(ctx context.Context, d *db.DB, ring *secrets.Ring) (resealed, failed int, err error) {
	return secrets.Reseal(ctx, d, `SELECT document_id, token_sealed FROM doc_edit_links`,
		`UPDATE doc_edit_links SET token_sealed = $1 WHERE document_id = $2 AND token_sealed = $3`,
		func(id, sealed string) (string, bool, error) { return ring.Open(sealed, []byte(id)) },
		func(id, plain string) string { return ring.Seal(plain, []byte(id)) })
}
