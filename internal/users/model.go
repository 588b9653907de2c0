package users

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/auth"
)

// DefaultPasswordCost is the bcrypt cost of stored password hashes.
const DefaultPasswordCost = 11

// Password length bounds. bcrypt reads at most 72 bytes, so longer
// passwords are refused rather than silently truncated.
const (
	MinPasswordLen = 6
	MaxPasswordLen = 72
)

// ErrEmailTaken is returned by Create when the email is in use.
var ErrEmailTaken = errors.New("email already registered")

// User is an account.
type User struct {
	ID           string
	Email        string
	Role         auth.Role
	TeamID       *int64
	FullName     string
	UserMetadata string // JSON object
	PasswordHash string
	// EmailConfirmedAt is when the address was confirmed; nil while a
	// sign-up waits for its confirmation mail (and for accounts without an
	// email).
	EmailConfirmedAt *time.Time
	LastSignInAt     *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// NormalizeEmail lower-cases and trims an address and checks its form.
func NormalizeEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", errors.New("email is required")
	}
	// ASCII only, as GoTrue and the published schema's format "email"
	// (RFC 5321) have it: an address outside ASCII needs SMTPUTF8 all the
	// way, which relays do not promise.
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return "", fmt.Errorf("%q is not a valid email address (addresses outside ASCII are not accepted)", s)
		}
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") && !strings.HasSuffix(s, "@localhost") {
		return "", fmt.Errorf("%q is not a valid email address", s)
	}
	return s, nil
}

// CheckPassword returns an error describing why a new password is refused.
func CheckPassword(p string) error {
	if len(p) < MinPasswordLen {
		return fmt.Errorf("password must be at least %d characters", MinPasswordLen)
	}
	if len(p) > MaxPasswordLen {
		return fmt.Errorf("password must be at most %d bytes", MaxPasswordLen)
	}
	return nil
}

// NewUser describes an account to create.
type NewUser struct {
	ID           string // optional; a new UUID when empty
	Email        string // optional for external identities
	Password     string // optional; empty means no password sign-in
	Role         auth.Role
	FullName     string
	UserMetadata string
	External     bool
	// Unconfirmed leaves the email unconfirmed (a sign-up that must be
	// confirmed by mail); other accounts are confirmed at creation.
	Unconfirmed bool
}
