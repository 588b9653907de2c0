package editlinks

import (
	"context"
	"fmt"

	"genie/internal/db"
	"genie/internal/secrets"
)

// settingsKey names the generated key in the settings table.
const settingsKey = "edit_link_key"

// sealer encrypts tokens at rest with AES-256-GCM. The document ID is the
// additional data, so a sealed token copied to another row does not open.
type sealer struct{ box *secrets.Box }

// LoadKey returns the 32-byte edit-link key: derived (SHA-256) from the
// configured secret when one is given, else generated once and kept in the
// settings table so that every process sharing the database agrees on it,
// as the JWT secret is.
func LoadKey(ctx context.Context, d *db.DB, configured string) ([]byte, error) {
	k, err := secrets.Key(ctx, d, settingsKey, configured)
	if err != nil {
		return nil, fmt.Errorf("editlinks: %w", err)
	}
	return k, nil
}

func newSealer(key []byte) (*sealer, error) {
	box, err := secrets.NewBox(key)
	if err != nil {
		return nil, fmt.Errorf("editlinks: %w", err)
	}
	return &sealer{box: box}, nil
}

// seal encrypts token for the document's row.
func (s *sealer) seal(documentID, token string) string {
	return s.box.Seal(token, []byte(documentID))
}

// open decrypts a sealed token; it fails when the key changed.
func (s *sealer) open(documentID, sealed string) (string, error) {
	plain, err := s.box.Open(sealed, []byte(documentID))
	if err != nil {
		return "", fmt.Errorf("editlinks: the token of the link of document %s cannot be opened with the current edit-link key (rotate the link): %w", documentID, err)
	}
	return plain, nil
}
