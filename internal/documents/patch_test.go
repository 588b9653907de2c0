package documents

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// TestUpdateChangesOnlySuppliedFields: each field of update's data, given
// alone, changes that field and no other; unknown keys are ignored, as the
// envelope ignores them everywhere.
func TestUpdateChangesOnlySuppliedFields(t *testing.T) {
	content := "c"
	base := Document{Name: "n", Content: &content, IsPublic: false}
	cases := []struct {
		data    string
		changed []string
	}{
		{`{}`, nil},
		{`{"name":" N2 "}`, []string{"name"}},
		{`{"content":"c2"}`, []string{"content"}},
		{`{"is_public":true}`, []string{"is_public"}},
		{`{"is_pubic":true}`, nil},
	}
	covered := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.data, func(t *testing.T) {
			var in UpdateRequest
			if err := field.DecodePartial(json.RawMessage(tc.data), &in); err != nil {
				t.Fatal(err)
			}
			p, err := Patch(in).Check(false)
			if err != nil {
				t.Fatal(err)
			}
			d := base
			p.apply(&d)
			var got []string
			if d.Name != base.Name {
				got = append(got, "name")
				if d.Name != "N2" {
					t.Errorf("name %q not trimmed", d.Name)
				}
			}
			if *d.Content != *base.Content {
				got = append(got, "content")
			}
			if d.IsPublic != base.IsPublic {
				got = append(got, "is_public")
			}
			if !slices.Equal(got, tc.changed) {
				t.Fatalf("changed %v, want %v", got, tc.changed)
			}
		})
		for _, k := range tc.changed {
			covered[k] = true
		}
	}
	for f := range reflect.TypeFor[UpdateRequest]().Fields() {
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); !covered[name] {
			t.Errorf("no case changes %s", name)
		}
	}
}

func TestPatchCheck(t *testing.T) {
	for _, tc := range []struct {
		create bool
		data   string
		field  string
	}{
		{true, `{"name":"n"}`, ""},
		{true, `{}`, "name"},
		{false, `{"name":"  "}`, "name"},
		{false, `{"content":"a\u0000b"}`, "content"},
	} {
		t.Run(tc.data, func(t *testing.T) {
			var in CreateRequest
			if err := field.DecodePartial(json.RawMessage(tc.data), &in); err != nil {
				t.Fatal(err)
			}
			_, err := Patch(in).Check(tc.create)
			if tc.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeValidation || e.Field != tc.field {
				t.Fatalf("Check: %v, want a VALIDATION_ERROR on %s", err, tc.field)
			}
		})
	}
}
