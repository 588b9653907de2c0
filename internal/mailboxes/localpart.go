package mailboxes

import (
	"crypto/rand"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Local part bounds (the spec's desiredLocalpart limits).
const (
	MinLocalpartLen = 2
	MaxLocalpartLen = 40
)

// Reserved local parts belong to the mail domain itself (RFC 2142 role
// addresses and the sender of system emails); no genie may take them.
var Reserved = []string{"postmaster", "abuse", "hostmaster", "webmaster", "mailer-daemon", "noreply", "no-reply", "root", "admin", "security"}

// CheckLocalpart returns why s is not a valid desiredLocalpart, or nil:
// 2 to 40 characters, lowercase letters a-z, digits and hyphens, no
// leading or trailing hyphen, not reserved.
func CheckLocalpart(s string) error {
	if len(s) < MinLocalpartLen || len(s) > MaxLocalpartLen {
		return fmt.Errorf("must be %d to %d characters", MinLocalpartLen, MaxLocalpartLen)
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return fmt.Errorf("may contain only lowercase letters, digits and hyphens")
		}
	}
	if s[0] == '-' || s[len(s)-1] == '-' {
		return fmt.Errorf("must not start or end with a hyphen")
	}
	if slices.Contains(Reserved, s) {
		return fmt.Errorf("%q is reserved", s)
	}
	return nil
}

// slugMax leaves room for a "-xxxxxx" suffix within MaxLocalpartLen.
const slugMax = MaxLocalpartLen - 7

// Slug turns a genie name into a local part: accents dropped, letters
// lower-cased, every other run of characters one hyphen, at most 33
// characters; "genie" when too little is left.
func Slug(name string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range norm.NFD.String(name) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
		case r >= 'A' && r <= 'Z':
			r = unicode.ToLower(r)
		default:
			hyphen = b.Len() > 0
			continue
		}
		if hyphen {
			b.WriteByte('-')
			hyphen = false
		}
		b.WriteRune(r)
	}
	s := b.String()
	if len(s) > slugMax {
		s = strings.TrimRight(s[:slugMax], "-")
	}
	if len(s) < MinLocalpartLen || slices.Contains(Reserved, s) {
		return "genie"
	}
	return s
}

// Candidate is the local part to try for a genie name on the given
// attempt: the slug first, then the slug with a random 6-character suffix.
func Candidate(name string, attempt int) string {
	s := Slug(name)
	if attempt == 0 && s != "genie" {
		return s
	}
	return s + "-" + randomSuffix(6)
}

const suffixAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

func randomSuffix(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = suffixAlphabet[int(b[i])%len(suffixAlphabet)]
	}
	return string(b)
}
