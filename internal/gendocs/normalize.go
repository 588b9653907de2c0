package gendocs

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/geniehq/genie/internal/knowledge"
)

// Input normalisation turns what people paste into a knowledge base (text
// copied from a web page with single line breaks, Markdown, HTML
// fragments, tables, code) into one canonical form that the embedded
// generator parses and the model is given:
//
//   - "## Heading" lines, each after a blank line;
//   - paragraphs, each on one line, separated by blank lines;
//   - list items "- text" and "1. text", one a line;
//   - table rows as "- " items ("First cell — Header: value; …").
//
// Removed: HTML tags and comments, scripts and styles, code blocks
// (fenced) and inline code marks, images and badges, link targets,
// emphasis marks, Roman-numeral heading prefixes, and page chrome
// ("Was this article helpful?", "2 min. read", "Share", breadcrumbs, a
// table of contents). The result of normalizeText is a fixed point:
// normalizing it again gives it back.

var (
	autoLink     = regexp.MustCompile(`<(https?://[^<>\s]+)>`)
	mdRefLink    = regexp.MustCompile(`\[([^\]]*)\]\[[^\]]*\]`)
	fence        = regexp.MustCompile("^(```|~~~)")
	romanHead    = regexp.MustCompile(`^(?:[IVX]{1,5}|[A-H])[.)]\s+(\p{Lu}.*)$`)
	numberedHead = regexp.MustCompile(`^\d{1,2}\.\d{0,2}\s+(\p{Lu}.*)$`)
	partMark     = regexp.MustCompile(`^(?:\(\d{1,2}\)|\([a-h]\)|[a-h][.)])\s+(\p{Lu}.*)$`)
	tableSep     = regexp.MustCompile(`^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$`)
	stepItem     = regexp.MustCompile(`^(?:\d{1,3}[.)]|(?i:step|étape|etape|schritt|paso)\s+\d{1,3}\s*[:.)-]?)\s+(.*)$`)
	bulletItem   = regexp.MustCompile(`^[-*+•·▪◦‣]\s+(.*)$`)
	hrLine       = regexp.MustCompile(`^([-*_=]\s*){3,}$`)
	crumbSep     = regexp.MustCompile(`\s(/|›|>|»|\\)\s`)
	sentenceEnd  = regexp.MustCompile(`[.!?…:]["'”»)]*$`)
)

// notePrefix is a "Note:" label opening a sentence on its line: a mark
// of the page, not part of the sentence a document quotes.
var notePrefix = regexp.MustCompile(`^(?i:note|nb|n\.b\.|please note|remarque|à noter|hinweis|bitte beachten|nota|ten en cuenta)\s*:\s+(\p{Lu}|\d)`)

// qaMarkQ and qaMarkA find a page that marks its questions and answers
// with "Q." and "A." at line starts; qaMark removes the marks.
var (
	qaMarkQ = regexp.MustCompile(`(?m)^[ \t]*Q[.:][ \t]+\S[^\n]*\?[ \t]*$`)
	qaMarkA = regexp.MustCompile(`(?m)^[ \t]*A[.:][ \t]+\S`)
	qaMark  = regexp.MustCompile(`(?m)^([ \t]*)[QA][.:][ \t]+`)
)

// tocStart matches a heading that opens a table of contents.
var tocStart = regexp.MustCompile(`(?i)^(table of contents|contents|on this page|in this article|sommaire|table des matières|inhaltsverzeichnis|inhalt|índice|tabla de contenidos?)$`)

// normalizeText is the canonical form of one source's content. The
// canonical form of odd inputs (markup in markup) can take another pass to
// settle; at most three passes are made, each on a shorter, cleaner text.
func normalizeText(s string) string { return settle(s, 3, normalizeOnce) }

// settle applies once to s until the text no longer changes, at most
// passes times.
func settle(s string, passes int, once func(string) string) string {
	for range passes {
		t := once(s)
		if t == s {
			break
		}
		s = t
	}
	return s
}

func normalizeOnce(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	s = strings.ToValidUTF8(s, "")
	s = strings.ReplaceAll(s, "\u00a0", " ")
	s = strings.ReplaceAll(s, "\u200b", "")
	if strings.ContainsRune(s, '<') {
		s = stripHTML(s)
	}
	if strings.Contains(s, "Q") && strings.Contains(s, "A") && qaMarkQ.MatchString(s) && qaMarkA.MatchString(s) {
		// "Q. Who can export?" / "A. Only the account owner.": the
		// page's markers of its own questions and answers, not text
		s = qaMark.ReplaceAllString(s, "$1")
	}
	lines := strings.Split(s, "\n")
	lines = dropCode(lines)
	var kinds []lineKind
	var texts []string
	for _, raw := range lines {
		k, t := classify(raw)
		kinds = append(kinds, k)
		texts = append(texts, t)
	}
	dropTOC(kinds, texts)
	return assemble(kinds, texts)
}

// tagText is what an HTML tag leaves in the text when it opens and when
// it closes (lists and their items, which depend on the lists around
// them, are stripHTML's).
var tagText = func() map[string][2]string {
	t := map[string][2]string{"tr": {"\n", "|\n"}, "td": {"| ", " "}, "th": {"| ", " "}, "thead": {"", "\n|---|\n"}, "br": {"\n", "\n"}}
	for _, h := range strings.Fields("h1 h2 h3 h4 h5 h6") {
		t[h] = [2]string{"\n\n## ", "\n\n"}
	}
	for _, block := range strings.Fields("p div section article table blockquote header main aside figure dl dt dd pre hr") {
		t[block] = [2]string{"\n\n", "\n\n"}
	}
	return t
}()

// droppedTags are elements whose content is no text of the page (scripts,
// styles, navigation, controls).
var droppedTags = map[atom.Atom]bool{atom.Script: true, atom.Style: true, atom.Nav: true, atom.Footer: true,
	atom.Button: true, atom.Noscript: true, atom.Svg: true, atom.Select: true, atom.Textarea: true, atom.Template: true}

// stripHTML turns HTML (or Markdown with HTML in it) into lines, read with
// golang.org/x/net/html's tokenizer: headings become "## ", list items "- "
// or "1. ", table cells "|", block elements line breaks; scripts, styles,
// navigation and controls go with their content, other tags and comments
// go, entities are decoded.
func stripHTML(s string) string {
	s = autoLink.ReplaceAllString(s, "$1") // Markdown's <https://…>, not a tag
	var b strings.Builder
	var lists []bool // true: ordered
	dropped := 0     // depth inside dropped elements
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		tok := z.Token()
		switch tt {
		case html.TextToken:
			if dropped == 0 {
				b.WriteString(tok.Data)
			}
			continue
		case html.CommentToken, html.DoctypeToken:
			if dropped == 0 {
				b.WriteString(" ")
			}
			continue
		}
		closing := tt == html.EndTagToken
		if droppedTags[tok.DataAtom] {
			switch {
			case tt == html.StartTagToken:
				dropped++
			case closing && dropped > 0:
				if dropped--; dropped == 0 {
					b.WriteString("\n")
				}
			}
			continue
		}
		if dropped > 0 {
			continue
		}
		switch tag := tok.Data; tag {
		case "ul", "ol":
			if closing {
				if len(lists) > 0 {
					lists = lists[:len(lists)-1]
				}
			} else if tt == html.StartTagToken {
				lists = append(lists, tag == "ol")
			}
			b.WriteString("\n\n")
		case "li":
			switch {
			case closing:
				b.WriteString("\n")
			case len(lists) > 0 && lists[len(lists)-1]:
				b.WriteString("\n1. ")
			default:
				b.WriteString("\n- ")
			}
		default:
			// a tag of tagText leaves its line breaks and marks; inline
			// tags (strong, em, a, span, …) leave their text
			if t, ok := tagText[tag]; ok && closing {
				b.WriteString(t[1])
			} else if ok {
				b.WriteString(t[0])
			}
		}
	}
	return strings.ReplaceAll(b.String(), "\u00a0", " ")
}

// dropCode removes fenced code blocks, except a short block of shell
// commands ("pip install tidyq"): a README's install command is the
// answer to "How do I install it?", so its lines are kept as list items
// under the lead-in standing alone above ("Install it with pip:"). Program code is removed, with a lead-in standing alone above it.
func dropCode(lines []string) []string {
	out := lines[:0:0]
	var block []string
	in := false
	for _, l := range lines {
		if !fence.MatchString(strings.TrimSpace(l)) {
			if in {
				block = append(block, l)
			} else {
				out = append(out, l)
			}
			continue
		}
		if !in {
			in, block = true, nil
			continue
		}
		in = false
		// the lead-in standing alone above the block, if any
		n := len(out)
		for n > 0 && strings.TrimSpace(out[n-1]) == "" {
			n--
		}
		lead := -1
		if n > 0 && strings.HasSuffix(strings.TrimSpace(out[n-1]), ":") && (n == 1 || strings.TrimSpace(out[n-2]) == "") {
			lead = n - 1
		}
		if cmds := shellCommands(block); cmds != nil {
			if lead >= 0 {
				out = out[:lead+1]
			} else {
				out = append(out, "")
			}
			for _, c := range cmds {
				out = append(out, "- "+c)
			}
			out = append(out, "")
			continue
		}
		if lead >= 0 {
			out[lead] = ""
		}
		out = append(out, "")
	}
	if in { // an unclosed fence: its lines are code
		out = append(out, "")
	}
	return out
}

var shellCommand = regexp.MustCompile(`^\$?\s*(pip3?|pipx|npm|npx|yarn|pnpm|go|brew|apt(-get)?|docker|curl|wget|git|make|cargo|gem|composer|dotnet|conda|uv|poetry|helm|kubectl|snap|choco|winget)\s+\S`)

// shellCommands returns the lines of a code block of at most three
// commands ("pip install tidyq"), or nil.
func shellCommands(block []string) []string {
	var cmds []string
	for _, l := range block {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if !shellCommand.MatchString(l) || len(l) > 100 || len(cmds) == 3 {
			return nil
		}
		cmds = append(cmds, strings.TrimSpace(strings.TrimPrefix(l, "$")))
	}
	return cmds
}

type lineKind int

const (
	lBlank lineKind = iota
	lText
	lHeading
	lBullet
	lStep
	lTable
	lTableSep
	lRule // a setext underline or horizontal rule
)

// classify cleans one line of inline markup and says what it is.
func classify(raw string) (lineKind, string) {
	line := strings.TrimSpace(raw)
	if line == "" {
		return lBlank, ""
	}
	if tableSep.MatchString(line) && strings.Contains(line, "|") {
		return lTableSep, line
	}
	if hrLine.MatchString(line) {
		return lRule, line
	}
	if strings.HasPrefix(line, "|") || strings.Count(line, "|") >= 2 && strings.HasSuffix(line, "|") {
		return lTable, line
	}
	kind := lText
	indented := raw != strings.TrimLeft(raw, " \t")
	if strings.HasPrefix(line, "#") {
		t := strings.TrimLeft(line, "#")
		if t == "" || t[0] == ' ' {
			line = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t), "#"))
			kind = lHeading
		}
	} else if m := bulletItem.FindStringSubmatch(line); m != nil {
		kind, line = lBullet, m[1]
	} else if m := stepItem.FindStringSubmatch(line); m != nil {
		kind, line = lStep, m[1]
	}
	line = inlineClean(line)
	if line == "" || !readable(line) {
		return lBlank, ""
	}
	if kind == lText || kind == lHeading {
		if m := romanHead.FindStringSubmatch(line); m != nil && titleLike(m[1]) {
			kind, line = lHeading, m[1]
		} else if m := numberedHead.FindStringSubmatch(line); m != nil && titleLike(m[1]) && strings.Contains(line[:3], ".") && kind == lHeading {
			line = m[1]
		} else if m := partMarkOf(line); m != nil {
			line = m[1] // "(2) Monatliche Zahlweise", "a. Annulation par le client : …": the page's part marks
		}
	}
	if kind != lHeading && isChrome(line) {
		return lBlank, ""
	}
	if kind == lText && indented {
		return lText, " " + line // a possible continuation of a list item
	}
	return kind, line
}

// inlineClean removes inline markup from one line.
func inlineClean(s string) string { return settle(s, 6, inlineCleanOnce) }

func inlineCleanOnce(s string) string {
	if strings.Contains(s, "][") {
		// "[text][1]": a reference link whose definition is on another
		// line, which a reader of one line cannot resolve
		s = mdRefLink.ReplaceAllString(s, "$1")
	}
	// emphasis, links, images, code spans, strikethrough, inline tags:
	// goldmark's reading (knowledge.PlainInline)
	s = strings.ReplaceAll(knowledge.PlainInline(s), "[]", "")
	if r, _ := utf8.DecodeRuneInString(strings.TrimPrefix(s, "*")); len(s) > 1 && s[0] == '*' && strings.Count(s, "*") == 1 && unicode.IsLetter(r) {
		s = s[1:] // a footnote mark: "*Bordetella must be given at least 5 days before …"
	}
	if strings.Contains(s, ":") && notePrefix.MatchString(s) {
		s = notePrefix.ReplaceAllString(s, "$1") // "NOTE: Generated reports are removed …"
	}
	if strings.Contains(s, "  ") || strings.ContainsAny(s, "\t\n\f\r\v") {
		s = spaces.ReplaceAllString(s, " ")
	}
	return strings.TrimSpace(s)
}

// firstWord is the leading run of letters of s, lower case, after an
// opening "¿".
func firstWord(s string) string {
	s = strings.TrimLeft(s, "¿¡ ")
	end := len(s)
	for i, r := range s {
		if !unicode.IsLetter(r) {
			end = i
			break
		}
	}
	return strings.ToLower(s[:end])
}

func startsDigit(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// isChrome reports whether a cleaned line is page chrome
// (knowledge.IsChrome: one list for answers and documents), except the
// heading of a table of contents, which dropTOC removes with its entries.
func isChrome(line string) bool {
	return !tocStart.MatchString(strings.TrimRight(line, " .:")) && knowledge.IsChrome(line)
}

// dropTOC removes a table of contents: its heading line and the short lines
// after it that reappear later in the document.
func dropTOC(kinds []lineKind, texts []string) {
	for i := range texts {
		if kinds[i] == lBlank || !tocStart.MatchString(strings.TrimRight(texts[i], ":")) {
			continue
		}
		kinds[i], texts[i] = lBlank, ""
		for j := i + 1; j < len(texts); j++ {
			if kinds[j] == lBlank {
				if j+1 < len(texts) && kinds[j+1] == lBlank {
					break
				}
				continue
			}
			if !reappears(kinds, texts, j) {
				break
			}
			kinds[j], texts[j] = lBlank, ""
		}
	}
}

func reappears(kinds []lineKind, texts []string, j int) bool {
	for k := j + 1; k < len(texts); k++ {
		if kinds[k] != lBlank && strings.EqualFold(texts[k], texts[j]) {
			return true
		}
	}
	return false
}

// assemble writes the canonical form, recognising headings in text pasted
// from web pages: a short title-like line standing alone, or between the
// end of a sentence (or a list) and the prose or list it heads.
func assemble(kinds []lineKind, texts []string) string {
	a := &assembler{kinds: kinds, texts: texts}
	for i, k := range kinds {
		t := texts[i]
		if k != lTable && k != lTableSep {
			a.flushTable()
		}
		switch k {
		case lBlank:
			a.blank(i)
		case lRule:
			a.rule(t)
		case lHeading:
			a.heading(t)
			a.prevList = false
		case lTableSep:
			if len(a.table) > 0 && a.header == nil {
				a.header = a.table[len(a.table)-1]
				a.table = a.table[:len(a.table)-1]
			}
		case lTable:
			a.table = append(a.table, tableCells(t))
		case lBullet, lStep:
			a.item(i, k, t)
		case lText:
			a.text(i, t)
		}
	}
	a.flushTable()
	a.flush()
	return strings.TrimSpace(strings.Join(a.out, "\n"))
}

// assembler builds the canonical Markdown of classified lines: the blocks
// written so far, the paragraph and the table being gathered.
type assembler struct {
	kinds    []lineKind
	texts    []string
	out      []string
	para     []string
	table    [][]string
	header   []string
	prevList bool // the last emitted block was a list item
}

func (a *assembler) emit(s string) { a.out = append(a.out, s) }

func (a *assembler) flush() {
	if len(a.para) > 0 {
		a.emit("\n" + strings.Join(a.para, " "))
		a.para = nil
	}
}

func (a *assembler) heading(h string) {
	a.flush()
	h = strings.TrimSpace(strings.TrimRight(h, ":"))
	if h != "" {
		a.emit("\n## " + h)
	}
}

// next is the kind and text of the next line that is not blank or a rule.
func (a *assembler) next(i int) (lineKind, string) {
	for j := i + 1; j < len(a.kinds); j++ {
		if a.kinds[j] != lBlank && a.kinds[j] != lRule {
			return a.kinds[j], a.texts[j]
		}
	}
	return lBlank, ""
}

// flushTable writes the gathered table as a list of its facts.
func (a *assembler) flushTable() {
	if len(a.table) == 0 && a.header == nil {
		return
	}
	a.flush()
	sep := "\n" // a table is a list of its own
	if len(a.out) == 0 {
		sep = ""
	}
	for _, r := range a.table {
		if f := knowledge.RowText(a.header, r); f != "" {
			a.emit(sep + "- " + f)
			sep = ""
		}
	}
	a.table, a.header = nil, nil
}

// takeTitle turns the gathered one-line paragraph into a heading.
func (a *assembler) takeTitle() {
	h := a.para[0]
	a.para = nil
	a.heading(h)
}

// blank ends a paragraph; a lone title-like line before it (and before
// more text) is a heading.
func (a *assembler) blank(i int) {
	if len(a.para) == 1 && titleLike(a.para[0]) && startsUpper(a.para[0]) {
		if nk, _ := a.next(i); nk != lBlank && nk != lHeading {
			a.takeTitle()
			a.prevList = false
			return
		}
	}
	a.flush()
}

// rule: a line of = or - under a short line makes it a heading (setext).
func (a *assembler) rule(t string) {
	if len(a.para) == 1 && strings.Trim(t, "=-") == "" && utf8.RuneCountInString(a.para[0]) <= 100 {
		a.takeTitle()
	} else {
		a.flush()
	}
	a.prevList = false
}

// item writes a bullet or a step.
func (a *assembler) item(i int, k lineKind, t string) {
	if nk, nt := a.next(i); k == lStep && (labelTitle(t) && nk == lBullet || partTitle(t, nk, nt) && !a.prevList) {
		// "1. Puntualidad y respeto por el tiempo:" over its bullets,
		// or "2. Capacidad del Restaurante" over prose, is a numbered
		// section title, not a step
		a.heading(t)
		a.prevList = false
		return
	}
	a.flush()
	mark := "- "
	if k == lStep {
		mark = "1. "
	} else if a.prevList && i > 0 && a.kinds[i-1] == lBlank {
		mark = "\n- " // a blank line between bullets starts another list (a table after commands)
	}
	a.emit(mark + t)
	a.prevList = true
}

// text adds a line of text: to a list item it continues, as a label or
// title heading, or to the paragraph (ending the one before when a line
// ends a sentence).
func (a *assembler) text(i int, t string) {
	if strings.HasPrefix(t, " ") && a.prevList && len(a.para) == 0 {
		a.out[len(a.out)-1] += t // continuation of a list item
		return
	}
	t = strings.TrimSpace(t)
	nk, nt := a.next(i)
	lone := len(a.para) == 1 && titleLike(a.para[0]) && startsUpper(a.para[0])
	// "ORDERING:" standing on its line heads what follows, even after
	// a line that does not end a sentence
	label := labelHead(t) && (nk == lText || nk == lBullet || nk == lStep)
	if !label && len(a.para) > 0 && remark(t) {
		// "(The rest is paid at pick up)" closes the paragraph it
		// comments on
		a.para = append(a.para, t)
		a.flush()
		a.prevList = false
		return
	}
	afterBreak := len(a.para) == 0 || sentenceEnd.MatchString(a.para[len(a.para)-1]) || lone
	title := afterBreak && titleLike(t) && startsUpper(t) && (nk == lText && !titleLike(nt) && startsUpper(nt) || nk == lBullet || nk == lStep || nk == lTable ||
		strings.HasSuffix(t, "?") && nk == lText)
	if label || title {
		// a short title line above is a heading too ("Store
		// Policies"), not a sentence in capitals above a label
		// ("ORDERS ARE ONLY CONFIRMED ONCE PAID")
		if lone && (!label || words(a.para[0]) <= 6 && !(words(a.para[0]) >= 5 && allCaps(a.para[0]))) {
			a.takeTitle()
		}
		a.heading(t)
		a.prevList = false
		return
	}
	if a.prevList && len(a.para) == 0 && !startsUpper(t) {
		a.out[len(a.out)-1] += " " + t
		return
	}
	if len(a.para) > 0 && sentenceEnd.MatchString(a.para[len(a.para)-1]) && startsUpper(t) && !refersBack(t) {
		// a line of a web page that ends a sentence ends its paragraph:
		// "Deposit: ..." and "Pick Up: ..." stay apart
		a.flush()
	}
	a.para = append(a.para, t)
	a.prevList = false
}

// keywordLine reports whether the segments of a line are a list of the
// page's keywords ("gebuchte Termine / Terminverhinderung /
// Nichterscheinen"): three or more, two of them single capitalised words.
func keywordLine(segs []string) bool {
	single := 0
	for _, seg := range segs {
		r, _ := utf8.DecodeRuneInString(seg)
		if len(strings.Fields(seg)) == 1 && unicode.IsUpper(r) {
			single++
		}
	}
	return len(segs) >= 3 && single >= 2
}

// partMarkOf matches partMark on a line that may hold one (a cheap test
// first: most lines do not).
func partMarkOf(line string) []string {
	if len(line) < 4 || line[0] != '(' && line[1] != '.' && line[1] != ')' {
		return nil
	}
	return partMark.FindStringSubmatch(line)
}

// partTitle reports whether a numbered line is the title of a part of
// the page: a short title in capitals ("Capacidad del Restaurante") that
// is no instruction in any language, over a paragraph of prose.
func partTitle(t string, next lineKind, nextText string) bool {
	if next != lText || !titleLike(t) || words(t) > 6 || !startsUpper(strings.TrimSpace(nextText)) || words(nextText) < 8 ||
		!sentenceEnd.MatchString(nextText) {
		return false
	}
	for _, lang := range []string{langEN, langFR, langDE, langES} {
		if isImperative(lang, t) {
			return false
		}
	}
	// "Gehe zu Einstellungen", "Reserve su mesa": an imperative in -e
	// before a small word is a step too
	ws := strings.Fields(t)
	return len(ws) == 1 || !strings.HasSuffix(ws[0], "e") || startsUpper(ws[1])
}

// labelHead reports whether a line is a label in capitals ending with ":"
// ("ORDERING:", "PICK UP/DELIVERY:"): at most four words.
func labelHead(t string) bool {
	body, ok := strings.CutSuffix(t, ":")
	if !ok || words(body) > 4 || strings.ContainsAny(body, ".:;!?") {
		return false
	}
	return allCaps(body) && utf8.RuneCountInString(body) >= 3
}

// allCaps reports whether every letter of s is a capital.
func allCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters > 0
}

// labelTitle reports whether a line is a short title ending with ":".
func labelTitle(t string) bool {
	body, ok := strings.CutSuffix(t, ":")
	return ok && words(body) <= 8 && !strings.ContainsAny(body, ".:;!?") && startsUpper(body)
}

// remark reports whether a line is a whole remark in brackets.
func remark(t string) bool {
	return strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") && strings.Count(t, "(") == 1 && words(t) >= 3
}

func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	var cells []string
	for _, c := range strings.Split(line, "|") {
		cells = append(cells, inlineClean(c))
	}
	return cells
}

func startsUpper(s string) bool {
	s = strings.TrimLeft(s, "¿¡«\"'“(")
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r)
}

// refersBack reports whether a line starts by referring to the one before
// it ("This fee ...", "Cela ...", "Dies ..."), in any of the languages.
func refersBack(line string) bool { return sameRef.MatchString(line) || knowledge.RefersBack("", line) }
