package field

import (
	"net/mail"
	"net/url"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// The formats a schema tag may declare (format=…) and the one definition
// of each, used both at the door (Check) and by the services that take
// such a value from elsewhere. They are the published document's JSON
// Schema formats, read the way this service reads them:
//   - email: an address alone (RFC 5322 addr-spec, no display name), in
//     ASCII — an address outside ASCII needs SMTPUTF8 all the way, which
//     relays do not promise;
//   - uri: an absolute URL with a scheme and a host, at most one line;
//   - date-time: RFC 3339, with a time zone;
//   - uuid: 8-4-4-4-12 hexadecimal digits.
//
// Values are trimmed before the check, as the services trim them.
const (
	FormatEmail    = "email"
	FormatURI      = "uri"
	FormatDateTime = "date-time"
	FormatUUID     = "uuid"
)

// CheckFormat returns the VALIDATION_ERROR for a value s of field that is
// not of the named format; an unknown or empty format accepts anything.
func CheckFormat(field, format, s string) error {
	s = strings.TrimSpace(s)
	switch format {
	case FormatEmail:
		if !IsEmail(s) {
			return apperr.Invalid(field, "%s must be an email address such as ada@example.com", field)
		}
	case FormatURI:
		if !IsAbsoluteURL(s) {
			return apperr.Invalid(field, "%s must be an absolute URL such as https://example.com/page", field)
		}
	case FormatDateTime:
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			return apperr.Invalid(field, "%s must be a date and time in RFC 3339 form, such as 2026-01-31T09:00:00Z", field)
		}
	case FormatUUID:
		if !IsUUID(s) {
			return apperr.Invalid(field, "%s must be a UUID", field)
		}
	}
	return nil
}

// IsEmail reports whether s is one email address alone, in ASCII.
func IsEmail(s string) bool {
	if s == "" || len(s) > 254 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] >= 0x7f {
			return false
		}
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && at < len(s)-1
}

// IsAbsoluteURL reports whether s is an absolute URL with a host.
func IsAbsoluteURL(s string) bool {
	if strings.ContainsAny(s, "\r\n\t ") {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && u.Scheme != "" && u.Host != ""
}

// HTTPURL checks an absolute http or https URL of at most maxLen bytes:
// VALIDATION_ERROR naming field otherwise.
func HTTPURL(field, s string, maxLen int) error {
	if len(s) > maxLen {
		return apperr.Invalid(field, "%s must be at most %d characters", field, maxLen)
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return apperr.Invalid(field, "%s must be an absolute http or https URL", field)
	}
	return nil
}
