package field

import (
	"encoding/json"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

type checkItem struct {
	Label *string `json:"label" schema:"maxLength=3"`
}

type checkReq struct {
	Name   *string          `json:"name" schema:"required,minLength=1,maxLength=5"`
	Limit  *int             `json:"limit" schema:"min=1,max=10"`
	Offset *int             `json:"offset" schema:"min=0"`
	Level  Optional[string] `json:"level" schema:"nullable,enum=L|M"`
	Slug   *string          `json:"slug" schema:"pattern=^[a-z]+$"`
	Tags   []string         `json:"tags" schema:"maxItems=2"`
	Items  []checkItem      `json:"items"`
	Inner  *struct {
		Score float64 `json:"score" schema:"min=0,max=1"`
	} `json:"inner"`
	Page
}

// TestDecodeChecksDeclaredConstraints: the schema tags the document is
// built from are enforced when data is decoded, naming the field.
func TestDecodeChecksDeclaredConstraints(t *testing.T) {
	cases := []struct {
		in, field, msg string
	}{
		{`{}`, "", ""},
		{`{"name":"abcde","limit":10,"offset":0,"level":"M","slug":"ab","tags":["a","b"],"items":[{"label":"abc"}],"inner":{"score":1}}`, "", ""},
		{`{"level":null}`, "", ""},
		{`{"name":""}`, "name", "name must not be empty"},
		{`{"name":"abcdef"}`, "name", "name must be at most 5 characters"},
		{`{"name":"ééééé"}`, "", ""}, // characters, not bytes
		{`{"limit":0}`, "limit", "limit must be between 1 and 10"},
		{`{"limit":11}`, "limit", "limit must be between 1 and 10"},
		{`{"offset":-1}`, "offset", "offset must be 0 or more"},
		{`{"level":"X"}`, "level", "level must be one of L, M"},
		{`{"level":" M "}`, "level", "level must be one of L, M"}, // exactly a value
		{`{"name":" abcde "}`, "", ""},                            // lengths of the trimmed text
		{`{"slug":"A1"}`, "slug", "slug is not valid: it must match ^[a-z]+$"},
		{`{"tags":["a","b","c"]}`, "tags", "tags may list at most 2 items"},
		{`{"items":[{"label":"ok"},{"label":"long"}]}`, "items[1].label", "items[1].label must be at most 3 characters"},
		{`{"inner":{"score":1.5}}`, "inner.score", "inner.score must be between 0 and 1"},
	}
	for _, c := range cases {
		var dst checkReq
		err := Decode(json.RawMessage(c.in), &dst)
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.in, err)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.CodeValidation || e.Field != c.field || e.Message != c.msg {
			t.Errorf("%s: got %v, want VALIDATION_ERROR on %s: %q", c.in, err, c.field, c.msg)
		}
	}
}

type selfRef struct {
	Name *string   `json:"name" schema:"maxLength=2"`
	Kids []selfRef `json:"kids"`
}

// TestCheckSelfReferencingType: a type that holds itself does not make
// the rules loop (its nested values are left to the service; no request
// type holds itself), and its own fields are still checked.
func TestCheckSelfReferencingType(t *testing.T) {
	var v selfRef
	if err := Decode(json.RawMessage(`{"name":"ab","kids":[{"name":"abc"}]}`), &v); err != nil {
		t.Fatalf("nested value of a self-referencing type: %v", err)
	}
	if err := Decode(json.RawMessage(`{"name":"abc"}`), &v); err == nil {
		t.Fatal("name over its maxLength accepted")
	}
}
