package console_test

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/console"
)

func TestWantsHTML(t *testing.T) {
	for _, tc := range []struct {
		accept string
		want   bool
	}{
		{"", false},
		{"*/*", false},
		{"application/json", false},
		{"text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", true}, // Chromium
		{"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true},                       // Firefox
		{"application/json, text/html;q=0.5", false},
		{"text/html;q=0.5, application/json;q=0.9", false},
		{"text/html, application/json", true},
		{"text/html;q=0", false},
		{"TEXT/HTML", true},
		{"text/html;q=bogus", true},
		{"application/xhtml+xml", true},
	} {
		if got := console.WantsHTML(tc.accept); got != tc.want {
			t.Errorf("WantsHTML(%q) = %v, want %v", tc.accept, got, tc.want)
		}
	}
}

func get(t *testing.T, url, accept string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestLandingAndConsole: a browser at / gets the landing page, an API
// client the JSON index; /console serves the application with its CSP,
// hashed assets cached for a year, and any path under it is the app.
func TestLandingAndConsole(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)

		for _, accept := range []string{"", "*/*", "application/json"} {
			resp, body := get(t, s.URL+"/", accept)
			if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || !strings.Contains(body, `"openapi":"/v1/openapi.json"`) {
				t.Fatalf("Accept %q: got %d %s %s, want the JSON index", accept, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
			if !strings.Contains(resp.Header.Get("Vary"), "Accept") {
				t.Errorf("JSON index without Vary: Accept")
			}
		}
		resp, body := get(t, s.URL+"/", "text/html,application/xhtml+xml,*/*;q=0.8")
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("browser at /: got %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		for _, want := range []string{`href="/docs"`, `href="/readyz"`, "Ready: the database answers."} {
			if !strings.Contains(body, want) {
				t.Errorf("landing page lacks %q", want)
			}
		}
		if console.Included != strings.Contains(body, `href="/console/"`) {
			t.Errorf("landing page console link: got %v, want %v", !console.Included, console.Included)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); strings.Contains(csp, "unsafe") || !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("landing CSP = %q", csp)
		}
		css := regexp.MustCompile(`href="(/assets/landing\.[0-9a-f]+\.css)"`).FindStringSubmatch(body)
		if css == nil {
			t.Fatalf("landing page without its style sheet: %s", body)
		}
		if resp, _ := get(t, s.URL+css[1], ""); resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("landing css: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
		}

		if !console.Included {
			if resp, _ := get(t, s.URL+"/console/", ""); resp.StatusCode != 404 {
				t.Errorf("noconsole build: /console/ = %d, want 404", resp.StatusCode)
			}
			return
		}
		noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		r, err := noRedirect.Get(s.URL + "/console")
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != "/console/" {
			t.Errorf("/console: %d %q", r.StatusCode, r.Header.Get("Location"))
		}
		for _, path := range []string{"/console/", "/console/genies/123", "/console/reset"} {
			resp, body := get(t, s.URL+path, "")
			if resp.StatusCode != 200 || !strings.Contains(body, `<div id="app">`) {
				t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
			}
			if got := resp.Header.Get("Content-Security-Policy"); got != console.ContentSecurityPolicy {
				t.Errorf("%s CSP = %q", path, got)
			}
			if resp.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("%s Cache-Control = %q", path, resp.Header.Get("Cache-Control"))
			}
		}
		_, index := get(t, s.URL+"/console/", "")
		assets := regexp.MustCompile(`/console/assets/[\w.-]+\.(?:js|css)`).FindAllString(index, -1)
		if len(assets) < 2 {
			t.Fatalf("index without its script and style: %s", index)
		}
		for _, a := range assets {
			resp, _ := get(t, s.URL+a, "")
			if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
				t.Errorf("%s: %d %q", a, resp.StatusCode, resp.Header.Get("Cache-Control"))
			}
		}
		// Assets go gzip-compressed to a client that takes it (Go's client
		// asks for gzip and decompresses on its own unless told otherwise).
		req, _ := http.NewRequest(http.MethodGet, s.URL+assets[0], nil)
		req.Header.Set("Accept-Encoding", "gzip")
		zr, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		zbody, _ := io.ReadAll(zr.Body)
		zr.Body.Close()
		if zr.Header.Get("Content-Encoding") != "gzip" || len(zbody) < 2 || zbody[0] != 0x1f || zbody[1] != 0x8b {
			t.Errorf("%s with Accept-Encoding gzip: %q, %d bytes", assets[0], zr.Header.Get("Content-Encoding"), len(zbody))
		}
		req.Header.Set("Accept-Encoding", "gzip;q=0")
		if zr, err = http.DefaultTransport.RoundTrip(req); err != nil {
			t.Fatal(err)
		}
		zr.Body.Close()
		if zr.Header.Get("Content-Encoding") != "" {
			t.Errorf("gzip;q=0 still got %q", zr.Header.Get("Content-Encoding"))
		}
		if resp, _ := get(t, s.URL+"/console/assets/missing.js", ""); resp.StatusCode != 404 {
			t.Errorf("missing asset: %d, want 404", resp.StatusCode)
		}
		resp, _ = get(t, s.URL+"/console/email-frame", "")
		if resp.Header.Get("Content-Security-Policy") != console.FramePolicy || resp.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
			t.Errorf("email frame headers: %v", resp.Header)
		}
	})
}
