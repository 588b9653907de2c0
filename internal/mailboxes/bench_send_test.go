package mailboxes_test

import (
	"context"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// BenchmarkSend: agent-mailboxes-self send through the API, from a genie's
// provisioned mailbox to the database outbox (no relay, no send limit).
// send (to an address) is the baseline in the same run; reply answers a
// received message (replyTo): the answered message is read, and recipient,
// subject and threading headers come from it.
//
//	go test -run '^$' -bench BenchmarkSend -benchtime 500x ./internal/mailboxes/
func BenchmarkSend(b *testing.B) {
	for _, store := range apitest.Stores() {
		s := apitest.Start(b, store, func(c *app.Config) { c.MailSendLimit = -1 })
		u := s.NewUser(b, auth.RoleUser)
		g := apitest.Str(s.Call(b, u.Token, "genies", "create", "", map[string]any{"name": "Bench"}).Expect(b, 201, "").Data(), "genie", "id")
		box := s.Call(b, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(b, 200, "").Data()
		s.Call(b, u.Token, res, "update", "", map[string]any{"agentId": g, "auto_reply": "off"}).Expect(b, 200, "")
		raw := "From: Ann <ann@example.com>\r\nTo: " + apitest.Str(box, "email_address") + "\r\nSubject: Opening times\r\n" +
			"Message-ID: <bench-1@example.com>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nWhen are you open?\r\n"
		if err := s.App.Mail.Deliver(context.Background(), "ann@example.com", apitest.Str(box, "email_address"), []byte(raw)); err != nil {
			b.Fatal(err)
		}
		msgs := s.Call(b, u.Token, res, "messages", "", map[string]any{"agentId": g}).Expect(b, 200, "").Data()["messages"].([]any)
		parent := apitest.Str(msgs[0].(map[string]any), "id")
		for _, mode := range []string{"send", "reply"} {
			data := map[string]any{"agentId": g, "text": "We open at nine."}
			if mode == "reply" {
				data["replyTo"] = parent
			} else {
				data["to"], data["subject"] = "ann@example.com", "Opening times"
			}
			b.Run(store+"/"+mode, func(b *testing.B) {
				for b.Loop() {
					s.Call(b, u.Token, res, "send", "", data).Expect(b, 201, "")
				}
			})
		}
	}
}
