package marketplace_test

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/httpapi/openapi"
)

// declared is what the published document must say of one action.
type declared struct {
	statuses []string // success statuses
	id       string   // "required", "optional" or "" (no id)
	idem     bool     // takes an Idempotency-Key
	modes    []string // data.mode values ("" = omitted); nil for actions without modes
	errors   []string // error codes the action answers besides the common ones
}

// TestDeclaredOperations: GET /v1/openapi.json, as a real server serves
// it, has every marketplace and genie-groups action as its own operation, with a summary,
// the success statuses, id, idempotency and error codes the action
// answers, a request schema (one branch per data.mode for the mode
// actions) and a response schema for its data. (Every answer the
// black-box tests receive is validated against these schemas by
// apitest.)
func TestDeclaredOperations(t *testing.T) {
	ok, created, both := []string{"200"}, []string{"201"}, []string{"200", "201"}
	taxonomy := declared{statuses: both, id: "optional", idem: true, modes: []string{"", "create", "update", "delete"},
		errors: []string{"UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"}}
	want := map[string]declared{
		"list":       {statuses: ok},
		"all":        {statuses: ok},
		"get":        {statuses: ok, id: "required", errors: []string{"NOT_FOUND"}},
		"create":     {statuses: created, idem: true, errors: []string{"FORBIDDEN", "AGENT_NOT_FOUND"}},
		"update":     {statuses: ok, id: "required", errors: []string{"FORBIDDEN", "NOT_FOUND"}},
		"delete":     {statuses: ok, id: "required", errors: []string{"FORBIDDEN", "NOT_FOUND"}},
		"categories": taxonomy,
		"brands":     taxonomy,
		"stats":      {statuses: ok},
		"trending":   {statuses: ok},
		"clone":      {statuses: created, id: "optional", idem: true, errors: []string{"NOT_FOUND", "AGENT_NOT_FOUND"}},
		"reviews": {statuses: both, id: "optional", idem: true, modes: []string{"", "create", "update", "delete"},
			errors: []string{"NOT_FOUND"}},
		"favorites": {statuses: both, id: "optional", idem: true, modes: []string{"", "add", "remove"},
			errors: []string{"NOT_FOUND"}},
		"collections": {statuses: both, id: "optional", idem: true,
			modes: []string{"", "create", "update", "delete", "add-genie", "remove-genie"}, errors: []string{"NOT_FOUND"}},
		"submissions": {statuses: both, id: "optional", idem: true,
			modes:  []string{"", "create", "approve", "reject", "under-review", "delete"},
			errors: []string{"FORBIDDEN", "NOT_FOUND", "AGENT_NOT_FOUND"}},
	}
	// genie-groups is checked here too, with the same checker.
	scoped := []string{"FORBIDDEN"} // adminMode or userId without the admin role
	groups := map[string]declared{
		"list":    {statuses: ok, errors: scoped},
		"all":     {statuses: ok, errors: scoped},
		"get":     {statuses: ok, id: "required", errors: []string{"NOT_FOUND"}},
		"create":  {statuses: created, idem: true, errors: scoped},
		"update":  {statuses: ok, id: "required", errors: []string{"FORBIDDEN", "NOT_FOUND"}},
		"delete":  {statuses: ok, id: "required", errors: []string{"FORBIDDEN", "NOT_FOUND"}},
		"reorder": {statuses: ok, errors: []string{"FORBIDDEN", "NOT_FOUND"}},
		"counts":  {statuses: ok, errors: scoped},
		"sync":    {statuses: ok, errors: []string{"FORBIDDEN", "NOT_FOUND", "AGENT_NOT_FOUND"}},
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		checkDeclared(t, s, "marketplace", want)
		checkDeclared(t, s, "genie-groups", groups)
	})
}

// checkDeclared fetches the document and checks the resource's
// operations against want.
func checkDeclared(t *testing.T, s *apitest.Server, resource string, want map[string]declared) {
	t.Helper()
	r := s.Do(t, http.MethodGet, "/v1/openapi.json", "", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET /v1/openapi.json: %d", r.Status)
	}
	var doc map[string]any
	if err := json.Unmarshal(r.Raw, &doc); err != nil {
		t.Fatalf("document: %v", err)
	}
	schemas := dig(doc, "components", "schemas")
	paths := dig(doc, "paths")
	var have []string
	for p := range paths {
		if name, ok := strings.CutPrefix(p, "/v1/"+resource+"/"); ok {
			have = append(have, name)
		}
	}
	if slices.Sort(have); !slices.Equal(have, slices.Sorted(maps.Keys(want))) {
		t.Errorf("%s operations %v, want %v", resource, have, slices.Sorted(maps.Keys(want)))
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		w := want[name]
		op := dig(paths, openapi.ActionPath(resource, name), "post")
		if op == nil {
			t.Errorf("%s %s: no operation", resource, name)
			continue
		}
		if s, _ := op["summary"].(string); strings.TrimSpace(s) == "" {
			t.Errorf("%s %s: no summary", resource, name)
		}
		if op["operationId"] != openapi.OperationID(resource, name) {
			t.Errorf("%s %s: operationId %v", resource, name, op["operationId"])
		}
		// Success statuses, each with the success envelope and a schema
		// for data.
		var statuses []string
		for st := range dig(op, "responses") {
			if strings.HasPrefix(st, "2") {
				statuses = append(statuses, st)
			}
		}
		if slices.Sort(statuses); !slices.Equal(statuses, w.statuses) {
			t.Errorf("%s %s: success statuses %v, want %v", resource, name, statuses, w.statuses)
		}
		for _, st := range statuses {
			data := dig(op, "responses", st, "content", "application/json", "schema", "properties", "data")
			if !describes(data, schemas) {
				t.Errorf("%s %s: the %s answer's data has no schema: %v", resource, name, st, data)
			}
			if w.modes != nil {
				if branches, _ := data["anyOf"].([]any); len(branches) < len(w.modes) {
					t.Errorf("%s %s: %d answer branches for modes %q", resource, name, len(branches), w.modes)
				}
			}
		}
		// The request: one branch per mode, each naming its mode.
		req := dig(op, "requestBody", "content", "application/json", "schema")
		if req == nil {
			t.Errorf("%s %s: no request schema", resource, name)
		}
		if w.modes != nil {
			var modes []string
			branches, _ := req["anyOf"].([]any)
			for _, b := range branches {
				m, _ := dig(b.(map[string]any), "properties", "mode")["const"].(string)
				modes = append(modes, m)
			}
			if !sameSet(modes, w.modes) {
				t.Errorf("%s %s: request modes %q, want %q", resource, name, modes, w.modes)
			}
		}
		// Parameters: the record id and the Idempotency-Key.
		id, idem := "", false
		params, _ := op["parameters"].([]any)
		for _, p := range params {
			p := p.(map[string]any)
			switch {
			case p["$ref"] == "#/components/parameters/IdempotencyKey":
				idem = true
			case p["name"] == "id" && p["in"] == "query":
				id = "optional"
				if p["required"] == true {
					id = "required"
				}
				if d, _ := p["description"].(string); d == "" {
					t.Errorf("%s %s: the id parameter has no description", resource, name)
				}
			}
		}
		if id != w.id || idem != w.idem {
			t.Errorf("%s %s: id %q, idempotency key %v; want %q, %v", resource, name, id, idem, w.id, w.idem)
		}
		codes, _ := op["x-error-codes"].([]any)
		for _, c := range w.errors {
			if !slices.Contains(codes, any(c)) {
				t.Errorf("%s %s: error codes %v lack %s", resource, name, codes, c)
			}
		}
	}
}

// describes reports whether s is a real schema: a type, branches, or a
// reference to a component with properties.
func describes(s map[string]any, schemas map[string]any) bool {
	if s == nil {
		return false
	}
	if ref, ok := s["$ref"].(string); ok {
		c := dig(schemas, strings.TrimPrefix(ref, "#/components/schemas/"))
		props, _ := c["properties"].(map[string]any)
		return len(props) > 0
	}
	for _, k := range []string{"anyOf", "allOf"} {
		if branches, ok := s[k].([]any); ok {
			for _, b := range branches {
				if !describes(b.(map[string]any), schemas) {
					return false
				}
			}
			return len(branches) > 0
		}
	}
	_, typed := s["type"]
	return typed
}

func dig(m map[string]any, path ...string) map[string]any {
	for _, k := range path {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil
		}
		m = next
	}
	return m
}

func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}
