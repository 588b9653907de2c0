package mailboxes_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestConcurrentReprovision: parallel provisions of one genie, with the same
// or different local parts, never answer 500, and leave exactly one
// provisioned mailbox whose address the genie's record names; parallel
// tenant-key reprovisions never answer 500.
func TestConcurrentReprovision(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u, admin := s.NewUser(t, auth.RoleUser), s.NewUser(t, auth.RoleAdmin)
		g := apitest.Str(s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Sales"}).Expect(t, 201, "").Data(), "genie", "id")
		for round, parts := range [][]string{
			{"same", "same", "same", "same", "same", "same", "same", "same"},
			{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"},
		} {
			var wg sync.WaitGroup
			statuses := make([]int, len(parts))
			for i, p := range parts {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := s.Call(t, u.Token, "agent-mailboxes-self", "provision", "", map[string]any{"agentId": g, "desiredLocalpart": fmt.Sprintf("%s-%d", p, round)})
					statuses[i] = r.Status
					if r.Status >= 500 {
						t.Errorf("provision %s: %d %s", p, r.Status, r.Raw)
					}
				}()
			}
			wg.Wait()
			m := s.Call(t, u.Token, "agent-mailboxes-self", "get", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
			if m["status"] != "provisioned" {
				t.Fatalf("round %d: statuses %v, mailbox %v", round, statuses, m)
			}
			var n int
			if err := s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM mailboxes WHERE agent_id = $1`, g).Scan(&n); err != nil || n != 1 {
				t.Fatalf("round %d: %d mailbox rows for the genie (%v)", round, n, err)
			}
		}
		// The admin's team needs credentials, or every reprovision is a 404.
		s.Call(t, admin.Token, "mail-tenant-credentials", "upsert", "", map[string]any{"owner_email": admin.Email, "tenant_id": "t", "api_key": "k"}).Expect(t, 200, "")
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if r := s.Call(t, admin.Token, "agent-mailboxes-self", "reprovision-tenant-key", "", nil); r.Status != 200 {
					t.Errorf("reprovision-tenant-key: %d %s", r.Status, r.Raw)
				}
			}()
		}
		wg.Wait()
		if st := s.Call(t, admin.Token, "agent-mailboxes-self", "check-tenant-key", "", nil).Expect(t, 200, "").Data(); st["status"] != "active" {
			t.Fatalf("the stored key after parallel reprovisions: %v", st)
		}
	})
}
