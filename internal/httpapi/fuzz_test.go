package httpapi

import (
	"encoding/json"
	"errors"
	"regexp"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// FuzzParseEnvelope: any body either parses into an envelope whose data is
// a JSON object, or fails with a VALIDATION_ERROR naming a field — never a
// panic or another kind of error.
func FuzzParseEnvelope(f *testing.F) {
	for _, s := range []string{
		`{"resource":"documents","action":"create","data":{"name":"x"}}`,
		`{"action":"all"}`, `{"resource":3}`, `{"data":[]}`, `null`, `"x"`, `{}`, `{"id":"1","data":null}`,
		`{"resource":"a","action":"b","data":{"k":"\ud800"}}`, "{\"action\":\"\xff\"}", `{"a":1}{"b":2}`, ``,
		`{"resource":"","action":"0"}`, `{"resource":"documents","action":""}`,
	} {
		f.Add([]byte(s), "")
		f.Add([]byte(s), "documents")
	}
	f.Fuzz(func(t *testing.T, body []byte, pathResource string) {
		env, err := parseEnvelope(body, pathResource)
		if err != nil {
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.CodeValidation || e.Field == "" {
				t.Fatalf("parseEnvelope(%q): %v is not a VALIDATION_ERROR naming a field", body, err)
			}
			return
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(env.Data, &obj) != nil || obj == nil {
			t.Fatalf("parseEnvelope(%q): data %q is not an object", body, env.Data)
		}
		if env.Action == "" || env.Resource == "" && pathResource == "" {
			t.Fatalf("parseEnvelope(%q) accepted an envelope without resource or action: %+v", body, env)
		}
	})
}

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// FuzzIsUUID checks IsUUID against a regular expression of the canonical
// form.
func FuzzIsUUID(f *testing.F) {
	for _, s := range []string{"1b4e28ba-2fa1-11d2-883f-0016d3cca427", "1B4E28BA-2FA1-11D2-883F-0016D3CCA427", "", "x", "{1b4e28ba-2fa1-11d2-883f-0016d3cca427}", "1b4e28ba2fa111d2883f0016d3cca427"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if IsUUID(s) != uuidRE.MatchString(s) {
			t.Fatalf("IsUUID(%q) = %v", s, IsUUID(s))
		}
	})
}

// FuzzPage: limits and offsets are accepted exactly within their bounds.
func FuzzPage(f *testing.F) {
	f.Add(50, 0, true, true)
	f.Add(0, -1, true, true)
	f.Add(201, 5, true, false)
	f.Fuzz(func(t *testing.T, limit, offset int, hasLimit, hasOffset bool) {
		var p Page
		if hasLimit {
			p.Limit = &limit
		}
		if hasOffset {
			p.Offset = &offset
		}
		l, o, err := p.Resolve(50, 200)
		valid := (!hasLimit || limit >= 1 && limit <= 200) && (!hasOffset || offset >= 0)
		if valid != (err == nil) {
			t.Fatalf("Resolve(%v %d, %v %d) = %v", hasLimit, limit, hasOffset, offset, err)
		}
		if err == nil && (l < 1 || l > 200 || o < 0) {
			t.Fatalf("Resolve gave limit %d offset %d", l, o)
		}
	})
}

// FuzzDecode: data that is a JSON object binds or fails with a
// VALIDATION_ERROR naming a field.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"name":"x","limit":3}`, `{"name":3}`, `{"limit":1.5}`, `{"limit":"3"}`, `{"tags":{}}`, `{"nested":{"on":1}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return
		}
		var dst struct {
			Name   Optional[string] `json:"name"`
			Tags   []string         `json:"tags"`
			Nested *struct {
				On bool `json:"on"`
			} `json:"nested"`
			Page
		}
		if err := Decode(data, &dst); err != nil {
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.CodeValidation || e.Field == "" {
				t.Fatalf("Decode(%q): %v", data, err)
			}
		}
	})
}
