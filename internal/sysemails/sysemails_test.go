package sysemails_test

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

const res = "system-emails"

func TestPreviewAndValidation(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		admin := s.NewUser(t, auth.RoleAdmin)
		u := s.NewUser(t, auth.RoleUser)
		for name, phrase := range map[string]string{
			"welcome_business": "Your business account",
			"welcome_consumer": "Thanks for joining Genie",
			"access_approved":  "has been approved",
			"access_request":   "New access request",
		} {
			html, _ := s.Call(t, admin.Token, res, "preview", "", map[string]any{"template": name}).Expect(t, 200, "").Data()["html"].(string)
			if !strings.HasPrefix(html, "<!DOCTYPE html>") || !strings.Contains(html, phrase) || !strings.Contains(html, s.URL) {
				t.Fatalf("%s preview: %s", name, html)
			}
		}
		s.Call(t, u.Token, res, "preview", "", map[string]any{"template": "welcome_business"}).Expect(t, 403, "FORBIDDEN")
		s.Call(t, u.Token, res, "sendTest", "", map[string]any{"template": "welcome_business", "recipient": "a@b.co"}).Expect(t, 403, "FORBIDDEN")
		for _, c := range []struct {
			name, action string
			data         map[string]any
			field        string
		}{
			{"preview without template", "preview", map[string]any{}, "template"},
			{"preview unknown template", "preview", map[string]any{"template": "goodbye"}, "template"},
			{"preview numeric template", "preview", map[string]any{"template": 1}, "template"},
			{"send without template", "sendTest", map[string]any{"recipient": "a@b.co"}, "template"},
			{"send unknown template", "sendTest", map[string]any{"template": "WELCOME_BUSINESS", "recipient": "a@b.co"}, "template"},
			{"send without recipient", "sendTest", map[string]any{"template": "access_request"}, "recipient"},
			{"send bad recipient", "sendTest", map[string]any{"template": "access_request", "recipient": "not-an-email"}, "recipient"},
			{"send numeric recipient", "sendTest", map[string]any{"template": "access_request", "recipient": 7}, "recipient"},
		} {
			t.Run(c.name, func(t *testing.T) {
				r := s.Call(t, admin.Token, res, c.action, "", c.data).Expect(t, 400, "VALIDATION_ERROR")
				if r.Err()["field"] != c.field {
					t.Fatalf("field %v, want %s", r.Err()["field"], c.field)
				}
			})
		}
	})
}

// TestSendThroughRelay sends every template through a real aiosmtpd and
// checks the captured MIME message.
func TestSendThroughRelay(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		s := apitest.Start(t, store, func(c *app.Config) { c.SMTPRelay = relay.Addr; c.MailFrom = "Genie Team <team@genie.example>" })
		admin := s.NewUser(t, auth.RoleAdmin)
		d := s.Call(t, admin.Token, res, "sendTest", "", map[string]any{"template": "welcome_business", "recipient": "Ada@Example.com"}).Expect(t, 200, "").Data()
		if d["success"] != true || d["delivery"] != "relay" || d["recipient"] != "ada@example.com" || d["message_id"] == nil {
			t.Fatalf("sendTest: %v", d)
		}
		msg := relay.WaitMessages(t, 1)[0]
		for _, want := range []string{
			"From: \"Genie Team\" <team@genie.example>", "To: <ada@example.com>", "Subject: [Test] Welcome to Genie, ada",
			"Message-ID: " + d["message_id"].(string), "Date: ", "MIME-Version: 1.0", "Content-Type: multipart/alternative; boundary=",
			"Content-Type: text/plain; charset=utf-8", "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: quoted-printable",
			"X-Genie-Template: welcome_business", "Your business account",
		} {
			if !strings.Contains(msg, want) {
				t.Fatalf("relayed message lacks %q:\n%s", want, msg)
			}
		}
		for i, name := range []string{"welcome_consumer", "access_approved", "access_request"} {
			s.Call(t, admin.Token, res, "sendTest", "", map[string]any{"template": name, "recipient": "ops@example.com"}).Expect(t, 200, "")
			if m := relay.WaitMessages(t, i+2)[i+1]; !strings.Contains(m, "X-Genie-Template: "+name) {
				t.Fatalf("%s: %s", name, m)
			}
		}
	})
}

// TestSendWithoutRelay: local mailboxes get the message; other addresses go
// to the outbox; an unreachable relay or a missing local mailbox is a 500.
func TestSendWithoutRelay(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		admin := s.NewUser(t, auth.RoleAdmin)
		g := apitest.Str(s.Call(t, admin.Token, "genies", "create", "", map[string]any{"name": "Inbox"}).Expect(t, 201, "").Data(), "genie", "id")
		s.Call(t, admin.Token, "agent-mailboxes-self", "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")

		d := s.Call(t, admin.Token, res, "sendTest", "", map[string]any{"template": "access_approved", "recipient": "inbox@mail.localhost"}).Expect(t, 200, "").Data()
		if d["delivery"] != "local" {
			t.Fatalf("local: %v", d)
		}
		msgs, err := s.App.Mail.Messages(context.Background(), "inbox@mail.localhost")
		if err != nil || len(msgs) != 1 || !strings.HasPrefix(msgs[0].Subject, "[Test] Your Genie access has been approved") {
			t.Fatalf("local inbox: %+v %v", msgs, err)
		}
		s.Call(t, admin.Token, res, "sendTest", "", map[string]any{"template": "access_approved", "recipient": "nobody@mail.localhost"}).Expect(t, 500, "INTERNAL_ERROR")

		d = s.Call(t, admin.Token, res, "sendTest", "", map[string]any{"template": "access_request", "recipient": "ops@example.com"}).Expect(t, 200, "").Data()
		var n int
		s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM mail_outbox WHERE rcpt_to = 'ops@example.com'`).Scan(&n) //nolint:errcheck
		if d["delivery"] != "outbox" || n != 1 {
			t.Fatalf("outbox: %v, %d rows", d, n)
		}

		l, _ := net.Listen("tcp", "127.0.0.1:0")
		dead := l.Addr().String()
		l.Close()
		s2 := apitest.StartOn(t, s.DSN, func(c *app.Config) { c.SMTPRelay = dead })
		s2.Call(t, admin.Token, res, "sendTest", "", map[string]any{"template": "access_request", "recipient": "ops@example.com"}).Expect(t, 500, "INTERNAL_ERROR")

		// The outbox is sent once a process has a relay; a failed attempt
		// keeps the message with its error.
		ctx := context.Background()
		if sent, err := s2.App.Outbound.FlushOutbox(ctx, 10); sent != 0 || err == nil {
			t.Fatalf("flush to a dead relay: %d, %v", sent, err)
		}
		var attempts int
		var lastErr *string
		s.App.DB.R.QueryRow(`SELECT attempts, last_error FROM mail_outbox`).Scan(&attempts, &lastErr) //nolint:errcheck
		if attempts != 1 || lastErr == nil {
			t.Fatalf("after a failed flush: attempts %d, last_error %v", attempts, lastErr)
		}
		good := mailtest.StartRelay(t)
		s4 := apitest.StartOn(t, s.DSN, func(c *app.Config) { c.SMTPRelay = good.Addr })
		if sent, err := s4.App.Outbound.FlushOutbox(ctx, 10); sent != 1 || err != nil {
			t.Fatalf("flush: %d, %v", sent, err)
		}
		if m := good.WaitMessages(t, 1)[0]; !strings.Contains(m, "New access request") {
			t.Fatalf("flushed: %s", m)
		}
		s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM mail_outbox`).Scan(&n) //nolint:errcheck
		if n != 0 {
			t.Fatalf("%d messages left in the outbox", n)
		}

		// A relay that offers no AUTH while a username is configured: the
		// send fails, and the password appears nowhere in the log.
		relay := mailtest.StartRelay(t)
		logs := &mailtest.Log{}
		s3 := apitest.StartOn(t, s.DSN, func(c *app.Config) {
			c.SMTPRelay, c.SMTPUsername, c.SMTPPassword = relay.Addr, "genie", "hunter2-secret"
			c.Log = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		})
		s3.Call(t, admin.Token, res, "sendTest", "", map[string]any{"template": "access_request", "recipient": "ops@example.com"}).Expect(t, 500, "INTERNAL_ERROR")
		if l := logs.String(); !strings.Contains(l, "does not offer AUTH") || strings.Contains(l, "hunter2") {
			t.Fatalf("log:\n%s", l)
		}
	})
}
