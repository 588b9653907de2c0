package mailboxes_test

import (
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

// shopFAQ is a small help page as a shop writes it.
const shopFAQ = `# Bike Shop help

## Opening hours

We are open Monday to Friday from 9 am to 6 pm. On Saturdays we open from 10 am to 4 pm, and we are closed on Sundays.

## Returns and refunds

You can return any bike or accessory within 30 days of purchase for a full refund. Bring the receipt and the item in its original packaging.

## Repairs

A standard service costs 45 euros and takes two working days.
`

// answeringGenie creates a genie with the shop's help page attached and a
// provisioned mailbox at local@mail.localhost; it returns the genie and
// document ids.
func answeringGenie(t *testing.T, s *apitest.Server, tok, local string) (string, string) {
	t.Helper()
	doc := apitest.Str(s.Call(t, tok, "documents", "create", "", map[string]any{"name": "Shop help", "content": shopFAQ}).
		Expect(t, 201, "").Data(), "document", "id")
	g := apitest.Str(s.Call(t, tok, "genies", "create", "", map[string]any{"name": "Bike " + local, "document_ids": []string{doc}}).
		Expect(t, 201, "").Data(), "genie", "id")
	s.Call(t, tok, res, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": local}).Expect(t, 200, "")
	return g, doc
}

// mailTo sends a message over SMTP with swaks and fails the test when the
// server refuses it.
func mailTo(t *testing.T, s *apitest.Server, from, to, subject, body string, headers ...string) {
	t.Helper()
	args := []string{"--header", "Subject: " + subject, "--body", body}
	for _, h := range headers {
		args = append(args, "--header", h)
	}
	if out, ok := mailtest.Swaks(t, s.App.SMTP.Addr(), from, to, args...); !ok {
		t.Fatalf("delivery refused:\n%s", out)
	}
}

// drafts lists the genie's drafts.
func drafts(t *testing.T, s *apitest.Server, tok, g string, extra ...any) []map[string]any {
	t.Helper()
	data := map[string]any{"agentId": g}
	for i := 0; i+1 < len(extra); i += 2 {
		data[extra[i].(string)] = extra[i+1]
	}
	list := s.Call(t, tok, res, "drafts", "", data).Expect(t, 200, "").Data()
	var out []map[string]any
	for _, d := range list["drafts"].([]any) {
		out = append(out, d.(map[string]any))
	}
	if int(list["count"].(float64)) < len(out) {
		t.Fatalf("count %v below %d drafts", list["count"], len(out))
	}
	return out
}

// TestDraftAnswers: mail received over real SMTP gets a draft answered
// from the genie's documents, with its sources, in the sender's language;
// one the documents do not answer is flagged for a person; auto-replies
// and mailing lists get none. The owner edits and sends a draft (a reply
// in the thread, through the relay) and discards another.
func TestDraftAnswers(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		s := apitest.Start(t, store, withSMTP, func(c *app.Config) { c.SMTPRelay = relay.Addr })
		u := s.NewUser(t, auth.RoleUser)
		g, doc := answeringGenie(t, s, u.Token, "bikes")
		box := s.Call(t, u.Token, res, "get", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		if box["auto_reply"] != "draft" {
			t.Fatalf("default auto_reply %v, want draft", box["auto_reply"])
		}

		mailTo(t, s, "ann@example.com", "bikes@mail.localhost", "opening times", "Hi, when are you open on saturday? Thanks, Ann",
			"Message-Id: <q1@example.com>")
		list := drafts(t, s, u.Token, g)
		if len(list) != 1 {
			t.Fatalf("%d drafts, want 1", len(list))
		}
		d := list[0]
		text, _ := d["text"].(string)
		srcs, _ := d["sources"].([]any)
		if d["answered"] != true || d["needs_person"] != false || d["language"] != "en" || len(srcs) == 0 ||
			!strings.Contains(text, "10 am to 4 pm") || !strings.Contains(text, "Sources:") || !strings.Contains(text, "Shop help") {
			t.Fatalf("draft: %v", d)
		}
		if src := srcs[0].(map[string]any); src["document_id"] != doc || src["document_name"] != "Shop help" || src["quote"] == "" {
			t.Fatalf("source: %v", src)
		}
		if to := d["to"].([]any); len(to) != 1 || !strings.Contains(to[0].(string), "ann@example.com") || d["subject"] != "Re: opening times" {
			t.Fatalf("draft recipients: %v %v", d["to"], d["subject"])
		}
		if len(relay.Messages()) != 0 {
			t.Fatalf("draft mode sent mail: %v", relay.Messages())
		}

		// Not in the documents: a draft that says a person will answer,
		// in the sender's language, flagged.
		mailTo(t, s, "marie@example.fr", "bikes@mail.localhost", "Parking",
			"Bonjour, est-ce que vous avez un parking pour les voitures devant le magasin ? Merci beaucoup")
		if in := drafts(t, s, u.Token, g, "threadId", d["thread_id"]); len(in) != 1 || in[0]["id"] != d["id"] {
			t.Fatalf("drafts of the first thread: %v", in)
		}
		if n := len(drafts(t, s, u.Token, g, "needsPerson", false)); n != 1 {
			t.Fatalf("%d confident drafts, want 1", n)
		}
		if past := s.Call(t, u.Token, res, "drafts", "", map[string]any{"agentId": g, "offset": 5}).Expect(t, 200, "").Data(); past["count"] != 2.0 ||
			len(past["drafts"].([]any)) != 0 {
			t.Fatalf("drafts past the end: %v", past)
		}
		open := drafts(t, s, u.Token, g, "needsPerson", true)
		if len(open) != 1 || open[0]["answered"] != false || open[0]["language"] != "fr" || len(open[0]["sources"].([]any)) != 0 ||
			!strings.HasPrefix(open[0]["text"].(string), "Bonjour") {
			t.Fatalf("unanswered draft: %v", open)
		}

		// Automatic mail and mailing lists get no draft.
		mailTo(t, s, "ann@example.com", "bikes@mail.localhost", "Out of office: opening times", "I am away. When are you open?",
			"Auto-Submitted: auto-replied")
		mailTo(t, s, "list@example.org", "bikes@mail.localhost", "[cyclists] opening hours", "When are you open on saturday?",
			"List-Id: <cyclists.example.org>")
		mailTo(t, s, "ann@example.com", "bikes@mail.localhost", "newsletter", "When are you open on saturday?", "Precedence: bulk")
		if n := len(drafts(t, s, u.Token, g)); n != 2 {
			t.Fatalf("%d drafts after automatic mail, want 2", n)
		}
		if got := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()["count"]; got != 5.0 {
			t.Fatalf("%v messages stored, want 5", got)
		}
		// Each draft is a mailbox.draft.created event of the owner's.
		evs := s.Call(t, u.Token, "events", "list", "", map[string]any{"types": []string{"mailbox.draft.created"}}).Expect(t, 200, "").Data()["events"].([]any)
		needs := map[any]int{}
		for _, e := range evs {
			data := e.(map[string]any)["data"].(map[string]any)
			if data["agent_id"] != g || data["mailbox_id"] != box["id"] {
				t.Fatalf("event data: %v", data)
			}
			needs[data["draft"].(map[string]any)["needs_person"]]++
		}
		if len(evs) != 2 || needs[true] != 1 || needs[false] != 1 {
			t.Fatalf("mailbox.draft.created events: %v", evs)
		}
		metrics := s.Do(t, "GET", "/metrics", "", nil)
		for _, want := range []string{"\ngenie_mail_drafts 2\n", "\ngenie_mail_drafts_needing_person 1\n"} {
			if !strings.Contains(string(metrics.Raw), want) {
				t.Fatalf("/metrics lacks %q", strings.TrimSpace(want))
			}
		}

		// Edit, then send: the reply leaves through the relay, threaded.
		id := d["id"].(string)
		edited := s.Call(t, u.Token, res, "draft-update", "", map[string]any{"agentId": g, "draftId": id,
			"text": "Hello Ann,\n\nOn Saturdays we open from 10 am to 4 pm.\n\nThe bike shop\n"}).Expect(t, 200, "").Data()["draft"].(map[string]any)
		if !strings.HasPrefix(edited["text"].(string), "Hello Ann") || edited["answered"] != true {
			t.Fatalf("edited: %v", edited)
		}
		sent := s.Call(t, u.Token, res, "draft-send", "", map[string]any{"agentId": g, "draftId": id}).Expect(t, 201, "").Data()["message"].(map[string]any)
		if sent["direction"] != "outbound" || sent["in_reply_to"] != "q1@example.com" || sent["thread_id"] != d["thread_id"] ||
			sent["subject"] != "Re: opening times" {
			t.Fatalf("sent: %v", sent)
		}
		got := relay.WaitMessages(t, 1)[0]
		for _, want := range []string{"In-Reply-To: <q1@example.com>", "References: <q1@example.com>", "Hello Ann", "To: <ann@example.com>"} {
			if !strings.Contains(got, want) {
				t.Fatalf("relayed reply lacks %q:\n%s", want, got)
			}
		}
		if strings.Contains(got, "Auto-Submitted") {
			t.Fatalf("a reply sent by a person is marked automatic:\n%s", got)
		}
		s.Call(t, u.Token, res, "draft", "", map[string]any{"agentId": g, "draftId": id}).Expect(t, 404, "NOT_FOUND")
		s.Call(t, u.Token, res, "draft-send", "", map[string]any{"agentId": g, "draftId": id}).Expect(t, 404, "NOT_FOUND")

		// Discard the other one.
		other := open[0]["id"].(string)
		s.Call(t, u.Token, res, "draft", "", map[string]any{"agentId": g, "draftId": other}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "draft-discard", "", map[string]any{"agentId": g, "draftId": other}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "draft-discard", "", map[string]any{"agentId": g, "draftId": other}).Expect(t, 404, "NOT_FOUND")
		if n := len(drafts(t, s, u.Token, g)); n != 0 {
			t.Fatalf("%d drafts left, want 0", n)
		}

		// A mail with only an HTML body is read too (the quote left out).
		mailTo(t, s, "hugo@example.com", "bikes@mail.localhost", "a question",
			"<html><body><p>Hello,</p><p>How much does a <b>service</b> cost?</p><blockquote>When are you open?</blockquote></body></html>",
			"Content-Type: text/html; charset=utf-8")
		if list := drafts(t, s, u.Token, g); len(list) != 1 || list[0]["answered"] != true || !strings.Contains(list[0]["text"].(string), "45 euros") {
			t.Fatalf("draft of an HTML mail: %v", list)
		} else {
			s.Call(t, u.Token, res, "draft-discard", "", map[string]any{"agentId": g, "draftId": list[0]["id"]}).Expect(t, 200, "")
		}

		// Two questions, both answered: one draft with both answers; one
		// answered and one not: the answer found, and a person for the rest.
		mailTo(t, s, "ina@example.com", "bikes@mail.localhost", "two questions",
			"Hi! When are you open on saturday? And how much does a service cost? Best, Ina")
		mailTo(t, s, "jo@example.com", "bikes@mail.localhost", "two questions",
			"Hello, how much does a service cost? Do you have parking spaces for cars? Thanks")
		two := drafts(t, s, u.Token, g)
		if len(two) != 2 {
			t.Fatalf("%d drafts for two mails, want 2", len(two))
		}
		for _, d := range two {
			text := d["text"].(string)
			switch {
			case strings.Contains(d["to"].([]any)[0].(string), "ina@"):
				if d["answered"] != true || !strings.Contains(text, "10 am to 4 pm") || !strings.Contains(text, "45 euros") {
					t.Fatalf("two answered questions: %v", d)
				}
			default:
				if d["answered"] != false || d["needs_person"] != true || !strings.Contains(text, "45 euros") ||
					!strings.Contains(text, "the rest of your message") || len(d["sources"].([]any)) == 0 {
					t.Fatalf("partly answered: %v", d)
				}
			}
			s.Call(t, u.Token, res, "draft-discard", "", map[string]any{"agentId": g, "draftId": d["id"]}).Expect(t, 200, "")
		}

		// Turned off: mail is only stored.
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "auto_reply": "off"}).Expect(t, 200, "")
		mailTo(t, s, "ann@example.com", "bikes@mail.localhost", "repairs", "How much does a service cost?")
		if n := len(drafts(t, s, u.Token, g)); n != 0 {
			t.Fatalf("auto_reply off drafted %d answers", n)
		}

		// Bad input names the field; another user's genie is 401.
		for _, c := range []struct {
			action string
			data   map[string]any
			field  string
		}{
			{"update", map[string]any{"agentId": g, "auto_reply": "sometimes"}, "auto_reply"},
			{"draft", map[string]any{"agentId": g}, "draftId"},
			{"draft-send", map[string]any{"agentId": g, "draftId": ""}, "draftId"},
			{"drafts", map[string]any{"agentId": g, "limit": 0}, "limit"},
			{"draft-update", map[string]any{"agentId": g, "draftId": id, "to": "not an address"}, "to"},
			{"draft-update", map[string]any{"agentId": g, "draftId": id, "subject": "two\nlines"}, "subject"},
			{"draft-update", map[string]any{"agentId": g, "draftId": id, "text": "  "}, "text"},
			{"draft-update", map[string]any{"agentId": g, "draftId": id}, "text"},
			{"drafts", map[string]any{}, "agentId"},
		} {
			r := s.Call(t, u.Token, res, c.action, "", c.data).Expect(t, 400, "VALIDATION_ERROR")
			if r.Err()["field"] != c.field {
				t.Fatalf("%s %v: field %v, want %s", c.action, c.data, r.Err()["field"], c.field)
			}
		}
		s.Call(t, u.Token, res, "draft", "", map[string]any{"agentId": g, "draftId": "nope"}).Expect(t, 404, "NOT_FOUND")

		// Drafts go with the mailbox.
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "auto_reply": "draft"}).Expect(t, 200, "")
		mailTo(t, s, "ann@example.com", "bikes@mail.localhost", "repairs", "How much does a service cost?")
		if n := count(t, s, `SELECT COUNT(*) FROM mail_drafts`); n != 1 {
			t.Fatalf("%d drafts stored, want 1", n)
		}
		s.Call(t, u.Token, res, "delete", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		if n := count(t, s, `SELECT COUNT(*) FROM mail_drafts`); n != 0 {
			t.Fatalf("%d drafts left after the mailbox was deleted", n)
		}
		s.Call(t, u.Token, res, "drafts", "", map[string]any{"agentId": g}).Expect(t, 404, "NOT_FOUND")
		b := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		for _, tok := range []string{b.Token, admin.Token} {
			s.Call(t, tok, res, "drafts", "", map[string]any{"agentId": g}).Expect(t, 401, "UNAUTHORIZED")
			s.Call(t, tok, res, "draft-send", "", map[string]any{"agentId": g, "draftId": id}).Expect(t, 401, "UNAUTHORIZED")
			s.Call(t, tok, res, "draft-discard", "", map[string]any{"agentId": g, "draftId": other}).Expect(t, 401, "UNAUTHORIZED")
		}
	})
}

// TestAutoSend: with auto_reply "send", a confident answer leaves at once
// through the relay, marked Auto-Submitted and threaded, and is not
// forwarded; a second question from the sender in that thread within the
// hour is not answered automatically (kept as a draft and forwarded), and
// is again after the hour; a question the documents do not answer goes to
// the escalation address; automatic mail gets no answer.
func TestAutoSend(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		clock := &apitest.Clock{}
		s := apitest.Start(t, store, withSMTP, apitest.WithClock(clock), func(c *app.Config) { c.SMTPRelay = relay.Addr })
		u := s.NewUser(t, auth.RoleUser)
		g, _ := answeringGenie(t, s, u.Token, "shop")
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "auto_reply": "send", "escalation_address": "owner@example.net"}).
			Expect(t, 200, "")
		if box := s.Call(t, u.Token, res, "get", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data(); box["auto_reply"] != "send" {
			t.Fatalf("auto_reply %v", box["auto_reply"])
		}

		mailTo(t, s, "bob@example.com", "shop@mail.localhost", "returns", "Hello, how long do I have to return a bike?",
			"Message-Id: <r1@example.com>")
		msgs := relay.WaitMessages(t, 1)
		for _, want := range []string{"To: <bob@example.com>", "In-Reply-To: <r1@example.com>", "Auto-Submitted: auto-replied", "30 days", "Sources:"} {
			if !strings.Contains(msgs[0], want) {
				t.Fatalf("automatic answer lacks %q:\n%s", want, msgs[0])
			}
		}
		if n := len(drafts(t, s, u.Token, g)); n != 0 {
			t.Fatalf("%d drafts after an automatic answer, want 0", n)
		}
		answer := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "direction": "outbound"}).Expect(t, 200, "").Data()
		if answer["count"] != 1.0 {
			t.Fatalf("outbound: %v", answer)
		}
		answerID := s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g,
			"messageId": answer["messages"].([]any)[0].(map[string]any)["id"]}).Expect(t, 200, "").Data()["message"].(map[string]any)["message_id"].(string)

		// Bob asks again in the thread: no second automatic answer within
		// the hour; a person gets it (forward) with a draft.
		mailTo(t, s, "bob@example.com", "shop@mail.localhost", "Re: returns", "And when are you open on saturday?",
			"Message-Id: <r2@example.com>", "In-Reply-To: <"+answerID+">", "References: <r1@example.com> <"+answerID+">")
		msgs = relay.WaitMessages(t, 2)
		if !strings.Contains(msgs[1], "Resent-To: owner@example.net") || !strings.Contains(msgs[1], "Message-Id: <r2@example.com>") {
			t.Fatalf("second message in the thread: want a forward to the escalation address, got:\n%s", msgs[1])
		}
		if list := drafts(t, s, u.Token, g); len(list) != 1 || list[0]["answered"] != true {
			t.Fatalf("drafts: %v", list)
		}

		// The documents do not know: forwarded to the escalation address,
		// a flagged draft.
		mailTo(t, s, "carl@example.com", "shop@mail.localhost", "Parking", "Do you have parking spaces for cars in front of the shop?")
		msgs = relay.WaitMessages(t, 3)
		if !strings.Contains(msgs[2], "Resent-To: owner@example.net") || !strings.Contains(msgs[2], "Subject: Parking") {
			t.Fatalf("unanswered: want a forward, got:\n%s", msgs[2])
		}
		if list := drafts(t, s, u.Token, g, "needsPerson", true); len(list) != 1 {
			t.Fatalf("flagged drafts: %v", list)
		}

		// Automatic mail: stored, forwarded as before, never answered.
		mailTo(t, s, "bob@example.com", "shop@mail.localhost", "Automatic reply: returns", "I am out. How long do I have to return a bike?",
			"Auto-Submitted: auto-generated")
		mailTo(t, s, "MAILER-DAEMON@mx.example.com", "shop@mail.localhost", "Undelivered Mail", "How long do I have to return a bike?")
		msgs = relay.WaitMessages(t, 5)
		for _, m := range msgs[3:] {
			if !strings.Contains(m, "Resent-To: owner@example.net") {
				t.Fatalf("automatic mail was answered:\n%s", m)
			}
		}

		// After the hour, Bob's thread may be answered again.
		clock.Advance(61 * time.Minute)
		mailTo(t, s, "bob@example.com", "shop@mail.localhost", "Re: returns", "How long do I have to return a bike?",
			"Message-Id: <r3@example.com>", "In-Reply-To: <"+answerID+">")
		msgs = relay.WaitMessages(t, 6)
		if !strings.Contains(msgs[5], "Auto-Submitted: auto-replied") || !strings.Contains(msgs[5], "In-Reply-To: <r3@example.com>") {
			t.Fatalf("after the hour: want an automatic answer, got:\n%s", msgs[5])
		}

		// Answers go to Reply-To, and the hourly cap counts them there: a
		// forged From cannot make the genie answer one address more than
		// five times an hour, however many threads it starts.
		for i := range 6 {
			mailTo(t, s, fmt.Sprintf("forged%d@example.com", i), "shop@mail.localhost", fmt.Sprintf("returns %d", i),
				"How long do I have to return a bike?", "Reply-To: victim@example.org")
		}
		msgs = relay.WaitMessages(t, 12)
		toVictim := 0
		for _, m := range msgs[6:11] {
			if strings.Contains(m, "To: <victim@example.org>") && strings.Contains(m, "Auto-Submitted: auto-replied") {
				toVictim++
			}
		}
		if toVictim != 5 || !strings.Contains(msgs[11], "Resent-To: owner@example.net") {
			t.Fatalf("%d automatic answers to Reply-To, then:\n%s", toVictim, msgs[11])
		}
		// Reply-To a genie: no answer.
		mailTo(t, s, "eve@example.com", "shop@mail.localhost", "returns", "How long do I have to return a bike?",
			"Reply-To: shop@mail.localhost")
		if msgs = relay.WaitMessages(t, 13); !strings.Contains(msgs[12], "Resent-To: owner@example.net") {
			t.Fatalf("Reply-To a genie was answered:\n%s", msgs[12])
		}
		if n := len(relay.Messages()); n != 13 {
			t.Fatalf("relay got %d messages, want 13", n)
		}
	})
}

// freeAddr returns a loopback address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestGenieLoop: two genies that answer automatically never answer each
// other. In one service, mail from a genie's mailbox is never answered;
// across two services, each the other's relay over real SMTP, the first
// automatic answer carries Auto-Submitted and the other genie does not
// answer it.
func TestGenieLoop(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		// One service: genie A mails genie B, which could answer.
		s := apitest.Start(t, store, withSMTP)
		u := s.NewUser(t, auth.RoleUser)
		a, _ := answeringGenie(t, s, u.Token, "alpha")
		b, _ := answeringGenie(t, s, u.Token, "beta")
		for _, g := range []string{a, b} {
			s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "auto_reply": "send"}).Expect(t, 200, "")
		}
		s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": a, "to": "beta@mail.localhost", "subject": "returns",
			"text": "How long do I have to return a bike?"}).Expect(t, 201, "")
		for g, want := range map[string][2]float64{a: {0, 1}, b: {1, 0}} {
			in := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "direction": "inbound"}).Expect(t, 200, "").Data()["count"]
			out := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "direction": "outbound"}).Expect(t, 200, "").Data()["count"]
			if in != want[0] || out != want[1] {
				t.Fatalf("genie %s: %v in, %v out; want %v", g, in, out, want)
			}
		}
		if n := len(drafts(t, s, u.Token, b)); n != 0 {
			t.Fatalf("mail from a genie got %d drafts", n)
		}

		// Two services, each relaying to the other's SMTP server.
		xAddr, yAddr := freeAddr(t), freeAddr(t)
		x := apitest.Start(t, store, func(c *app.Config) { c.MailDomain, c.SMTPAddr, c.SMTPRelay = "x.localhost", xAddr, yAddr })
		y := apitest.Start(t, store, func(c *app.Config) { c.MailDomain, c.SMTPAddr, c.SMTPRelay = "y.localhost", yAddr, xAddr })
		ux, uy := x.NewUser(t, auth.RoleUser), y.NewUser(t, auth.RoleUser)
		gx, _ := answeringGenie(t, x, ux.Token, "desk")
		gy, _ := answeringGenie(t, y, uy.Token, "desk")
		x.Call(t, ux.Token, res, "update", "", map[string]any{"agentId": gx, "auto_reply": "send"}).Expect(t, 200, "")
		y.Call(t, uy.Token, res, "update", "", map[string]any{"agentId": gy, "auto_reply": "send"}).Expect(t, 200, "")
		// A person's question from x's genie: y answers it at once (its
		// answer reaches x through x's SMTP server); x does not answer the
		// answer.
		x.Call(t, ux.Token, res, "send", "", map[string]any{"agentId": gx, "to": "desk@y.localhost", "subject": "hours",
			"text": "When are you open on saturday?"}).Expect(t, 201, "")
		count := func(s *apitest.Server, tok, g, dir string) float64 {
			return s.Call(t, tok, res, "messages", "", map[string]any{"agentId": g, "direction": dir}).Expect(t, 200, "").Data()["count"].(float64)
		}
		if got := [4]float64{count(x, ux.Token, gx, "outbound"), count(y, uy.Token, gy, "inbound"), count(y, uy.Token, gy, "outbound"),
			count(x, ux.Token, gx, "inbound")}; got != [4]float64{1, 1, 1, 1} {
			t.Fatalf("x out, y in, y out, x in = %v; want one each", got)
		}
		in := x.Call(t, ux.Token, res, "messages", "", map[string]any{"agentId": gx, "direction": "inbound"}).Expect(t, 200, "").Data()["messages"].([]any)[0].(map[string]any)
		full := x.Call(t, ux.Token, res, "message", "", map[string]any{"agentId": gx, "messageId": in["id"]}).Expect(t, 200, "").Data()["message"].(map[string]any)
		auto := false
		for _, h := range full["headers"].([]any) {
			if f := h.([]any); f[0] == "Auto-Submitted" && f[1] == "auto-replied" {
				auto = true
			}
		}
		if !auto || !strings.Contains(in["text"].(string), "10 am to 4 pm") {
			t.Fatalf("y's answer as x received it: %v", full)
		}
		if n := len(drafts(t, x, ux.Token, gx)); n != 0 {
			t.Fatalf("x drafted %d answers to an automatic answer", n)
		}
	})
}

// TestEscalationReply: a visitor of the genie's page asks for a person;
// the escalation mail leaves from the genie's mailbox (Reply-To the
// visitor). The owner answers it with send and replyTo: the answer goes to
// the visitor through the relay, threaded, and joins the conversation. The
// visitor's answer by mail joins it too, goes to a person and is not
// answered by the genie.
func TestEscalationReply(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		s := apitest.Start(t, store, withSMTP, func(c *app.Config) { c.SMTPRelay = relay.Addr })
		u := s.NewUser(t, auth.RoleUser)
		g, _ := answeringGenie(t, s, u.Token, "help")
		s.Call(t, u.Token, "genies", "update", g, map[string]any{"conversation": map[string]any{"enabled": true}}).Expect(t, 200, "")
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "escalation_address": "owner@example.net", "auto_reply": "send"}).
			Expect(t, 200, "")

		conv := s.Call(t, "", "conversations", "ask", "", map[string]any{"agentId": g, "question": "Do you have parking spaces for cars?"}).
			Expect(t, 200, "").Data()["conversation_id"].(string)
		s.Call(t, "", "conversations", "escalate", "", map[string]any{"conversationId": conv, "email": "vic@example.org", "name": "Vic"}).
			Expect(t, 201, "")
		if esc := relay.WaitMessages(t, 1)[0]; !strings.Contains(esc, "Reply-To: vic@example.org") || !strings.Contains(esc, "To: <owner@example.net>") {
			t.Fatalf("escalation mail:\n%s", esc)
		}
		out := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "direction": "outbound"}).Expect(t, 200, "").Data()["messages"].([]any)
		if len(out) != 1 {
			t.Fatalf("outbound: %v", out)
		}
		escID := out[0].(map[string]any)["id"].(string)
		escMsgID := s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": escID}).Expect(t, 200, "").
			Data()["message"].(map[string]any)["message_id"].(string)

		// The owner answers from the genie's inbox.
		reply := s.Call(t, u.Token, res, "send", "", map[string]any{"agentId": g, "replyTo": escID,
			"text": "Hello Vic, there are three parking spaces behind the shop."}).Expect(t, 201, "").Data()["message"].(map[string]any)
		if to := reply["to"].([]any); len(to) != 1 || !strings.Contains(to[0].(string), "vic@example.org") {
			t.Fatalf("the owner's reply went to %v, want the visitor", reply["to"])
		}
		got := relay.WaitMessages(t, 2)[1]
		for _, want := range []string{"To: <vic@example.org>", "In-Reply-To: <" + escMsgID + ">", "three parking spaces"} {
			if !strings.Contains(got, want) {
				t.Fatalf("the reply through the relay lacks %q:\n%s", want, got)
			}
		}
		if strings.Contains(got, "Auto-Submitted") {
			t.Fatalf("the owner's reply is marked automatic:\n%s", got)
		}
		c := s.Call(t, u.Token, "conversations", "get", conv, nil).Expect(t, 200, "").Data()["conversation"].(map[string]any)
		msgs := c["messages"].([]any)
		last := msgs[len(msgs)-1].(map[string]any)
		if last["kind"] != "reply" || !strings.Contains(apitest.Str(last, "answer", "text"), "three parking spaces") {
			t.Fatalf("conversation after the reply: %v", msgs)
		}

		// The visitor answers by mail: into the conversation, on to a
		// person, no answer from the genie (although it could answer).
		replyMsgID := s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": reply["id"]}).Expect(t, 200, "").
			Data()["message"].(map[string]any)["message_id"].(string)
		mailTo(t, s, "vic@example.org", "help@mail.localhost", "Re: parking", "Thanks! And when are you open on saturday?",
			"In-Reply-To: <"+replyMsgID+">", "References: <"+escMsgID+"> <"+replyMsgID+">")
		fw := relay.WaitMessages(t, 3)[2]
		if !strings.Contains(fw, "Resent-To: owner@example.net") || !strings.Contains(fw, "when are you open on saturday") {
			t.Fatalf("the visitor's answer: want it forwarded to a person, got:\n%s", fw)
		}
		c = s.Call(t, u.Token, "conversations", "get", conv, nil).Expect(t, 200, "").Data()["conversation"].(map[string]any)
		msgs = c["messages"].([]any)
		last = msgs[len(msgs)-1].(map[string]any)
		if last["kind"] != "visitor" || !strings.Contains(last["question"].(string), "open on saturday") {
			t.Fatalf("conversation after the visitor's mail: %v", msgs)
		}
		if n := len(drafts(t, s, u.Token, g)); n != 0 {
			t.Fatalf("the genie drafted %d answers in a person's conversation", n)
		}
		if n := len(relay.Messages()); n != 3 {
			t.Fatalf("relay got %d messages, want 3", n)
		}
	})
}

// TestAutoAnswerOncePerThread: two messages of one sender in one thread,
// received at the same moment by two processes sharing the database, get
// one automatic answer between them; the other goes to a person.
func TestAutoAnswerOncePerThread(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		relay := mailtest.StartRelay(t)
		withRelay := func(c *app.Config) { c.SMTPRelay = relay.Addr }
		s := apitest.Start(t, store, withSMTP, withRelay)
		other := apitest.StartOn(t, s.DSN, withSMTP, withRelay)
		u := s.NewUser(t, auth.RoleUser)
		g, _ := answeringGenie(t, s, u.Token, "twice")
		s.Call(t, u.Token, res, "update", "", map[string]any{"agentId": g, "auto_reply": "send", "escalation_address": "owner@example.net"}).
			Expect(t, 200, "")
		// A question the documents do not answer opens the thread (no
		// automatic answer: forwarded).
		mailTo(t, s, "dan@example.com", "twice@mail.localhost", "visit", "Do you have parking spaces for cars?", "Message-Id: <t0@example.com>")
		relay.WaitMessages(t, 1)
		var wg sync.WaitGroup
		for i, srv := range []*apitest.Server{s, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				args := []string{"--header", "Subject: Re: visit", "--body", "When are you open on saturday?",
					"--header", fmt.Sprintf("Message-Id: <t%d@example.com>", i+1), "--header", "In-Reply-To: <t0@example.com>"}
				if out, ok := mailtest.Swaks(t, srv.App.SMTP.Addr(), "dan@example.com", "twice@mail.localhost", args...); !ok {
					t.Errorf("delivery refused:\n%s", out)
				}
			}()
		}
		wg.Wait()
		msgs := relay.WaitMessages(t, 3)
		auto := 0
		for _, m := range msgs {
			if strings.Contains(m, "Auto-Submitted: auto-replied") {
				auto++
			}
		}
		if out := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "direction": "outbound"}).Expect(t, 200, "").Data()["count"]; auto != 1 || out != 1.0 || len(msgs) != 3 {
			t.Fatalf("%d automatic answers through the relay, %v sent from the inbox, %d relayed; want 1, 1, 3", auto, out, len(msgs))
		}
	})
}

// TestDraftLanguages: the draft is written in the sender's language, from
// German documents when they answer, and says a person will reply when
// they do not.
func TestDraftLanguages(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, withSMTP)
		u := s.NewUser(t, auth.RoleUser)
		doc := apitest.Str(s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "Hilfe", "content": "# Fahrradladen\n\n" +
			"## Öffnungszeiten\n\nWir haben von Montag bis Freitag von 9 bis 18 Uhr geöffnet. Samstags öffnen wir von 10 bis 16 Uhr.\n\n" +
			"## Reparaturen\n\nEine Inspektion kostet 45 Euro und dauert zwei Werktage.\n"}).Expect(t, 201, "").Data(), "document", "id")
		g := apitest.Str(s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Radladen", "document_ids": []string{doc}}).
			Expect(t, 201, "").Data(), "genie", "id")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": "rad"}).Expect(t, 200, "")
		for _, c := range []struct {
			from, body, lang, start, contains string
			answered                          bool
		}{
			{"jens@example.de", "Guten Tag, was kostet eine Inspektion? Viele Grüße, Jens", "de", "Guten Tag,", "45 Euro", true},
			{"uwe@example.de", "Hallo, haben Sie einen Parkplatz für Autos vor dem Laden? Danke", "de", "Guten Tag,", "an einen Menschen", false},
			{"lola@example.es", "Hola, ¿tienen aparcamiento para coches delante de la tienda? Gracias", "es", "Hola:", "una persona", false},
		} {
			mailTo(t, s, c.from, "rad@mail.localhost", "Frage", c.body)
			var d map[string]any
			for _, x := range drafts(t, s, u.Token, g) {
				if strings.Contains(x["to"].([]any)[0].(string), c.from) {
					d = x
				}
			}
			if d == nil || d["language"] != c.lang || d["answered"] != c.answered || !strings.HasPrefix(d["text"].(string), c.start) ||
				!strings.Contains(d["text"].(string), c.contains) {
				t.Fatalf("draft for %s: %v", c.from, d)
			}
		}
	})
}
