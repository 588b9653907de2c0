// Package editlinks is the doc-edit-link resource: a shareable link that
// lets anyone holding it replace the content of one knowledge-base document,
// optionally behind a numeric PIN with a lockout after repeated wrong PINs.
//
// Owner actions (get, generate, set-pin, revoke) need a credential of the
// document's owner or an admin. Public actions (public-get, public-update)
// need only the link token. See docs/edit-links.md for the decisions the
// spec leaves open.
package editlinks

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/documents"
	"github.com/geniehq/genie/internal/platform/apperr"
)

// Limits and rules of the spec.
const (
	// MaxAttempts is the number of consecutive wrong PINs that locks saving.
	MaxAttempts = 5
	// LockDuration is how long saving stays locked after MaxAttempts.
	LockDuration = 15 * time.Minute
	// MinPINLen and MaxPINLen bound a PIN's number of digits.
	MinPINLen = 4
	MaxPINLen = 8
	// MaxContentLen is the largest content public-update accepts, in
	// characters (Unicode code points), not bytes.
	MaxContentLen = documents.MaxContentLen
	// tokenBytes is the token's entropy; encoded it is 43 characters.
	tokenBytes = 32
	// PathPrefix is the app-relative path of the public editing page.
	PathPrefix = "/update/"
)

// Link is the edit link object of the spec.
type Link struct {
	DocumentID  string     `json:"documentId"`
	Token       string     `json:"token"`
	Path        string     `json:"path"`
	RequiresPIN bool       `json:"requiresPin"`
	LastUsedAt  *time.Time `json:"lastUsedAt"`
	CreatedAt   time.Time  `json:"createdAt"`
}

// View is the public document view returned by public-get.
type View struct {
	DocumentID   string     `json:"documentId"`
	DocumentName string     `json:"documentName"`
	Content      string     `json:"content"`
	RequiresPIN  bool       `json:"requiresPin"`
	AgentNames   []string   `json:"agentNames"`
	UpdatedAt    *time.Time `json:"updatedAt"`
}

// Saved is the result of a successful public-update.
type Saved struct {
	Success   bool      `json:"success"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// NewToken returns a new share token: 32 random bytes, URL-safe base64
// without padding (43 characters).
func NewToken() string {
	b := make([]byte, tokenBytes)
	rand.Read(b) // never fails (crypto/rand panics on failure since Go 1.24)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken returns the lookup key stored for a token: hex SHA-256. Any
// string hashes in the same time for a given length, and every lookup then
// costs one indexed query, whatever the input; a salt is unnecessary since
// tokens carry 256 bits of entropy.
func HashToken(token string) string {
	s := sha256.Sum256([]byte(token))
	return hex.EncodeToString(s[:])
}

// PathFor returns the page path for a token.
func PathFor(token string) string { return PathPrefix + token }

// CheckPIN validates a PIN's format: 4 to 8 ASCII digits. The error is a
// VALIDATION_ERROR naming field.
func CheckPIN(field, pin string) error {
	if n := len(pin); n < MinPINLen || n > MaxPINLen || strings.Trim(pin, "0123456789") != "" {
		return apperr.Invalid(field, "%s must be a string of %d to %d digits", field, MinPINLen, MaxPINLen)
	}
	return nil
}

// checkOptionalPIN checks a PIN field when it was given.
func checkOptionalPIN(pin *string) error {
	if pin == nil {
		return nil
	}
	return CheckPIN("pin", *pin)
}

// CheckContent validates public-update content: present, not blank, at
// most MaxContentLen characters.
func CheckContent(field string, content *string) error {
	if content == nil {
		return apperr.Required(field)
	}
	if strings.TrimSpace(*content) == "" {
		return apperr.Invalid(field, "%s must not be empty", field)
	}
	return documents.CheckContent(field, *content)
}

// errNoLink is the one NOT_FOUND every unknown, rotated or revoked token
// gets, so that the cases cannot be told apart.
func errNoLink() error {
	return apperr.NotFound("edit link")
}
