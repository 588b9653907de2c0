package sysemails

import "github.com/geniehq/genie/internal/httpapi"

// Actions returns the system-emails actions.
func (s *Service) Actions() httpapi.Actions {
	return httpapi.Actions{
		"preview": {Access: httpapi.AdminOnly, Handle: httpapi.Bind(s.Preview), Summary: "Render a system email template with sample data",
			Request: PreviewRequest{}, Response: Preview{}},
		"sendTest": {Access: httpapi.AdminOnly, Handle: httpapi.Bind(s.SendTest), Summary: "Send a system email template with sample data to a recipient",
			Request: SendTestRequest{}, Response: Sent{}, Idempotent: true},
	}
}
