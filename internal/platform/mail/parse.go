package mail

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // charsets beyond UTF-8 and ASCII (Latin-1, Windows-1252, ISO-2022-JP...)
	gomail "github.com/emersion/go-message/mail"
)

// Parsed is what the inbox keeps of a message besides its raw text.
type Parsed struct {
	MessageID  string // without angle brackets; "" when the message has none
	InReplyTo  string // the first id of In-Reply-To, without angle brackets
	References []string
	From       string
	To, Cc     []string
	Subject    string
	Text       string // the first text/plain body, in UTF-8
	HTML       string // the first text/html body, in UTF-8 ("" for none)
	// Extracted is the new part of a reply: Text without the quoted
	// history (see ExtractReply).
	Extracted   string
	Attachments []Attachment
	Headers     [][2]string // every header field, decoded, in order
}

// Attachment describes a part that is not a message body.
type Attachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
}

// Limits of what is kept of a parsed message (the raw message keeps
// everything).
const (
	maxBodyChars = 1 << 20 // per body, in bytes of UTF-8
	maxParts     = 200
)

// Parse reads a message as mail clients do: multipart/alternative and
// mixed (nested), quoted-printable and base64, any charset go-message
// knows, RFC 2047 encoded words in headers, attachments. It never fails on
// a malformed message: what cannot be read is left empty.
func Parse(raw []byte) Parsed {
	var p Parsed
	e, err := message.ReadWithOptions(bytes.NewReader(raw), &message.ReadOptions{MaxHeaderBytes: 256 << 10})
	if e == nil {
		if err != nil {
			p.Text = clean(string(raw))
		}
		return p
	}
	h := gomail.Header{Header: e.Header}
	p.MessageID, _ = h.MessageID()
	if ids, err := h.MsgIDList("In-Reply-To"); err == nil && len(ids) > 0 {
		p.InReplyTo = ids[0]
	}
	p.References, _ = h.MsgIDList("References")
	p.From = firstAddress(h, "From")
	p.To, p.Cc = addresses(h, "To"), addresses(h, "Cc")
	if s, err := h.Subject(); err == nil {
		p.Subject = clean(s)
	} else {
		p.Subject = clean(h.Get("Subject"))
	}
	fields := e.Header.Fields()
	for fields.Next() {
		v, err := fields.Text()
		if err != nil {
			v = fields.Value()
		}
		p.Headers = append(p.Headers, [2]string{fields.Key(), clean(v)})
	}
	walkParts(e, func(h message.Header, body io.Reader) bool {
		p.part(h, body)
		return true
	})
	p.Extracted = ExtractReply(p.Text)
	return p
}

// part files one leaf part as a body or an attachment.
func (p *Parsed) part(h message.Header, body io.Reader) {
	typ, params, _ := h.ContentType()
	disp, dparams, _ := h.ContentDisposition()
	name := dparams["filename"]
	if name == "" {
		name = params["name"]
	}
	if d, err := new(mime.WordDecoder).DecodeHeader(name); err == nil {
		name = d
	}
	name = baseName(name)
	isBody := disp != "attachment" && name == "" && (typ == "text/plain" || typ == "text/html")
	if isBody && (typ == "text/plain" && p.Text == "" || typ == "text/html" && p.HTML == "") {
		b, _ := io.ReadAll(io.LimitReader(body, maxBodyChars))
		if typ == "text/plain" {
			p.Text = clean(string(b))
		} else {
			p.HTML = clean(string(b))
		}
		return
	}
	n, _ := io.Copy(io.Discard, body)
	if typ == "" {
		typ = "application/octet-stream"
	}
	p.Attachments = append(p.Attachments, Attachment{Filename: clean(name), ContentType: typ, Size: int(n)})
}

// baseName keeps the last segment of an attachment's name, as mail
// clients do: "../../etc/passwd" and "C:\\x\\a.exe" name passwd and a.exe,
// so that no client that saves the file under its name writes elsewhere.
func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if name == "." || name == ".." {
		return ""
	}
	return name
}

// walkParts calls fn with each leaf part of a message (the message itself
// when it is not multipart), up to maxParts, until fn returns false.
func walkParts(e *message.Entity, fn func(h message.Header, body io.Reader) bool) {
	if e.MultipartReader() == nil {
		fn(e.Header, e.Body)
		return
	}
	r := gomail.NewReader(e)
	for n := 0; n < maxParts; n++ {
		part, err := r.NextPart()
		if err != nil && !message.IsUnknownCharset(err) {
			return
		}
		var hdr message.Header
		switch ph := part.Header.(type) {
		case *gomail.InlineHeader:
			hdr = ph.Header
		case *gomail.AttachmentHeader:
			hdr = ph.Header
		}
		if !fn(hdr, part.Body) {
			return
		}
	}
}

// AttachmentContent returns the index-th attachment of a message (in the
// order Parse lists them) with its content.
func AttachmentContent(raw []byte, index int) (Attachment, []byte, error) {
	e, _ := message.ReadWithOptions(bytes.NewReader(raw), &message.ReadOptions{MaxHeaderBytes: 256 << 10})
	if e == nil {
		return Attachment{}, nil, ErrNoAttachment
	}
	var p Parsed
	var found []byte
	walkParts(e, func(h message.Header, body io.Reader) bool {
		var buf bytes.Buffer
		before := len(p.Attachments)
		p.part(h, io.TeeReader(body, &buf))
		if len(p.Attachments) > before && before == index {
			found = buf.Bytes()
			return false
		}
		return true
	})
	if found == nil && len(p.Attachments) <= index {
		return Attachment{}, nil, ErrNoAttachment
	}
	return p.Attachments[index], found, nil
}

// ErrNoAttachment is returned for an attachment index the message does not
// have.
var ErrNoAttachment = errors.New("mail: no such attachment")

func firstAddress(h gomail.Header, key string) string {
	if l := addresses(h, key); len(l) > 0 {
		return l[0]
	}
	return clean(h.Get(key))
}

// addresses returns the addresses of a header field, "Name <a@b>" when a
// name is given.
func addresses(h gomail.Header, key string) []string {
	out := []string{}
	l, err := h.AddressList(key)
	if err != nil {
		if v := strings.TrimSpace(h.Get(key)); v != "" {
			out = append(out, clean(v))
		}
		return out
	}
	for _, a := range l {
		if a.Name != "" {
			out = append(out, clean(fmt.Sprintf("%s <%s>", a.Name, a.Address)))
		} else {
			out = append(out, clean(a.Address))
		}
	}
	return out
}

// clean makes text storable everywhere: valid UTF-8 without NUL.
func clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return strings.ReplaceAll(s, "\x00", "")
}

// quoteHeader matches the line mail clients put before a quoted message:
// "On Tue, 3 Mar 2026 at 10:00, Ada <ada@example.com> wrote:" (also split
// over two lines), Outlook's "-----Original Message-----" and "From: ..."
// blocks after an underscore rule.
var quoteHeader = regexp.MustCompile(`(?m)^(On\s.{1,300}?\swrote:\s*$|-{2,}\s*Original Message\s*-{2,}|_{10,}\s*$)`)

// ExtractReply returns the new part of a reply: the text before the first
// quote header or quoted (">") line block, with trailing blank lines
// removed. A message that is all quote is returned whole.
func ExtractReply(text string) string {
	cut := len(text)
	if loc := quoteHeader.FindStringIndex(text); loc != nil {
		cut = loc[0]
	}
	var kept []string
	for _, line := range strings.Split(text[:cut], "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), ">") {
			break
		}
		kept = append(kept, strings.TrimRight(line, "\r"))
	}
	out := strings.TrimSpace(strings.Join(kept, "\n"))
	if out == "" {
		return strings.TrimSpace(text)
	}
	return out
}
