// Package sysemails is the system-emails resource (admin only): preview
// the system email templates and send one as a test through the outbound
// mail path.
package sysemails

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/users"
)

// Service renders and sends system emails.
type Service struct {
	DB      *db.DB
	Sender  mail.Sender
	From    string // the From header, e.g. "Genie <no-reply@mail.localhost>"
	Domain  string // for Message-IDs
	BaseURL string // links in the templates
	AppName string
	Log     *slog.Logger
}

// PreviewRequest is preview's data.
type PreviewRequest struct {
	Template *string `json:"template" schema:"required,enum=welcome_business|welcome_consumer|access_approved|access_request"`
}

// SendTestRequest is sendTest's data.
type SendTestRequest struct {
	Template  *string `json:"template" schema:"required,enum=welcome_business|welcome_consumer|access_approved|access_request"`
	Recipient *string `json:"recipient" schema:"required,format=email"`
}

// Preview is preview's answer.
type Preview struct {
	HTML string `json:"html"`
}

// Sent is sendTest's answer.
type Sent struct {
	Success   bool   `json:"success"`
	Template  string `json:"template"`
	Recipient string `json:"recipient"`
	MessageID string `json:"message_id"`
	Delivery  string `json:"delivery" schema:"enum=relay|local|outbox" doc:"How the message left: accepted by the SMTP relay, delivered to a local mailbox, or kept in the outbox (no relay configured)."`
}

// sample is the data a preview or test send is rendered with.
func (s *Service) sample(template, recipient string) mail.TemplateData {
	support, _ := mail.Address(s.From)
	if local, _, _ := strings.Cut(support, "@"); local == "no-reply" || local == "noreply" {
		support = "" // nobody reads it: offer no contact
	}
	name := "Ada Lovelace"
	if recipient != "" {
		local, _, _ := strings.Cut(recipient, "@")
		name = local
	}
	link := s.BaseURL + "/"
	switch template {
	case "access_request":
		link = s.BaseURL + "/admin/access-requests"
	case "welcome_consumer":
		link = s.BaseURL + "/marketplace"
	case "access_approved":
		link = s.BaseURL + "/sign-in"
	}
	return mail.TemplateData{AppName: s.AppName, RecipientName: name, RecipientEmail: recipient, Company: "Analytical Engines Ltd",
		ActionURL: link, SupportEmail: support, RequesterName: "Charles Babbage", RequesterEmail: "charles@example.com",
		Year: s.DB.Now().Year()}
}

// templateName returns the required, known template name.
func templateName(t *string) (string, error) {
	if t == nil || *t == "" {
		return "", apperr.Required("template")
	}
	if !mail.IsTemplate(*t) {
		return "", apperr.Invalid("template", "template must be one of %s", strings.Join(mail.TemplateNames, ", "))
	}
	return *t, nil
}

// Preview renders a template with sample data.
func (s *Service) Preview(ctx context.Context, _ *auth.Caller, in *PreviewRequest) (Preview, error) {
	name, err := templateName(in.Template)
	if err != nil {
		return Preview{}, err
	}
	_, html, _, err := mail.Render(name, s.sample(name, "ada@example.com"))
	if err != nil {
		return Preview{}, err
	}
	return Preview{HTML: html}, nil
}

// SendTest sends a template with sample data to a recipient through the
// outbound mail path.
func (s *Service) SendTest(ctx context.Context, _ *auth.Caller, in *SendTestRequest) (*Sent, error) {
	name, err := templateName(in.Template)
	if err != nil {
		return nil, err
	}
	if in.Recipient == nil || *in.Recipient == "" {
		return nil, apperr.Required("recipient")
	}
	to, err := users.NormalizeEmail(*in.Recipient)
	if err != nil {
		return nil, apperr.Invalid("recipient", "recipient must be a valid email address")
	}
	subject, html, text, err := mail.Render(name, s.sample(name, to))
	if err != nil {
		return nil, err
	}
	m := &mail.Message{From: s.From, To: []string{to}, Subject: "[Test] " + subject, Text: text, HTML: html,
		Headers: map[string]string{"X-Genie-Template": name}}
	raw, id, err := m.Build(s.DB.Now(), s.Domain)
	if err != nil {
		return nil, err
	}
	from, err := mail.Address(s.From)
	if err != nil {
		return nil, err
	}
	via, err := s.Sender.Send(ctx, from, []string{to}, raw)
	if err != nil {
		return nil, fmt.Errorf("sysemails: send %s: %w", name, errors.Join(errDelivery, err))
	}
	s.Log.InfoContext(ctx, "system email test sent", "template", name, "to", to, "delivery", string(via), "message_id", id)
	return &Sent{Success: true, Template: name, Recipient: to, MessageID: id, Delivery: string(via)}, nil
}

// errDelivery marks a failed delivery (INTERNAL_ERROR, as the spec says).
var errDelivery = errors.New("email delivery failed")
