// Package gendocs is the genie-documents resource: documents (an FAQ, a
// how-to guide or a one-pager) generated from knowledge-base documents.
// Sources are checked and combined here; a Generator writes the document
// (the embedded extractive generator by default, or an OpenAI-compatible
// chat-completions model), and every result is normalized and validated
// in Go before it is returned. docs/generated-documents.md records the
// decisions.
package gendocs

import (
	"context"
	"fmt"
)

// Template is the kind of generated document.
type Template string

// Templates.
const (
	FAQ      Template = "faq"
	HowTo    Template = "how-to"
	OnePager Template = "one-pager"
)

// Templates lists the templates in the order the spec names them.
var Templates = []Template{FAQ, HowTo, OnePager}

// ParseTemplate returns the template named s, or false.
func ParseTemplate(s string) (Template, bool) {
	for _, t := range Templates {
		if string(t) == s {
			return t, true
		}
	}
	return "", false
}

// Count rules of the generated documents.
const (
	MinFAQ         = 6
	MaxFAQ         = 12
	MinOnePager    = 4
	MaxOnePager    = 6
	MinSteps       = 3
	MaxSteps       = 15
	MaxIntroLen    = 800 // characters: the how-to intro is "short"
	MaxTitleLen    = 200
	MaxSubtitleLen = 300
	MaxHeadingLen  = 200
	MaxBodyLen     = 6000
)

// Section is one part of a generated document. Body is plain text:
// paragraphs separated by a blank line, bullets starting "- ", numbered
// steps starting "1. ".
type Section struct {
	Heading string `json:"heading"`
	Body    string `json:"body"`
}

// Document is a generated document.
type Document struct {
	Title    string    `json:"title"`
	Subtitle string    `json:"subtitle"`
	Template Template  `json:"template"`
	Sections []Section `json:"sections"`
}

// Meta describes the sources of a generated document.
type Meta struct {
	SourceDocuments  []string `json:"sourceDocuments"`
	SkippedDocuments []string `json:"skippedDocuments"`
	Truncated        bool     `json:"truncated"`
}

// Result is the response of generate.
type Result struct {
	Document Document `json:"document"`
	Meta     Meta     `json:"meta"`
}

// Source is one readable source document, possibly trimmed.
type Source struct {
	Name    string
	Content string
}

// Request is what a generator works from: the checked, combined sources.
type Request struct {
	Template  Template
	Purpose   string   // may be empty: cover the most broadly useful content
	GenieName string   // never empty (DefaultGenieName when not given)
	Sources   []Source // in the knowledge model's Markdown form (knowledge.Markdown)
	Lang      string   // the sources' language (en, fr, de, es); "" means detect
}

// DefaultGenieName stands in for the business when genieName is not given.
const DefaultGenieName = "your business"

// Generator writes a document from sources. It returns an *apperr.Error for
// failures the caller can act on (not enough material); any other error is
// a failed generation. The service validates whatever it returns.
type Generator interface {
	Generate(ctx context.Context, req Request) (*Document, error)
	// Name identifies the generator in logs.
	Name() string
}

// InvalidOutputError is a generated document that breaks the output rules.
type InvalidOutputError struct{ Reason string }

func (e *InvalidOutputError) Error() string { return "invalid generated document: " + e.Reason }

func invalid(format string, args ...any) error {
	return &InvalidOutputError{Reason: fmt.Sprintf(format, args...)}
}
