// Package field holds what a request field needs, whichever package
// reads it: the Optional type of patches, the checks of required, length,
// range and id rules, page bounds, and the decoder whose errors name the
// field. It knows no transport: the HTTP layer and the services both use it.
package field

import (
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// Page is the limit and offset of a list request.
type Page struct {
	Limit  *int `json:"limit"`
	Offset *int `json:"offset"`
}

// Resolve applies the default and bounds: limit from 1 to max (default def),
// offset at least 0 (default 0).
func (p Page) Resolve(def, max int) (limit, offset int, err error) {
	limit, offset = def, 0
	if p.Limit != nil {
		if *p.Limit < 1 || *p.Limit > max {
			return 0, 0, apperr.Invalid("limit", "limit must be between 1 and %d", max)
		}
		limit = *p.Limit
	}
	if p.Offset != nil {
		if *p.Offset < 0 {
			return 0, 0, apperr.Invalid("offset", "offset must be 0 or more")
		}
		offset = *p.Offset
	}
	return limit, offset, nil
}

// IsUUID reports whether s is a canonical UUID string.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	_, err := uuid.Parse(s)
	return err == nil
}

// RequiredString trims a required string field and checks its length in
// characters.
func RequiredString(field string, v *string, maxLen int) (string, error) {
	if v == nil {
		return "", apperr.Required(field)
	}
	s := strings.TrimSpace(*v)
	if s == "" {
		return "", apperr.Invalid(field, "%s must not be empty", field)
	}
	if utf8.RuneCountInString(s) > maxLen {
		return "", apperr.Invalid(field, "%s must be at most %d characters", field, maxLen)
	}
	return s, nil
}

// PatchString is RequiredString for a string field of a patch: when
// required is set (a create), or when the field is supplied (not nil), it
// must be there and not blank; it returns the trimmed value, or nil for a
// field neither required nor supplied.
func PatchString(field string, v *string, maxLen int, required bool) (*string, error) {
	if v == nil && !required {
		return nil, nil
	}
	s, err := RequiredString(field, v, maxLen)
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// MaxLen checks an optional string field's length in characters.
func MaxLen(field string, v string, maxLen int) error {
	if utf8.RuneCountInString(v) > maxLen {
		return apperr.Invalid(field, "%s must be at most %d characters", field, maxLen)
	}
	return nil
}

// ID trims an id and returns it, or VALIDATION_ERROR naming field when it
// is empty.
func ID(field, id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return "", apperr.Required(field)
	}
	return id, nil
}

// MaxOrder bounds display-order numbers (a voice's sort_order, a
// category's order): far more than any list needs, and inside every
// column type that stores them, so no value can fail in the database or
// overflow a later "max + 1".
const MaxOrder = 1_000_000_000

// CheckRange is a VALIDATION_ERROR naming field unless min <= v <= max.
func CheckRange[T int | int64](field string, v, min, max T) error {
	if v < min || v > max {
		return apperr.Invalid(field, "%s must be between %d and %d", field, min, max)
	}
	return nil
}
