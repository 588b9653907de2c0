package main

import (
	"fmt"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// TestParallelReprovisionTwoProcesses: parallel reprovision-tenant-key
// calls for one team, spread over two processes on one database, all
// succeed (on PostgreSQL they answered 500 on the one-current-key index),
// and the team's stored key is afterwards the mail system's current one
// whatever order they finished in.
func TestParallelReprovisionTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Setenv("GENIE_ADMIN_EMAIL", "boss@example.com")
	t.Setenv("GENIE_ADMIN_PASSWORD", "boss-password")
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		a := startBinary(t, dsn)
		b := startBinary(t, dsn)
		st, m, err := post(a.url+"/auth/v1/token?grant_type=password", "", map[string]string{"email": "boss@example.com", "password": "boss-password"})
		if err != nil || st != 200 {
			t.Fatalf("sign in: %d %v %v", st, m, err)
		}
		token := m["access_token"].(string)
		call := func(url, action string, data map[string]any) (int, map[string]any) {
			st, m, err := post(url+"/v1", token, map[string]any{"resource": "agent-mailboxes-self", "action": action, "data": data})
			if err != nil {
				t.Errorf("%s: %v", action, err)
			}
			return st, m
		}
		st, m, _ = post(a.url+"/v1", token, map[string]any{"resource": "mail-tenant-credentials", "action": "upsert",
			"data": map[string]any{"owner_email": "boss@example.com", "tenant_id": "tenant-1", "api_key": "first-key"}})
		if st != 200 {
			t.Fatalf("upsert: %d %v", st, m)
		}
		if st, m := call(b.url, "check-tenant-key", nil); st != 200 {
			t.Fatalf("check-tenant-key: %d %v", st, m)
		}
		for round := range 3 {
			var wg sync.WaitGroup
			for i := range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					url := a.url
					if i%2 == 1 {
						url = b.url
					}
					if st, m := call(url, "reprovision-tenant-key", nil); st != 200 {
						t.Errorf("round %d, reprovision %d: %d %v", round, i, st, m)
					}
				}()
			}
			wg.Wait()
			for _, url := range []string{a.url, b.url} {
				st, m := call(url, "check-tenant-key", nil)
				if d, _ := m["data"].(map[string]any); st != 200 || d["status"] != "active" {
					t.Fatalf("round %d: the stored key after parallel reprovisions: %d %v", round, st, m)
				}
			}
		}
		if t.Failed() {
			t.Log(fmt.Sprint(a.logs), fmt.Sprint(b.logs))
		}
	})
}
