package gendocs

import (
	"context"
	"strings"

	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Request field limits, in characters.
const (
	MaxPurposeLen   = 1_000
	MaxGenieNameLen = 100
)

// Actions returns the genie-documents actions; generate needs a credential.
func (s *Service) Actions() httpapi.Actions {
	return httpapi.Actions{
		"generate": {Access: httpapi.Authenticated, Handle: s.generate,
			Summary: "Generate an FAQ, a how-to guide or a one-pager from knowledge-base documents",
			Request: GenerateRequest{}, Response: Result{}, Idempotent: true,
			Errors: []string{apperr.CodeAgentNotFound, apperr.CodeNotFound, apperr.CodeForbidden}},
	}
}

// GenerateRequest is generate's data.
type GenerateRequest struct {
	AgentID     *string                  `json:"agentId" schema:"required,minLength=1" doc:"The genie the document is for (yours)."`
	Template    *string                  `json:"template" schema:"required,enum=faq|how-to|one-pager"`
	DocumentIDs field.Optional[[]string] `json:"documentIds" schema:"required,minItems=1" doc:"Knowledge-base document UUIDs: yours or public ones."`
	Purpose     *string                  `json:"purpose" schema:"maxLength=1000" doc:"An optional focus; by default the most broadly useful content is covered."`
	GenieName   *string                  `json:"genieName" schema:"maxLength=100" doc:"Default: the text \"your business\"."`
}

// input is what generate binds into before its checks.
type input = GenerateRequest

// JSONSchema describes a template name.
func (Template) JSONSchema() field.Schema {
	return field.Schema{"type": "string", "enum": []string{"faq", "how-to", "one-pager"}}
}

// check validates the fields in the order the spec lists them.
func check(in *GenerateRequest) (Input, error) {
	var out Input
	if in.AgentID == nil || strings.TrimSpace(*in.AgentID) == "" {
		return out, apperr.Required("agentId")
	}
	out.AgentID = strings.TrimSpace(*in.AgentID)
	if in.Template == nil {
		return out, apperr.Required("template")
	}
	t, ok := ParseTemplate(*in.Template)
	if !ok {
		return out, apperr.Invalid("template", "template must be one of faq, how-to, one-pager")
	}
	out.Template = t
	ids, err := checkIDs(in.DocumentIDs)
	if err != nil {
		return out, err
	}
	out.DocumentIDs = ids
	if in.Purpose != nil {
		out.Purpose = strings.TrimSpace(*in.Purpose)
		if err := field.MaxLen("purpose", out.Purpose, MaxPurposeLen); err != nil {
			return out, err
		}
	}
	if in.GenieName != nil {
		out.GenieName = strings.TrimSpace(*in.GenieName)
		if err := field.MaxLen("genieName", out.GenieName, MaxGenieNameLen); err != nil {
			return out, err
		}
	}
	return out, nil
}

// checkIDs requires a non-empty array of document UUIDs and drops repeats,
// keeping the first occurrence (the rule of genies' document_ids).
func checkIDs(o field.Optional[[]string]) ([]string, error) {
	if !o.Set || o.Null {
		return nil, apperr.Required("documentIds")
	}
	if len(o.Value) == 0 {
		return nil, apperr.Invalid("documentIds", "documentIds must name at least one document")
	}
	return genies.CheckIDList("documentIds", o.Value)
}

func (s *Service) generate(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var raw input
	if err := r.Bind(&raw); err != nil {
		return nil, err
	}
	in, err := check(&raw)
	if err != nil {
		return nil, err
	}
	res, err := s.Generate(ctx, r.Caller, in)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(res), nil
}
