package identity_test

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
)

// authMail is a mail the provider sent, as the recipient reads it.
type authMail struct {
	Subject string
	Text    string
	Code    string // the six-digit code
	Link    string // the verify link
}

// TokenHash is the link's token (GoTrue's token_hash).
func (m authMail) TokenHash(t *testing.T) string {
	t.Helper()
	u, err := url.Parse(m.Link)
	if err != nil || u.Query().Get("token") == "" {
		t.Fatalf("no token in link %q", m.Link)
	}
	return u.Query().Get("token")
}

var (
	codeRe = regexp.MustCompile(`(?m)^\s+(\d{6})\s*$`)
	linkRe = regexp.MustCompile(`https?://\S+/auth/v1/verify\?\S+`)
)

// parseAuthMail reads a raw message: subject, text part, code and link.
func parseAuthMail(t *testing.T, raw []byte) authMail {
	t.Helper()
	subject, text, err := decodeMail(raw)
	if err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	m := authMail{Subject: subject, Text: text}
	if c := codeRe.FindStringSubmatch(text); c != nil {
		m.Code = c[1]
	}
	m.Link = linkRe.FindString(text)
	if m.Code == "" || m.Link == "" {
		t.Fatalf("mail without code or link:\n%s", text)
	}
	return m
}

// decodeMail returns a message's subject and decoded text/plain part.
func decodeMail(raw []byte) (subject, text string, err error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return "", "", fmt.Errorf("parse mail: %w", err)
	}
	subject, _ = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return "", "", fmt.Errorf("content type: %w", err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return subject, text, nil
		}
		if err != nil {
			return "", "", fmt.Errorf("mail part: %w", err)
		}
		b, err := io.ReadAll(part) // multipart decodes quoted-printable itself
		if err != nil {
			return "", "", fmt.Errorf("decode part: %w", err)
		}
		if strings.HasPrefix(part.Header.Get("Content-Type"), "text/plain") {
			text = string(b)
		}
	}
}

// outbox returns the raw mails waiting in the outbox for the address (no
// relay is configured in these tests, so mail to example.com waits there).
func outbox(t *testing.T, s *apitest.Server, to string) [][]byte {
	t.Helper()
	rows, err := s.App.DB.R.Query(`SELECT raw FROM mail_outbox WHERE rcpt_to = $1 ORDER BY created_at, id`, to)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var raw []byte
		if err := rows.Scan(&raw); err != nil {
			t.Fatal(err)
		}
		out = append(out, raw)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// waitMail waits (up to 10 s: auth mails go out in the background) until
// the address has n mails and returns the n-th.
func waitMail(t *testing.T, s *apitest.Server, to string, n int) authMail {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if m := outbox(t, s, to); len(m) >= n {
			return parseAuthMail(t, m[n-1])
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s got %d mails, want %d", to, len(outbox(t, s, to)), n)
		}
	}
}

// waitMailOfType waits for a mail to the address whose link is of the type
// (signup, recovery...) and returns the newest: mails are sent in the
// background, so two sent close together may arrive in either order.
func waitMailOfType(t *testing.T, s *apitest.Server, to, typ string) authMail {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		ms := outbox(t, s, to)
		for i := len(ms) - 1; i >= 0; i-- {
			if m := parseAuthMail(t, ms[i]); strings.Contains(m.Link, "type="+typ) {
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s got no %s mail among %d", to, typ, len(ms))
		}
	}
}

// pendingCodes counts the codes stored for the address: a mail goes out
// only for a stored code, and codes are stored before the request answers.
func pendingCodes(t *testing.T, s *apitest.Server, email string) int {
	t.Helper()
	var n int
	if err := s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM auth_one_time_codes WHERE email = $1`, email).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
