package conversations_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

// TestEscalate: the visitor's address is checked; without a mailbox,
// system mail brings the owner the transcript with Reply-To the visitor;
// with one, the genie's mailbox sends it to the escalation address and the
// mail can be traced back to the conversation; each escalation is a
// conversation.escalated event of the owner's; the owner sees it.
func TestEscalate(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		s := apitest.Start(t, store, unlimited, func(c *app.Config) { c.SMTPRelay = relay.Addr; c.SMTPAddr = "127.0.0.1:0" })
		sh := newShop(t, s)
		g, owner := sh.genie, sh.owner.Token
		conv := ask(t, s, g, "Do you sell helicopters?", "").Expect(t, 200, "").Data()["conversation_id"].(string)

		for _, tc := range []struct {
			data  map[string]any
			field string
		}{
			{map[string]any{"conversationId": conv}, "email"},
			{map[string]any{"conversationId": conv, "email": "not an address"}, "email"},
			{map[string]any{"conversationId": conv, "email": "ada@localhost"}, "email"},
			{map[string]any{"conversationId": conv, "email": "ada@example.com", "name": "two\nlines"}, "name"},
			{map[string]any{"conversationId": conv, "email": "ada@example.com", "note": strings.Repeat("x", 2001)}, "note"},
			{map[string]any{"email": "ada@example.com"}, "conversationId"},
		} {
			r := s.Call(t, "", res, "escalate", "", tc.data).Expect(t, 400, "VALIDATION_ERROR")
			if r.Err()["field"] != tc.field {
				t.Errorf("%v: field %v, want %s", tc.data, r.Err()["field"], tc.field)
			}
		}
		s.Call(t, "", res, "escalate", "", map[string]any{"conversationId": "00000000-0000-4000-8000-000000000000", "email": "ada@example.com"}).
			Expect(t, 404, "NOT_FOUND")

		// No mailbox: system mail, to the owner's address.
		e := s.Call(t, "", res, "escalate", "", map[string]any{"conversationId": conv, "email": "Ada@Example.com", "name": "Ada",
			"note": "Please call me back."}).Expect(t, 201, "").Data()
		if e["delivery"] != "system" || apitest.Str(e, "escalation", "email") != "Ada@Example.com" || apitest.Str(e, "escalation", "conversation_id") != conv {
			t.Fatalf("escalate: %v", e)
		}
		msg := relay.WaitMessages(t, 1)[0]
		for _, want := range []string{"Reply-To: Ada@Example.com", "To: <" + sh.owner.Email + ">", "Do you sell helicopters?", "Please call me back.",
			"X-Genie-Conversation: " + conv} {
			if !strings.Contains(msg, want) {
				t.Fatalf("system mail lacks %q:\n%s", want, msg)
			}
		}

		// With a mailbox and an escalation address: the genie's mailbox
		// sends it there, and the mail leads back to the conversation.
		s.Call(t, owner, "agent-mailboxes-self", "provision", "", map[string]any{"agentId": g, "desiredLocalpart": "shop"}).Expect(t, 200, "")
		s.Call(t, owner, "agent-mailboxes-self", "update", "", map[string]any{"agentId": g, "escalation_address": "boss@example.com"}).Expect(t, 200, "")
		e2 := s.Call(t, "", res, "escalate", "", map[string]any{"conversationId": conv, "email": "ada@example.com"}).Expect(t, 201, "").Data()
		if e2["delivery"] != "mailbox" {
			t.Fatalf("escalate with a mailbox: %v", e2)
		}
		msg = relay.WaitMessages(t, 2)[1]
		for _, want := range []string{"From: <shop@mail.localhost>", "To: <boss@example.com>", "Reply-To: ada@example.com", "Do you sell helicopters?"} {
			if !strings.Contains(msg, want) {
				t.Fatalf("mailbox mail lacks %q:\n%s", want, msg)
			}
		}
		sent := s.Call(t, owner, "agent-mailboxes-self", "messages", "", map[string]any{"agentId": g, "direction": "outbound"}).Expect(t, 200, "").Data()["messages"].([]any)
		if len(sent) != 1 {
			t.Fatalf("the genie's outbox: %v", sent)
		}
		m := sent[0].(map[string]any)
		c, esc, err := s.App.Conversations.ByEscalationMail(context.Background(), m["id"].(string), "")
		if err != nil || c.ID != conv || esc.Email != "ada@example.com" {
			t.Fatalf("by escalation mail: %v %v %v", c, esc, err)
		}
		if c, _, err := s.App.Conversations.ByEscalationMail(context.Background(), "", m["thread_id"].(string)); err != nil || c.ID != conv {
			t.Fatalf("by thread: %v %v", c, err)
		}
		// The owner's reply joins the conversation (the mail side's call).
		if _, err := s.App.Conversations.Append(context.Background(), nil, conv, "reply", "We do not sell helicopters, sorry!"); err != nil {
			t.Fatal(err)
		}

		got := s.Call(t, owner, res, "get", conv, nil).Expect(t, 200, "").Data()["conversation"].(map[string]any)
		if got["escalated"] != true || len(got["escalations"].([]any)) != 2 || len(got["messages"].([]any)) != 2 ||
			got["messages"].([]any)[1].(map[string]any)["kind"] != "reply" {
			t.Fatalf("escalated conversation: %v", got)
		}
		if l := s.Call(t, owner, res, "all", "", map[string]any{"filter": "escalated"}).Expect(t, 200, "").Data()["conversations"].([]any); len(l) != 1 {
			t.Fatalf("filter escalated: %v", l)
		}
		evs := s.Call(t, owner, "events", "list", "", map[string]any{"types": []string{"conversation.escalated"}}).Expect(t, 200, "").Data()["events"].([]any)
		if len(evs) != 2 || apitest.Str(evs[0].(map[string]any), "data", "agent_id") != g ||
			apitest.Str(evs[0].(map[string]any), "data", "conversation_id") != conv {
			t.Fatalf("events: %v", evs)
		}
		// The visitor's address is not copied into events, which outlive
		// the conversation's retention.
		for _, ev := range evs {
			if raw, _ := json.Marshal(ev); strings.Contains(strings.ToLower(string(raw)), "ada@example.com") {
				t.Fatalf("an event holds the visitor's email: %s", raw)
			}
		}
		other := s.NewUser(t, "user")
		if n := s.Call(t, other.Token, "events", "list", "", map[string]any{"types": []string{"conversation.escalated"}}).Expect(t, 200, "").Data()["count"]; n != 0.0 {
			t.Fatalf("another user's events: %v", n)
		}
	})
}
