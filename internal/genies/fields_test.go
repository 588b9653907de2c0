package genies

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
// alone, changes that field of the genie and no other; null clears
// voice_id and empties document_ids; unknown keys are ignored, as the
// envelope ignores them everywhere.
func TestUpdateChangesOnlySuppliedFields(t *testing.T) {
	const doc = "11111111-1111-4111-8111-111111111111"
	voice := "v1"
	base := Genie{Name: "n", Description: "d", Instructions: "i", Greeting: "g", VoiceID: &voice, DocumentIDs: []string{doc}}
	cases := []struct {
		data    string
		changed []string
	}{
		{`{}`, nil},
		{`{"name":" New "}`, []string{"name"}},
		{`{"description":"x"}`, []string{"description"}},
		{`{"instructions":"x"}`, []string{"instructions"}},
		{`{"greeting":"x"}`, []string{"greeting"}},
		{`{"voice_id":"v2"}`, []string{"voice_id"}},
		{`{"voice_id":null}`, []string{"voice_id"}},
		{`{"document_ids":[]}`, []string{"document_ids"}},
		{`{"document_ids":null}`, []string{"document_ids"}},
		{`{"conversation":{"enabled":true}}`, []string{"conversation"}},
		{`{"conversation":{"language":"de","greeting":"Hallo"}}`, []string{"conversation"}},
		{`{"conversation":{}}`, nil},
		{`{"nmae":"typo"}`, nil},
	}
	covered := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.data, func(t *testing.T) {
			var in UpdateRequest
			if err := field.Decode(json.RawMessage(tc.data), &in); err != nil {
				t.Fatal(err)
			}
			f, err := Fields(in).Check(false)
			if err != nil {
				t.Fatal(err)
			}
			g := base
			g.Conversation = DefaultConversation()
			apply(&g, f)
			f.Conversation.apply(&g.Conversation)
			if f.DocumentIDs.Set {
				g.DocumentIDs = f.DocumentIDs.Value
			}
			var got []string
			if g.Name != base.Name {
				got = append(got, "name")
				if g.Name != "New" {
					t.Errorf("name %q not trimmed", g.Name)
				}
			}
			if g.Description != base.Description {
				got = append(got, "description")
			}
			if g.Instructions != base.Instructions {
				got = append(got, "instructions")
			}
			if g.Greeting != base.Greeting {
				got = append(got, "greeting")
			}
			if !reflect.DeepEqual(g.VoiceID, base.VoiceID) {
				got = append(got, "voice_id")
			}
			if !slices.Equal(g.DocumentIDs, base.DocumentIDs) {
				got = append(got, "document_ids")
				if g.DocumentIDs == nil {
					t.Error("document_ids became null, want []")
				}
			}
			if g.Conversation != DefaultConversation() {
				got = append(got, "conversation")
			}
			if !slices.Equal(got, tc.changed) {
				t.Fatalf("changed %v, want %v", got, tc.changed)
			}
		})
		for _, k := range tc.changed {
			covered[k] = true
		}
	}
	// Every field update takes, as JSON sees it (Details flattened).
	_ = field.JSONFields(reflect.TypeFor[UpdateRequest](), func(_ reflect.StructField, name, _ string) error {
		if !covered[name] {
			t.Errorf("no case changes %s", name)
		}
		return nil
	})
}

func TestFieldsCheck(t *testing.T) {
	long := func(n int) string { return `"` + strings.Repeat("x", n) + `"` }
	for _, tc := range []struct {
		create bool
		data   string
		field  string // "" for valid
	}{
		{true, `{}`, "name"},
		{true, `{"name":" "}`, "name"},
		{false, `{}`, ""},
		{false, `{"name":""}`, "name"},
		{false, `{"description":` + long(MaxDescriptionLen+1) + `}`, "description"},
		{false, `{"instructions":` + long(MaxInstructionsLen+1) + `}`, "instructions"},
		{false, `{"greeting":` + long(MaxGreetingLen+1) + `}`, "greeting"},
		{false, `{"voice_id":` + long(MaxVoiceIDLen+1) + `}`, "voice_id"},
		{false, `{"document_ids":["nope"]}`, "document_ids"},
		{false, `{"conversation":{"language":"it"}}`, "conversation.language"},
		{false, `{"conversation":{"greeting":` + long(MaxGreetingLen+1) + `}}`, "conversation.greeting"},
		{false, `{"conversation":{"enabled":true,"language":"es","greeting":"Hola"}}`, ""},
	} {
		t.Run(tc.data[:min(len(tc.data), 40)], func(t *testing.T) {
			// The declared limits are checked as data is decoded; the rest
			// by Check. Either way the error names the field.
			var in UpdateRequest
			err := field.Decode(json.RawMessage(tc.data), &in)
			if err == nil {
				_, err = Fields(in).Check(tc.create)
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

// TestUpdateRefusesNull: null is taken only where the schema says so
// (voice_id, document_ids); name: null and conversation: null are refused,
// naming the field.
func TestUpdateRefusesNull(t *testing.T) {
	for _, name := range []string{"name", "conversation"} {
		var in UpdateRequest
		err := field.Decode(json.RawMessage(`{"`+name+`":null}`), &in)
		if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeValidation || e.Field != name {
			t.Fatalf("%s: null: got %v, want VALIDATION_ERROR naming %s", name, err, name)
		}
	}
}
