package gendocs

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// blockKind is the kind of a block of source text.
type blockKind int

const (
	para   blockKind = iota // a paragraph
	bullet                  // an item of an unordered list
	step                    // an item of an ordered list
)

// block is a paragraph or one list item, as plain text on one line. list
// numbers the list an item belongs to (items of one list share it).
type block struct {
	kind blockKind
	text string
	list int
}

// part is a run of blocks under one heading ("" before the first heading).
type part struct {
	doc     string // source document name
	heading string
	blocks  []block
}

var (
	mdHeading  = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*$`)
	setextRule = regexp.MustCompile(`^(=+|-+)$`)
	bulletLine = regexp.MustCompile(`^[-*+•]\s+(.*)$`)
	stepLine   = regexp.MustCompile(`^(?:\d{1,3}[.)]|[Ss]tep\s+\d{1,3}[:.)]?)\s+(.*)$`)
	mdLink     = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	mdEmphasis = regexp.MustCompile("(\\*\\*|__|`)")
	spaces     = regexp.MustCompile(`\s+`)
)

// parse splits one source into parts: markdown headings (# and underlined)
// and short title-like lines standing alone open a part; paragraphs are
// joined into one line; list items are blocks of their own.
func parse(src Source) []part {
	lines := strings.Split(strings.ReplaceAll(src.Content, "\r\n", "\n"), "\n")
	parts := []part{{doc: src.Name}}
	cur := &parts[0]
	var buf []string
	lists, inList := 0, false
	flush := func() {
		if len(buf) > 0 {
			cur.blocks = append(cur.blocks, block{kind: para, text: clean(strings.Join(buf, " "))})
			buf = nil
		}
	}
	open := func(h string) {
		flush()
		parts = append(parts, part{doc: src.Name, heading: strings.TrimRight(clean(h), ":")})
		cur = &parts[len(parts)-1]
		inList = false
	}
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		switch {
		case line == "":
			if len(buf) == 1 && i+1 < len(lines) && titleLike(buf[0]) && nextHasText(lines[i+1:]) {
				h := buf[0]
				buf = nil
				open(h)
				continue
			}
			flush()
			inList = false
		case mdHeading.MatchString(line):
			open(mdHeading.FindStringSubmatch(line)[1])
		case setextRule.MatchString(line) && len(buf) == 1 && utf8.RuneCountInString(buf[0]) <= 100:
			h := buf[0]
			buf = nil
			open(h)
		case bulletLine.MatchString(line) || stepLine.MatchString(line):
			flush()
			kind, m := bullet, bulletLine.FindStringSubmatch(line)
			if m == nil {
				kind, m = step, stepLine.FindStringSubmatch(line)
			}
			if !inList {
				lists++
				inList = true
			}
			if t := clean(m[1]); t != "" {
				cur.blocks = append(cur.blocks, block{kind: kind, text: t, list: lists})
			}
		case len(buf) == 0 && titleLike(line) && i+1 < len(lines) && startsProse(lines[i+1]):
			// A short line right above a sentence: "Groups and events".
			open(line)
		default:
			if inList && len(buf) == 0 && len(cur.blocks) > 0 && strings.HasPrefix(raw, " ") {
				// A continuation line of a list item.
				b := &cur.blocks[len(cur.blocks)-1]
				b.text = clean(b.text + " " + line)
				continue
			}
			inList = false
			buf = append(buf, line)
		}
	}
	flush()
	out := parts[:0]
	for _, p := range parts {
		if len(p.blocks) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// startsProse reports whether a line is text that reads as a sentence,
// not a heading or a list item.
func startsProse(line string) bool {
	line = strings.TrimSpace(line)
	r, _ := utf8.DecodeRuneInString(line)
	return (unicode.IsUpper(r) || unicode.IsDigit(r)) && !titleLike(line) && !bulletLine.MatchString(line) && !stepLine.MatchString(line) && !mdHeading.MatchString(line)
}

func nextHasText(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return true
		}
	}
	return false
}

// titleLike reports whether a line standing alone reads as a heading: short,
// and not ending like a sentence.
func titleLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > 70 || len(strings.Fields(s)) > 9 {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	return !strings.ContainsRune(".!,;", last)
}

// clean turns markdown inline markup into plain text on one line.
func clean(s string) string {
	s = mdLink.ReplaceAllString(s, "$1")
	s = mdEmphasis.ReplaceAllString(s, "")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "etc.": true, "mr.": true, "mrs.": true, "ms.": true,
	"dr.": true, "st.": true, "no.": true, "vs.": true, "approx.": true, "inc.": true, "ltd.": true, "co.": true}

// sentences splits a paragraph after ".", "!" or "?" followed by a space
// and a capital letter, digit or quote, except after common abbreviations.
func sentences(text string) []string {
	words := strings.Fields(text)
	var out []string
	start := 0
	for i, w := range words {
		last, _ := utf8.DecodeLastRuneInString(strings.TrimRight(w, `"')`))
		if !strings.ContainsRune(".!?", last) || i+1 == len(words) || abbreviations[strings.ToLower(w)] {
			continue
		}
		next, _ := utf8.DecodeRuneInString(words[i+1])
		if unicode.IsUpper(next) || unicode.IsDigit(next) || next == '"' {
			out = append(out, strings.Join(words[start:i+1], " "))
			start = i + 1
		}
	}
	if start < len(words) {
		out = append(out, strings.Join(words[start:], " "))
	}
	return out
}

var stopwords = toSet(`a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has have having he her
here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other
our ours out over own same she should so some such than that the their them then there these they this those through
to too under until up very was we were what when where which while who whom why will with would you your yours yourself
also may might must shall us get got use using via per within without onto upon across`)

func toSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// terms returns the content words of s: lower case, without stopwords and
// one-letter words, crudely stemmed so that "bookings" meets "booking".
func terms(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if utf8.RuneCountInString(w) < 2 || stopwords[w] {
			continue
		}
		out = append(out, stem(w))
	}
	return out
}

// stem strips a few English suffixes; it only has to map related forms of a
// word to the same key, not produce words.
func stem(w string) string {
	switch {
	case len(w) < 5 || strings.HasSuffix(w, "ss"):
		return w
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "es") && strings.ContainsAny(w[len(w)-3:len(w)-2], "sxz"),
		strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "ing") && len(w) >= 6:
		return strings.TrimSuffix(w, "ing")
	case strings.HasSuffix(w, "ed") && len(w) >= 5:
		return strings.TrimSuffix(w, "ed")
	case strings.HasSuffix(w, "s"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// termSet returns the set of content words of s.
func termSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, t := range terms(s) {
		m[t] = true
	}
	return m
}

// overlap counts the distinct content words of s that are in set.
func overlap(set map[string]bool, s string) int {
	n := 0
	for t := range termSet(s) {
		if set[t] {
			n++
		}
	}
	return n
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// lowerFirst lower-cases the first letter of s unless the first word looks
// like a name: a capital after its first letter ("iPhone", "BBQ"), a
// possessive ("Bella's"), or a capitalized second word ("Park Row").
func lowerFirst(s string) string {
	words := strings.Fields(s)
	if len(words) == 0 {
		return s
	}
	for i, r := range words[0] {
		if i > 0 && unicode.IsUpper(r) {
			return s
		}
	}
	if strings.HasSuffix(words[0], "'s") || strings.HasSuffix(words[0], "’s") {
		return s
	}
	if len(words) > 1 {
		if r, _ := utf8.DecodeRuneInString(words[1]); unicode.IsUpper(r) {
			return s
		}
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// truncateText cuts s to at most max characters at a sentence or word
// boundary.
func truncateText(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	rs := []rune(s)[:max]
	cut := string(rs)
	if i := strings.LastIndexAny(cut, ".!?"); i > len(cut)/2 {
		return cut[:i+1]
	}
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, ",;:- ") + "…"
}
