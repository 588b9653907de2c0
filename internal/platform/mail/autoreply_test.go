package mail

import (
	"strings"
	"testing"
)

func TestAutoReplyRefusal(t *testing.T) {
	own := func(a string) bool { return strings.HasSuffix(a, "@mail.localhost") }
	h := func(kv ...string) [][2]string {
		var out [][2]string
		for i := 0; i+1 < len(kv); i += 2 {
			out = append(out, [2]string{kv[i], kv[i+1]})
		}
		return out
	}
	person := "ann@example.com"
	for _, c := range []struct {
		name     string
		env      string
		from     string
		header   [][2]string
		want     string
		wantNone bool
	}{
		{name: "a person", env: person, from: person, header: h("Subject", "Opening hours?", "Auto-Submitted", "no"), wantNone: true},
		{name: "auto-submitted no, with a comment", env: person, from: person, header: h("Auto-Submitted", "No (sent by a person)"), wantNone: true},
		{name: "precedence first-class", env: person, from: person, header: h("Precedence", "first-class"), wantNone: true},
		{name: "auto-response-suppress of read receipts only", env: person, from: person, header: h("X-Auto-Response-Suppress", "RN, NRN"), wantNone: true},
		{name: "a person whose name starts like a daemon", env: "postmaster-jones@example.com", from: "postmaster-jones@example.com", wantNone: true},
		{name: "null envelope sender (bounce)", env: "", from: person, want: RefuseNullSender},
		{name: "null envelope sender in brackets", env: "<>", from: person, want: RefuseNullSender},
		{name: "no From", env: person, from: "", want: RefuseNullSender},
		{name: "Return-Path <>", env: person, from: person, header: h("Return-Path", "<>"), want: RefuseNullSender},
		{name: "MAILER-DAEMON", env: "MAILER-DAEMON@mx.example.com", from: "MAILER-DAEMON@mx.example.com", want: RefuseDaemon},
		{name: "postmaster From", env: person, from: "postmaster@example.com", want: RefuseDaemon},
		{name: "list owner envelope", env: "owner-users@lists.example.org", from: person, want: RefuseDaemon},
		{name: "list request address", env: "users-request@lists.example.org", from: person, want: RefuseDaemon},
		{name: "no-reply sender with a tag", env: "no-reply+x1@shop.example", from: "no-reply+x1@shop.example", want: RefuseDaemon},
		{name: "Sender is a daemon", env: person, from: person, header: h("Sender", "Mailer <mailer-daemon@example.com>"), want: RefuseDaemon},
		{name: "auto-replied", env: person, from: person, header: h("Auto-Submitted", "auto-replied"), want: RefuseAutoSubmitted},
		{name: "auto-generated, upper case", env: person, from: person, header: h("AUTO-SUBMITTED", "Auto-Generated"), want: RefuseAutoSubmitted},
		{name: "auto-notified with parameters", env: person, from: person, header: h("Auto-Submitted", "auto-notified; owner-email=\"x@example.com\""), want: RefuseAutoSubmitted},
		{name: "an extension value", env: person, from: person, header: h("Auto-Submitted", "auto-something-else"), want: RefuseAutoSubmitted},
		{name: "precedence bulk", env: person, from: person, header: h("Precedence", "bulk"), want: RefusePrecedence},
		{name: "precedence junk", env: person, from: person, header: h("Precedence", " Junk "), want: RefusePrecedence},
		{name: "precedence list", env: person, from: person, header: h("Precedence", "list"), want: RefusePrecedence},
		{name: "List-Id", env: person, from: person, header: h("List-Id", "Users <users.lists.example.org>"), want: RefuseList},
		{name: "List-Unsubscribe", env: person, from: person, header: h("List-Unsubscribe", "<mailto:leave@example.org>"), want: RefuseList},
		{name: "List-Post", env: person, from: person, header: h("list-post", "<mailto:users@example.org>"), want: RefuseList},
		{name: "X-Autoreply", env: person, from: person, header: h("X-Autoreply", "yes"), want: RefuseAutoHeader},
		{name: "X-Autorespond", env: person, from: person, header: h("X-Autorespond", "1"), want: RefuseAutoHeader},
		{name: "X-Auto-Response-Suppress All", env: person, from: person, header: h("X-Auto-Response-Suppress", "All"), want: RefuseAutoHeader},
		{name: "X-Auto-Response-Suppress OOF among others", env: person, from: person, header: h("X-Auto-Response-Suppress", "DR, OOF, AutoReply"), want: RefuseAutoHeader},
		{name: "delivery report", env: person, from: person, header: h("Content-Type", "multipart/report; report-type=delivery-status; boundary=x"), want: RefuseReport},
		{name: "from a genie of this service", env: "shop@mail.localhost", from: "shop@mail.localhost", want: RefuseOwn},
		{name: "envelope of a genie, From spoofed", env: "shop@mail.localhost", from: person, want: RefuseOwn},
		{name: "From a genie, envelope elsewhere", env: person, from: "Shop@Mail.Localhost", want: RefuseOwn},
		{name: "forwarded by a genie", env: person, from: person, header: h(ForwardedHeader, "shop@mail.localhost"), want: RefuseOwn},
		{name: "Sender a genie", env: person, from: person, header: h("Sender", "shop@mail.localhost"), want: RefuseOwn},
		{name: "Reply-To a genie", env: person, from: person, header: h("Reply-To", "Shop <shop@mail.localhost>"), want: RefuseOwn},
		{name: "Reply-To a genie among others", env: person, from: person, header: h("Reply-To", "a@example.com, shop@mail.localhost"), want: RefuseOwn},
		{name: "Reply-To no-reply", env: person, from: person, header: h("Reply-To", "no-reply@example.com"), want: RefuseDaemon},
		{name: "Reply-To another person", env: person, from: person, header: h("Reply-To", "Bob <bob@example.com>"), wantNone: true},
		{name: "Reply-To unreadable", env: person, from: person, header: h("Reply-To", "not an address"), wantNone: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := AutoReplyRefusal(Inbound{EnvelopeFrom: c.env, From: c.from, Header: c.header}, own)
			if c.wantNone && got != "" {
				t.Fatalf("got refusal %q, want none", got)
			}
			if !c.wantNone && got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

// FuzzAutoReplyRefusal: any input gives a known reason or none, a header
// field added to a refused message never makes it answerable, and an
// Auto-Submitted other than "no" is always refused.
func FuzzAutoReplyRefusal(f *testing.F) {
	f.Add("ann@example.com", "ann@example.com", "Auto-Submitted", "auto-replied")
	f.Add("", "x@example.com", "List-Id", "<l.example.org>")
	f.Add("a@mail.localhost", "b@example.com", "Precedence", "bulk")
	f.Add("ann@example.com", "ann@example.com", "Subject", "hello")
	own := func(a string) bool { return strings.HasSuffix(a, "@mail.localhost") }
	known := map[string]bool{"": true, RefuseNullSender: true, RefuseDaemon: true, RefuseAutoSubmitted: true, RefusePrecedence: true,
		RefuseList: true, RefuseAutoHeader: true, RefuseReport: true, RefuseOwn: true}
	f.Fuzz(func(t *testing.T, env, from, name, value string) {
		m := Inbound{EnvelopeFrom: env, From: from, Header: [][2]string{{name, value}}}
		got := AutoReplyRefusal(m, own)
		if !known[got] {
			t.Fatalf("unknown reason %q", got)
		}
		more := m
		more.Header = append([][2]string{{"Auto-Submitted", "auto-generated"}}, m.Header...)
		if AutoReplyRefusal(more, own) == "" {
			t.Fatalf("Auto-Submitted: auto-generated was not refused: %+v", more)
		}
		if got != "" {
			more.Header = append(append([][2]string{}, m.Header...), [2]string{"X-Other", value})
			if AutoReplyRefusal(more, own) == "" {
				t.Fatalf("an added field made %+v answerable", more)
			}
		}
	})
}
