package apitest

import (
	"net/http"
	"strings"
	"testing"
)

// TestContractCheck: the contract check passes a response that matches
// the document and catches each kind of drift.
func TestContractCheck(t *testing.T) {
	s := Start(t, "sqlite")
	c, err := loadContract(s)
	if err != nil {
		t.Fatal(err)
	}
	jsonHeader := http.Header{"Content-Type": {"application/json"}}
	env := map[string]any{"resource": "api-keys", "action": "list"}
	for _, tc := range []struct {
		name, method, path string
		body               any
		status             int
		resp               string
		want               string // "" for no breach, else a part of the message
	}{
		{"matches", "POST", "/v1", env, 200, `{"success":true,"data":{"api_keys":[],"count":0}}`, ""},
		{"per-action path", "POST", "/v1/api-keys/list", nil, 200, `{"success":true,"data":{"api_keys":[],"count":0}}`, ""},
		{"resource in path", "POST", "/v1/api-keys", map[string]any{"action": "list"}, 200, `{"success":true,"data":{"api_keys":[],"count":0}}`, ""},
		{"REST form", "GET", "/v1/api-keys", nil, 200, `{"success":true,"data":{"api_keys":[],"count":0}}`, ""},
		{"wrong type", "POST", "/v1", env, 200, `{"success":true,"data":{"api_keys":[],"count":"0"}}`, "does not match"},
		{"missing key", "POST", "/v1", env, 200, `{"success":true,"data":{"count":0}}`, "does not match"},
		{"null list", "POST", "/v1", env, 200, `{"success":true,"data":{"api_keys":null,"count":0}}`, "does not match"},
		{"undeclared status", "POST", "/v1", env, 404, `{"success":false,"error":{"code":"NOT_FOUND","message":"x","status":404}}`, "does not declare"},
		{"bad error body", "POST", "/v1", env, 401, `{"success":false,"error":{"code":"NOPE","message":"x","status":401}}`, "does not match"},
		// A declared status and a body on the error schema, but a code
		// the operation does not list in x-error-codes.
		{"undeclared code", "POST", "/v1/api-keys/list", nil, 400, `{"success":false,"error":{"code":"NOT_FOUND","message":"x","status":400}}`, "x-error-codes"},
		{"declared code", "POST", "/v1/api-keys/list", nil, 400, `{"success":false,"error":{"code":"VALIDATION_ERROR","message":"x","status":400}}`, ""},
		{"undeclared sign-in code", "POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": "x"}, 400,
			`{"code":400,"error_code":"no_such_code","msg":"x"}`, "x-error-codes"},
		{"declared sign-in code", "POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": "x"}, 400,
			`{"code":400,"error_code":"refresh_token_already_used","msg":"x"}`, ""},
		{"unknown action error", "POST", "/v1", map[string]any{"resource": "api-keys", "action": "nope"}, 400,
			`{"success":false,"error":{"code":"INVALID_ACTION","message":"x","status":400}}`, ""},
		{"unknown action, bad body", "POST", "/v1", map[string]any{"resource": "api-keys", "action": "nope"}, 400, `{"oops":1}`, "does not match"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := c.check(tc.method, tc.path, tc.body, tc.status, jsonHeader, []byte(tc.resp))
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Fatalf("check = %q, want %q", got, tc.want)
			}
		})
	}
}
