package main

import (
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// TestKeysAddNameRules: genie keys add applies the api-keys service's name
// rules (the ones the api-keys create action gets), not its own copy.
func TestKeysAddNameRules(t *testing.T) {
	dsn := apitest.NewDSN(t, "sqlite")
	if code, _, errOut := run(t, "users", "add", "--db", dsn, "--email", "k@example.com", "--password", "secret-pw"); code != 0 {
		t.Fatalf("users add: %d %s", code, errOut)
	}
	for _, tc := range []struct{ name, want string }{
		{"   ", "name must not be empty"},
		{strings.Repeat("é", 101), "at most 100 characters"},
	} {
		code, _, errOut := run(t, "keys", "add", "--db", dsn, "--email", "k@example.com", "--name", tc.name)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Fatalf("keys add --name %q: %d %q", tc.name, code, errOut)
		}
	}
	code, out, errOut := run(t, "keys", "add", "--db", dsn, "--email", "k@example.com", "--name", "  laptop  ")
	if code != 0 || !strings.Contains(out, `"key":"svc_live_`) {
		t.Fatalf("keys add: %d %q %q", code, out, errOut)
	}
}
