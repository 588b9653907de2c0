package httpapi

import (
	"encoding/json"
	"errors"
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
