package app_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/httpapi/openapi"
)

// TestDeclarations: every registered action declares what it answers, and
// the published document has one operation per action with its own
// request and response schemas and a unique operationId.
func TestDeclarations(t *testing.T) {
	s := apitest.Start(t, "sqlite")
	for res, actions := range s.App.API.Resources() {
		for _, name := range actions {
			a := s.App.API.Action(res, name)
			if a.Summary == "" || a.Response == nil {
				t.Errorf("%s %s: no declaration (Summary %q, Response %v)", res, name, a.Summary, a.Response)
			}
		}
	}
	// The document is the same bytes every time (the committed copy in
	// clients/ is compared with it).
	first := openapi.JSON(s.App.API, s.App.Discovery.Info)
	for range 5 {
		if again := openapi.JSON(s.App.API, s.App.Discovery.Info); !bytes.Equal(again, first) {
			t.Fatal("the OpenAPI document differs between two builds")
		}
	}
	r := s.Do(t, "GET", "/v1/openapi.json", "", nil)
	if !bytes.Equal(r.Raw, first) {
		t.Fatal("GET /v1/openapi.json differs from the built document")
	}
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(r.Raw, &doc); err != nil || doc.OpenAPI != "3.1.0" {
		t.Fatalf("document: %v %q", err, doc.OpenAPI)
	}
	seen := map[string]string{}
	for path, item := range doc.Paths {
		for method, op := range item {
			id, _ := op["operationId"].(string)
			if prev, dup := seen[id]; dup || id == "" {
				t.Errorf("operationId %q of %s %s repeats %s", id, method, path, prev)
			}
			seen[id] = method + " " + path
		}
	}
	for res, actions := range s.App.API.Resources() {
		for _, name := range actions {
			op := doc.Paths[openapi.ActionPath(res, name)]["post"]
			if op == nil {
				t.Errorf("%s %s: no operation at %s", res, name, openapi.ActionPath(res, name))
				continue
			}
			if op["operationId"] != openapi.OperationID(res, name) || op["requestBody"] == nil {
				t.Errorf("%s %s: operation %v", res, name, op["operationId"])
			}
			resps, _ := op["responses"].(map[string]any)
			ok := false
			for st := range resps {
				ok = ok || strings.HasPrefix(st, "2")
			}
			if !ok {
				t.Errorf("%s %s: no success response", res, name)
			}
		}
	}
}
