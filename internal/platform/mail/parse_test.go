package mail

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		name, raw                        string
		subject, from, text, html, reply string
		attachments                      int
	}{
		{name: "plain utf-8", raw: "From: a@example.com\r\nSubject: Hi\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHello ✓\r\n",
			subject: "Hi", from: "a@example.com", text: "Hello ✓\r\n"},
		{name: "no content type", raw: "From: A <a@example.com>\r\nSubject: x\r\n\r\nbody",
			subject: "x", from: "A <a@example.com>", text: "body"},
		{name: "base64 latin-1 with encoded words",
			raw:     "From: =?iso-8859-1?q?Andr=E9?= <a@example.com>\r\nSubject: =?ISO-8859-1?B?Q2Fm6Q==?=\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: base64\r\n\r\nQ2Fm6Q==\r\n",
			subject: "Café", from: "André <a@example.com>", text: "Café"},
		{name: "alternative", raw: "Subject: s\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nplain\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>html</p>\r\n--b--\r\n",
			subject: "s", text: "plain", html: "<p>html</p>"},
		{name: "windows-1252 quoted-printable", raw: "Subject: q\r\nContent-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=93quoted=94 =80\r\n",
			subject: "q", text: "“quoted” €\r\n"},
		{name: "attachment named by RFC 2047", raw: "Subject: a\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nsee file\r\n--b\r\nContent-Type: application/octet-stream; name=\"=?utf-8?q?r=C3=A9sum=C3=A9.bin?=\"\r\nContent-Transfer-Encoding: base64\r\n\r\nAAEC\r\n--b--\r\n",
			subject: "a", text: "see file", attachments: 1},
		{name: "reply with quote header", raw: "Subject: Re: x\r\n\r\nYes please.\r\n\r\nOn Mon, 1 Jan 2026, Bob <b@example.com> wrote:\r\n> Do you want it?\r\n",
			subject: "Re: x", text: "Yes please.\r\n\r\nOn Mon, 1 Jan 2026, Bob <b@example.com> wrote:\r\n> Do you want it?\r\n", reply: "Yes please."},
		{name: "garbage", raw: "\x00\xff not a message", text: "\uFFFD not a message"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := Parse([]byte(c.raw))
			if p.Subject != c.subject || p.From != c.from || strings.TrimRight(p.Text, "\r\n") != strings.TrimRight(c.text, "\r\n") || strings.TrimSpace(p.HTML) != c.html || len(p.Attachments) != c.attachments {
				t.Fatalf("got subject %q from %q text %q html %q attachments %v", p.Subject, p.From, p.Text, p.HTML, p.Attachments)
			}
			if c.reply != "" && p.Extracted != c.reply {
				t.Fatalf("extracted %q, want %q", p.Extracted, c.reply)
			}
			if c.attachments > 0 && p.Attachments[0].Filename != "résumé.bin" {
				t.Fatalf("attachment %v", p.Attachments[0])
			}
		})
	}
}

func TestExtractReply(t *testing.T) {
	for in, want := range map[string]string{
		"Thanks!\n\n> quoted":                                           "Thanks!",
		"Sure.\n-----Original Message-----\nFrom: x":                    "Sure.",
		"Ok\nOn Tue, 3 Mar 2026 at 10:00, Ada <ada@example.com> wrote:": "Ok",
		"> all quoted":    "> all quoted",
		"No quote at all": "No quote at all",
	} {
		if got := ExtractReply(in); got != want {
			t.Errorf("ExtractReply(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParse: any bytes parse without a panic into storable text.
func FuzzParse(f *testing.F) {
	f.Add([]byte("Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b--\r\n"))
	f.Add([]byte("From: =?utf-8?b?w6k=?= <a@b>\r\n\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		p := Parse(raw)
		for _, s := range append([]string{p.Subject, p.From, p.Text, p.HTML, p.Extracted}, p.To...) {
			if strings.ContainsRune(s, 0) || !utf8Valid(s) {
				t.Fatalf("unstorable text %q", s)
			}
		}
		for i := range p.Attachments {
			if _, _, err := AttachmentContent(raw, i); err != nil {
				t.Fatalf("attachment %d listed but not readable: %v", i, err)
			}
		}
	})
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "") == s }
