package identity

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strings"
	"sync"
	texttemplate "text/template"
	"time"

	"github.com/geniehq/genie/internal/platform/mail"
)

//go:embed templates
var templateFS embed.FS

type authTemplate struct {
	html *htmltemplate.Template
	text *texttemplate.Template
}

var authTemplates = sync.OnceValues(func() (map[purpose]authTemplate, error) {
	out := map[purpose]authTemplate{}
	for _, p := range []purpose{purposeRecovery, purposeSignup, purposeEmailChange} {
		h, err := htmltemplate.ParseFS(templateFS, "templates/layout.html", "templates/"+string(p)+".html")
		if err != nil {
			return nil, fmt.Errorf("identity: parse template %s: %w", p, err)
		}
		// The HTML needs the subject for its <title>.
		if h, err = h.ParseFS(templateFS, "templates/"+string(p)+".txt"); err != nil {
			return nil, fmt.Errorf("identity: parse template %s: %w", p, err)
		}
		t, err := texttemplate.ParseFS(templateFS, "templates/"+string(p)+".txt")
		if err != nil {
			return nil, fmt.Errorf("identity: parse template %s: %w", p, err)
		}
		out[p] = authTemplate{html: h, text: t}
	}
	return out, nil
})

// mailData fills an auth mail template.
type mailData struct {
	AppName  string
	Email    string
	Code     string
	Link     string
	Validity string
	Year     int
}

// renderAuthMail returns the subject, HTML and text of an auth mail.
func renderAuthMail(p purpose, d mailData) (subject, html, text string, err error) {
	ts, err := authTemplates()
	if err != nil {
		return "", "", "", err
	}
	t := ts[p]
	var s, h, x bytes.Buffer
	if err := t.text.ExecuteTemplate(&s, "subject", d); err != nil {
		return "", "", "", err
	}
	if err := t.html.ExecuteTemplate(&h, "layout", d); err != nil {
		return "", "", "", err
	}
	if err := t.text.ExecuteTemplate(&x, "text", d); err != nil {
		return "", "", "", err
	}
	return strings.TrimSpace(s.String()), h.String(), strings.ReplaceAll(x.String(), "\n", "\r\n"), nil
}

// validity says how long codes live, for people ("1 hour", "15 minutes").
func validity(d time.Duration) string {
	n, unit := int64(0), ""
	switch {
	case d%time.Hour == 0:
		n, unit = int64(d/time.Hour), "hour"
	case d%time.Minute == 0:
		n, unit = int64(d/time.Minute), "minute"
	default:
		return d.String()
	}
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// verifyLink is the link in a mail: GoTrue's GET /verify, which signs the
// user in and redirects to redirectTo with the session in the fragment.
func (s *Service) verifyLink(pur purpose, sec secret, redirectTo string) string {
	q := url.Values{"token": {sec.TokenHash}, "type": {string(pur)}}
	if redirectTo != "" {
		q.Set("redirect_to", redirectTo)
	}
	return s.BaseURL + "/auth/v1/verify?" + q.Encode()
}

// sendCode mails a stored code and its link to the address, in the
// background (see mailNewCode).
func (s *Service) sendCode(ctx context.Context, pur purpose, to string, sec secret, redirectTo string) {
	s.background(ctx, func(ctx context.Context) { s.deliverLogged(ctx, pur, to, sec, redirectTo) })
}

// mailNewCode stores a new code for the account and mails it to the
// address, both in the background: the request that caused it answers at
// once, having done the same work whether or not the address has an
// account, so neither its answer nor its timing tells (and a slow relay
// holds nobody up). Failures are logged, never the code.
func (s *Service) mailNewCode(ctx context.Context, userID string, pur purpose, to, pwHash, redirectTo string) {
	s.background(ctx, func(ctx context.Context) {
		var sec secret
		err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
			var err error
			sec, err = s.saveCode(ctx, tx, userID, pur, to, pwHash)
			return err
		})
		if err != nil {
			s.Log.WarnContext(ctx, "auth mail not sent", "kind", string(pur), "to", to, "err", err)
			return
		}
		s.deliverLogged(ctx, pur, to, sec, redirectTo)
	})
}

// background runs fn on its own goroutine, detached from the request but
// with its values, for at most a minute; Close waits for it.
func (s *Service) background(ctx context.Context, fn func(context.Context)) {
	ctx = context.WithoutCancel(ctx)
	s.sending.Add(1)
	go func() {
		defer s.sending.Done()
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		fn(ctx)
	}()
}

func (s *Service) deliverLogged(ctx context.Context, pur purpose, to string, sec secret, redirectTo string) {
	d := mailData{AppName: s.appName(), Email: to, Code: sec.Code, Link: s.verifyLink(pur, sec, redirectTo),
		Validity: validity(s.otpTTL()), Year: s.DB.Now().Year()}
	via, id, err := s.deliver(ctx, pur, to, d)
	if err != nil {
		s.Log.WarnContext(ctx, "auth mail not sent", "kind", string(pur), "to", to, "err", err)
		return
	}
	s.Log.InfoContext(ctx, "auth mail sent", "kind", string(pur), "to", to, "delivery", string(via), "message_id", id)
}

func (s *Service) deliver(ctx context.Context, pur purpose, to string, d mailData) (mail.Delivery, string, error) {
	if s.Mail == nil {
		return "", "", fmt.Errorf("no mail sender is configured")
	}
	subject, html, text, err := renderAuthMail(pur, d)
	if err != nil {
		return "", "", err
	}
	m := &mail.Message{From: s.MailFrom, To: []string{to}, Subject: subject, Text: text, HTML: html,
		Headers: map[string]string{"X-Genie-Template": "auth_" + string(pur)}}
	raw, id, err := m.Build(s.DB.Now(), s.MailDomain)
	if err != nil {
		return "", "", err
	}
	from, err := mail.Address(s.MailFrom)
	if err != nil {
		return "", "", err
	}
	via, err := s.Mail.Send(ctx, from, []string{to}, raw)
	return via, id, err
}
