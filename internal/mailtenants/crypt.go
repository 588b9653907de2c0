package mailtenants

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"genie/internal/db"
	"genie/internal/secrets"
)

// keySetting names the settings row that keeps the generated key.
const keySetting = "mail_credentials_key"

// Cipher encrypts stored tenant API keys with AES-256-GCM. The team ID is
// bound as additional data, so a ciphertext copied to another team's row
// does not decrypt.
type Cipher struct{ box *secrets.Box }

// NewCipher returns the cipher for the configured secret (any string; its
// SHA-256 is the key) or, when it is empty, for a random key generated once
// and kept in the settings table so that every process shares it.
func NewCipher(ctx context.Context, d *db.DB, configured string) (*Cipher, error) {
	key, err := secrets.Key(ctx, d, keySetting, configured)
	if err != nil {
		return nil, fmt.Errorf("mail credentials key: %w", err)
	}
	box, err := secrets.NewBox(key)
	if err != nil {
		return nil, err
	}
	return &Cipher{box: box}, nil
}

func aad(teamID int64) []byte { return fmt.Appendf(nil, "team:%d", teamID) }

// Seal encrypts a key for the team: "v1:" and base64 of nonce and
// ciphertext.
func (c *Cipher) Seal(teamID int64, plain string) string {
	return "v1:" + c.box.Seal(plain, aad(teamID))
}

// Open decrypts what Seal returned for the same team.
func (c *Cipher) Open(teamID int64, sealed string) (string, error) {
	rest, ok := strings.CutPrefix(sealed, "v1:")
	if !ok {
		return "", errors.New("mail credentials: stored key is malformed")
	}
	p, err := c.box.Open(rest, aad(teamID))
	if err != nil {
		return "", errors.New("mail credentials: stored key does not decrypt (was the mail key changed?)")
	}
	return p, nil
}
