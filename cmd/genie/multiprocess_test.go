package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// TestTwoProcesses runs two genie serve binaries with default settings
// (only --db and --addr differ from a bare start) on one database: both
// start (the second without the SMTP port the first took), and they share
// one rate limit, one key revocation and one sign-out.
func TestTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		a := startBinary(t, dsn, []string{}...)
		b := startBinary(t, dsn, []string{}...)

		st, m, err := post(a.url+"/auth/v1/signup", "", map[string]string{"email": "two@example.com", "password": "two-processes"})
		if err != nil || st != 200 {
			t.Fatalf("signup: %d %v %v", st, m, err)
		}
		token := m["access_token"].(string)
		st, m, _ = post(b.url+"/v1", token, map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": "k"}})
		if st != 201 {
			t.Fatalf("create key on b: %d %v", st, m)
		}
		key := m["data"].(map[string]any)["api_key"].(map[string]any)
		secret, id := key["key"].(string), key["id"].(string)

		// One budget of 60 a minute across both processes. The window is a
		// wall-clock minute, so allow for one rollover during the loop.
		limited := 0
		for i := 0; i < 125 && limited == 0; i++ {
			url := a.url
			if i%2 == 1 {
				url = b.url
			}
			st, m, _ = post(url+"/v1", secret, map[string]any{"resource": "genies", "action": "all"})
			switch st {
			case 200:
			case 429:
				limited = i + 1
			default:
				t.Fatalf("request %d: %d %v", i, st, m)
			}
		}
		if limited == 0 || limited > 121 {
			t.Fatalf("no 429 within two windows of requests alternating between processes (limited at %d)", limited)
		}

		// Revocation on a is effective on b at once.
		req, _ := http.NewRequest("PATCH", a.url+"/v1/api-keys/"+id, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("revoke: %v %v", res, err)
		}
		res.Body.Close()
		st, m, _ = post(b.url+"/v1", secret, map[string]any{"resource": "genies", "action": "all"})
		if st != 401 || fmt.Sprint(m["error"].(map[string]any)["code"]) != "KEY_NOT_FOUND" {
			t.Fatalf("revoked key on b: %d %v", st, m)
		}

		// Sign-out on b is effective on a at once.
		req, _ = http.NewRequest("POST", b.url+"/auth/v1/logout", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err = http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 204 {
			t.Fatalf("logout: %v %v", res, err)
		}
		res.Body.Close()
		st, m, _ = post(a.url+"/v1", token, map[string]any{"resource": "api-keys", "action": "list"})
		if st != 401 || m["error"].(map[string]any)["code"] != "INVALID_TOKEN" {
			t.Fatalf("signed-out token on a: %d %v", st, m)
		}
		if strings.Contains(a.logs.String()+b.logs.String(), secret) {
			t.Fatal("an API key appears in the logs")
		}
	})
}
