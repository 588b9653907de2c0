package httpapi

import (
	"encoding/json"
	"github.com/geniehq/genie/internal/platform/jsoncheck"
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
	for in, field := range cases {
		err := Decode(json.RawMessage(in), &dst)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.CodeValidation || e.Field != field {
			t.Errorf("Decode(%s) = %v, want VALIDATION_ERROR on %q", in, err, field)
		}
	}
	if err := Decode(json.RawMessage(`{"name":"x","opt":null,"unknown":1}`), &dst); err != nil || !dst.Opt.Set || !dst.Opt.Null {
		t.Errorf("valid input: %v %+v", err, dst.Opt)
	}
}

func TestParseEnvelope(t *testing.T) {
	cases := []struct {
		body, path string
		field      string
		resource   string
	}{
		{`{"resource":"a","action":"b"}`, "", "", "a"},
		{`{"action":"b"}`, "a", "", "a"},
		{`{"action":"b"}`, "", "resource", ""},
		{`{"resource":"a"}`, "", "action", "a"},
		{`{"resource":"a","action":"b","id":7}`, "", "id", "a"},
		{`{"resource":"x","action":"b"}`, "a", "resource", "a"},
		{`{"resource":"a","action":"b","data":[]}`, "", "data", "a"},
		{`{`, "a", "body", "a"},
	}
	for _, c := range cases {
		env, err := parseEnvelope([]byte(c.body), c.path)
		if env.Resource != c.resource {
			t.Errorf("%s: resource %q, want %q", c.body, env.Resource, c.resource)
		}
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.body, err)
			}
			continue
		}
		if e, ok := apperr.As(err); !ok || e.Field != c.field {
			t.Errorf("%s: err %v, want field %s", c.body, err, c.field)
		}
	}
}

func TestHasEscapedNUL(t *testing.T) {
	cases := map[string]bool{
		`{"a":"x\u0000y"}`: true,
		`{"a":"\\u0000"}`:  false, // an escaped backslash, then text
		`{"a":"\\\u0000"}`: true,
		`{"a":"u0000"}`:    false,
		`{"a":"\u00001"}`:  true,
	}
	for in, want := range cases {
		if got := jsoncheck.HasEscapedNUL([]byte(in)); got != want {
			t.Errorf("jsoncheck.HasEscapedNUL(%s) = %v, want %v", in, got, want)
		}
	}
}
