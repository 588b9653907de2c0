package field

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
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
	Email *string  `json:"email" schema:"format=email"`
	To    []string `json:"to" schema:"format=email"`
	Hook  *string  `json:"hook" schema:"format=uri"`
	At    *string  `json:"at" schema:"format=date-time"`
	Ref   *string  `json:"ref" schema:"format=uuid"`
	IDs   []int64  `json:"ids" schema:"unique"`
	Page
}

// TestDecodeChecksDeclaredConstraints: the schema tags the document is
// built from are enforced when data is decoded, naming the field.
func TestDecodeChecksDeclaredConstraints(t *testing.T) {
	cases := []struct {
		in, field, msg string
	}{
		{`{}`, "name", "name is required"},
		{`{"name":null}`, "name", "name must not be null: omit it to leave it unset"},
		{`{"name":"abcde","limit":10,"offset":0,"level":"M","slug":"ab","tags":["a","b"],"items":[{"label":"abc"}],"inner":{"score":1}}`, "", ""},
		{`{"name":"a","level":null}`, "", ""},
		{`{"name":""}`, "name", "name must not be empty"},
		{`{"name":"abcdef"}`, "name", "name must be at most 5 characters"},
		{`{"name":"ééééé"}`, "", ""}, // characters, not bytes
		{`{"name":"a","limit":0}`, "limit", "limit must be between 1 and 10"},
		{`{"name":"a","limit":11}`, "limit", "limit must be between 1 and 10"},
		{`{"name":"a","offset":-1}`, "offset", "offset must be 0 or more"},
		{`{"name":"a","level":"X"}`, "level", "level must be one of L, M"},
		{`{"name":"a","level":" M "}`, "level", "level must be one of L, M"}, // exactly a value
		{`{"name":" abcde "}`, "", ""},                                       // lengths of the trimmed text
		{`{"name":"a","slug":"A1"}`, "slug", "slug is not valid: it must match ^[a-z]+$"},
		{`{"name":"a","tags":["a","b","c"]}`, "tags", "tags may list at most 2 items"},
		{`{"name":"a","items":[{"label":"ok"},{"label":"long"}]}`, "items[1].label", "items[1].label must be at most 3 characters"},
		{`{"name":"a","inner":{"score":1.5}}`, "inner.score", "inner.score must be between 0 and 1"},
		{`{"name":"a","email":"ada@example.com","to":["b@example.org"],"hook":"https://example.com/h","at":"2026-01-31T09:00:00+01:00","ref":"0b7c6a0e-8a43-4a1b-9a55-2f1e4b7b2c11","ids":[1,2]}`, "", ""},
		{`{"name":"a","email":"Ada <ada@example.com>"}`, "email", "email must be an email address such as ada@example.com"},
		{`{"name":"a","email":"adé@example.com"}`, "email", "email must be an email address such as ada@example.com"},
		{`{"name":"a","email":"fuzz value"}`, "email", "email must be an email address such as ada@example.com"},
		{`{"name":"a","to":["b@example.org","nope"]}`, "to[1]", "to[1] must be an email address such as ada@example.com"},
		{`{"name":"a","hook":"/relative"}`, "hook", "hook must be an absolute URL such as https://example.com/page"},
		{`{"name":"a","at":"2026-01-31 09:00"}`, "at", "at must be a date and time in RFC 3339 form, such as 2026-01-31T09:00:00Z"},
		{`{"name":"a","ref":"k1"}`, "ref", "ref must be a UUID"},
		{`{"name":"a","ids":[1,2,1]}`, "ids", "ids[2] repeats ids[0]: each value may be listed once"},
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

type requiredNullable struct {
	Group Optional[int64] `json:"group" schema:"required" doc:"A group id, or null for none."`
}

// TestRequiredTakesNull: a required field whose type takes null must be
// present; null is a value it may have.
func TestRequiredTakesNull(t *testing.T) {
	for in, want := range map[string]string{`{"group":null}`: "", `{"group":3}`: "", `{}`: "group is required", ``: "group is required"} {
		var dst requiredNullable
		err := Decode(json.RawMessage(in), &dst)
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && !strings.Contains(got, want) {
			t.Errorf("%q: got %v, want %q", in, err, want)
		}
	}
}

// TestUnreadableSchemaTag: a schema tag Go cannot read (an escape it does
// not know) would declare nothing; reading the fields refuses it.
func TestUnreadableSchemaTag(t *testing.T) {
	bad := reflect.StructOf([]reflect.StructField{{Name: "Name", Type: reflect.TypeFor[*string](),
		Tag: reflect.StructTag(`json:"name" schema:"pattern=^\s+$"`)}})
	defer func() {
		if recover() == nil {
			t.Fatal("an unreadable schema tag was taken as no rules")
		}
	}()
	JSONFields(bad, func(reflect.StructField, string, string) error { return nil }) //nolint:errcheck
}
