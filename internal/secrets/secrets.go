// Package secrets keeps the server's own keys and seals values at rest.
//
// A key is either configured (a secret string given to the process) or
// generated once and kept in the settings table, so that every process
// sharing the database agrees on it. A Box encrypts values with AES-256-GCM
// bound to additional data (the row they belong to), so a sealed value
// copied to another row does not open.
package secrets

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

// KeySize is the size of generated keys.
const KeySize = 32

// Stored returns the 32-byte key kept in the settings table under name,
// generating it the first time (concurrent first calls agree on one key).
func Stored(ctx context.Context, d *db.DB, name string) ([]byte, error) {
	b := make([]byte, KeySize)
	rand.Read(b)
	if _, err := d.W.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
		name, base64.RawStdEncoding.EncodeToString(b)); err != nil {
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	var v string
	if err := d.W.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = $1`, name).Scan(&v); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	k, err := base64.RawStdEncoding.DecodeString(v)
	if err != nil || len(k) != KeySize {
		return nil, fmt.Errorf("the %s setting is not %d bytes of base64", name, KeySize)
	}
	return k, nil
}

// Key returns SHA-256 of the configured secret when one is given, else the
// key Stored under name.
func Key(ctx context.Context, d *db.DB, name, configured string) ([]byte, error) {
	if configured != "" {
		k := sha256.Sum256([]byte(configured))
		return k[:], nil
	}
	return Stored(ctx, d, name)
}

// Box seals and opens values with one key.
type Box struct{ aead cipher.AEAD }

// NewBox returns a Box for a 32-byte key.
func NewBox(key []byte) (*Box, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("secrets: key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("secrets: key: %w", err)
	}
	return &Box{aead: aead}, nil
}

// ErrOpen is returned by Open for a value that is malformed or was sealed
// with another key or for other additional data.
var ErrOpen = errors.New("secrets: sealed value cannot be opened with this key")

// Seal encrypts plain bound to ad: base64 of a random nonce and the
// ciphertext.
func (b *Box) Seal(plain string, ad []byte) string {
	nonce := make([]byte, b.aead.NonceSize())
	rand.Read(nonce)
	return base64.RawStdEncoding.EncodeToString(b.aead.Seal(nonce, nonce, []byte(plain), ad))
}

// Open decrypts what Seal returned for the same ad.
func (b *Box) Open(sealed string, ad []byte) (string, error) {
	raw, err := base64.RawStdEncoding.DecodeString(sealed)
	n := b.aead.NonceSize()
	if err != nil || len(raw) < n {
		return "", ErrOpen
	}
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], ad)
	if err != nil {
		return "", ErrOpen
	}
	return string(plain), nil
}
