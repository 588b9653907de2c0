package field

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// Decode unmarshals a JSON object into dst. Type mismatches become a
// VALIDATION_ERROR whose message names the field and the expected type.
func Decode(data json.RawMessage, dst any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return Check(dst) // no data: the required fields are missing
	}
	return decode(data, dst, true)
}

func decode(data json.RawMessage, dst any, required bool) error {
	err := json.Unmarshal(data, dst)
	if err == nil {
		if t := reflect.TypeOf(dst); t != nil && !takesNull(t.Elem()) {
			if err := checkNulls(data, t, ""); err != nil {
				return err
			}
		}
		return check(dst, required)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := jsonPath(te.Field)
		want := jsonType(te.Type)
		if want == "an integer" && strings.HasPrefix(te.Value, "number") {
			return apperr.Invalid(field, "%s must be an integer", field)
		}
		return apperr.Invalid(field, "%s must be %s, not %s", field, want, article(te.Value))
	}
	var fe fieldError
	if errors.As(err, &fe) {
		return fe.err
	}
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return ae
	}
	return apperr.Invalid("data", "data is not valid: %v", err)
}

// DecodePartial is Decode without the required check, for data a caller
// completes from elsewhere: a submission's submission_data, whose genie
// is the submission's own, read into the listing's create type.
func DecodePartial(data json.RawMessage, dst any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	return decode(data, dst, false)
}

// fieldError lets custom UnmarshalJSON methods report an apperr.
type fieldError struct{ err *apperr.Error }

func (f fieldError) Error() string { return f.err.Error() }

func jsonType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return fmt.Sprintf("a %s", t.Kind())
}

func article(v string) string {
	if v == "" {
		return "something else"
	}
	if strings.HasPrefix(v, "number") {
		return "a number"
	}
	switch v[0] {
	case 'a', 'o':
		return "an " + v
	}
	return "a " + v
}

// jsonPath turns the decoder's field path into the request's: segments
// naming an embedded Go struct (capitalized, such as "Page" in
// "Page.limit") are not part of the JSON, whose keys here all start in
// lower case.
func jsonPath(p string) string {
	var keep []string
	for _, seg := range strings.Split(p, ".") {
		if seg != "" && !(seg[0] >= 'A' && seg[0] <= 'Z') {
			keep = append(keep, seg)
		}
	}
	if len(keep) == 0 {
		return "data"
	}
	return strings.Join(keep, ".")
}
