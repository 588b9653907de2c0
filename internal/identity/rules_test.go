package identity

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestRenderAuthMail(t *testing.T) {
	d := mailData{AppName: "Genie", Email: "ada@example.com", Code: "042917",
		Link: "https://genie.example.com/auth/v1/verify?token=ab&type=recovery&redirect_to=https%3A%2F%2Fapp", Validity: "1 hour", Year: 2026}
	for _, p := range []purpose{purposeRecovery, purposeSignup, purposeEmailChange} {
		subject, body, text, err := renderAuthMail(p, d)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if subject == "" || strings.Contains(subject, "\n") {
			t.Errorf("%s: subject %q", p, subject)
		}
		for _, want := range []string{"\r\n    042917\r\n", d.Link, "1 hour", "ada@example.com"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: text lacks %q:\n%s", p, want, text)
			}
		}
		for _, want := range []string{">042917<", `href="` + html.EscapeString(d.Link) + `"`, "<title>" + html.EscapeString(subject) + "</title>"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: html lacks %q", p, want)
			}
		}
	}
}

func TestValidity(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Hour: "1 hour", 3 * time.Hour: "3 hours", time.Minute: "1 minute", 15 * time.Minute: "15 minutes",
		90 * time.Second: "1m30s",
	} {
		if got := validity(d); got != want {
			t.Errorf("validity(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestNewSecret(t *testing.T) {
	digits := regexp.MustCompile(`^\d{6}$`)
	seen := map[string]bool{}
	for range 200 {
		s := newSecret()
		if !digits.MatchString(s.Code) || len(s.TokenHash) != 64 || seen[s.TokenHash] {
			t.Fatalf("secret %+v", s)
		}
		seen[s.TokenHash] = true
	}
	if codeHash("u1", purposeRecovery, "123456") == codeHash("u2", purposeRecovery, "123456") ||
		codeHash("u1", purposeRecovery, "123456") == codeHash("u1", purposeSignup, "123456") {
		t.Fatal("a code hash does not depend on the account and purpose")
	}
}

func TestRedirectTarget(t *testing.T) {
	p := &Service{BaseURL: "https://api.example.com", SiteURL: "https://app.example.com/welcome",
		RedirectURLs: []string{"https://admin.example.com/auth", "http://localhost:5173/"}}
	for _, c := range []struct{ in, want string }{
		{"", "https://app.example.com/welcome"},
		{"https://app.example.com/reset#x", "https://app.example.com/reset#x"},
		{"https://APP.example.com/reset", "https://APP.example.com/reset"},
		{"http://app.example.com/reset", "https://app.example.com/welcome"},       // scheme
		{"https://app.example.com:8443/reset", "https://app.example.com/welcome"}, // port
		{"https://app.example.com.evil.net/", "https://app.example.com/welcome"},  // suffix
		{"https://user@app.example.com/", "https://app.example.com/welcome"},      // userinfo
		{"https://admin.example.com/auth", "https://admin.example.com/auth"},      // listed
		{"https://admin.example.com/auth/cb?x=1", "https://admin.example.com/auth/cb?x=1"},
		{"https://admin.example.com/authority", "https://app.example.com/welcome"}, // not below
		{"https://admin.example.com/", "https://app.example.com/welcome"},
		{"http://localhost:5173/any/where", "http://localhost:5173/any/where"}, // listed, any path
		{"http://localhost:5174/", "https://app.example.com/welcome"},          // other port
		{"http://127.0.0.1:9999/cb", "http://127.0.0.1:9999/cb"},               // loopback (RFC 8252)
		{"http://[::1]:9999/cb", "http://[::1]:9999/cb"},
		{"javascript:alert(1)", "https://app.example.com/welcome"},
		{"//evil.net/x", "https://app.example.com/welcome"},
		{"/relative", "https://app.example.com/welcome"},
	} {
		if got := p.redirectTarget(c.in); got != c.want {
			t.Errorf("redirectTarget(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := (&Service{BaseURL: "https://api.example.com"}).redirectTarget("https://evil.net/"); got != "https://api.example.com" {
		t.Errorf("without a site URL: %q", got)
	}
}
