package mailtenants_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

const res = "mail-tenant-credentials"

func TestUpsert(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		admin := s.NewUser(t, auth.RoleAdmin)
		u := s.NewUser(t, auth.RoleUser)
		ctx := context.Background()
		creds := map[string]any{"owner_email": "New.Owner@Acme.example", "tenant_id": "tenant-1", "api_key": "sk-secret-1",
			"tenant_name": "Acme", "owner_user_id": "mail-user-9"}

		s.Call(t, u.Token, res, "upsert", "", creds).Expect(t, 403, "FORBIDDEN")
		s.Call(t, "", res, "upsert", "", creds).Expect(t, 401, "UNAUTHORIZED")

		// A missing account is created, with a team named after the local part.
		d := s.Call(t, admin.Token, res, "upsert", "", creds).Expect(t, 200, "").Data()
		owner, err := s.App.Users.ByEmail(ctx, "new.owner@acme.example")
		if err != nil {
			t.Fatalf("account not created: %v", err)
		}
		team, ok := d["team_id"].(float64)
		if !ok || d["owner_user_id"] != owner.ID || owner.TeamID == nil || float64(*owner.TeamID) != team || owner.PasswordHash == "" {
			t.Fatalf("upsert: %v; account %+v", d, owner)
		}
		var teamName string
		if err := s.App.DB.R.QueryRow(`SELECT name FROM teams WHERE id = $1`, *owner.TeamID).Scan(&teamName); err != nil || teamName != "new.owner" {
			t.Fatalf("team name %q %v", teamName, err)
		}
		// The key is stored encrypted.
		var sealed, tenantName string
		if err := s.App.DB.R.QueryRow(`SELECT api_key_enc, tenant_name FROM mail_tenant_credentials WHERE team_id = $1`, *owner.TeamID).
			Scan(&sealed, &tenantName); err != nil || strings.Contains(sealed, "sk-secret") || tenantName != "Acme" {
			t.Fatalf("stored %q %q %v", sealed, tenantName, err)
		}

		// Repeated upserts overwrite, also in parallel: one account, one row.
		creds["tenant_name"], creds["owner_user_id"], creds["api_key"] = nil, nil, "sk-secret-2"
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d := s.Call(t, admin.Token, res, "upsert", "", creds).Expect(t, 200, "").Data()
				if d["team_id"] != team || d["owner_user_id"] != owner.ID {
					t.Errorf("repeated upsert: %v", d)
				}
			}()
		}
		wg.Wait()
		var rows, accounts int
		var name, mailOwner *string
		s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM mail_tenant_credentials`).Scan(&rows)                                    //nolint:errcheck
		s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM users WHERE email = 'new.owner@acme.example'`).Scan(&accounts)           //nolint:errcheck
		s.App.DB.R.QueryRow(`SELECT tenant_name, mail_owner_user_id FROM mail_tenant_credentials`).Scan(&name, &mailOwner) //nolint:errcheck
		if rows != 1 || accounts != 1 || name != nil || mailOwner != nil {
			t.Fatalf("after repeats: %d rows, %d accounts, name %v, owner %v", rows, accounts, name, mailOwner)
		}

		// Parallel upserts for a new owner create one account.
		var mu sync.Mutex
		seen := map[any]bool{}
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d := s.Call(t, admin.Token, res, "upsert", "", map[string]any{"owner_email": "race@acme.example", "tenant_id": "t", "api_key": "k"}).Expect(t, 200, "").Data()
				mu.Lock()
				seen[fmt.Sprint(d["owner_user_id"], d["team_id"])] = true
				mu.Unlock()
			}()
		}
		wg.Wait()
		if len(seen) != 1 {
			t.Fatalf("parallel upserts gave %d owners", len(seen))
		}

		// An account without a team gets one.
		if _, err := s.App.DB.W.Exec(`UPDATE users SET team_id = NULL WHERE id = $1`, u.ID); err != nil {
			t.Fatal(err)
		}
		d = s.Call(t, admin.Token, res, "upsert", "", map[string]any{"owner_email": u.Email, "tenant_id": "t2", "api_key": "k2"}).Expect(t, 200, "").Data()
		again, _ := s.App.Users.ByID(ctx, u.ID)
		if d["owner_user_id"] != u.ID || again.TeamID == nil || float64(*again.TeamID) != d["team_id"] {
			t.Fatalf("teamless upsert: %v, account team %v", d, again.TeamID)
		}
		s.App.DB.R.QueryRow(`SELECT name FROM teams WHERE id = $1`, *again.TeamID).Scan(&teamName) //nolint:errcheck
		if local, _, _ := strings.Cut(u.Email, "@"); teamName != local {
			t.Fatalf("team name %q, want %q", teamName, local)
		}

		for _, c := range []struct {
			name  string
			data  map[string]any
			field string
		}{
			{"no owner_email", map[string]any{"tenant_id": "t", "api_key": "k"}, "owner_email"},
			{"bad owner_email", map[string]any{"owner_email": "not-an-email", "tenant_id": "t", "api_key": "k"}, "owner_email"},
			{"numeric owner_email", map[string]any{"owner_email": 3, "tenant_id": "t", "api_key": "k"}, "owner_email"},
			{"no tenant_id", map[string]any{"owner_email": "a@b.co", "api_key": "k"}, "tenant_id"},
			{"empty tenant_id", map[string]any{"owner_email": "a@b.co", "tenant_id": " ", "api_key": "k"}, "tenant_id"},
			{"no api_key", map[string]any{"owner_email": "a@b.co", "tenant_id": "t"}, "api_key"},
			{"empty api_key", map[string]any{"owner_email": "a@b.co", "tenant_id": "t", "api_key": ""}, "api_key"},
			{"numeric api_key", map[string]any{"owner_email": "a@b.co", "tenant_id": "t", "api_key": 1}, "api_key"},
			{"numeric tenant_name", map[string]any{"owner_email": "a@b.co", "tenant_id": "t", "api_key": "k", "tenant_name": 1}, "tenant_name"},
		} {
			t.Run(c.name, func(t *testing.T) {
				r := s.Call(t, admin.Token, res, "upsert", "", c.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != c.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], c.field)
				}
			})
		}
	})
}

// TestTenantKey: check-tenant-key and reprovision-tenant-key on the admin's
// team, and mailboxes using the team's credentials.
func TestTenantKey(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		logs := &mailtest.Log{}
		s := apitest.Start(t, store, func(c *app.Config) {
			c.Log = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		})
		defer func() {
			if l := logs.String(); strings.Contains(l, "first-key") || strings.Contains(l, "made-up") || strings.Contains(l, "emk_") {
				t.Errorf("a tenant key was logged:\n%s", l)
			}
		}()
		admin := s.NewUser(t, auth.RoleAdmin)
		ctx := context.Background()
		const box = "agent-mailboxes-self"

		s.Call(t, admin.Token, box, "check-tenant-key", "", nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, admin.Token, box, "reprovision-tenant-key", "", nil).Expect(t, 404, "NOT_FOUND")

		s.Call(t, admin.Token, res, "upsert", "", map[string]any{"owner_email": admin.Email, "tenant_id": "tn-1", "api_key": "first-key"}).Expect(t, 200, "")
		st := s.Call(t, admin.Token, box, "check-tenant-key", "", nil).Expect(t, 200, "").Data()
		if st["status"] != "active" || st["revokedAt"] != nil || st["tenantId"] != "tn-1" {
			t.Fatalf("check: %v", st)
		}
		if d := s.Call(t, admin.Token, box, "reprovision-tenant-key", "", nil).Expect(t, 200, "").Data(); d["tenantId"] != "tn-1" {
			t.Fatalf("reprovision: %v", d)
		}
		if st := s.Call(t, admin.Token, box, "check-tenant-key", "", nil).Expect(t, 200, "").Data(); st["status"] != "active" {
			t.Fatalf("check after reprovision: %v", st)
		}
		old, err := s.App.Mail.KeyStatus(ctx, mail.Tenant{TenantID: "tn-1", APIKey: "first-key"})
		if err != nil || old.Status != "revoked" || old.RevokedAt == nil {
			t.Fatalf("old key: %+v %v", old, err)
		}

		// Mailboxes of the team's genies are made with the team's tenant.
		g := apitest.Str(s.Call(t, admin.Token, "genies", "create", "", map[string]any{"name": "Desk"}).Expect(t, 201, "").Data(), "genie", "id")
		s.Call(t, admin.Token, box, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		var tenant string
		s.App.DB.R.QueryRow(`SELECT tenant_id FROM mail_accounts WHERE address = 'desk@mail.localhost'`).Scan(&tenant) //nolint:errcheck
		if tenant != "tn-1" {
			t.Fatalf("inbox tenant %q", tenant)
		}

		// A revoked key stored for the team: the mail system refuses it.
		s.Call(t, admin.Token, res, "upsert", "", map[string]any{"owner_email": admin.Email, "tenant_id": "tn-1", "api_key": "first-key"}).Expect(t, 200, "")
		st = s.Call(t, admin.Token, box, "check-tenant-key", "", nil).Expect(t, 200, "").Data()
		if st["status"] != "revoked" || st["revokedAt"] == nil {
			t.Fatalf("check revoked: %v", st)
		}
		// Replacing fails before anything changes: the old inbox cannot be
		// deleted with the revoked key.
		s.Call(t, admin.Token, box, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": "front"}).Expect(t, 500, "INTERNAL_ERROR")
		m := s.Call(t, admin.Token, box, "get", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		if m["status"] != "provisioned" || m["email_address"] != "desk@mail.localhost" {
			t.Fatalf("mailbox changed by a failed replace: %v", m)
		}
		s.Call(t, admin.Token, box, "delete", "", map[string]any{"agentId": g}).Expect(t, 500, "INTERNAL_ERROR")
		s.Call(t, admin.Token, box, "update", "", map[string]any{"agentId": g, "action": "suspend"}).Expect(t, 500, "INTERNAL_ERROR")
		// A new mailbox fails and says why.
		g2 := apitest.Str(s.Call(t, admin.Token, "genies", "create", "", map[string]any{"name": "Desk 2"}).Expect(t, 201, "").Data(), "genie", "id")
		s.Call(t, admin.Token, box, "provision", "", map[string]any{"agentId": g2}).Expect(t, 500, "INTERNAL_ERROR")
		m = s.Call(t, admin.Token, box, "get", "", map[string]any{"agentId": g2}).Expect(t, 200, "").Data()
		if m["status"] != "failed" || m["last_error"] == nil || m["account_id"] != nil {
			t.Fatalf("failed mailbox: %v", m)
		}
		s.Call(t, admin.Token, box, "test", "", map[string]any{"agentId": g2}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, admin.Token, box, "update", "", map[string]any{"agentId": g2, "action": "suspend"}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, admin.Token, res, "upsert", "", map[string]any{"owner_email": admin.Email, "tenant_id": "tn-1", "api_key": "made-up"}).Expect(t, 200, "")
		if st := s.Call(t, admin.Token, box, "check-tenant-key", "", nil).Data(); st["status"] != "invalid" {
			t.Fatalf("check invalid: %v", st)
		}
		// Reprovisioning repairs the credentials; a failed mailbox can be
		// provisioned again without a new local part.
		s.Call(t, admin.Token, box, "reprovision-tenant-key", "", nil).Expect(t, 200, "")
		m = s.Call(t, admin.Token, box, "provision", "", map[string]any{"agentId": g2}).Expect(t, 200, "").Data()
		if m["status"] != "provisioned" || m["email_address"] != "desk-2@mail.localhost" || m["last_error"] != nil {
			t.Fatalf("after repair: %v", m)
		}
	})
}
