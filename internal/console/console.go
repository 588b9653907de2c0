// Package console serves the console in the browser at /console: a
// single-page application (console/, Preact + Vite, built by
// scripts/console.sh into dist/ and embedded in the binary) that calls the
// API through the generated TypeScript client. A build with -tags
// noconsole leaves it out; the landing page at / then links only the docs.
package console

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// Path is where the console is served.
const Path = "/console"

// ContentSecurityPolicy is sent with the console and its assets: this
// origin's script, style, API and images only (data: and blob: for the
// QR codes and downloads the console makes itself), no inline code,
// frames only of its own sandboxed previews, no plugins, no form posts.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
	"img-src 'self' data: blob:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the console's files. Create it with New.
type Handler struct {
	fsys  fs.FS
	index []byte
	// gz holds the gzip-compressed assets, made once at start.
	gz map[string][]byte
}

// New returns the console handler, or nil when the binary was built
// without it.
func New() *Handler {
	fsys := files()
	if fsys == nil {
		return nil
	}
	index, err := fs.ReadFile(fsys, "index.html")
	if err != nil {
		// dist/ holds only .gitkeep until scripts/console.sh has run.
		index = []byte("<!doctype html><title>Genie console</title><p>The console was not built into this binary: run scripts/console.sh.</p>")
	}
	h := &Handler{fsys: fsys, index: index, gz: map[string][]byte{}}
	fs.WalkDir(fsys, "assets", func(name string, d fs.DirEntry, err error) error { //nolint:errcheck
		if err != nil || d.IsDir() {
			return nil
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(body) //nolint:errcheck
		zw.Close()     //nolint:errcheck
		if buf.Len() < len(body) {
			h.gz[name] = buf.Bytes()
		}
		return nil
	})
	return h
}

// acceptsGzip reports whether the request's Accept-Encoding names gzip
// with a quality above zero.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(part, ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			return strings.ReplaceAll(strings.TrimSpace(params), " ", "") != "q=0"
		}
	}
	return false
}

// Mount adds GET /console, /console/ and everything under it to mux: the
// hashed assets with a year of caching, any other path the application's
// page (the application routes by path).
func (h *Handler) Mount(mux *http.ServeMux) {
	mux.HandleFunc("GET "+Path, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, Path+"/", http.StatusMovedPermanently)
	})
	mux.HandleFunc("GET "+Path+"/{file...}", h.serve)
}

func securityHeaders(hd http.Header) {
	hd.Set("Content-Security-Policy", ContentSecurityPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// FramePolicy is the CSP of the blank page in which the console shows a
// system email's HTML (written into it by the console): the email's own
// inline styles and data: images, and nothing else — no script, no
// fetches, no forms; framed only by the console.
const FramePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

func (h *Handler) serve(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	name := r.PathValue("file")
	if name == "email-frame" {
		hd.Set("Content-Security-Policy", FramePolicy)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "SAMEORIGIN")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cache-Control", "public, max-age=86400")
		hd.Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Email preview</title></head><body></body></html>") //nolint:errcheck
		return
	}
	securityHeaders(hd)
	if strings.HasPrefix(name, "assets/") {
		body, err := fs.ReadFile(h.fsys, path.Clean(name))
		if err != nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		// Vite names every asset by a hash of its content.
		hd.Set("Cache-Control", "public, max-age=31536000, immutable")
		hd.Add("Vary", "Accept-Encoding")
		if gz, ok := h.gz[path.Clean(name)]; ok && acceptsGzip(r) {
			if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
				hd.Set("Content-Type", ct)
			}
			hd.Set("Content-Encoding", "gzip")
			body = gz
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
		return
	}
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(h.index))
}
