package mail_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/platform/mail/mailtest"
)

func TestBuild(t *testing.T) {
	now := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	m := &mail.Message{From: "Genie <no-reply@mail.localhost>", To: []string{"ada@example.com", "Bob <bob@example.org>"},
		Subject: "Grüße from Genie", Text: "Hello Ada,\r\n" + strings.Repeat("long line ", 30) + "\r\n", HTML: "<p>Hello <b>Ada</b> – €</p>",
		Headers: map[string]string{"x-genie-template": "welcome_business"}}
	raw, id, err := m.Build(now, "mail.localhost")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(raw), "\r\n") {
		if len(line) > 998 || strings.Contains(line, "\n") {
			t.Fatalf("line %d is too long or has a bare LF: %q", i, line)
		}
	}
	msg, err := netmail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	h := msg.Header
	subject, _ := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
	date, derr := h.Date()
	if h.Get("From") != `"Genie" <no-reply@mail.localhost>` || h.Get("To") != `<ada@example.com>, "Bob" <bob@example.org>` ||
		subject != "Grüße from Genie" || derr != nil || !date.Equal(now) || h.Get("Message-Id") != id ||
		!strings.HasSuffix(id, "@mail.localhost>") || h.Get("Mime-Version") != "1.0" || h.Get("X-Genie-Template") != "welcome_business" {
		t.Fatalf("headers: %v (subject %q, id %q)", h, subject, id)
	}
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("content type %q %v", h.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var parts []string
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p) // quoted-printable is decoded by the reader
		parts = append(parts, p.Header.Get("Content-Type")+"|"+string(body))
	}
	if len(parts) != 2 || parts[0] != "text/plain; charset=utf-8|"+m.Text || parts[1] != "text/html; charset=utf-8|"+m.HTML {
		t.Fatalf("parts: %q", parts)
	}

	for _, bad := range []*mail.Message{{From: "x", To: []string{"a@b.co"}}, {From: "a@b.co"}, {From: "a@b.co", To: []string{"nope"}}} {
		if _, _, err := bad.Build(now, "d"); err == nil {
			t.Errorf("Build(%+v) succeeded", bad)
		}
	}
}

func TestRender(t *testing.T) {
	d := mail.TemplateData{AppName: "Genie", RecipientName: "<script>alert(1)</script>", RecipientEmail: "ada@example.com",
		Company: "Acme", ActionURL: "https://genie.example.com/x", SupportEmail: "help@example.com",
		RequesterName: "Charles", RequesterEmail: "charles@example.com", Year: 2026}
	for _, name := range mail.TemplateNames {
		subject, html, text, err := mail.Render(name, d)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if subject == "" || strings.Contains(subject, "\n") || !strings.HasPrefix(html, "<!DOCTYPE html>") ||
			!strings.Contains(html, "https://genie.example.com/x") || !strings.Contains(text, "https://genie.example.com/x") ||
			strings.Contains(html, "<script>") || strings.Contains(text, "<p>") {
			t.Fatalf("%s: subject %q\nhtml %s\ntext %s", name, subject, html, text)
		}
	}
	if _, _, _, err := mail.Render("nope", d); !errors.Is(err, mail.ErrUnknownTemplate) {
		t.Fatalf("unknown template: %v", err)
	}
}

func TestRelay(t *testing.T) {
	t.Parallel()
	relay := mailtest.StartRelay(t)
	r := &mail.Relay{Addr: relay.Addr}
	raw, _, _ := (&mail.Message{From: "no-reply@mail.localhost", To: []string{"ada@example.com"}, Subject: "Plain", Text: "over plain SMTP"}).
		Build(time.Now(), "mail.localhost")
	if err := r.Send(context.Background(), "no-reply@mail.localhost", []string{"ada@example.com"}, raw); err != nil {
		t.Fatal(err)
	}
	if msgs := relay.WaitMessages(t, 1); !strings.Contains(msgs[0], "Subject: Plain") || !strings.Contains(msgs[0], "over plain SMTP") {
		t.Fatalf("relayed: %s", msgs[0])
	}

	// Nothing listening: an error, not a hang.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := l.Addr().String()
	l.Close()
	if err := (&mail.Relay{Addr: dead, Timeout: 5 * time.Second}).Send(context.Background(), "a@b.co", []string{"c@d.co"}, raw); err == nil {
		t.Fatal("send to a closed port succeeded")
	}
}

// TestRelaySTARTTLS: aiosmtpd with a certificate requires STARTTLS before
// MAIL, so a delivered message proves the upgrade.
func TestRelaySTARTTLS(t *testing.T) {
	t.Parallel()
	certFile, keyFile, pool := selfSigned(t)
	relay := mailtest.StartRelay(t, "--tlscert", certFile, "--tlskey", keyFile)
	raw, _, _ := (&mail.Message{From: "no-reply@mail.localhost", To: []string{"ada@example.com"}, Subject: "Secret", Text: "over TLS"}).
		Build(time.Now(), "mail.localhost")
	r := &mail.Relay{Addr: relay.Addr, TLSConfig: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}}
	if err := r.Send(context.Background(), "no-reply@mail.localhost", []string{"ada@example.com"}, raw); err != nil {
		t.Fatal(err)
	}
	if msgs := relay.WaitMessages(t, 1); !strings.Contains(msgs[0], "Subject: Secret") {
		t.Fatalf("relayed: %s", msgs[0])
	}
	// An untrusted certificate is refused.
	if err := (&mail.Relay{Addr: relay.Addr}).Send(context.Background(), "a@b.co", []string{"c@d.co"}, raw); err == nil || !strings.Contains(err.Error(), "starttls") {
		t.Fatalf("untrusted certificate: %v", err)
	}
}

func selfSigned(t *testing.T) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "relay.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, _ := x509.MarshalECPrivateKey(key)
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)    //nolint:errcheck
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600) //nolint:errcheck
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// TestAdoptRace: parallel first uses of a tenant with different keys leave
// exactly one active key.
func TestAdoptRace(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		d, err := db.Open(context.Background(), apitest.NewDSN(t, store))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		if _, err := d.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		e := &mail.Embedded{DB: d, Domain: "mail.localhost"}
		statuses := make(chan string, 10)
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, err := e.KeyStatus(context.Background(), mail.Tenant{TenantID: "t", APIKey: fmt.Sprint("key-", i)})
				if err != nil {
					t.Error(err)
				}
				statuses <- st.Status
			}()
		}
		wg.Wait()
		close(statuses)
		n := map[string]int{}
		for s := range statuses {
			n[s]++
		}
		if n["active"] != 1 || n["invalid"] != 9 {
			t.Fatalf("statuses %v", n)
		}
	})
}
