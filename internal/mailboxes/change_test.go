package mailboxes

import (
	"encoding/json"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

func TestChangeCheck(t *testing.T) {
	for _, tc := range []struct {
		data  string
		field string // "" for valid
		check func(Change) bool
	}{
		{`{"action":"suspend"}`, "", func(c Change) bool { return *c.Action == "suspend" && !c.Escalation.Set }},
		{`{"escalation_address":" Boss@Example.COM "}`, "", func(c Change) bool { return c.Action == nil && c.Escalation.Value == "boss@example.com" }},
		{`{"escalation_address":null}`, "", func(c Change) bool { return c.Escalation.Set && c.Escalation.Null }},
		{`{}`, "action", nil},
		{`{"action":null}`, "action", nil},
		{`{"acton":"suspend"}`, "action", nil}, // a typo is an unknown key, ignored: nothing to change
		{`{"action":"pause"}`, "action", nil},
		{`{"escalation_address":"nope"}`, "escalation_address", nil},
	} {
		t.Run(tc.data, func(t *testing.T) {
			var in UpdateRequest
			err := field.DecodePartial(json.RawMessage(tc.data), &in) // null where the schema has none is refused here
			var ch Change
			if err == nil {
				ch, err = Change{Action: in.Action, Escalation: in.Escalation}.Check()
			}
			if tc.field == "" {
				if err != nil || !tc.check(ch) {
					t.Fatalf("Check: %+v, %v", ch, err)
				}
				return
			}
			if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeValidation || e.Field != tc.field {
				t.Fatalf("Check: %v, want a VALIDATION_ERROR on %s", err, tc.field)
			}
		})
	}
}
