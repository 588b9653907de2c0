package mailtenants

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"genie/internal/db"
)

// keySetting names the settings row that keeps the generated key.
const keySetting = "mail_credentials_key"

// Cipher encrypts stored tenant API keys with AES-256-GCM. The team ID is
// bound as additional data, so a ciphertext copied to another team's row
// does not decrypt.
type Cipher struct{ aead cipher.AEAD }

// NewCipher returns the cipher for the configured secret (any string; its
// SHA-256 is the key) or, when it is empty, for a random key generated once
// and kept in the settings table so that every process shares it.
func NewCipher(ctx context.Context, d *db.DB, configured string) (*Cipher, error) {
	var key []byte
	if configured != "" {
		s := sha256.Sum256([]byte(configured))
		key = s[:]
	} else {
		b := make([]byte, 32)
		rand.Read(b)
		if _, err := d.W.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
			keySetting, base64.RawStdEncoding.EncodeToString(b)); err != nil {
			return nil, fmt.Errorf("store mail credentials key: %w", err)
		}
		var v string
		if err := d.W.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = $1`, keySetting).Scan(&v); err != nil {
			return nil, fmt.Errorf("read mail credentials key: %w", err)
		}
		var err error
		if key, err = base64.RawStdEncoding.DecodeString(v); err != nil || len(key) != 32 {
			return nil, fmt.Errorf("mail credentials key in settings is malformed")
		}
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Cipher{aead: aead}, nil
}

func aad(teamID int64) []byte { return fmt.Appendf(nil, "team:%d", teamID) }

// Seal encrypts a key for the team: "v1:" and base64 of nonce and
// ciphertext.
func (c *Cipher) Seal(teamID int64, plain string) string {
	nonce := make([]byte, c.aead.NonceSize())
	rand.Read(nonce)
	out := c.aead.Seal(nonce, nonce, []byte(plain), aad(teamID))
	return "v1:" + base64.RawStdEncoding.EncodeToString(out)
}

// Open decrypts what Seal returned for the same team.
func (c *Cipher) Open(teamID int64, sealed string) (string, error) {
	b, err := base64.RawStdEncoding.DecodeString(strings.TrimPrefix(sealed, "v1:"))
	if err != nil || !strings.HasPrefix(sealed, "v1:") || len(b) < c.aead.NonceSize() {
		return "", errors.New("mail credentials: stored key is malformed")
	}
	n := c.aead.NonceSize()
	p, err := c.aead.Open(nil, b[:n], b[n:], aad(teamID))
	if err != nil {
		return "", errors.New("mail credentials: stored key does not decrypt (was the mail key changed?)")
	}
	return string(p), nil
}
