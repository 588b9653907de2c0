package mail

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"net/textproto"
	"strings"
	"time"
)

// Message is an outgoing message: a multipart/alternative with a plain-text
// and an HTML part (either may be empty, not both).
type Message struct {
	From    string // an address, optionally with a display name
	To, Cc  []string
	Subject string
	Text    string
	HTML    string
	// Headers are extra header fields (for example X-Genie-Test).
	Headers map[string]string
	// InReplyTo and References thread a reply: Message-IDs without
	// angle brackets.
	InReplyTo  string
	References []string
}

// Build renders the message as RFC 5322 text with CRLF line ends, adding
// Date, Message-ID (under domain) and MIME-Version. It returns the bytes
// and the Message-ID.
func (m *Message) Build(now time.Time, domain string) ([]byte, string, error) {
	if len(m.To) == 0 {
		return nil, "", fmt.Errorf("mail: message without recipients")
	}
	from, err := netmail.ParseAddress(m.From)
	if err != nil {
		return nil, "", fmt.Errorf("mail: from address %q: %w", m.From, err)
	}
	list := func(addrs []string) ([]string, error) {
		out := make([]string, len(addrs))
		for i, a := range addrs {
			p, err := netmail.ParseAddress(a)
			if err != nil {
				return nil, fmt.Errorf("mail: recipient %q: %w", a, err)
			}
			out[i] = p.String()
		}
		return out, nil
	}
	to, err := list(m.To)
	if err != nil {
		return nil, "", err
	}
	cc, err := list(m.Cc)
	if err != nil {
		return nil, "", err
	}
	id := "<" + randomHex(16) + "@" + domain + ">"
	var b bytes.Buffer
	header := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	header("From", from.String())
	header("To", strings.Join(to, ", "))
	if len(cc) > 0 {
		header("Cc", strings.Join(cc, ", "))
	}
	header("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	header("Date", now.Format(time.RFC1123Z))
	header("Message-ID", id)
	if m.InReplyTo != "" {
		header("In-Reply-To", "<"+m.InReplyTo+">")
	}
	if len(m.References) > 0 {
		refs := make([]string, len(m.References))
		for i, r := range m.References {
			refs[i] = "<" + r + ">"
		}
		header("References", strings.Join(refs, " "))
	}
	header("MIME-Version", "1.0")
	for k, v := range m.Headers {
		header(textproto.CanonicalMIMEHeaderKey(k), mime.QEncoding.Encode("utf-8", v))
	}
	mw := multipart.NewWriter(&b)
	header("Content-Type", "multipart/alternative; boundary="+mw.Boundary())
	b.WriteString("\r\n")
	for _, part := range []struct{ typ, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		if part.body == "" {
			continue
		}
		w, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.typ + "; charset=utf-8"},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, "", err
		}
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(part.body)); err != nil {
			return nil, "", err
		}
		if err := qp.Close(); err != nil {
			return nil, "", err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, "", err
	}
	return b.Bytes(), id, nil
}

// Address returns the bare address of s ("Genie <a@b>" gives "a@b").
func Address(s string) (string, error) {
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return "", fmt.Errorf("mail: address %q: %w", s, err)
	}
	return strings.ToLower(a.Address), nil
}

// AddressList parses a list of addresses (a Reply-To field) and returns
// each as "Name <addr>" or "<addr>".
func AddressList(s string) ([]string, error) {
	list, err := netmail.ParseAddressList(s)
	if err != nil {
		return nil, fmt.Errorf("mail: address list %q: %w", s, err)
	}
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.String()
	}
	return out, nil
}

// Domain returns the lower-cased domain of an address.
func Domain(addr string) string {
	i := strings.LastIndexByte(addr, '@')
	if i < 0 {
		return ""
	}
	return strings.ToLower(addr[i+1:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
