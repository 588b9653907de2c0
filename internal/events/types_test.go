package events_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestEventTypes: changes made through the API record their events, in
// their own transactions, with the affected object and never a secret.
func TestEventTypes(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		events := func(typ string) []map[string]any {
			t.Helper()
			d := s.Call(t, u.Token, "events", "list", "", map[string]any{"types": []string{typ}, "limit": 100}).Expect(t, 200, "").Data()
			var out []map[string]any
			for _, e := range d["events"].([]any) {
				out = append(out, e.(map[string]any))
			}
			return out
		}
		g := s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Evented"}).Expect(t, 201, "").Data()["genie"].(map[string]any)
		if ev := events("genie.created"); len(ev) != 1 || ev[0]["data"].(map[string]any)["id"] != g["id"] || ev[0]["user_id"] != u.ID {
			t.Fatalf("genie.created: %v", ev)
		}
		doc := s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "FAQ", "content": "v1"}).Expect(t, 201, "").Data()["document"].(map[string]any)
		s.Call(t, u.Token, "documents", "update", doc["id"].(string), map[string]any{"content": "v2"}).Expect(t, 200, "")
		link := s.Call(t, u.Token, "doc-edit-link", "generate", doc["id"].(string), nil).Expect(t, 201, "").Data()["link"].(map[string]any)
		s.Call(t, u.Token, "doc-edit-link", "generate", doc["id"].(string), map[string]any{"rotate": true}).Expect(t, 200, "")
		rotated := s.Call(t, u.Token, "doc-edit-link", "get", doc["id"].(string), nil).Expect(t, 200, "").Data()["link"].(map[string]any)
		s.Call(t, "", "doc-edit-link", "public-update", "", map[string]any{"token": rotated["token"], "content": "v3"}).Expect(t, 200, "")
		s.Call(t, u.Token, "doc-edit-link", "set-pin", doc["id"].(string), map[string]any{"pin": "1234"}).Expect(t, 200, "")
		for range 5 {
			s.Call(t, "", "doc-edit-link", "public-update", "", map[string]any{"token": rotated["token"], "content": "x", "pin": "9999"})
		}
		upd := events("document.updated")
		if len(upd) != 2 || upd[0]["data"].(map[string]any)["via"] != "edit_link" || upd[1]["data"].(map[string]any)["via"] != "api" ||
			upd[0]["data"].(map[string]any)["content"] != nil {
			t.Fatalf("document.updated: %v", upd)
		}
		rot := events("edit_link.rotated")
		locked := events("edit_link.locked")
		if len(rot) != 1 || len(locked) != 1 || locked[0]["data"].(map[string]any)["lockedUntil"] == "" {
			t.Fatalf("rotated %v locked %v", rot, locked)
		}
		for _, tok := range []string{link["token"].(string), rotated["token"].(string)} {
			for _, e := range append(rot, locked...) {
				if strings.Contains(string(mustJSON(e)), tok) {
					t.Fatalf("an event carries the link token: %v", e)
				}
			}
		}
		s.Call(t, u.Token, "genies", "delete", g["id"].(string), nil).Expect(t, 200, "")
		if ev := events("genie.deleted"); len(ev) != 1 || ev[0]["data"].(map[string]any)["id"] != g["id"] {
			t.Fatalf("genie.deleted: %v", ev)
		}
		// Mailboxes: a message sent from one genie's mailbox to another's is
		// sent by the first and received by the second; a suspension changes
		// the status.
		a := s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Alpha"}).Expect(t, 201, "").Data()["genie"].(map[string]any)["id"]
		b := s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Beta"}).Expect(t, 201, "").Data()["genie"].(map[string]any)["id"]
		s.Call(t, u.Token, "agent-mailboxes-self", "provision", "", map[string]any{"agentId": a}).Expect(t, 200, "")
		bbox := s.Call(t, u.Token, "agent-mailboxes-self", "provision", "", map[string]any{"agentId": b}).Expect(t, 200, "").Data()
		s.Call(t, u.Token, "agent-mailboxes-self", "send", "", map[string]any{"agentId": a, "to": bbox["email_address"], "subject": "Hi", "text": "Hello Beta"}).Expect(t, 201, "")
		sent, recv := events("mailbox.message.sent"), events("mailbox.message.received")
		if len(sent) != 1 || len(recv) != 1 || sent[0]["data"].(map[string]any)["agent_id"] != a || recv[0]["data"].(map[string]any)["agent_id"] != b ||
			recv[0]["data"].(map[string]any)["message"].(map[string]any)["subject"] != "Hi" {
			t.Fatalf("sent %v received %v", sent, recv)
		}
		s.Call(t, u.Token, "agent-mailboxes-self", "update", "", map[string]any{"agentId": a, "action": "suspend"}).Expect(t, 200, "")
		if st := events("mailbox.status_changed"); len(st) != 1 || st[0]["data"].(map[string]any)["previous_status"] != "provisioned" ||
			st[0]["data"].(map[string]any)["mailbox"].(map[string]any)["status"] != "suspended" {
			t.Fatalf("status_changed: %v", st)
		}

		// A refused change records nothing.
		s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": ""}).Expect(t, 400, "VALIDATION_ERROR")
		if ev := events("genie.created"); len(ev) != 3 {
			t.Fatalf("a refused create recorded an event: %v", ev)
		}
	})
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
