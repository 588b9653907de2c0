package conversations

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/webassets"
)

//go:embed static
var static embed.FS

// PagePrefix is the path of the conversation pages: /chat/<agentId>.
const PagePrefix = "/chat/"

// pageCSP allows only this origin's script and style, and forms posting
// to this origin; no inline code, frames or plugins.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// cookieName holds the visitor's conversation id, scoped to the genie's
// page path: a cookie rather than localStorage so that the page works
// without JavaScript (the server renders the transcript), HttpOnly so
// that no script can read it.
const cookieName = "genie_conversation"

// maxFormBytes bounds a page form post.
const maxFormBytes = 32 << 10

// Page serves the public conversation page. Create it with NewPage.
type Page struct {
	s      *Service
	log    *slog.Logger
	tmpl   *template.Template
	assets *webassets.Set
	js     string
	css    string
	icon   string
}

// NewPage returns the page of s's genies.
func NewPage(s *Service, log *slog.Logger) *Page {
	p := &Page{s: s, log: log, assets: webassets.New(static, "static", pageHeaders)}
	p.tmpl = template.Must(template.New("chat.html").Funcs(template.FuncMap{
		"printf": fmt.Sprintf,
		// A source's heading path ("Returns > Refunds") shown with the
		// same separator as the one after the document's name.
		"path": func(heading string) string { return strings.ReplaceAll(heading, " > ", " › ") },
	}).ParseFS(static, "static/chat.html"))
	p.js = p.assets.Add("chat.js", "text/javascript; charset=utf-8")
	p.css = p.assets.Add("chat.css", "text/css; charset=utf-8")
	p.icon = p.assets.Add("icon.svg", "image/svg+xml")
	return p
}

// Mount adds GET and POST /chat/{agentId} and GET /chat/assets/{file}.
func (p *Page) Mount(mux *http.ServeMux) {
	mux.HandleFunc("GET "+PagePrefix+"{agentId}", p.get)
	mux.HandleFunc("POST "+PagePrefix+"{agentId}", p.post)
	mux.Handle("GET "+PagePrefix+"assets/{file}", p.assets)
	mux.HandleFunc(PagePrefix, func(w http.ResponseWriter, r *http.Request) { p.notFound(w, r) })
}

var pageHeaders = webassets.PageHeaders(pageCSP)

// pageData is what the template shows.
type pageData struct {
	S         *Strings
	AgentID   string
	Name      string
	Greeting  string
	Conv      *Conversation
	Confirmed string // the address an escalation was sent for
	Error     string // shown under the question box
	// PersonError is shown in the "Talk to a person" form.
	PersonError string
	Assets      string
	JS, CSS     string
	Icon        string
	Max         int
}

func (p *Page) get(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	// Loading the page counts apart from questions, against the address's
	// limit across genies (a reload spends no question).
	if d := p.s.Limits.Address("page", auth.ClientAddr(r, p.s.ClientIPHeader)); d > 0 {
		pageHeaders(w.Header())
		w.Header().Set("Retry-After", fmt.Sprint(int((d+time.Second-1)/time.Second)))
		http.Error(w, text(preferredLanguage(r.Header.Get("Accept-Language"))).TooMany, http.StatusTooManyRequests)
		return
	}
	g, err := p.s.publicGenie(ctx, r.PathValue("agentId"))
	if err != nil {
		p.fail(w, r, err)
		return
	}
	d := p.data(r, g)
	if id := p.conversationID(r); id != "" {
		c, err := p.s.Transcript(ctx, g.ID, id)
		switch {
		case err == nil:
			d.Conv = c
			if r.URL.Query().Get("escalated") != "" {
				if es, err := loadEscalations(ctx, p.s.DB.R, c.ID); err == nil && len(es) > 0 {
					d.Confirmed = es[len(es)-1].Email
				}
			}
		case apperr.HasCode(err, apperr.CodeNotFound): // expired or deleted: start afresh
			p.clearCookie(w, g.ID)
		default:
			p.fail(w, r, err)
			return
		}
	}
	switch r.URL.Query().Get("error") {
	case "busy":
		d.Error = d.S.TooMany
	case "question":
		d.Error = d.S.QuestionInvalid
	case "person":
		d.PersonError = d.S.EmailInvalid
	case "invalid":
		d.Error = d.S.Error
	}
	p.render(w, r, d, http.StatusOK)
}

func (p *Page) data(r *http.Request, g *genies.Genie) *pageData {
	s := text(g.Conversation.Language)
	greeting := g.Conversation.Greeting
	if greeting == "" {
		greeting = g.Greeting
	}
	if greeting == "" {
		greeting = s.Greeting
	}
	return &pageData{S: s, AgentID: g.ID, Name: g.Name, Greeting: greeting, Assets: "assets/", JS: p.js, CSS: p.css,
		Icon: p.icon, Max: MaxQuestionLen}
}

// conversationID is the visitor's conversation id from the cookie, or "".
func (p *Page) conversationID(r *http.Request) string {
	c, err := r.Cookie(cookieName)
	if err != nil || !isUUID(c.Value) {
		return ""
	}
	return c.Value
}

func (p *Page) setCookie(w http.ResponseWriter, r *http.Request, agentID, convID string) {
	ret := p.s.Retention
	if ret <= 0 {
		ret = DefaultRetention
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: convID, Path: PagePrefix + agentID, MaxAge: int(ret / time.Second),
		HttpOnly: true, Secure: r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https"), SameSite: http.SameSiteLaxMode})
}

func (p *Page) clearCookie(w http.ResponseWriter, agentID string) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: PagePrefix + agentID, MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// wantsJSON says the page's script posted the form and wants JSON back.
func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

// post handles the page's forms: ask, feedback, escalate and new. Without
// JavaScript it answers 303 to the page (post/redirect/get); the script
// asks for JSON.
func (p *Page) post(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	agentID := r.PathValue("agentId")
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		p.reply(w, r, agentID, nil, apperr.Invalid("form", "the form could not be read"))
		return
	}
	action := r.PostForm.Get("action")
	kind := "ask"
	if action == "escalate" {
		kind = "escalate"
	}
	ctx, err := p.s.limitClient(ctx, r, kind)
	if err != nil {
		p.reply(w, r, agentID, nil, err)
		return
	}
	convID := p.conversationID(r)
	var out any
	switch action {
	case "ask":
		var a *Asked
		a, err = p.s.Ask(ctx, agentID, r.PostForm.Get("question"), convID)
		if apperr.HasCode(err, apperr.CodeNotFound) && convID != "" { // the old conversation is gone
			a, err = p.s.Ask(ctx, agentID, r.PostForm.Get("question"), "")
		}
		if err == nil {
			p.setCookie(w, r, agentID, a.ConversationID)
			out = a
		}
	case "feedback":
		helpful := r.PostForm.Get("helpful") == "yes"
		err = p.s.Feedback(ctx, convID, r.PostForm.Get("message_id"), helpful)
		out = FeedbackAnswer{Success: true, MessageID: r.PostForm.Get("message_id"), Helpful: helpful}
	case "escalate":
		out, err = p.escalate(ctx, w, r, agentID, convID)
	case "new":
		p.clearCookie(w, agentID)
		out = map[string]bool{"success": true}
	default:
		err = apperr.Invalid("action", "action must be ask, feedback, escalate or new")
	}
	p.reply(w, r, agentID, out, err)
}

// escalate escalates the visitor's conversation, starting an empty one
// when they ask for a person before any question.
func (p *Page) escalate(ctx context.Context, w http.ResponseWriter, r *http.Request, agentID, convID string) (any, error) {
	in := EscalationInput{Email: r.PostForm.Get("email"), Name: r.PostForm.Get("name"), Note: r.PostForm.Get("note")}
	if _, err := in.Check(); err != nil { // before an empty conversation is made for it
		return nil, err
	}
	if convID == "" {
		g, err := p.s.publicGenie(ctx, agentID)
		if err != nil {
			return nil, err
		}
		c := &Conversation{ID: uuid.NewString(), AgentID: g.ID, Language: g.Conversation.Language, CreatedAt: p.s.DB.Now()}
		if err := insertConversation(ctx, p.s.DB.W, c); err != nil {
			return nil, err
		}
		convID = c.ID
		p.setCookie(w, r, agentID, convID)
	}
	e, err := p.s.Escalate(ctx, convID, in)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// reply answers a form post: JSON for the script, else a redirect back to
// the page (to the answer, or with the error to show).
func (p *Page) reply(w http.ResponseWriter, r *http.Request, agentID string, out any, err error) {
	pageHeaders(w.Header())
	w.Header().Set("Cache-Control", "no-store")
	if wantsJSON(r) {
		status := http.StatusOK
		body := out
		if err != nil {
			e, ok := apperr.As(err)
			if !ok {
				p.log.ErrorContext(r.Context(), "conversation page", "err", err)
				e = apperr.New(apperr.CodeInternal, "internal error")
			}
			status = e.Status()
			if e.RetryAfter > 0 {
				w.Header().Set("Retry-After", fmt.Sprint(int((e.RetryAfter+time.Second-1)/time.Second)))
			}
			body = map[string]any{"error": map[string]string{"code": e.Code, "message": e.Message, "field": e.Field}}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(body) //nolint:errcheck
		return
	}
	if err != nil && (apperr.HasCode(err, apperr.CodeAgentNotFound)) {
		p.notFound(w, r)
		return
	}
	to := PagePrefix + url.PathEscape(agentID)
	switch {
	case err == nil:
		if a, ok := out.(*Asked); ok {
			to += "#m-" + a.MessageID
		}
		if _, ok := out.(*Escalated); ok {
			to += "?escalated=1#person"
		}
	case apperr.HasCode(err, apperr.CodeRateLimited):
		to += "?error=busy#ask"
	default:
		var e *apperr.Error
		switch {
		case !errors.As(err, &e):
			p.log.ErrorContext(r.Context(), "conversation page", "err", err)
			to += "?error=invalid#ask"
		case e.Field == "question":
			to += "?error=question#ask"
		case e.Field == "email" || e.Field == "name" || e.Field == "note":
			to += "?error=person#person"
		default:
			to += "?error=invalid#ask"
		}
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// fail answers a page GET that could not be served.
func (p *Page) fail(w http.ResponseWriter, r *http.Request, err error) {
	if apperr.HasCode(err, apperr.CodeAgentNotFound) || apperr.HasCode(err, apperr.CodeNotFound) {
		p.notFound(w, r)
		return
	}
	p.log.ErrorContext(r.Context(), "conversation page", "err", err)
	pageHeaders(w.Header())
	http.Error(w, "The page could not be loaded. Try again in a moment.", http.StatusInternalServerError)
}

// notFound is the friendly page of an unknown genie or one whose page is
// off, in the language the browser prefers.
func (p *Page) notFound(w http.ResponseWriter, r *http.Request) {
	s := text(preferredLanguage(r.Header.Get("Accept-Language")))
	p.render(w, r, &pageData{S: s, Assets: "assets/", JS: p.js, CSS: p.css, Icon: p.icon}, http.StatusNotFound)
}

// preferredLanguage is the first language of an Accept-Language header the
// page speaks, else English.
func preferredLanguage(h string) string {
	for _, part := range strings.Split(h, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		if len(tag) >= 2 && genies.IsLanguage(tag[:2]) {
			return tag[:2]
		}
	}
	return "en"
}

func (p *Page) render(w http.ResponseWriter, r *http.Request, d *pageData, status int) {
	if strings.Count(strings.TrimPrefix(r.URL.Path, PagePrefix), "/") > 0 {
		d.Assets = "/chat/assets/"
	}
	p.assets.Render(w, r, p.log, "conversation page template", p.tmpl, d, status)
}
