package web_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// chromium returns the browser to drive, or skips the test (fails it when
// GENIE_TEST_STRICT=1, as CI sets).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("GENIE_CHROMIUM"), "chromium", "chromium-browser", "/usr/bin/chromium"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("GENIE_TEST_STRICT") == "1" {
		t.Fatal("chromium not found and GENIE_TEST_STRICT=1: install Debian's chromium package or set GENIE_CHROMIUM")
	}
	t.Skip("browser test skipped: chromium not found (install Debian's chromium package or set GENIE_CHROMIUM)")
	return ""
}

// artifactDir is where screenshots go: $GENIE_TEST_ARTIFACTS, else
// test-artifacts/ at the module root (ignored by git).
func artifactDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("GENIE_TEST_ARTIFACTS")
	if dir == "" {
		root, err := filepath.Abs("../..")
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(root, "test-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("artifact dir: %v", err)
	}
	return dir
}

// browser starts a headless Chromium for the test and returns its context.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// viewport is a screen size the page must work on.
type viewport struct {
	name          string
	width, height int64
	mobile        bool
}

// TestEditPageInBrowser drives the edit page in a real headless Chromium on
// a phone and a desktop viewport: load, check the layout and keyboard
// order, edit, save with a wrong then the right PIN, see the lockout, and
// check the document through the API. Screenshots go to the artifact dir.
func TestEditPageInBrowser(t *testing.T) {
	root := browser(t)
	dir := artifactDir(t)
	s := apitest.Start(t, "sqlite")
	u := s.NewUser(t, auth.RoleUser)

	for _, vp := range []viewport{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}} {
		t.Run(vp.name, func(t *testing.T) {
			original := "\nOpening hours\n</textarea><script>window.pwned = 1</script>\n\tTabs & ünïcödé 😀"
			doc := apitest.NewDoc(t, s, u.Token, "Opening hours <"+vp.name+">", original, false)
			apitest.NewGenie(t, s, u.Token, "Front desk", doc)
			apitest.NewGenie(t, s, u.Token, "Night shift", doc)
			token := apitest.Str(s.Call(t, u.Token, "doc-edit-link", "generate", doc, nil).Expect(t, 201, "").Data(), "link", "token")
			s.Call(t, u.Token, "doc-edit-link", "set-pin", doc, map[string]any{"pin": "2468"}).Expect(t, 200, "")

			ctx, cancel := chromedp.NewContext(root)
			defer cancel()
			ctx, stop := context.WithTimeout(ctx, 30*time.Second)
			defer stop()
			shot := func(name string) chromedp.Action[chromedp.Void] {
				return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					png, err := chromedp.CaptureScreenshot()(ctx, tg)
					if err != nil {
						return err
					}
					return os.WriteFile(filepath.Join(dir, "edit-page-"+vp.name+"-"+name+".png"), png, 0o644)
				})
			}
			opts := []chromedp.EmulateViewportOption{}
			if vp.mobile {
				opts = append(opts, chromedp.EmulateScale(3), chromedp.EmulateMobile)
			}
			// Record CSP violations: the page must work under its own policy.
			watchCSP := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
					Source: `window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`})
				return err
			})
			must(t, chromedp.Do(ctx, watchCSP, chromedp.EmulateViewport(vp.width, vp.height, opts...)))
			res, err := chromedp.Run(ctx, chromedp.NavigateResponse(s.URL+"/update/"+token))
			if err != nil || res.Status != 200 {
				t.Fatalf("load page: %v, status %v", err, res)
			}
			must(t, chromedp.Do(ctx, chromedp.WaitVisible(chromedp.ID("content")), shot("loaded")))

			// What the page shows: name, genies, the exact content, a PIN field.
			check(t, ctx, `document.getElementById('doc-name').textContent`, "Opening hours <"+vp.name+">")
			agents := eval[string](t, ctx, `document.getElementById('agents').textContent`)
			if !strings.Contains(agents, "Front desk") || !strings.Contains(agents, "Night shift") {
				t.Fatalf("genies shown: %q", agents)
			}
			check(t, ctx, `document.getElementById('content').value`, original)
			check(t, ctx, `typeof window.pwned`, "undefined")
			check(t, ctx, `!!document.getElementById('pin')`, true)
			// Layout: no sideways scrolling, the editor takes most of the
			// height, the Save button is on screen.
			check(t, ctx, `document.documentElement.scrollWidth <= window.innerWidth`, true)
			check(t, ctx, `document.getElementById('content').getBoundingClientRect().height > window.innerHeight * 0.5`, true)
			check(t, ctx, `(r => r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height >= 44)(document.getElementById('save').getBoundingClientRect())`, true)

			// Keyboard: editor, then PIN, then Save, in Tab order.
			must(t, chromedp.Do(ctx, chromedp.Focus(chromedp.ID("content"))))
			for _, want := range []string{"pin", "save"} {
				must(t, chromedp.Do(ctx, chromedp.KeyEvent("\t")))
				check(t, ctx, `document.activeElement.id`, want)
			}

			// Edit by typing, then save with a wrong PIN by pressing Enter.
			edited := "Mon-Fri 9-17"
			must(t, chromedp.Do(ctx,
				chromedp.Evaluate[chromedp.Void](`document.getElementById('content').value = ''`),
				chromedp.SendKeys(chromedp.ID("content"), edited),
				chromedp.SendKeys(chromedp.ID("pin"), "1111\r")))
			waitStatus(t, ctx, "Wrong PIN. 4 attempts remaining.")
			check(t, ctx, `document.activeElement.id`, "pin")
			must(t, chromedp.Do(ctx, shot("wrong-pin")))
			if got := docContent(t, s, u.Token, doc); got != original {
				t.Fatalf("a wrong PIN changed the content to %q", got)
			}

			// The right PIN, with a click on Save.
			must(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("pin"), "2468"), chromedp.Click(chromedp.ID("save"))))
			waitStatus(t, ctx, "Saved at")
			must(t, chromedp.Do(ctx, shot("saved")))
			if got := docContent(t, s, u.Token, doc); got != edited {
				t.Fatalf("content after save %q, want %q", got, edited)
			}

			// Lockout: after five wrong PINs even the right one is refused
			// and the page says until when.
			for range 5 {
				s.Call(t, "", "doc-edit-link", "public-update", "", map[string]any{"token": token, "content": "x", "pin": "0000"}).Expect(t, 403, "FORBIDDEN")
			}
			must(t, chromedp.Do(ctx,
				chromedp.Evaluate[chromedp.Void](`document.getElementById('pin').value = ''`),
				chromedp.SendKeys(chromedp.ID("pin"), "2468\r")))
			waitStatus(t, ctx, "Too many wrong PINs. Saving is locked until")
			must(t, chromedp.Do(ctx, shot("locked")))
			check(t, ctx, `window.__csp.join(', ')`, "")

			// A revoked link: the friendly page, with a 404.
			s.Call(t, u.Token, "doc-edit-link", "revoke", doc, nil).Expect(t, 200, "")
			res, err = chromedp.Run(ctx, chromedp.NavigateResponse(s.URL+"/update/"+token))
			if err != nil || res.Status != 404 {
				t.Fatalf("revoked page: %v, status %v", err, res)
			}
			check(t, ctx, `document.querySelector('h1').textContent`, "This edit link is not valid")
			must(t, chromedp.Do(ctx, shot("invalid")))
			check(t, ctx, `window.__csp.join(', ')`, "")
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func check[T comparable](t *testing.T, ctx context.Context, expr string, want T) {
	t.Helper()
	if got := eval[T](t, ctx, expr); got != want {
		t.Fatalf("%s = %v, want %v", expr, got, want)
	}
}

// waitStatus waits until the status line starts with prefix.
func waitStatus(t *testing.T, ctx context.Context, prefix string) {
	t.Helper()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := chromedp.Run(wctx, chromedp.PollFunction[bool](`p => document.getElementById('status').textContent.startsWith(p)`,
		chromedp.WithPollingArgs(prefix), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('status').textContent`))
		t.Fatalf("status %q, want it to start with %q (%v)", got, prefix, err)
	}
}
