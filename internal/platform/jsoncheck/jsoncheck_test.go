package jsoncheck

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFindBadText(t *testing.T) {
	cases := []struct {
		name, in, path, problem string
	}{
		{"plain", `{"a":"b","c":[1,"x",true,null]}`, "", ""},
		{"paired surrogates", `{"a":"\ud83d\ude00"}`, "", ""},
		{"escaped backslash before u", `{"a":"\\ud800"}`, "", ""},
		{"replacement character escaped", `{"a":"\ufffd"}`, "", ""},
		{"replacement character raw", "{\"a\":\"\xef\xbf\xbd\"}", "", ""},
		{"other escapes", `{"a":"\"\\\/\b\f\n\r\t\u00e9"}`, "", ""},
		{"lone high", `{"name":"x\ud800y"}`, "name", "unpaired surrogate"},
		{"lone low", `{"name":"\udc00"}`, "name", "unpaired surrogate"},
		{"high at end", `{"name":"ab\uD800"}`, "name", "unpaired surrogate"},
		{"high then high", `{"name":"\ud800\ud800"}`, "name", "unpaired surrogate"},
		{"reversed pair", `{"name":"\udc00\ud800"}`, "name", "unpaired surrogate"},
		{"nested", `{"data":{"ids":["ok","\ud800"]}}`, "data.ids[1]", "unpaired surrogate"},
		{"in a key", `{"data":{"\ud800":1}}`, "data", "a key of data"},
		{"top-level key", `{"\ud800":1}`, "body", "a key of body"},
		{"top-level string", `"\ud800"`, "body", "unpaired surrogate"},
		{"invalid utf-8", "{\"data\":{\"name\":\"a\xffb\"}}", "data.name", "not valid UTF-8"},
		{"truncated utf-8", "{\"x\":[\"\xe2\x82\"]}", "x[0]", "not valid UTF-8"},
		{"after numbers", `{"a":[1.5e3,-2,{"b":"\udfff"}]}`, "a[2].b", "unpaired surrogate"},
		{"first of two", `{"a":"\ud800","b":"\udc00"}`, "a", "unpaired surrogate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := FindBadText([]byte(c.in))
			if c.path == "" {
				if got != nil {
					t.Fatalf("FindBadText = %+v, want nil", got)
				}
				return
			}
			if got == nil {
				t.Fatalf("FindBadText = nil, want %s", c.path)
			}
			if got.Path != c.path || !strings.Contains(got.Problem, c.problem) {
				t.Fatalf("FindBadText = %+v, want path %q and a problem mentioning %q", got, c.path, c.problem)
			}
		})
	}
}

// FuzzFindBadText checks FindBadText against encoding/json itself: a valid
// JSON text has no bad string exactly when decoding and re-encoding every
// string gives the same text.
func FuzzFindBadText(f *testing.F) {
	for _, s := range []string{`{"a":"b"}`, `{"a":"\ud800"}`, `["\ud83d\ude00"]`, "\"\xff\"", `{"\udc00":[1,{"x":"\\ud800"}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return
		}
		bad := FindBadText(b)
		if changed := decodesLossily(b); changed != (bad != nil) {
			t.Fatalf("FindBadText(%q) = %+v, but encoding/json changes text: %v", b, bad, changed)
		}
	})
}

// decodesLossily reports whether some string of b decodes to U+FFFD that
// the text did not spell out: by comparing the count of U+FFFD runes after
// decoding with the count of explicit ones (raw or \ufffd) in the input.
func decodesLossily(b []byte) bool {
	decoded := 0
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token() // every string, keys included, even repeated ones
		if err != nil {
			break
		}
		if s, ok := tok.(string); ok {
			decoded += strings.Count(s, "\ufffd")
		}
	}
	explicit := 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 3 {
			explicit++
		}
		if b[i] == '\\' && i+1 < len(b) {
			if b[i+1] == 'u' && i+5 < len(b) && strings.EqualFold(string(b[i+2:i+6]), "fffd") {
				explicit++
			}
			i += 2
			continue
		}
		i += size
	}
	return decoded != explicit
}
