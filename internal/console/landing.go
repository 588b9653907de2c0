package console

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
)

//go:embed landing
var landingFiles embed.FS

var (
	landingPage = template.Must(template.ParseFS(landingFiles, "landing/page.html"))
	landingCSS  = mustRead("landing/landing.css")
	// landingCSSPath names the style sheet by its content, so it can be
	// cached for good.
	landingCSSPath = func() string {
		sum := sha256.Sum256(landingCSS)
		return "/assets/landing." + hex.EncodeToString(sum[:6]) + ".css"
	}()
)

func mustRead(name string) []byte {
	b, err := landingFiles.ReadFile(name)
	if err != nil {
		panic(err) // embedded at build time
	}
	return b
}

// Landing is the page a browser gets at / (API clients keep the JSON
// index): links to the console, the API reference and the health check,
// with the readiness checked as the page is made.
type Landing struct {
	Title, Version string
	// Ready reports whether the service can answer (the database ping).
	Ready func(ctx context.Context) error
	Log   *slog.Logger
}

// Mount adds the landing page's style sheet to mux.
func (l *Landing) Mount(mux *http.ServeMux) {
	mux.HandleFunc("GET "+landingCSSPath, func(w http.ResponseWriter, r *http.Request) {
		securityHeaders(w.Header())
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		http.ServeContent(w, r, "landing.css", time.Time{}, bytes.NewReader(landingCSS))
	})
}

// ServeHTTP writes the landing page.
func (l *Landing) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	ready := l.Ready == nil || l.Ready(ctx) == nil
	var buf bytes.Buffer
	err := landingPage.Execute(&buf, map[string]any{"Title": l.Title, "Version": l.Version, "CSS": landingCSSPath,
		"Console": Included, "Ready": ready})
	if err != nil {
		l.Log.ErrorContext(r.Context(), "landing page", "err", err)
		http.Error(w, "The page could not be made.", http.StatusInternalServerError)
		return
	}
	hd := w.Header()
	securityHeaders(hd)
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Add("Vary", "Accept")
	w.Write(buf.Bytes()) //nolint:errcheck
}

// WantsHTML reports whether a request's Accept header prefers an HTML page
// to JSON: text/html (or application/xhtml+xml) named with a quality above
// zero and at least that of application/json. A bare */* (curl, most HTTP
// libraries) or no header is not a browser.
func WantsHTML(accept string) bool {
	html, json := -1.0, -1.0
	for _, part := range strings.Split(accept, ",") {
		typ, params, _ := strings.Cut(part, ";")
		typ = strings.ToLower(strings.TrimSpace(typ))
		q := 1.0
		if params != "" {
			if _, p, err := mime.ParseMediaType("x/x;" + params); err == nil {
				if v, err := strconv.ParseFloat(p["q"], 64); err == nil {
					q = v
				}
			}
		}
		switch typ {
		case "text/html", "application/xhtml+xml":
			html = max(html, q)
		case "application/json":
			json = max(json, q)
		}
	}
	return html > 0 && html >= json
}
