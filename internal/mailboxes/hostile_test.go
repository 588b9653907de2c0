package mailboxes_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/smtp"
	"net/textproto"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/mail"
)

// hostileMessages are messages built to cost a receiver: each is sent over
// real SMTP.
func hostileMessages() []struct {
	name    string
	raw     []byte
	refused bool // must be refused (with a 5xx reply)
} {
	head := func(subject, ctype string) string {
		return "From: mallory@example.com\r\nTo: box@mail.localhost\r\nSubject: " + subject +
			"\r\nMIME-Version: 1.0\r\nContent-Type: " + ctype + "\r\n"
	}
	var b bytes.Buffer
	// 1 MB of header fields.
	b.WriteString(head("big headers", "text/plain"))
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "X-Pad-%d: %s\r\n", i, strings.Repeat("h", 900))
	}
	b.WriteString("\r\nbody\r\n")
	bigHeaders := append([]byte(nil), b.Bytes()...)

	// 5,000 MIME parts.
	b.Reset()
	b.WriteString(head("many parts", `multipart/mixed; boundary="b"`) + "\r\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=\"p%d.txt\"\r\n\r\npart %d\r\n", i, i)
	}
	b.WriteString("--b--\r\n")
	manyParts := append([]byte(nil), b.Bytes()...)

	// Nesting 200 deep.
	b.Reset()
	b.WriteString(head("deep", `multipart/mixed; boundary="d0"`) + "\r\n")
	for i := 1; i < 200; i++ {
		fmt.Fprintf(&b, "--d%d\r\nContent-Type: multipart/mixed; boundary=\"d%d\"\r\n\r\n", i-1, i)
	}
	b.WriteString("--d199\r\nContent-Type: text/plain\r\n\r\nthe bottom\r\n")
	for i := 199; i >= 0; i-- {
		fmt.Fprintf(&b, "--d%d--\r\n", i)
	}
	deep := append([]byte(nil), b.Bytes()...)

	badCharset := []byte(head("=?x-no-such-charset?Q?caf=E9?=", "text/plain; charset=x-no-such-charset") +
		"Content-Transfer-Encoding: quoted-printable\r\n\r\ncaf=E9 =FF=FE\r\n")
	brokenBase64 := []byte(head("broken base64", `multipart/mixed; boundary="x"`) + "\r\n" +
		"--x\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@not base64!!!\r\n" +
		"--x\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename=\"a.pdf\"\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0x===%%%\r\n--x--\r\n")
	pathNames := []byte(head("path names", `multipart/mixed; boundary="p"`) + "\r\n" +
		"--p\r\nContent-Type: text/plain\r\n\r\nsee attached\r\n" +
		"--p\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"../../etc/passwd\"\r\n\r\nx\r\n" +
		"--p\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"C:\\\\Windows\\\\evil.exe\"\r\n\r\nx\r\n" +
		"--p\r\nContent-Type: application/octet-stream; name=\"=?UTF-8?Q?..=2F..=2Fetc=2Fshadow?=\"\r\nContent-Disposition: attachment\r\n\r\nx\r\n" +
		"--p--\r\n")

	// A 25 MB attachment (base64 lines of 76 characters).
	b.Reset()
	b.WriteString(head("huge", `multipart/mixed; boundary="h"`) + "\r\n--h\r\nContent-Type: application/octet-stream\r\n" +
		"Content-Disposition: attachment; filename=\"huge.bin\"\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	line := strings.Repeat("QUFB", 19) + "\r\n"
	for b.Len() < 25<<20 {
		b.WriteString(line)
	}
	b.WriteString("--h--\r\n")
	huge := append([]byte(nil), b.Bytes()...)

	return []struct {
		name    string
		raw     []byte
		refused bool
	}{
		{"1 MB of headers", bigHeaders, false},
		{"5,000 MIME parts", manyParts, false},
		{"nesting 200 deep", deep, false},
		{"invalid charsets", badCharset, false},
		{"broken base64", brokenBase64, false},
		{"attachment names with path separators", pathNames, false},
		{"a 25 MB attachment", huge, true},
	}
}

// sendSMTP sends raw over SMTP and returns the reply code of the end of
// DATA (250 when accepted).
func sendSMTP(addr, from, to string, raw []byte) (int, error) {
	c, err := smtp.Dial(addr)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	if err := c.Mail(from); err != nil {
		return 0, err
	}
	if err := c.Rcpt(to); err != nil {
		return 0, err
	}
	w, err := c.Data()
	if err != nil {
		return 0, err
	}
	_, werr := w.Write(raw)
	err = w.Close()
	var te *textproto.Error
	switch {
	case errors.As(err, &te):
		return te.Code, nil
	case err != nil:
		return 0, err
	case werr != nil:
		return 0, werr
	}
	c.Quit() //nolint:errcheck
	return 250, nil
}

// peakRSS is the process's largest resident set so far (VmHWM), in bytes.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb) //nolint:errcheck
			return kb << 10
		}
	}
	return 0
}

// TestHostileMail: hostile messages over real SMTP are accepted or refused
// with a proper SMTP reply, the process's memory stays bounded, what is
// kept is bounded (parts, names without path separators), and the inbox
// actions answer normally afterwards.
func TestHostileMail(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, withSMTP)
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Box")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g, "desiredLocalpart": "box"}).Expect(t, 200, "")
		var peakHeap atomic.Uint64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ms runtime.MemStats
			for {
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peakHeap.Load() {
					peakHeap.Store(ms.HeapInuse)
				}
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}()
		accepted := 0
		start := time.Now()
		msgs := hostileMessages()
		for _, m := range msgs {
			code, err := sendSMTP(s.App.SMTP.Addr(), "mallory@example.com", "box@mail.localhost", m.raw)
			if err != nil {
				t.Fatalf("%s: no SMTP reply: %v", m.name, err)
			}
			switch {
			case m.refused && code != 552:
				t.Fatalf("%s: reply %d, want 552 (message too large: the limit is %d bytes)", m.name, code, mail.MaxMessageBytes)
			case !m.refused && code != 250:
				t.Fatalf("%s: reply %d, want 250", m.name, code)
			}
			if code == 250 {
				accepted++
			}
			t.Logf("%s (%d bytes): %d", m.name, len(m.raw), code)
		}
		close(stop)
		wg.Wait()
		t.Logf("%d hostile messages in %v; peak Go heap in use %d MiB, peak RSS of the test process %d MiB",
			len(msgs), time.Since(start).Round(time.Millisecond), peakHeap.Load()>>20, peakRSS()>>20)

		// The inbox answers normally; what it kept is bounded.
		list := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g, "limit": 50}).Expect(t, 200, "").Data()
		kept, _ := list["messages"].([]any)
		if len(kept) != accepted {
			t.Fatalf("%d messages listed, %d accepted", len(kept), accepted)
		}
		for _, mm := range kept {
			m := mm.(map[string]any)
			full := s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": m["id"]}).Expect(t, 200, "").Data()["message"].(map[string]any)
			atts, _ := full["attachments"].([]any)
			if len(atts) > 200 {
				t.Fatalf("%v: %d attachments kept", m["subject"], len(atts))
			}
			for i, a := range atts {
				name := apitest.Str(a.(map[string]any), "filename")
				if strings.ContainsAny(name, `/\`) || name == ".." {
					t.Fatalf("%v: attachment name %q", m["subject"], name)
				}
				if m["subject"] == "path names" {
					s.Call(t, u.Token, res, "attachment", "", map[string]any{"agentId": g, "messageId": m["id"], "index": i}).Expect(t, 200, "")
				}
			}
			if m["subject"] == "path names" {
				var names []string
				for _, a := range atts {
					names = append(names, apitest.Str(a.(map[string]any), "filename"))
				}
				if strings.Join(names, ",") != "passwd,evil.exe,shadow" {
					t.Fatalf("attachment names %v", names)
				}
			}
		}
		s.Call(t, u.Token, res, "threads", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		// A normal message still arrives.
		if code, err := sendSMTP(s.App.SMTP.Addr(), "ann@example.com", "box@mail.localhost",
			[]byte("From: ann@example.com\r\nTo: box@mail.localhost\r\nSubject: hello\r\n\r\nhi\r\n")); err != nil || code != 250 {
			t.Fatalf("a normal message after: %d %v", code, err)
		}
	})
}

// TestSendRefusesHeaderInjection: send refuses CR and LF in every field
// that becomes a header.
func TestSendRefusesHeaderInjection(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, withSMTP)
		u := s.NewUser(t, auth.RoleUser)
		g := newGenie(t, s, u.Token, "Sender")
		s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "")
		for _, c := range []struct {
			field string
			data  map[string]any
		}{
			{"subject", map[string]any{"subject": "hi\r\nBcc: victim@example.net"}},
			{"subject", map[string]any{"subject": "hi\nBcc: victim@example.net"}},
			{"to", map[string]any{"to": "a@example.net\r\nBcc: victim@example.net"}},
			{"cc", map[string]any{"cc": "b@example.net\nBcc: victim@example.net"}},
		} {
			data := map[string]any{"agentId": g, "to": "a@example.net", "text": "hi"}
			for k, v := range c.data {
				data[k] = v
			}
			r := s.Call(t, u.Token, res, "send", "", data).Expect(t, 400, "VALIDATION_ERROR")
			if f := apitest.Str(r.Err(), "field"); !strings.HasPrefix(f, c.field) {
				t.Fatalf("%v: field %q", c.data, f)
			}
		}
	})
}
