package mailboxes_test

import (
	"encoding/base64"
	"mime"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

// latin1Mail is a message as a mail client in a Latin-1 locale writes it:
// multipart/mixed holding a multipart/alternative (quoted-printable
// ISO-8859-1 text and HTML) and a base64 PDF attachment, with an RFC 2047
// subject and sender name.
const latin1Mail = "From: =?ISO-8859-1?Q?Ren=E9e_Dupr=E9?= <renee@example.com>\r\n" +
	"To: support@mail.localhost\r\n" +
	"Cc: Ops <ops@example.com>\r\n" +
	"Subject: =?ISO-8859-1?Q?Tarifs_=E9t=E9?=\r\n" +
	"Message-ID: <first-1@example.com>\r\n" +
	"Date: Tue, 24 Nov 2026 10:00:00 +0000\r\n" +
	"MIME-Version: 1.0\r\n" +
	"Content-Type: multipart/mixed; boundary=\"outer\"\r\n" +
	"\r\n" +
	"--outer\r\n" +
	"Content-Type: multipart/alternative; boundary=\"inner\"\r\n" +
	"\r\n" +
	"--inner\r\n" +
	"Content-Type: text/plain; charset=ISO-8859-1\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"Bonjour, quel est le tarif d'=E9t=E9 pour le caf=E9 ?\r\n" +
	"--inner\r\n" +
	"Content-Type: text/html; charset=ISO-8859-1\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"<p>Bonjour, quel est le tarif d'=E9t=E9 pour le <b>caf=E9</b> ?</p>\r\n" +
	"--inner--\r\n" +
	"--outer\r\n" +
	"Content-Type: application/pdf; name=\"tarifs.pdf\"\r\n" +
	"Content-Disposition: attachment; filename=\"tarifs.pdf\"\r\n" +
	"Content-Transfer-Encoding: base64\r\n" +
	"\r\n" +
	"JVBERi0xLjQKJcOkw7zDtsOfCjEgMCBvYmoKPDwvVHlwZS9DYXRhbG9nPj4KZW5kb2JqCg==\r\n" +
	"--outer--\r\n"

// TestInbox: real mail in (swaks: multipart, Latin-1, RFC 2047, an
// attachment), read back; a reply from the genie reaches a real SMTP
// server (aiosmtpd) with threading headers; the customer's answer joins
// the thread; the send rules.
func TestInbox(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		s := apitest.Start(t, store, withSMTP, func(c *app.Config) { c.SMTPRelay = relay.Addr; c.MailSendLimit = 3 })
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Support")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")

		file := filepath.Join(t.TempDir(), "mail.eml")
		if err := os.WriteFile(file, []byte(latin1Mail), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, ok := mailtest.Swaks(t, s.App.SMTP.Addr(), "renee@example.com", "support@mail.localhost", "--data", file); !ok {
			t.Fatalf("delivery refused:\n%s", out)
		}

		list := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		msgs, _ := list["messages"].([]any)
		if list["count"] != 1.0 || len(msgs) != 1 {
			t.Fatalf("messages: %v", list)
		}
		m := msgs[0].(map[string]any)
		if m["subject"] != "Tarifs été" || m["from"] != "Renée Dupré <renee@example.com>" || m["direction"] != "inbound" ||
			!strings.Contains(m["text"].(string), "tarif d'été pour le café") || !strings.Contains(m["html"].(string), "<b>café</b>") {
			t.Fatalf("parsed message: %v", m)
		}
		if cc := m["cc"].([]any); len(cc) != 1 || cc[0] != "Ops <ops@example.com>" {
			t.Fatalf("cc: %v", m["cc"])
		}
		atts := m["attachments"].([]any)
		if len(atts) != 1 || atts[0].(map[string]any)["filename"] != "tarifs.pdf" || atts[0].(map[string]any)["content_type"] != "application/pdf" {
			t.Fatalf("attachments: %v", atts)
		}
		first := m["id"].(string)
		full := s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": first}).Expect(t, 200, "").Data()["message"].(map[string]any)
		if full["message_id"] != "first-1@example.com" || len(full["headers"].([]any)) < 8 {
			t.Fatalf("full message: %v", full)
		}
		att := s.Call(t, u.Token, res, "attachment", "", map[string]any{"agentId": g, "messageId": first, "index": 0}).Expect(t, 200, "").Data()
		pdf, err := base64.StdEncoding.DecodeString(att["content"].(string))
		if err != nil || !strings.HasPrefix(string(pdf), "%PDF-1.4") || att["size"] != float64(len(pdf)) || att["content_type"] != "application/pdf" {
			t.Fatalf("attachment: %v %v", att, err)
		}

		// The genie answers: the reply reaches the relay with threading
		// headers, and is stored in the thread.
		sent := s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": g, "replyTo": first,
			"text": "Bonjour Renée, le tarif d'été est de 2 €."}).Expect(t, 201, "").Data()["message"].(map[string]any)
		if sent["direction"] != "outbound" || sent["subject"] != "Re: Tarifs été" || sent["thread_id"] != m["thread_id"] ||
			sent["in_reply_to"] != "first-1@example.com" {
			t.Fatalf("sent: %v", sent)
		}
		got := relay.WaitMessages(t, 1)[0]
		for _, want := range []string{"In-Reply-To: <first-1@example.com>", "References: <first-1@example.com>", "To: Renée Dupré <renee@example.com>",
			"From: <support@mail.localhost>"} {
			if !strings.Contains(decodeHeaders(got), want) {
				t.Fatalf("relay message lacks %q:\n%s", want, got)
			}
		}
		reply := s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": sent["id"]}).Expect(t, 200, "").Data()["message"].(map[string]any)
		genieID := reply["message_id"].(string)

		// The customer answers the genie, quoting it: same thread, and
		// extracted_text holds only the new part.
		answer := "From: renee@example.com\r\nTo: support@mail.localhost\r\nSubject: Re: Re: Tarifs été\r\n" +
			"Message-ID: <second-2@example.com>\r\nIn-Reply-To: <" + genieID + ">\r\nReferences: <first-1@example.com> <" + genieID + ">\r\n" +
			"Content-Type: text/plain; charset=utf-8\r\n\r\nMerci, parfait.\r\n\r\nOn Tue, 24 Nov 2026 at 10:05, support@mail.localhost wrote:\r\n> Bonjour Renée\r\n"
		if err := os.WriteFile(file, []byte(answer), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, ok := mailtest.Swaks(t, s.App.SMTP.Addr(), "renee@example.com", "support@mail.localhost", "--data", file); !ok {
			t.Fatalf("delivery refused:\n%s", out)
		}
		threads := s.Call(t, u.Token, res, "threads", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		th := threads["threads"].([]any)
		if threads["count"] != 1.0 || len(th) != 1 || th[0].(map[string]any)["message_count"] != 3.0 {
			t.Fatalf("threads: %v", threads)
		}
		last := th[0].(map[string]any)["last_message"].(map[string]any)
		if last["extracted_text"] != "Merci, parfait." || !strings.Contains(last["text"].(string), "> Bonjour") {
			t.Fatalf("last message: %v", last)
		}
		inThread := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "threadId": m["thread_id"]}).Expect(t, 200, "").Data()
		out := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "direction": "outbound"}).Expect(t, 200, "").Data()
		if inThread["count"] != 3.0 || out["count"] != 1.0 {
			t.Fatalf("thread %v outbound %v", inThread["count"], out["count"])
		}

		// A new conversation: its own thread. Then the hourly limit (3).
		s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": g, "to": []string{"a@example.net"}, "cc": "b@example.net",
			"subject": "Hello", "html": "<p>Hi</p>"}).Expect(t, 201, "")
		s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": g, "to": "c@example.net", "text": "Hi"}).Expect(t, 201, "")
		r := s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": g, "to": "d@example.net", "text": "Hi"}).Expect(t, 429, "RATE_LIMIT_EXCEEDED")
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("429 without Retry-After")
		}
		if n := s.Call(t, u.Token, res, "threads", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()["count"]; n != 3.0 {
			t.Fatalf("%v threads, want 3", n)
		}

		// Bad input, each a 400 naming the field.
		for _, c := range []struct {
			action string
			data   map[string]any
			field  string
		}{
			{"messages", map[string]any{"agentId": g, "limit": 0}, "limit"},
			{"messages", map[string]any{"agentId": g, "limit": 201}, "limit"},
			{"messages", map[string]any{"agentId": g, "direction": "sideways"}, "direction"},
			{"message", map[string]any{"agentId": g}, "messageId"},
			{"attachment", map[string]any{"agentId": g, "messageId": first}, "index"},
			{"attachment", map[string]any{"agentId": g, "messageId": first, "index": -1}, "index"},
			{"attachment", map[string]any{"agentId": g, "messageId": first, "index": 1}, "index"},
			{"send", map[string]any{"agentId": g, "text": "no recipient"}, "to"},
			{"send", map[string]any{"agentId": g, "to": "x@example.com"}, "text"},
			{"send", map[string]any{"agentId": g, "to": "not an address", "text": "x"}, "to"},
			{"send", map[string]any{"agentId": g, "to": "x@example.com", "subject": "two\nlines", "text": "x"}, "subject"},
			{"threads", map[string]any{}, "agentId"},
		} {
			r := s.Call(t, u.Token, res, c.action, "", c.data).Expect(t, 400, "VALIDATION_ERROR")
			if r.Err()["field"] != c.field {
				t.Fatalf("%s %v: field %v, want %s", c.action, c.data, r.Err()["field"], c.field)
			}
		}
		s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": "nope"}).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": g, "replyTo": "00000000-0000-0000-0000-000000000000", "text": "x"}).Expect(t, 404, "NOT_FOUND")

		// Only a provisioned mailbox sends.
		other := newGenie(t, s, u.Token, "Paused")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": other}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": other, "action": "suspend"}).Expect(t, 200, "")
		r = s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": other, "to": "x@example.com", "text": "x"}).Expect(t, 400, "VALIDATION_ERROR")
		if r.Err()["field"] != "agentId" {
			t.Fatalf("suspended send: %v", r.Err())
		}
		// Another user, and an admin who does not own the genie: 401.
		b := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		for _, tok := range []string{b.Token, admin.Token} {
			s.Call(t, tok, res, "messages", "", map[string]any{"agentId": g}).Expect(t, 401, "UNAUTHORIZED")
			s.Call(t, tok, res, "send", "", map[string]any{"agentId": g, "to": "x@example.com", "text": "x"}).Expect(t, 401, "UNAUTHORIZED")
		}
	})
}

// decodeHeaders undoes RFC 2047 in the lines of a message as aiosmtpd
// prints it (its own notes, then the message), for comparing with
// expected header lines.
func decodeHeaders(msg string) string {
	var out []string
	for _, line := range strings.Split(msg, "\n") {
		if dec, err := wordDecoder.DecodeHeader(strings.TrimRight(line, "\r")); err == nil {
			line = dec
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

var wordDecoder = new(mime.WordDecoder)

// TestSendLimitConcurrent: parallel sends from one mailbox, on two
// processes sharing the database, never pass the hourly limit.
func TestSendLimitConcurrent(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		limit := func(c *app.Config) { c.MailSendLimit = 3 }
		s := apitest.Start(t, store, limit)
		other := apitest.StartOn(t, s.DSN, limit)
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Sender")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		var wg sync.WaitGroup
		statuses := make([]int, 10)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				srv := s
				if i%2 == 1 {
					srv = other
				}
				statuses[i] = srv.Call(t, u.Token, res, "send", "", map[string]any{"agentId": g, "to": "x@example.com", "text": "hi"}).Status
			}()
		}
		wg.Wait()
		sent := 0
		for _, st := range statuses {
			switch st {
			case 201:
				sent++
			case 429:
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		if sent != 3 {
			t.Fatalf("%d sends passed a limit of 3: %v", sent, statuses)
		}
	})
}
