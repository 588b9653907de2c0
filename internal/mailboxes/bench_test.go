package mailboxes_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// BenchmarkReceive: what answering mail adds to receiving it. Each
// iteration delivers one message (a question the documents answer, from a
// new sender) to a genie's inbox as the SMTP server does after DATA. bare
// is the baseline: parse and store, as before answers to mail existed; off
// adds the hook's reads (the mailbox, the message, the escalation thread);
// draft the answer drafted from the documents and stored; send sends it
// instead (to the database outbox: no relay).
//
//	go test -run '^$' -bench BenchmarkReceive -benchtime 200x ./internal/mailboxes/
func BenchmarkReceive(b *testing.B) {
	seq := 0 // a new sender and Message-ID for every message
	for _, store := range apitest.Stores() {
		s := apitest.Start(b, store, func(c *app.Config) { c.MailSendLimit = -1 })
		u := s.NewUser(b, auth.RoleUser)
		doc := apitest.Str(s.Call(b, u.Token, "documents", "create", "", map[string]any{"name": "Shop help", "content": shopFAQ}).
			Expect(b, 201, "").Data(), "document", "id")
		for _, mode := range []string{"bare", "off", "draft", "send"} {
			g := apitest.Str(s.Call(b, u.Token, "genies", "create", "", map[string]any{"name": "Bench " + mode, "document_ids": []string{doc}}).
				Expect(b, 201, "").Data(), "genie", "id")
			s.Call(b, u.Token, res, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": "bench-" + mode}).Expect(b, 200, "")
			hook := s.App.Mail.Received
			if mode == "bare" {
				s.App.Mail.Received = nil // the service before answers to mail existed
			} else {
				s.Call(b, u.Token, res, "update", "", map[string]any{"agentId": g, "auto_reply": mode}).Expect(b, 200, "")
			}
			rcpt := "bench-" + mode + "@mail.localhost"
			counts := func() [2]int {
				var drafts, sent int
				s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM mail_drafts d JOIN mailboxes m ON m.id = d.mailbox_id WHERE m.agent_id = $1 AND d.answered = TRUE`, g).Scan(&drafts) //nolint:errcheck
				s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM mail_messages m JOIN mail_accounts a ON a.id = m.account_id
					WHERE a.address = $1 AND m.direction = 'outbound'`, rcpt).Scan(&sent) //nolint:errcheck
				return [2]int{drafts, sent}
			}
			b.Run(store+"/"+mode, func(b *testing.B) {
				before, n := counts(), 0
				for b.Loop() {
					n++
					seq++
					from := fmt.Sprintf("c%d@example.com", seq)
					raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: opening times\r\nMessage-ID: <%d@example.com>\r\n\r\n"+
						"Hi, when are you open on saturday? Thanks, Ann\r\n", from, rcpt, seq)
					if err := s.App.Mail.Deliver(context.Background(), from, rcpt, []byte(raw)); err != nil {
						b.Fatal(err)
					}
				}
				// The mode did its work: a draft, or an answer sent, for each.
				after := counts()
				got := [2]int{after[0] - before[0], after[1] - before[1]}
				if want := map[string][2]int{"draft": {n, 0}, "send": {0, n}}[mode]; got != want {
					b.Fatalf("%s: %v drafts and answers sent after %d messages; want %v", mode, got, n, want)
				}
			})
			s.App.Mail.Received = hook
		}
	}
}
