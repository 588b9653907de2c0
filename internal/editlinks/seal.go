package editlinks

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"

	"genie/internal/db"
)

// settingsKey names the generated key in the settings table.
const settingsKey = "edit_link_key"

// sealer encrypts tokens at rest with AES-256-GCM. The document ID is the
// additional data, so a sealed token copied to another row does not open.
type sealer struct{ aead cipher.AEAD }

// LoadKey returns the 32-byte edit-link key: derived (SHA-256) from the
// configured secret when one is given, else generated once and kept in the
// settings table so that every process sharing the database agrees on it,
// as the JWT secret is.
func LoadKey(ctx context.Context, d *db.DB, configured string) ([]byte, error) {
	if configured != "" {
		k := sha256.Sum256([]byte(configured))
		return k[:], nil
	}
	b := make([]byte, 32)
	rand.Read(b)
	if _, err := d.W.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
		settingsKey, base64.RawStdEncoding.EncodeToString(b)); err != nil {
		return nil, fmt.Errorf("editlinks: store key: %w", err)
	}
	var v string
	if err := d.W.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = $1`, settingsKey).Scan(&v); err != nil {
		return nil, fmt.Errorf("editlinks: read key: %w", err)
	}
	k, err := base64.RawStdEncoding.DecodeString(v)
	if err != nil || len(k) != 32 {
		return nil, errors.New("editlinks: the stored edit_link_key setting is not 32 bytes of base64")
	}
	return k, nil
}

func newSealer(key []byte) (*sealer, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("editlinks: key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("editlinks: key: %w", err)
	}
	return &sealer{aead: aead}, nil
}

// seal encrypts token for the document's row: base64(nonce || ciphertext).
func (s *sealer) seal(documentID, token string) string {
	nonce := make([]byte, s.aead.NonceSize())
	rand.Read(nonce)
	out := s.aead.Seal(nonce, nonce, []byte(token), []byte(documentID))
	return base64.RawStdEncoding.EncodeToString(out)
}

// open decrypts a sealed token; it fails when the key changed.
func (s *sealer) open(documentID, sealed string) (string, error) {
	b, err := base64.RawStdEncoding.DecodeString(sealed)
	n := s.aead.NonceSize()
	if err != nil || len(b) < n {
		return "", errors.New("editlinks: sealed token is malformed")
	}
	plain, err := s.aead.Open(nil, b[:n], b[n:], []byte(documentID))
	if err != nil {
		return "", fmt.Errorf("editlinks: the token of the link of document %s cannot be opened with the current edit-link key (rotate the link): %w", documentID, err)
	}
	return string(plain), nil
}
