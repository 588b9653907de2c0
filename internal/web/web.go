// Package web serves the public edit page of a document edit link at
// GET /update/{token}, with its script and style embedded in the binary
// (no CDN; the page works offline). The page reads the document on the
// server and saves through the doc-edit-link public-update action.
package web

import (
	"context"
	"embed"
	"html/template"
	"log/slog"
	"net/http"
	"strings"

	"github.com/geniehq/genie/internal/editlinks"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/webassets"
)

//go:embed static
var static embed.FS

// ContentSecurityPolicy is sent with the page and its assets: only this
// origin's script, style and API; no inline code, frames, plugins or forms
// posting elsewhere.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
	"img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// ViewFunc returns the public view of the document behind a token, or an
// error; NOT_FOUND means the link is not valid.
type ViewFunc func(ctx context.Context, token string) (*editlinks.View, error)

// EditPage serves the public edit page. Create it with New.
type EditPage struct {
	view   ViewFunc
	log    *slog.Logger
	page   *template.Template
	assets *webassets.Set
	js     string
	css    string
}

// New returns the page handler; view is normally editlinks.Service.View.
func New(view ViewFunc, log *slog.Logger) *EditPage {
	p := &EditPage{view: view, log: log, assets: webassets.New(static, "static", securityHeaders),
		page: template.Must(template.ParseFS(static, "static/page.html"))}
	p.js = p.assets.Add("edit.js", "text/javascript; charset=utf-8")
	p.css = p.assets.Add("edit.css", "text/css; charset=utf-8")
	return p
}

// Mount adds GET /update/{token} and GET /update/assets/{file} to mux; any
// other path under /update/ gets the page for an invalid link.
func (p *EditPage) Mount(mux *http.ServeMux) {
	mux.HandleFunc("GET "+editlinks.PathPrefix+"{token}", p.serve)
	mux.Handle("GET "+editlinks.PathPrefix+"assets/{file}", p.assets)
	mux.HandleFunc("GET "+editlinks.PathPrefix, func(w http.ResponseWriter, r *http.Request) {
		p.render(w, r, nil, http.StatusNotFound)
	})
}

// securityHeaders are the page's; its URL holds the token, which no
// Referer may carry to another site.
var securityHeaders = webassets.PageHeaders(ContentSecurityPolicy)

type pageData struct {
	View *editlinks.View
	// Assets is the relative URL of the asset folder: relative so that the
	// service may sit under a path prefix.
	Assets  string
	JS, CSS string
}

func (p *EditPage) serve(w http.ResponseWriter, r *http.Request) {
	v, err := p.view(r.Context(), r.PathValue("token"))
	switch {
	case apperr.HasCode(err, apperr.CodeNotFound):
		p.render(w, r, nil, http.StatusNotFound)
	case err != nil:
		p.log.ErrorContext(r.Context(), "edit page", "err", err)
		securityHeaders(w.Header())
		http.Error(w, "The page could not be loaded. Try again in a moment.", http.StatusInternalServerError)
	default:
		p.render(w, r, v, http.StatusOK)
	}
}

// render writes the page for v, or the invalid-link page when v is nil.
func (p *EditPage) render(w http.ResponseWriter, r *http.Request, v *editlinks.View, status int) {
	d := pageData{View: v, Assets: assetsFrom(r.URL.EscapedPath()), JS: p.js, CSS: p.css}
	p.assets.Render(w, r, p.log, "edit page template", p.page, d, status)
}

// assetsFrom returns the relative URL of /update/assets/ seen from path.
func assetsFrom(path string) string {
	depth := strings.Count(strings.TrimPrefix(path, editlinks.PathPrefix), "/")
	return strings.Repeat("../", depth) + "assets/"
}
