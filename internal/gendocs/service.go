package gendocs

import (
	"context"
	"errors"
	"log/slog"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/knowledge"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/requestid"
)

// Service implements generate.
type Service struct {
	DB        *db.DB
	Generator Generator // nil means Embedded
	Log       *slog.Logger
}

// Input is a checked generate request.
type Input struct {
	AgentID     string
	Template    Template
	DocumentIDs []string // non-empty, UUIDs, without duplicates
	Purpose     string
	GenieName   string // "" means DefaultGenieName
}

// ErrGeneration is the message of the INTERNAL_ERROR for a generator that
// failed or gave invalid or empty content.
const ErrGeneration = "failed generation or empty generated content"

// Generate writes a document from the caller's sources for a genie the
// caller owns (admins: any genie, any document). Errors: AGENT_NOT_FOUND
// for a genie the caller may not reach; NOT_FOUND, FORBIDDEN or
// VALIDATION_ERROR by the source rules (see gather); VALIDATION_ERROR when
// the embedded generator finds too little material; INTERNAL_ERROR when
// generation fails or its output breaks the template's rules.
func (s *Service) Generate(ctx context.Context, c *auth.Caller, in Input) (*Result, error) {
	if _, err := genies.Owned(ctx, s.DB.R, c, in.AgentID); err != nil {
		return nil, err
	}
	sources, skipped, err := gather(ctx, s.DB.R, c, in.DocumentIDs)
	if err != nil {
		return nil, err
	}
	// Normalisation reads at most 3 × MaxSourceChars of raw text (markup
	// and chrome shrink when cleaned), so its time stays bounded.
	sources, rawCut := fit(sources, 3*MaxSourceChars)
	sources, skipped, err = normalizeSources(sources, skipped)
	if err != nil {
		return nil, err
	}
	sources, truncated := fit(sources, MaxSourceChars)
	truncated = truncated || rawCut
	lang, err := sourceLanguage(sources)
	if err != nil {
		return nil, err
	}
	req := Request{Template: in.Template, Purpose: in.Purpose, GenieName: in.GenieName, Sources: sources, Lang: lang}
	if req.GenieName == "" {
		req.GenieName = DefaultGenieName
	}
	doc, err := s.produce(ctx, req)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(sources))
	for i, src := range sources {
		names[i] = src.Name
	}
	return &Result{Document: *doc, Meta: Meta{SourceDocuments: names, SkippedDocuments: skipped, Truncated: truncated}}, nil
}

// produce runs the generator, then normalizes and validates its document.
// A VALIDATION_ERROR of the generator (too little material) passes through;
// any other failure is logged and becomes the INTERNAL_ERROR ErrGeneration.
func (s *Service) produce(ctx context.Context, req Request) (*Document, error) {
	doc, err := s.generator().Generate(ctx, req)
	if err == nil && doc == nil {
		err = errors.New("generator returned no document")
	}
	if err == nil {
		doc.Template = req.Template
		Normalize(doc)
		dedupeSentences(doc)
		err = Validate(doc, req.Template, groundingSources(req))
	}
	if err != nil {
		if e, ok := apperr.As(err); ok && e.Code != apperr.CodeInternal {
			return nil, err
		}
		s.log().ErrorContext(ctx, "generate document", "request_id", requestid.From(ctx), "generator", s.generator().Name(),
			"template", string(req.Template), "err", err)
		return nil, apperr.New(apperr.CodeInternal, ErrGeneration)
	}
	return doc, nil
}

func (s *Service) generator() Generator {
	if s.Generator == nil {
		return Embedded{}
	}
	return s.Generator
}

func (s *Service) log() *slog.Logger {
	if s.Log == nil {
		return slog.Default()
	}
	return s.Log
}

// normalizeSources writes every source in the knowledge model's Markdown
// form (knowledge.Markdown: the reading answers use too), the same for
// every generator. A source left without readable content (only markup or
// page chrome) is skipped by name.
func normalizeSources(sources []Source, skipped []string) ([]Source, []string, error) {
	out := sources[:0:0]
	for _, s := range sources {
		s.Content = knowledge.Markdown(knowledge.Source{Name: s.Name, Content: s.Content})
		if !readable(s.Content) {
			skipped = append(skipped, s.Name)
			continue
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, nil, apperr.Invalid("documentIds", "documentIds: no readable content in the selected documents")
	}
	return out, skipped, nil
}
