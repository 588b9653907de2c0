package mailtenants

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// Cipher encrypts stored tenant API keys with AES-256-GCM under the mail
// key (secrets.MailKey, kept outside the database). The team ID is bound
// as additional data, so a ciphertext copied to another team's row does
// not decrypt.
type Cipher struct{ ring *secrets.Ring }

// NewCipher returns the cipher of a mail key ring.
func NewCipher(ring *secrets.Ring) *Cipher { return &Cipher{ring: ring} }

func aad(teamID int64) []byte { return fmt.Appendf(nil, "team:%d", teamID) }

// Seal encrypts a key for the team: "v1:" and what the ring seals.
func (c *Cipher) Seal(teamID int64, plain string) string {
	return "v1:" + c.ring.Seal(plain, aad(teamID))
}

// Open decrypts what Seal returned for the same team; current reports
// whether the current key sealed it.
func (c *Cipher) open(teamID int64, sealed string) (plain string, current bool, err error) {
	rest, ok := strings.CutPrefix(sealed, "v1:")
	if !ok {
		return "", false, errors.New("mail credentials: stored key is malformed")
	}
	p, current, err := c.ring.Open(rest, aad(teamID))
	if err != nil {
		return "", false, errors.New("mail credentials: stored key does not decrypt with the mail keys (was the mail key changed?)")
	}
	return p, current, nil
}

// Open decrypts what Seal returned for the same team.
func (c *Cipher) Open(teamID int64, sealed string) (string, error) {
	p, _, err := c.open(teamID, sealed)
	return p, err
}

// Reseal seals every stored tenant key again with the current mail key;
// keys no live key opens are counted in failed and left alone.
func Reseal(ctx context.Context, d *db.DB, c *Cipher) (resealed, failed int, err error) {
	return secrets.Reseal(ctx, d, `SELECT team_id, api_key_enc FROM mail_tenant_credentials`,
		`UPDATE mail_tenant_credentials SET api_key_enc = $1 WHERE team_id = $2 AND api_key_enc = $3`,
		c.open, c.Seal)
}
