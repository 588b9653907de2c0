package app_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// specCodes are the error codes of the v1 interface.
var specCodes = []string{"UNAUTHORIZED", "INVALID_KEY_PREFIX", "KEY_NOT_FOUND", "INVALID_TOKEN", "FORBIDDEN", "NOT_FOUND",
	"AGENT_NOT_FOUND", "VALIDATION_ERROR", "INVALID_ACTION", "RATE_LIMIT_EXCEEDED"}

// FuzzActions sends arbitrary ids and data to every action of every
// resource, as a user and as an admin, on the real server: each answer is
// a JSON envelope, a failure carries one of the spec's codes, and nothing
// is ever a 500.
func FuzzActions(f *testing.F) {
	s := apitest.Start(f, "sqlite")
	user := s.NewUser(f, auth.RoleUser)
	admin := s.NewUser(f, auth.RoleAdmin)
	doc := apitest.Str(s.Call(f, user.Token, "documents", "create", "", map[string]any{"name": "d", "content": "We open at 9."}).Expect(f, 201, "").Data(), "document", "id")
	genie := apitest.Str(s.Call(f, user.Token, "genies", "create", "", map[string]any{"name": "g", "document_ids": []string{doc}}).Expect(f, 201, "").Data(), "genie", "id")

	type op struct{ resource, action string }
	var ops []op
	for res, actions := range s.App.API.Resources() {
		for _, a := range actions {
			ops = append(ops, op{res, a})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].resource+"/"+ops[i].action < ops[j].resource+"/"+ops[j].action })
	seeds := []string{`{}`, `{"agentId":"` + genie + `"}`, `{"documentIds":["` + doc + `"],"template":"faq"}`,
		`{"name":"x","content":"y","document_ids":["` + doc + `"]}`, `{"limit":-1,"offset":1e30}`, `{"mode":"create","name":[]}`,
		`{"id":"` + genie + `","token":"x","pin":"1234"}`, `{"agentId":"` + genie + `","desiredLocalpart":"front-desk"}`}
	for i := range ops {
		for _, d := range seeds {
			f.Add(uint16(i), genie, []byte(d), i%2 == 0)
		}
		f.Add(uint16(i), doc, []byte(`{"name":"\u0000"}`), false)
		f.Add(uint16(i), "12", []byte(`{"userId":"`+user.ID+`","adminMode":true}`), true)
	}
	f.Fuzz(func(t *testing.T, i uint16, id string, data []byte, asAdmin bool) {
		o := ops[int(i)%len(ops)]
		token := user.Token
		if asAdmin {
			token = admin.Token
		}
		idJSON, _ := json.Marshal(id)
		body := fmt.Sprintf(`{"resource":%q,"action":%q,"id":%s,"data":%s}`, o.resource, o.action, idJSON, data)
		r := s.Do(t, "POST", "/v1", token, body)
		if r.Status >= 500 {
			t.Fatalf("%s %s id %q data %q: %d %s", o.resource, o.action, id, data, r.Status, r.Raw)
		}
		if _, ok := r.Body["success"].(bool); !ok {
			t.Fatalf("%s %s: not an envelope: %d %s", o.resource, o.action, r.Status, r.Raw)
		}
		if r.Status >= 400 && !slices.Contains(specCodes, r.Code()) {
			t.Fatalf("%s %s: %d with code %q", o.resource, o.action, r.Status, r.Code())
		}
	})
}
