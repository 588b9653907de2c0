package gendocs

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/knowledge"
)

var (
	blankLines   = regexp.MustCompile(`\n{3,}`)
	otherBullet  = regexp.MustCompile(`(?m)^[ \t]*[*•+][ \t]+`)
	dashBullet   = regexp.MustCompile(`(?m)^[ \t]*-[ \t]+`)
	numberedLine = regexp.MustCompile(`^(\d{1,3})\. (\S.*)$`)
	headingMark  = regexp.MustCompile(`^#{1,6}\s+`)
	trailingWS   = regexp.MustCompile(`(?m)[ \t]+$`)
)

// Normalize brings a generated document to the body format without
// changing its content: "\n" line ends, at most one blank line in a row,
// "- " bullets (for "* ", "• ", "+ "), no markdown bold or heading marks,
// trimmed text. Validate then checks what Normalize cannot fix.
func Normalize(d *Document) {
	d.Title = oneLine(d.Title)
	d.Subtitle = oneLine(d.Subtitle)
	for i := range d.Sections {
		s := &d.Sections[i]
		s.Heading = oneLine(headingMark.ReplaceAllString(strings.TrimSpace(s.Heading), ""))
		b := strings.ReplaceAll(s.Body, "\r\n", "\n")
		b = stripMarkup(b)
		b = strings.ReplaceAll(b, "**", "")
		b = otherBullet.ReplaceAllString(b, "- ")
		b = dashBullet.ReplaceAllString(b, "- ")
		b = trailingWS.ReplaceAllString(b, "")
		b = blankLines.ReplaceAllString(b, "\n\n")
		s.Body = strings.TrimSpace(b)
	}
}

func oneLine(s string) string {
	return strings.TrimSpace(spaces.ReplaceAllString(strings.ReplaceAll(s, "**", ""), " "))
}

// Validate checks a normalized document against the output rules of its
// template and reports the first broken rule as an *InvalidOutputError.
// sources, when not empty, are used to check that each section is grounded
// in them: most of its content words must occur in the sources.
func Validate(d *Document, t Template, sources []Source) error {
	if d.Template != t {
		return invalid("template %q, want %q", d.Template, t)
	}
	if d.Title == "" || utf8.RuneCountInString(d.Title) > MaxTitleLen {
		return invalid("title must have 1 to %d characters", MaxTitleLen)
	}
	if utf8.RuneCountInString(d.Subtitle) > MaxSubtitleLen {
		return invalid("subtitle must have at most %d characters", MaxSubtitleLen)
	}
	seen := map[string]bool{}
	for i, s := range d.Sections {
		if s.Heading == "" || utf8.RuneCountInString(s.Heading) > MaxHeadingLen {
			return invalid("section %d: heading must have 1 to %d characters", i+1, MaxHeadingLen)
		}
		if s.Body == "" || utf8.RuneCountInString(s.Body) > MaxBodyLen {
			return invalid("section %d: body must have 1 to %d characters", i+1, MaxBodyLen)
		}
		key := strings.ToLower(s.Heading)
		if seen[key] {
			return invalid("section %d: heading %q repeats an earlier one", i+1, s.Heading)
		}
		seen[key] = true
	}
	var err error
	switch t {
	case FAQ:
		err = validateFAQ(d)
	case HowTo:
		err = validateHowTo(d)
	case OnePager:
		err = countSections(d, MinOnePager, MaxOnePager)
	default:
		err = invalid("unknown template %q", t)
	}
	if err != nil || len(sources) == 0 {
		return err
	}
	return grounded(d, sources)
}

func countSections(d *Document, min, max int) error {
	if n := len(d.Sections); n < min || n > max {
		return invalid("%s needs %d to %d sections, got %d", d.Template, min, max, n)
	}
	return nil
}

func validateFAQ(d *Document) error {
	if err := countSections(d, MinFAQ, MaxFAQ); err != nil {
		return err
	}
	for i, s := range d.Sections {
		if !strings.HasSuffix(s.Heading, "?") {
			return invalid("question %d does not end with a question mark: %q", i+1, s.Heading)
		}
	}
	return nil
}

// validateHowTo checks the shape intro, steps, optional next steps: the
// intro is short and has no steps; the second section is only numbered
// lines "1. ", "2. ", ... in order.
func validateHowTo(d *Document) error {
	if err := countSections(d, 2, 3); err != nil {
		return err
	}
	intro := d.Sections[0].Body
	if utf8.RuneCountInString(intro) > MaxIntroLen {
		return invalid("the intro must have at most %d characters", MaxIntroLen)
	}
	for _, l := range strings.Split(intro, "\n") {
		if numberedLine.MatchString(l) {
			return invalid("the intro must not contain steps")
		}
	}
	n, err := countSteps(d.Sections[1].Body)
	if err != nil {
		return err
	}
	if n < MinSteps || n > MaxSteps {
		return invalid("how-to needs %d to %d steps, got %d", MinSteps, MaxSteps, n)
	}
	return nil
}

// countSteps checks that every non-blank line of body is the next numbered
// step and returns how many there are.
func countSteps(body string) (int, error) {
	n := 0
	for _, l := range strings.Split(body, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		m := numberedLine.FindStringSubmatch(l)
		if m == nil {
			return 0, invalid("steps must be numbered lines like \"1. \": %q", l)
		}
		if k, _ := strconv.Atoi(m[1]); k != n+1 {
			return 0, invalid("step %d is numbered %s", n+1, m[1])
		}
		n++
	}
	return n, nil
}

// MinGrounded is the share of a section's content words that must occur in
// the sources.
const MinGrounded = 0.6

// frameWords are the words a document may use beside the sources' own:
// the framing of the templates.
const frameWords = `guide walks through step steps overview next start glance frequently asked questions answers
drawn focus key points contact touch offers offer who customers business`

// groundingSources are the texts a document may draw its words from: the
// sources, the genie name the caller gave and the templates' framing.
func groundingSources(req Request) []Source {
	return append(append([]Source(nil), req.Sources...), Source{Name: "frame", Content: req.GenieName + " " + frameText()})
}

// grounded checks that each section body (and FAQ question) mostly uses
// words of the sources, a guard against a model writing from its own
// knowledge. Template words ("step", "guide") are few beside the content.
func grounded(d *Document, sources []Source) error {
	vocab := map[string]bool{}
	for _, s := range sources {
		for _, t := range terms(s.Content + " " + s.Name) {
			vocab[t] = true
		}
	}
	for i, s := range d.Sections {
		ts := terms(s.Body)
		if len(ts) < 5 {
			continue // too short to judge
		}
		in := 0
		for _, t := range ts {
			if vocab[t] {
				in++
			}
		}
		if share := float64(in) / float64(len(ts)); share < MinGrounded {
			return invalid("section %d is not grounded in the sources (%.0f%% of its words occur in them)", i+1, share*100)
		}
	}
	return nil
}

// numberedPrefix is a step number a model wrote itself ("1. ", "2) ").
var numberedPrefix = regexp.MustCompile(`^\d{1,3}[.)]\s+`)

// stripMarkup removes markup a model may write despite the prompt: code
// fences, HTML tags and comments, images, link targets, inline code marks
// (knowledge.PlainInline, line by line; emphasis goes too).
func stripMarkup(b string) string {
	lines := strings.Split(b, "\n")
	out := lines[:0]
	for _, l := range lines {
		if fence.MatchString(strings.TrimSpace(l)) {
			continue
		}
		out = append(out, knowledge.PlainInline(l))
	}
	return strings.Join(out, "\n")
}

// dedupeSentences removes from a document every sentence of at least four
// words that an earlier place in it already says (a one-pager's key
// point repeating a section, two identical steps), renumbers steps, and
// drops lines and sections left empty. Validate then checks the counts.
func dedupeSentences(d *Document) {
	seen := map[string]bool{}
	var keep []Section
	for _, s := range d.Sections {
		var lines []string
		n := 0
		for _, line := range strings.Split(s.Body, "\n") {
			prefix, text := "", line
			if m := numberedLine.FindStringSubmatch(line); m != nil {
				prefix, text = "#", m[2]
			} else if strings.HasPrefix(line, "- ") {
				prefix, text = "- ", line[2:]
			}
			var kept []string
			for _, sent := range sentences(text) {
				k := sentenceKey(sent)
				if len(strings.Fields(k)) >= 4 && seen[k] {
					continue
				}
				seen[k] = true
				kept = append(kept, sent)
			}
			if strings.TrimSpace(line) != "" && len(kept) == 0 {
				continue
			}
			text = strings.Join(kept, " ")
			if prefix == "#" {
				n++
				text = strconv.Itoa(n) + ". " + text
			} else {
				text = prefix + text
			}
			lines = append(lines, text)
		}
		body := strings.TrimSpace(blankLines.ReplaceAllString(strings.Join(lines, "\n"), "\n\n"))
		if body == "" && strings.TrimSpace(s.Body) != "" {
			continue // every sentence repeats an earlier one
		}
		s.Body = body
		keep = append(keep, s)
	}
	d.Sections = keep
}
