package gendocs

import (
	"context"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/apperr"
)

// Embedded is the default generator: deterministic and extractive, in pure
// Go. It builds the document from the sources' own sentences, headings and
// lists, so everything it writes is grounded in them; the only words of its
// own are titles and the headings of the one-pager. When the sources do not
// give enough material for a template's counts it returns a
// VALIDATION_ERROR on documentIds ("not enough content for ...").
type Embedded struct{}

// Name implements Generator.
func (Embedded) Name() string { return "embedded" }

// Generate implements Generator.
func (Embedded) Generate(ctx context.Context, req Request) (*Document, error) {
	c := newCorpus(req)
	var (
		d   *Document
		err error
	)
	switch req.Template {
	case FAQ:
		d, err = c.faq(req)
	case HowTo:
		d, err = c.howTo(req)
	case OnePager:
		d, err = c.onePager(req)
	default:
		return nil, apperr.Invalid("template", "template must be one of faq, how-to, one-pager")
	}
	if err != nil {
		return nil, err
	}
	d.Template = req.Template
	return d, nil
}

var aboutPrefix = regexp.MustCompile(`^(?i:about)\s+`)

func notEnough(format string, args ...any) error {
	return apperr.Invalid("documentIds", "not enough content for "+format, args...)
}

func subtitle(req Request, fallback string) string {
	if p := strings.TrimSpace(req.Purpose); p != "" {
		return truncateText("Focus: "+p, MaxSubtitleLen)
	}
	return truncateText(fallback, MaxSubtitleLen)
}

func sourceNames(req Request) string {
	names := make([]string, len(req.Sources))
	for i, s := range req.Sources {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// qa is a candidate question and answer. tier orders the kinds: questions
// the sources ask themselves, then headings, then sentences, then
// document names.
type qa struct {
	unit
	tier     int
	question string
	answer   string
	covers   []string // sentences the answer uses
}

const (
	maxAnswer       = 700 // characters
	sentenceFAQFill = 10  // sentence-derived questions only fill up to this many pairs
)

func (c *corpus) faqCandidates() []qa {
	var out []qa
	pos := map[int]int{}
	add := func(pi, tier int, q, a string, covers ...string) {
		d := c.docOf[pi]
		q, a = strings.TrimSpace(q), strings.TrimSpace(a)
		if q == "" || a == "" || utf8.RuneCountInString(q) > MaxHeadingLen {
			return
		}
		out = append(out, qa{unit: unit{doc: d, pos: pos[d], part: pi, score: overlap(c.purpose, q+" "+a)},
			tier: tier, question: q, answer: truncateText(a, maxAnswer), covers: append(covers, a)})
		pos[d]++
	}
	for pi, p := range c.parts {
		explicit := false
		for bi, b := range p.blocks {
			if b.kind != para {
				continue
			}
			ss := sentences(b.text)
			q := qPrefix.ReplaceAllString(ss[0], "")
			if !strings.HasSuffix(q, "?") {
				continue
			}
			explicit = true
			if len(ss) > 1 {
				add(pi, 0, q, aPrefix.ReplaceAllString(strings.Join(ss[1:], " "), ""))
			} else if bi+1 < len(p.blocks) {
				add(pi, 0, q, aPrefix.ReplaceAllString(formatBlocks(answerBlocks(p.blocks[bi+1:]), maxAnswer), ""))
			}
		}
		if !explicit && p.heading != "" {
			add(pi, 1, headingQuestion(p.heading), formatBlocks(p.blocks, maxAnswer))
		}
		if explicit {
			continue
		}
		for _, b := range p.blocks {
			if b.kind != para {
				continue
			}
			ss := sentences(b.text)
			for i, s := range ss {
				if q := sentenceQuestion(s); q != "" {
					a := s
					if i+1 < len(ss) && len(s) < 80 && sentenceQuestion(ss[i+1]) == "" {
						a += " " + ss[i+1]
					}
					add(pi, 2, q, a, s)
				}
			}
		}
	}
	seenDoc := map[int]bool{}
	for pi, p := range c.parts {
		if d := c.docOf[pi]; !seenDoc[d] && p.heading == "" {
			seenDoc[d] = true
			add(pi, 3, "Can you tell me about "+lowerFirst(aboutPrefix.ReplaceAllString(p.doc, ""))+"?", formatBlocks(p.blocks, maxAnswer))
		}
	}
	return out
}

// answerBlocks returns the blocks that answer an explicit question: up to
// the next question.
func answerBlocks(bs []block) []block {
	for i, b := range bs {
		if b.kind == para && strings.HasSuffix(qPrefix.ReplaceAllString(sentences(b.text)[0], ""), "?") {
			return bs[:i]
		}
	}
	return bs
}

func (c *corpus) faq(req Request) (*Document, error) {
	cands := c.faqCandidates()
	byTier := [4][]qa{}
	for _, q := range cands {
		byTier[q.tier] = append(byTier[q.tier], q)
	}
	var chosen []qa
	seenQ := map[string]bool{}
	answers := ""
	for tier, list := range byTier {
		limit := MaxFAQ
		if tier >= 2 {
			limit = max(sentenceFAQFill, MinFAQ)
		}
		for _, q := range rankOnly(list) {
			if len(chosen) >= limit {
				break
			}
			key := strings.ToLower(q.question)
			if seenQ[key] || strings.Contains(answers, q.covers[0]) {
				continue
			}
			seenQ[key] = true
			answers += "\n" + q.answer
			chosen = append(chosen, q)
		}
	}
	if len(chosen) < MinFAQ {
		return nil, notEnough("an FAQ: the sources give %d questions, at least %d are needed; add documents with more topics (headings, questions or statements such as \"We deliver on Sundays.\")", len(chosen), MinFAQ)
	}
	sortBySource(chosen, func(q qa) unit { return q.unit })
	d := &Document{Title: truncateText("Frequently asked questions about "+req.GenieName, MaxTitleLen), Subtitle: subtitle(req, "Answers drawn from: "+sourceNames(req))}
	for _, q := range chosen {
		d.Sections = append(d.Sections, Section{Heading: q.question, Body: q.answer})
	}
	return d, nil
}

// rankOnly orders candidates by pick's preference without cutting them.
func rankOnly(qs []qa) []qa {
	out := append([]qa(nil), qs...)
	sortByPreference(out, func(q qa) unit { return q.unit })
	return out
}
