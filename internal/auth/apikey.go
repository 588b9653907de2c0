package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// API key prefixes: keys of internal_admin users start with AdminKeyPrefix,
// all others with LiveKeyPrefix.
const (
	LiveKeyPrefix  = "svc_live_"
	AdminKeyPrefix = "svc_admin_"
	// KeySecretBytes is the number of random bytes after the prefix.
	KeySecretBytes = 32
	// DisplayPrefixLen is the length of key_prefix, the part shown in lists.
	DisplayPrefixLen = 8
)

// NewAPIKey returns a fresh key for a user with the given role: the prefix
// followed by 32 random bytes in unpadded base64url (43 characters).
func NewAPIKey(role Role) string {
	b := make([]byte, KeySecretBytes)
	rand.Read(b) // never fails: crypto/rand panics rather than return short
	prefix := LiveKeyPrefix
	if role == RoleAdmin {
		prefix = AdminKeyPrefix
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b)
}

// HashAPIKey is the stored form of a key. A key carries 256 random bits, so a
// fast hash is enough: it cannot be guessed, only stolen, and the hash is
// useless to whoever reads the database.
func HashAPIKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// DisplayPrefix is the key_prefix shown for a key: its first 8 characters.
func DisplayPrefix(key string) string {
	if len(key) < DisplayPrefixLen {
		return key
	}
	return key[:DisplayPrefixLen]
}

// CheckKeyPrefix returns INVALID_KEY_PREFIX unless key starts with a known
// prefix.
func CheckKeyPrefix(key string) error {
	if strings.HasPrefix(key, LiveKeyPrefix) || strings.HasPrefix(key, AdminKeyPrefix) {
		return nil
	}
	return apperr.New(apperr.CodeInvalidKeyPrefix, "API key must start with %q or %q", LiveKeyPrefix, AdminKeyPrefix)
}
