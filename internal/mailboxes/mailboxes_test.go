package mailboxes_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

const res = "agent-mailboxes-self"

func withSMTP(c *app.Config) { c.SMTPAddr = "127.0.0.1:0" }

func newGenie(t *testing.T, s *apitest.Server, tok, name string) string {
	return apitest.Str(apitest.NewGenie(t, s, tok, name), "id")
}

func count(t *testing.T, s *apitest.Server, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.App.DB.R.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestMailboxLifecycle(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, withSMTP)
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		g := newGenie(t, s, u.Token, "Front Desk")
		g2 := newGenie(t, s, u.Token, "Front Desk")
		agent := map[string]any{"agentId": g}

		// No mailbox yet.
		s.Call(t, u.Token, res, "get", "", agent).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, res, "test", "", agent).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "action": "suspend"}).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, res, "delete", "", agent).Expect(t, 200, "")

		// Provision: an address built from the genie's name.
		m := s.Call(t, u.Token, res, "provision", "", agent).Expect(t, 200, "").Data()
		if m["email_address"] != "front-desk@mail.localhost" || m["status"] != "provisioned" || m["agent_id"] != g ||
			m["account_id"] == nil || m["grant_id"] == nil || m["last_error"] != nil || m["escalation_address"] != nil {
			t.Fatalf("provisioned: %v", m)
		}
		for _, k := range []string{"id", "created_at", "updated_at"} {
			if m[k] == nil {
				t.Fatalf("no %s: %v", k, m)
			}
		}
		got := s.Call(t, u.Token, res, "get", "", agent).Expect(t, 200, "").Data()
		if got["id"] != m["id"] || got["email_address"] != m["email_address"] {
			t.Fatalf("get %v, want %v", got, m)
		}
		// The genie shows its mailbox.
		gm := s.Call(t, u.Token, "genies", "get", g, nil).Expect(t, 200, "").Data()
		if apitest.Dig(gm, "genie", "mailbox", "email_address") != "front-desk@mail.localhost" {
			t.Fatalf("genie mailbox: %v", gm)
		}
		if apitest.Dig(s.Call(t, u.Token, "genies", "get", g2, nil).Data(), "genie", "mailbox") != nil {
			t.Fatal("genie without mailbox must show mailbox null")
		}
		// The same name again gets a unique address.
		m2 := s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g2}).Expect(t, 200, "").Data()
		addr2, _ := m2["email_address"].(string)
		if !strings.HasPrefix(addr2, "front-desk-") || !strings.HasSuffix(addr2, "@mail.localhost") || len(addr2) != len("front-desk-xxxxxx@mail.localhost") {
			t.Fatalf("second address %q", addr2)
		}

		// Provisioning again needs desiredLocalpart.
		r := s.Call(t, u.Token, res, "provision", "", agent).Expect(t, 400, "VALIDATION_ERROR")
		if r.Err()["field"] != "desiredLocalpart" {
			t.Fatalf("field %v", r.Err()["field"])
		}
		// A taken address is refused.
		taken := strings.TrimSuffix(addr2, "@mail.localhost")
		r = s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": taken}).Expect(t, 400, "VALIDATION_ERROR")
		if r.Err()["field"] != "desiredLocalpart" {
			t.Fatalf("field %v", r.Err()["field"])
		}
		if got := s.Call(t, u.Token, res, "get", "", agent).Data(); got["id"] != m["id"] {
			t.Fatalf("refused provision changed the mailbox: %v", got)
		}
		// With desiredLocalpart the old mailbox is replaced; its inbox is gone.
		n := s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": "sales-2"}).Expect(t, 200, "").Data()
		if n["email_address"] != "sales-2@mail.localhost" || n["id"] == m["id"] || n["status"] != "provisioned" || n["account_id"] == m["account_id"] {
			t.Fatalf("replaced: %v", n)
		}
		if c := count(t, s, `SELECT COUNT(*) FROM mail_accounts WHERE address = 'front-desk@mail.localhost'`); c != 0 {
			t.Fatalf("old inbox still exists")
		}
		if c := count(t, s, `SELECT COUNT(*) FROM mailboxes WHERE agent_id = $1`, g); c != 1 {
			t.Fatalf("%d mailboxes for the genie", c)
		}
		// Provisioning again at its own address gives a new, empty mailbox.
		again := s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": "sales-2"}).Expect(t, 200, "").Data()
		if again["email_address"] != "sales-2@mail.localhost" || again["id"] == n["id"] || again["account_id"] == n["account_id"] {
			t.Fatalf("same address again: %v", again)
		}
		// The freed address can be taken by another genie.
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g2, "desiredLocalpart": "front-desk"}).Expect(t, 200, "")

		// Update.
		upd := func(data map[string]any) *apitest.Resp {
			data["agentId"] = g
			return s.Call(t, u.Token, res, "update", "", data)
		}
		if d := upd(map[string]any{"action": "suspend"}).Expect(t, 200, "").Data(); d["ok"] != true {
			t.Fatalf("update: %v", d)
		}
		if st := s.Call(t, u.Token, res, "get", "", agent).Data()["status"]; st != "suspended" {
			t.Fatalf("status %v, want suspended", st)
		}
		upd(map[string]any{"action": "suspend"}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "test", "", agent).Expect(t, 400, "VALIDATION_ERROR")
		upd(map[string]any{"action": "resume", "escalation_address": "Boss@Example.com"}).Expect(t, 200, "")
		got = s.Call(t, u.Token, res, "get", "", agent).Data()
		if got["status"] != "provisioned" || got["escalation_address"] != "boss@example.com" {
			t.Fatalf("after resume: %v", got)
		}
		upd(map[string]any{"escalation_address": nil}).Expect(t, 200, "")
		if got := s.Call(t, u.Token, res, "get", "", agent).Data(); got["escalation_address"] != nil || got["status"] != "provisioned" {
			t.Fatalf("after clearing: %v", got)
		}

		// Test message: to the owner's email (example.com: no relay, so outbox).
		tr := s.Call(t, u.Token, res, "test", "", agent).Expect(t, 200, "").Data()
		if tr["queued"] != true || tr["to"] != u.Email || tr["from"] != "sales-2@mail.localhost" || tr["delivery"] != "outbox" {
			t.Fatalf("test: %v", tr)
		}
		if c := count(t, s, `SELECT COUNT(*) FROM mail_outbox WHERE rcpt_to = $1`, u.Email); c != 1 {
			t.Fatalf("outbox has %d messages for the owner", c)
		}
		// Like a send, the test message is in the mailbox's history.
		sent := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": agent["agentId"], "direction": "outbound"}).Expect(t, 200, "").Data()
		msgs, _ := sent["messages"].([]any)
		if sent["count"] != 1.0 || len(msgs) != 1 {
			t.Fatalf("outbound messages after a test: %v", sent)
		}
		if m := msgs[0].(map[string]any); m["direction"] != "outbound" || fmt.Sprint(m["to"]) != "["+u.Email+"]" ||
			!strings.HasPrefix(apitest.Str(m, "subject"), "Test message from sales-2@mail.localhost") {
			t.Fatalf("the test message in the mailbox: %v (test answered %v)", m, tr)
		}

		// The resource is -self: another user's genie is 401 UNAUTHORIZED,
		// admins included; a genie that does not exist is 404 AGENT_NOT_FOUND.
		for _, action := range []string{"get", "provision", "update", "delete", "test"} {
			s.Call(t, admin.Token, res, action, "", map[string]any{"agentId": g, "action": "suspend"}).Expect(t, 401, "UNAUTHORIZED")
			s.Call(t, other.Token, res, action, "", map[string]any{"agentId": g, "action": "suspend"}).Expect(t, 401, "UNAUTHORIZED")
			s.Call(t, u.Token, res, action, "", map[string]any{"agentId": "00000000-0000-0000-0000-000000000000", "action": "suspend"}).Expect(t, 404, "AGENT_NOT_FOUND")
			s.Call(t, u.Token, res, action, "", map[string]any{"agentId": "not-a-uuid", "action": "suspend"}).Expect(t, 404, "AGENT_NOT_FOUND")
		}
		s.Call(t, "", res, "get", "", agent).Expect(t, 401, "UNAUTHORIZED")

		// Delete: idempotent; the genie stays.
		s.Call(t, u.Token, res, "delete", "", agent).Expect(t, 200, "")
		s.Call(t, u.Token, res, "get", "", agent).Expect(t, 404, "NOT_FOUND")
		if d := s.Call(t, u.Token, res, "delete", "", agent).Expect(t, 200, "").Data(); d["ok"] != true {
			t.Fatalf("delete again: %v", d)
		}
		s.Call(t, u.Token, "genies", "get", g, nil).Expect(t, 200, "")
		if c := count(t, s, `SELECT COUNT(*) FROM mail_accounts WHERE address = 'sales-2@mail.localhost'`); c != 0 {
			t.Fatal("inbox left after delete")
		}

		// Deleting a genie deprovisions its mailbox.
		s.Call(t, u.Token, "genies", "delete", g2, nil).Expect(t, 200, "")
		if c := count(t, s, `SELECT COUNT(*) FROM mailboxes`) + count(t, s, `SELECT COUNT(*) FROM mail_accounts`); c != 0 {
			t.Fatalf("%d mailbox rows left after genie delete", c)
		}
	})
}

func TestMailboxValidation(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Helper")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		for _, c := range []struct {
			name, action string
			data         map[string]any
			field        string
		}{
			{"get without agentId", "get", map[string]any{}, "agentId"},
			{"provision without agentId", "provision", map[string]any{}, "agentId"},
			{"update without agentId", "update", map[string]any{"action": "suspend"}, "agentId"},
			{"delete without agentId", "delete", nil, "agentId"},
			{"test without agentId", "test", map[string]any{}, "agentId"},
			{"empty agentId", "get", map[string]any{"agentId": ""}, "agentId"},
			{"numeric agentId", "get", map[string]any{"agentId": 7}, "agentId"},
			{"short localpart", "provision", map[string]any{"agentId": g, "desiredLocalpart": "a"}, "desiredLocalpart"},
			{"long localpart", "provision", map[string]any{"agentId": g, "desiredLocalpart": strings.Repeat("a", 41)}, "desiredLocalpart"},
			{"upper-case localpart", "provision", map[string]any{"agentId": g, "desiredLocalpart": "Sales"}, "desiredLocalpart"},
			{"leading hyphen", "provision", map[string]any{"agentId": g, "desiredLocalpart": "-sales"}, "desiredLocalpart"},
			{"trailing hyphen", "provision", map[string]any{"agentId": g, "desiredLocalpart": "sales-"}, "desiredLocalpart"},
			{"dot in localpart", "provision", map[string]any{"agentId": g, "desiredLocalpart": "sa.les"}, "desiredLocalpart"},
			{"reserved localpart", "provision", map[string]any{"agentId": g, "desiredLocalpart": "postmaster"}, "desiredLocalpart"},
			{"numeric localpart", "provision", map[string]any{"agentId": g, "desiredLocalpart": 12}, "desiredLocalpart"},
			{"update with nothing", "update", map[string]any{"agentId": g}, "action"},
			{"unknown action", "update", map[string]any{"agentId": g, "action": "pause"}, "action"},
			{"bad escalation", "update", map[string]any{"agentId": g, "escalation_address": "not an email"}, "escalation_address"},
			{"numeric escalation", "update", map[string]any{"agentId": g, "escalation_address": 5}, "escalation_address"},
			{"own address as escalation", "update", map[string]any{"agentId": g, "escalation_address": "helper@mail.localhost"}, "escalation_address"},
		} {
			t.Run(c.name, func(t *testing.T) {
				r := s.Call(t, u.Token, res, c.action, "", c.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != c.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], c.field)
				}
			})
		}
		// Admin-only actions.
		s.Call(t, u.Token, res, "check-tenant-key", "", nil).Expect(t, 403, "FORBIDDEN")
		s.Call(t, u.Token, res, "reprovision-tenant-key", "", nil).Expect(t, 403, "FORBIDDEN")
		s.Call(t, u.Token, res, "nope", "", nil).Expect(t, 400, "INVALID_ACTION")
	})
}

// TestSMTP drives the embedded SMTP server with swaks: delivery to a
// provisioned mailbox, 550 for unknown, foreign and suspended recipients,
// and forwarding to a local escalation address.
func TestSMTP(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, withSMTP)
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Support")
		boss := newGenie(t, s, u.Token, "Boss")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": boss}).Expect(t, 200, "")
		addr := s.App.SMTP.Addr()
		ctx := context.Background()

		out, ok := mailtest.Swaks(t, addr, "customer@example.com", "support@mail.localhost", "--header", "Subject: Where is my order?", "--body", "Order 1234 has not arrived.")
		if !ok {
			t.Fatalf("delivery refused:\n%s", out)
		}
		msgs, err := s.App.Mail.Messages(ctx, "support@mail.localhost")
		if err != nil || len(msgs) != 1 || msgs[0].Subject != "Where is my order?" || msgs[0].From != "customer@example.com" ||
			!strings.Contains(string(msgs[0].Raw), "Order 1234 has not arrived.") || !strings.HasPrefix(string(msgs[0].Raw), "Received: ") {
			t.Fatalf("stored: %+v %v", msgs, err)
		}

		for _, c := range []struct{ name, rcpt string }{
			{"unknown mailbox", "nobody@mail.localhost"},
			{"foreign domain", "someone@example.org"},
		} {
			out, ok := mailtest.Swaks(t, addr, "customer@example.com", c.rcpt)
			if ok || !strings.Contains(out, "550") {
				t.Fatalf("%s: want 550, got:\n%s", c.name, out)
			}
		}

		// Suspended: 550; resumed: accepted again.
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "action": "suspend"}).Expect(t, 200, "")
		out, ok = mailtest.Swaks(t, addr, "customer@example.com", "support@mail.localhost")
		if ok || !strings.Contains(out, "550") {
			t.Fatalf("suspended: want 550, got:\n%s", out)
		}
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "action": "resume"}).Expect(t, 200, "")

		// Escalation: a copy goes to the escalation address (here another
		// local mailbox), marked so that it is not forwarded again.
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "escalation_address": "boss@mail.localhost"}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": boss, "escalation_address": "support@mail.localhost"}).Expect(t, 200, "")
		if out, ok := mailtest.Swaks(t, addr, "customer@example.com", "support@mail.localhost", "--header", "Subject: Urgent"); !ok {
			t.Fatalf("refused:\n%s", out)
		}
		fw, err := s.App.Mail.Messages(ctx, "boss@mail.localhost")
		if err != nil || len(fw) != 1 || fw[0].Subject != "Urgent" || fw[0].From != "support@mail.localhost" ||
			!strings.Contains(string(fw[0].Raw), "X-Genie-Forwarded-For: support@mail.localhost") {
			t.Fatalf("forwarded: %+v %v", fw, err)
		}
		if msgs, _ := s.App.Mail.Messages(ctx, "support@mail.localhost"); len(msgs) != 2 {
			t.Fatalf("support has %d messages, want 2 (no forwarding loop)", len(msgs))
		}

		// The test action sends to the escalation address.
		tr := s.Call(t, u.Token, res, "test", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		if tr["queued"] != true || tr["to"] != "boss@mail.localhost" || tr["delivery"] != "local" {
			t.Fatalf("test: %v", tr)
		}
		if fw, _ := s.App.Mail.Messages(ctx, "boss@mail.localhost"); len(fw) != 2 || !strings.HasPrefix(fw[1].Subject, "Test message from support@") {
			t.Fatalf("boss inbox: %+v", fw)
		}
	})
}

// TestEscalationThroughRelay: with a relay configured, mail received for a
// mailbox is forwarded to an external escalation address through it.
func TestEscalationThroughRelay(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		s := apitest.Start(t, store, withSMTP, func(c *app.Config) { c.SMTPRelay = relay.Addr })
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Help")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "escalation_address": "owner@example.net"}).Expect(t, 200, "")
		if out, ok := mailtest.Swaks(t, s.App.SMTP.Addr(), "client@example.com", "help@mail.localhost", "--header", "Subject: Refund please", "--body", "I want my money back."); !ok {
			t.Fatalf("refused:\n%s", out)
		}
		msgs := relay.WaitMessages(t, 1)
		if !strings.Contains(msgs[0], "Subject: Refund please") || !strings.Contains(msgs[0], "Resent-To: owner@example.net") ||
			!strings.Contains(msgs[0], "I want my money back.") {
			t.Fatalf("relayed: %s", msgs[0])
		}
		tr := s.Call(t, u.Token, res, "test", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		if tr["delivery"] != "relay" || tr["to"] != "owner@example.net" {
			t.Fatalf("test: %v", tr)
		}
		if msgs := relay.WaitMessages(t, 2); !strings.Contains(msgs[1], "Subject: Test message from help@mail.localhost") {
			t.Fatalf("test message: %s", msgs[1])
		}
	})
}

// TestConcurrentProvision: parallel provisions of one genie leave one
// mailbox; genies with the same name get distinct addresses.
func TestConcurrentProvision(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Busy")
		codes := make(chan string, 8)
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes <- s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Code()
			}()
		}
		wg.Wait()
		close(codes)
		ok := 0
		for c := range codes {
			switch c {
			case "":
				ok++
			case "VALIDATION_ERROR":
			default:
				t.Errorf("unexpected code %s", c)
			}
		}
		if ok != 1 || count(t, s, `SELECT COUNT(*) FROM mailboxes`) != 1 || count(t, s, `SELECT COUNT(*) FROM mail_accounts`) != 1 {
			t.Fatalf("%d provisions succeeded; %d mailboxes", ok, count(t, s, `SELECT COUNT(*) FROM mailboxes`))
		}

		ids := make([]string, 6)
		for i := range ids {
			ids[i] = newGenie(t, s, u.Token, "Twin")
		}
		addrs := make(chan string, len(ids))
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				addrs <- apitest.Str(s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": id}).Expect(t, 200, "").Data(), "email_address")
			}()
		}
		wg.Wait()
		close(addrs)
		seen := map[string]bool{}
		for a := range addrs {
			if seen[a] || !strings.HasPrefix(a, "twin") {
				t.Fatalf("address %q repeated or malformed", a)
			}
			seen[a] = true
		}
	})
}

// TestSharedAcrossProcesses: two servers on one database; a mailbox made
// through one receives mail on the other's SMTP server, and stored tenant
// keys decrypt on both.
func TestSharedAcrossProcesses(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		a := apitest.Start(t, store, withSMTP)
		b := apitest.StartOn(t, a.DSN, withSMTP)
		admin := a.NewUser(t, auth.RoleAdmin)
		g := newGenie(t, a, admin.Token, "Shared")
		a.Call(t, admin.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		if out, ok := mailtest.Swaks(t, b.App.SMTP.Addr(), "x@example.com", "shared@mail.localhost"); !ok {
			t.Fatalf("other process refused:\n%s", out)
		}
		if msgs, err := a.App.Mail.Messages(context.Background(), "shared@mail.localhost"); err != nil || len(msgs) != 1 {
			t.Fatalf("messages %d %v", len(msgs), err)
		}
		a.Call(t, admin.Token, "mail-tenant-credentials", "upsert", "", map[string]any{"owner_email": admin.Email, "tenant_id": "t", "api_key": "k"}).Expect(t, 200, "")
		if st := b.Call(t, admin.Token, res, "check-tenant-key", "", nil).Expect(t, 200, "").Data(); st["status"] != "active" {
			t.Fatalf("check on the other process: %v", st)
		}
	})
}
