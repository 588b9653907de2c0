package httpapi

import (
	"log/slog"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/jsoncheck"
)

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

func TestStatusLevel(t *testing.T) {
	for status, want := range map[int]slog.Level{200: slog.LevelInfo, 404: slog.LevelInfo, 429: slog.LevelInfo, 500: slog.LevelError,
		502: slog.LevelError, 503: slog.LevelWarn} {
		if got := statusLevel(status); got != want {
			t.Errorf("statusLevel(%d) = %v, want %v", status, got, want)
		}
	}
}
