package web_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/geniehq/genie/internal/apitest"
)

// TestDocsInBrowser reads the reference docs (/docs) in headless Chromium:
// every action has its section, the navigation links to them, the page
// needs no script and fits a phone. A screenshot goes to the artifact dir.
func TestDocsInBrowser(t *testing.T) {
	ctx := browser(t)
	s := apitest.Start(t, "sqlite")
	shot := func(name string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			png, err := chromedp.CaptureScreenshot()(ctx, tg)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(artifactDir(t), "docs-"+name+".png"), png, 0o644)
		})
	}
	open := func(w, h int64, opts ...chromedp.EmulateViewportOption) {
		must(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)))
		if _, err := chromedp.Run(ctx, chromedp.NavigateResponse(s.URL+"/docs")); err != nil {
			t.Fatal(err)
		}
		must(t, chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("main h1"))))
	}
	open(1280, 900)
	check(t, ctx, `document.title.includes("API reference")`, true)
	n := 0
	for _, actions := range s.App.API.Resources() {
		n += len(actions)
	}
	// One section per action's own path, plus the envelope, REST, auth and
	// health operations.
	if got := eval[int](t, ctx, `document.querySelectorAll("section.op").length`); got < n {
		t.Fatalf("%d operation sections, want at least %d actions", got, n)
	}
	check(t, ctx, `!!document.querySelector("#genieDocumentsGenerate") && document.querySelector("#genieDocumentsGenerate").textContent.includes("documentIds")`, true)
	check(t, ctx, `!!document.querySelector('nav a[href="#apiKeysCreate"]')`, true)
	check(t, ctx, `document.querySelectorAll("script").length`, 0)
	check(t, ctx, `document.querySelector("#docEditLinkPublicUpdate").textContent.includes("accepts Idempotency-Key")`, false)
	check(t, ctx, `document.querySelector("#genieDocumentsGenerate").textContent.includes("accepts Idempotency-Key")`, true)
	must(t, chromedp.Do(ctx, shot("desktop")))
	// A phone: no horizontal scrolling of the page itself.
	open(390, 844, chromedp.EmulateMobile)
	check(t, ctx, `document.documentElement.scrollWidth <= window.innerWidth + 1`, true)
	must(t, chromedp.Do(ctx, shot("phone")))
}
