package web_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/web"
)

func docContent(t testing.TB, s *apitest.Server, cred, docID string) string {
	t.Helper()
	return apitest.Str(s.Call(t, cred, "documents", "get", docID, nil).Expect(t, 200, "").Data(), "document", "content")
}

// checkHeaders checks the security headers of the page and its assets.
func checkHeaders(t *testing.T, r *apitest.Resp, contentType string) {
	t.Helper()
	want := map[string]string{
		"Content-Security-Policy": web.ContentSecurityPolicy,
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"Content-Type":            contentType,
	}
	for h, v := range want {
		if got := r.Header.Get(h); got != v {
			t.Errorf("%s: %q, want %q", h, got, v)
		}
	}
}

var (
	scriptTag   = regexp.MustCompile(`(?i)<script\b[^>]*>`)
	inlineStyle = regexp.MustCompile(`(?i)<style\b|\sstyle\s*=|\son[a-z]+\s*=|javascript:`)
	assetRef    = regexp.MustCompile(`(?:src|href)="(assets/[^"]+)"`)
)

// TestEditPageHTTP checks the page's HTML and headers without a browser.
func TestEditPageHTTP(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s, u.Token, `Prices & "offers" <b>`, "</textarea><script>alert(1)</script>\n& more", false)
		apitest.NewGenie(t, s, u.Token, "Sales <bot>", doc)
		token := apitest.Str(s.Call(t, u.Token, "doc-edit-link", "generate", doc, nil).Expect(t, 201, "").Data(), "link", "token")

		r := s.Do(t, http.MethodGet, "/update/"+token, "", nil)
		if r.Status != 200 {
			t.Fatalf("status %d", r.Status)
		}
		checkHeaders(t, r, "text/html; charset=utf-8")
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control %q", r.Header.Get("Cache-Control"))
		}
		html := string(r.Raw)
		for _, tag := range scriptTag.FindAllString(html, -1) {
			if !strings.Contains(tag, ` src="assets/`) {
				t.Errorf("inline or foreign script: %s", tag)
			}
		}
		if m := inlineStyle.FindString(html); m != "" {
			t.Errorf("inline style or handler: %q", m)
		}
		for _, want := range []string{"Prices &amp; &#34;offers&#34; &lt;b&gt;", "Sales &lt;bot&gt;",
			"&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;\n&amp; more</textarea>"} {
			if !strings.Contains(html, want) {
				t.Errorf("page lacks %q", want)
			}
		}
		if strings.Contains(html, `id="pin"`) {
			t.Errorf("PIN field shown for a link without a PIN")
		}

		// The assets: embedded, typed, with the same headers.
		refs := assetRef.FindAllStringSubmatch(html, -1)
		if len(refs) != 2 {
			t.Fatalf("asset references %v, want a script and a stylesheet", refs)
		}
		for _, ref := range refs {
			a := s.Do(t, http.MethodGet, "/update/"+ref[1], "", nil)
			ct := "text/css; charset=utf-8"
			if strings.HasSuffix(ref[1], ".js") {
				ct = "text/javascript; charset=utf-8"
			}
			if a.Status != 200 || len(a.Raw) < 100 {
				t.Fatalf("%s: status %d, %d bytes", ref[1], a.Status, len(a.Raw))
			}
			checkHeaders(t, a, ct)
		}
		if a := s.Do(t, http.MethodGet, "/update/assets/nope.js", "", nil); a.Status != 404 {
			t.Errorf("unknown asset: status %d", a.Status)
		}

		// With a PIN the field appears.
		s.Call(t, u.Token, "doc-edit-link", "set-pin", doc, map[string]any{"pin": "1234"}).Expect(t, 200, "")
		if html := string(s.Do(t, http.MethodGet, "/update/"+token, "", nil).Raw); !strings.Contains(html, `id="pin"`) {
			t.Errorf("no PIN field for a link with a PIN")
		}

		// Unknown, rotated and revoked tokens: the same friendly 404 page.
		rotated := apitest.Str(s.Call(t, u.Token, "doc-edit-link", "generate", doc, map[string]any{"rotate": true}).Data(), "link", "token")
		var want []byte
		for _, tok := range []string{token, "bogus", strings.Repeat("A", 43), "%20", "", rotated} {
			if tok == rotated {
				s.Call(t, u.Token, "doc-edit-link", "revoke", doc, nil).Expect(t, 200, "")
			}
			r := s.Do(t, http.MethodGet, "/update/"+tok, "", nil)
			if r.Status != 404 || !strings.Contains(string(r.Raw), "This edit link is not valid") {
				t.Fatalf("token %q: status %d: %s", tok, r.Status, r.Raw)
			}
			checkHeaders(t, r, "text/html; charset=utf-8")
			if want == nil {
				want = r.Raw
			}
			if string(r.Raw) != string(want) {
				t.Fatalf("token %q: a different 404 page", tok)
			}
			if strings.Contains(string(r.Raw), "Prices") {
				t.Fatalf("the 404 page shows the document")
			}
		}
		// Deeper paths too, with the stylesheet found relative to them.
		if r := s.Do(t, http.MethodGet, "/update/a/b", "", nil); r.Status != 404 || !strings.Contains(string(r.Raw), `href="../assets/edit.`) {
			t.Fatalf("/update/a/b: status %d: %s", r.Status, r.Raw)
		}
	})
}
