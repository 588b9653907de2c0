// Package webassets serves a server-rendered page's embedded script, style
// and icon files under names that carry a hash of their content, so that
// browsers may keep them for a year and a new build is fetched at once;
// and renders the page itself with the same security headers.
package webassets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"time"
)

// PageHeaders returns the function that sets a server-rendered page's
// security headers: its Content-Security-Policy csp, no MIME sniffing, no
// framing, and no Referer (the page's URL may hold a token or a genie's
// id that other sites need not see).
func PageHeaders(csp string) func(http.Header) {
	return func(h http.Header) {
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
	}
}

// Set is the files of one page. Add them at start-up; ServeHTTP is then
// safe for concurrent use.
type Set struct {
	fsys    fs.FS
	dir     string
	headers func(http.Header)
	files   map[string]file
}

type file struct {
	name, contentType string
	body              []byte
}

// New returns an empty set reading files under dir of fsys; headers sets
// the page's own security headers on every answer, found or not.
func New(fsys fs.FS, dir string, headers func(http.Header)) *Set {
	return &Set{fsys: fsys, dir: dir, headers: headers, files: map[string]file{}}
}

// Add reads name (embedded at build time, so a missing file panics) and
// returns the hashed name the page links to ("chat.3f2a9c01be4d.js").
func (s *Set) Add(name, contentType string) string {
	body, err := fs.ReadFile(s.fsys, path.Join(s.dir, name))
	if err != nil {
		panic(err)
	}
	sum := sha256.Sum256(body)
	ext := path.Ext(name)
	hashed := name[:len(name)-len(ext)] + "." + hex.EncodeToString(sum[:6]) + ext
	s.files[hashed] = file{name: hashed, contentType: contentType, body: body}
	return hashed
}

// ServeHTTP answers the file named by the request's {file} path value,
// cached for a year, or 404.
func (s *Set) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, ok := s.files[r.PathValue("file")]
	h := w.Header()
	s.headers(h)
	if !ok {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(f.body))
}

// Render answers the page tmpl shows for data, with status: the set's
// security headers, neither stored nor indexed. The page is executed into
// a buffer first, so that a template error (logged as logMsg) answers 500
// with nothing half-written.
func (s *Set) Render(w http.ResponseWriter, r *http.Request, log *slog.Logger, logMsg string, tmpl *template.Template, data any, status int) {
	h := w.Header()
	s.headers(h)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, data); err != nil {
		log.ErrorContext(r.Context(), logMsg, "err", err)
		http.Error(w, "The page could not be loaded.", http.StatusInternalServerError)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes()) //nolint:errcheck
}
