package mail

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"slices"
	"strings"
	"sync"
	texttemplate "text/template"
)

//go:embed templates
var templateFS embed.FS

// TemplateNames are the system email templates, in a stable order.
var TemplateNames = []string{"welcome_business", "welcome_consumer", "access_approved", "access_request"}

// ErrUnknownTemplate is returned by Render for a name not in TemplateNames.
var ErrUnknownTemplate = errors.New("mail: unknown template")

// TemplateData fills a system email template. Empty fields are printed as
// they are, except SupportEmail: without it the footer offers no contact.
type TemplateData struct {
	AppName        string
	RecipientName  string
	RecipientEmail string
	Company        string
	ActionURL      string
	SupportEmail   string
	RequesterName  string
	RequesterEmail string
	Year           int
}

type compiled struct {
	html *htmltemplate.Template
	text *texttemplate.Template
}

var templates = sync.OnceValues(func() (map[string]compiled, error) {
	out := map[string]compiled{}
	for _, name := range TemplateNames {
		h, err := htmltemplate.ParseFS(templateFS, "templates/layout.html", "templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("mail: parse template %s: %w", name, err)
		}
		t, err := texttemplate.ParseFS(templateFS, "templates/"+name+".txt")
		if err != nil {
			return nil, fmt.Errorf("mail: parse template %s: %w", name, err)
		}
		out[name] = compiled{html: h, text: t}
	}
	return out, nil
})

// IsTemplate reports whether name is a system email template.
func IsTemplate(name string) bool { return slices.Contains(TemplateNames, name) }

// Render renders a system email: its subject, HTML and plain-text bodies.
func Render(name string, d TemplateData) (subject, html, text string, err error) {
	ts, err := templates()
	if err != nil {
		return "", "", "", err
	}
	c, ok := ts[name]
	if !ok {
		return "", "", "", fmt.Errorf("%w %q", ErrUnknownTemplate, name)
	}
	var s, h, t bytes.Buffer
	if err := c.text.ExecuteTemplate(&s, "subject", d); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s: %w", name, err)
	}
	if err := c.html.ExecuteTemplate(&h, "layout", d); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s: %w", name, err)
	}
	if err := c.text.ExecuteTemplate(&t, "text", d); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s: %w", name, err)
	}
	text = strings.ReplaceAll(t.String(), "\n", "\r\n")
	return strings.TrimSpace(s.String()), h.String(), text, nil
}
