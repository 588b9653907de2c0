package groups

import (
	"encoding/json"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

func TestPatchCheck(t *testing.T) {
	for _, tc := range []struct {
		create bool
		data   string
		field  string // "" for valid
	}{
		{true, `{"name":"n"}`, ""},
		{true, `{}`, "name"},
		{true, `{"name":null}`, "name"},
		{false, `{}`, ""},
		{false, `{"name":null}`, "name"}, // null: refused (the schema has no null)
		{false, `{"name":" "}`, "name"},
		{false, `{"position":-1}`, "position"},
		{false, `{"position":1000001}`, "position"},
		{false, `{"naem":"typo"}`, ""}, // unknown keys are ignored, as everywhere
	} {
		t.Run(tc.data, func(t *testing.T) {
			var in UpdateRequest
			err := field.Decode(json.RawMessage(tc.data), &in) // a null where the schema has none is refused here
			var p Patch
			if err == nil {
				p, err = Patch{Name: in.Name, Description: in.Description, Position: in.Position}.Check(tc.create)
			}
			if tc.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				if tc.data == `{"naem":"typo"}` && (p.Name != nil || p.Description != nil || p.Position != nil) {
					t.Fatalf("a typo changed %+v", p)
				}
				return
			}
			if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeValidation || e.Field != tc.field {
				t.Fatalf("Check: %v, want a VALIDATION_ERROR on %s", err, tc.field)
			}
		})
	}
	if p, _ := (Patch{Name: new(" n ")}).Check(false); *p.Name != "n" {
		t.Fatalf("name %q not trimmed", *p.Name)
	}
}
