package field

import (
	"encoding/json"
	"github.com/geniehq/genie/internal/platform/apperr"
	"testing"
)

type nullsInner struct {
	N *int `json:"n"`
}

type nullsReq struct {
	Name  *string              `json:"name"`
	Voice Optional[string]     `json:"voice_id"`
	IDs   Optional[[]string]   `json:"ids"`
	Tags  []string             `json:"tags"`
	Meta  json.RawMessage      `json:"meta"`
	Any   any                  `json:"any"`
	Inner *nullsInner          `json:"inner"`
	List  []nullsInner         `json:"list"`
	Opt   Optional[nullsInner] `json:"opt"`
	Obj   selfDescribed        `json:"obj"`
	NObj  nullableSelf         `json:"nobj"`
	nullsEmbedded
}

// selfDescribed declares its own schema, an object: null is refused.
type selfDescribed json.RawMessage

func (selfDescribed) JSONSchema() Schema { return Schema{"type": "object"} }

func (q *selfDescribed) UnmarshalJSON(b []byte) error { *q = append((*q)[:0], b...); return nil }

// nullableSelf declares its own schema, which takes null.
type nullableSelf json.RawMessage

func (q *nullableSelf) UnmarshalJSON(b []byte) error { *q = append((*q)[:0], b...); return nil }

func (nullableSelf) JSONSchema() Schema {
	return Schema{"anyOf": []Schema{{"type": "object"}, {"type": "null"}}}
}

type nullsEmbedded struct {
	Limit *int `json:"limit"`
}

// TestCheckNulls: null is taken only where the declaration's schema says
// so (Optional[T], any, raw JSON), at any depth, and the error names the
// field.
func TestCheckNulls(t *testing.T) {
	for _, c := range []struct{ in, field string }{
		{`{}`, ""},
		{`{"name":"a","voice_id":null,"ids":null,"meta":null,"any":null,"opt":null}`, ""},
		{`{"ids":["a"],"tags":["x"],"inner":{"n":1},"list":[{"n":2}],"opt":{"n":3}}`, ""},
		{`{"name":null}`, "name"},
		{`{"NAME":null}`, "name"},
		{`{"tags":null}`, "tags"},
		{`{"tags":["a",null]}`, "tags"},
		{`{"ids":[null]}`, "ids"},
		{`{"inner":null}`, "inner"},
		{`{"inner":{"n":null}}`, "inner.n"},
		{`{"list":[{"n":1},{"n":null}]}`, "list[1].n"},
		{`{"opt":{"n":null}}`, "opt.n"},
		{`{"limit":null}`, "limit"},
		{`{"nobj":null,"obj":{}}`, ""},
		{`{"obj":null}`, "obj"},
	} {
		var dst nullsReq
		err := Decode(json.RawMessage(c.in), &dst)
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.in, err)
		case c.field != "" && (err == nil || !containsField(err, c.field)):
			t.Errorf("%s: %v, want an error on %s", c.in, err, c.field)
		}
	}
}

func containsField(err error, field string) bool {
	e, ok := apperr.As(err)
	return ok && e.Code == apperr.CodeValidation && e.Field == field
}
