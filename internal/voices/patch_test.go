package voices

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
// alone, changes that field and no other; a null description removes it;
// unknown keys are ignored, as the envelope ignores them everywhere.
func TestUpdateChangesOnlySuppliedFields(t *testing.T) {
	desc := "d"
	base := Voice{VoiceID: "v", Label: "l", Description: &desc, Gender: "male", SortOrder: 1, IsActive: true}
	cases := []struct {
		data    string
		changed []string
	}{
		{`{}`, nil},
		{`{"label":" L2 "}`, []string{"label"}},
		{`{"description":"d2"}`, []string{"description"}},
		{`{"description":null}`, []string{"description"}},
		{`{"gender":"female"}`, []string{"gender"}},
		{`{"sort_order":5}`, []string{"sort_order"}},
		{`{"is_active":false}`, []string{"is_active"}},
		{`{"lable":"typo"}`, nil},
	}
	covered := map[string]bool{"voice_id": true} // cannot change: TestPatchCheck
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
			v := base
			p.apply(&v)
			if got := changedKeys(t, base, v); !slices.Equal(got, tc.changed) {
				t.Fatalf("changed %v, want %v", got, tc.changed)
			}
			if v.Label != "l" && v.Label != "L2" {
				t.Fatalf("label %q", v.Label)
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

func changedKeys(t *testing.T, a, b Voice) []string {
	t.Helper()
	var ma, mb map[string]any
	ra, _ := json.Marshal(a)
	rb, _ := json.Marshal(b)
	if json.Unmarshal(ra, &ma) != nil || json.Unmarshal(rb, &mb) != nil {
		t.Fatal("round trip")
	}
	var out []string
	for k := range ma {
		if !reflect.DeepEqual(ma[k], mb[k]) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func TestPatchCheck(t *testing.T) {
	for _, tc := range []struct {
		create bool
		data   string
		field  string // "" for valid
	}{
		{true, `{"voice_id":"v","label":"l","gender":"male"}`, ""},
		{true, `{"label":"l","gender":"male"}`, "voice_id"},
		{true, `{"voice_id":null,"label":"l","gender":"male"}`, "voice_id"},
		{true, `{"voice_id":"v","gender":"male"}`, "label"},
		{true, `{"voice_id":"v","label":"l"}`, "gender"},
		{false, `{"voice_id":"v"}`, "voice_id"},
		{false, `{"voice_id":null}`, "voice_id"},
		{false, `{"label":" "}`, "label"},
		{false, `{"gender":"other"}`, "gender"},
		{false, `{"sort_order":2000000000}`, "sort_order"},
		{false, `{"description":"` + strings.Repeat("x", MaxDescriptionLen+1) + `"}`, "description"},
	} {
		t.Run(tc.data, func(t *testing.T) {
			var in CreateRequest
			err := field.DecodePartial(json.RawMessage(tc.data), &in) // a null where the schema has none is refused here
			if err == nil {
				_, err = Patch(in).Check(tc.create)
			}
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
