package field

import (
	"encoding/json"
	"errors"
	"regexp"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

func intp(i int) *int { return &i }

func TestPageResolve(t *testing.T) {
	cases := []struct {
		p             Page
		limit, offset int
		field         string
	}{
		{Page{}, 20, 0, ""},
		{Page{Limit: intp(1)}, 1, 0, ""},
		{Page{Limit: intp(500), Offset: intp(10)}, 500, 10, ""},
		{Page{Limit: intp(0)}, 0, 0, "limit"},
		{Page{Limit: intp(501)}, 0, 0, "limit"},
		{Page{Offset: intp(-1)}, 0, 0, "offset"},
	}
	for _, c := range cases {
		l, o, err := c.p.Resolve(20, 500)
		if c.field != "" {
			if e, ok := apperr.As(err); !ok || e.Field != c.field || e.Code != apperr.CodeValidation {
				t.Errorf("%+v: err %v, want VALIDATION_ERROR on %s", c.p, err, c.field)
			}
			continue
		}
		if err != nil || l != c.limit || o != c.offset {
			t.Errorf("%+v: got %d %d %v", c.p, l, o, err)
		}
	}
}

func TestDecodeNamesField(t *testing.T) {
	var dst struct {
		Name  *string          `json:"name"`
		Limit *int             `json:"limit"`
		On    bool             `json:"on"`
		Meta  map[string]any   `json:"meta"`
		Opt   Optional[string] `json:"opt"`
		Page

		Query struct {
			Sort string `json:"sortBy"`
		} `json:"query"`
	}
	cases := map[string]string{
		`{"name": 1}`:              "name",
		`{"limit": "5"}`:           "limit",
		`{"limit": 1.5}`:           "limit",
		`{"on": "yes"}`:            "on",
		`{"meta": []}`:             "meta",
		`{"opt": 3}`:               "opt",
		`{"query": {"sortBy": 2}}`: "query.sortBy",
	}
	for in, name := range cases {
		err := Decode(json.RawMessage(in), &dst)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.CodeValidation || e.Field != name {
			t.Errorf("Decode(%s) = %v, want VALIDATION_ERROR on %q", in, err, name)
		}
	}
	if err := Decode(json.RawMessage(`{"name":"x","opt":null,"unknown":1}`), &dst); err != nil || !dst.Opt.Set || !dst.Opt.Null {
		t.Errorf("valid input: %v %+v", err, dst.Opt)
	}
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
// VALIDATION_ERROR naming a
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
