package knowledge

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify))

// markdownElements parses Markdown (and so plain text, which is Markdown
// without marks) into elements. A paragraph's lines are read again as plain
// text lines, since text copied from a web page puts headings, questions
// and list items on lines of their own without blank lines between them.
func markdownElements(src []byte) []element {
	src = pipeTables(footnoteMarks(bareNumbers(hashNumbers(accordionMarks(src)))))
	doc := markdown.Parser().Parse(text.NewReader(src))
	var out []element
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		out = append(out, blockElements(n, src)...)
	}
	return out
}

// hashNumbers drops the numbers a page marks with "#" before its
// sections' lines ("1# PRIX : …", "2# PAIEMENT : …"; two such lines or
// more, from 1), which Markdown would keep in the text ("1# prix" as a
// title): each line is then a labelled paragraph, as "PRIX : …" alone.
func hashNumbers(src []byte) []byte {
	if !bytes.Contains(src, []byte("1#")) {
		return src
	}
	ms := hashNumber.FindAllSubmatchIndex(src, -1)
	if len(ms) < 2 || string(src[ms[0][2]:ms[0][3]]) != "1" {
		return src
	}
	out := make([]byte, 0, len(src)+len(ms))
	last := 0
	for _, m := range ms {
		out = append(out, src[last:m[0]]...)
		last = m[1]
	}
	return append(out, src[last:]...)
}

// hashNumber is a line's number marked with "#" ("1# ", "12#").
var hashNumber = regexp.MustCompile(`(?m)^[ \t]*(\d{1,2})#[ \t]*`)

// accordionMarks drops the "+" a page copied from the web keeps before
// the titles of its folded sections ("+ Comment placer mes commandes"
// over the section's text, "+ Quelle est votre procès de facturation?"
// over its answer): Markdown would read them as one bulleted list with
// every section's text inside its items. Two such titles or more, each
// short and not a sentence, and each with its text on the very next
// line (a list of "+" items is left as it is).
func accordionMarks(src []byte) []byte {
	if !bytes.Contains(src, []byte("\n+ ")) && !bytes.HasPrefix(src, []byte("+ ")) {
		return src
	}
	lines := strings.Split(string(src), "\n")
	titles, followed := 0, 0
	for i, l := range lines {
		m := accordionTitle.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if len(strings.Fields(m[1])) > 12 || strings.HasSuffix(m[1], ".") {
			return src
		}
		titles++
		if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" && !accordionTitle.MatchString(lines[i+1]) {
			followed++
		}
	}
	if titles < 2 || followed < 2 {
		return src
	}
	for i, l := range lines {
		if m := accordionTitle.FindStringSubmatch(l); m != nil {
			lines[i] = m[1]
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

var accordionTitle = regexp.MustCompile(`^\+\s+(\S.*?)\s*$`)

// bareNumbers joins a step's number standing on a line of its own to the
// text on the next line ("1." then "First look over …" is "1. First look
// over …"), as pages copied from a web page write numbered steps whose
// numbers are drawn apart; two such numbers or more, each followed by
// its text, make the list (a lone "1." is left as it is).
func bareNumbers(src []byte) []byte {
	if !hasBareNumberLine(src) {
		return src
	}
	lines := strings.Split(string(src), "\n")
	next := func(i int) int { // the next non-blank line after i, or -1
		for j := i + 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) != "" {
				return j
			}
		}
		return -1
	}
	joins := map[int]int{}
	for i, l := range lines {
		if !bareNumberLine.MatchString(l) {
			continue
		}
		if j := next(i); j >= 0 && !bareNumberLine.MatchString(lines[j]) && !numberedLine.MatchString(lines[j]) {
			joins[i] = j
		}
	}
	if len(joins) < 2 {
		return src
	}
	var out []string
	skip := map[int]bool{}
	for i, l := range lines {
		if skip[i] {
			continue
		}
		if j, ok := joins[i]; ok {
			out = append(out, strings.TrimSpace(l)+" "+strings.TrimSpace(lines[j]))
			for k := i + 1; k <= j; k++ {
				skip[k] = true
			}
			continue
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n"))
}

var (
	bareNumberLine = regexp.MustCompile(`(?m)^[ \t]*\d{1,2}[.)][ \t]*$`)
	numberedLine   = regexp.MustCompile(`^[ \t]*\d{1,2}[.)][ \t]`)
)

// pipeTables writes a table pasted as text with its cells between "|"
// and no delimiter row ("Mois | Avril | Mai |", then a row's cells one a
// line, "Ouverture du site |", "11h à 17h15 |", …) as a Markdown table:
// read as text, its rows would be short lines and its borders debris.
// The first line with two "|" or more is the header; each row after it is
// one such line, or the lines of one cell ending with "|" until the row
// has the header's cells. A line with pipes that no row follows (a menu,
// "Home | About | Contact") stays as it was.
func pipeTables(src []byte) []byte {
	if bytes.Count(src, []byte("|")) < 4 {
		return src
	}
	lines := strings.Split(string(src), "\n")
	var out []string
	changed := false
	for i := 0; i < len(lines); i++ {
		header := pipeCells(lines[i])
		if len(header) < 2 || strings.Count(lines[i], "|") < 2 || i+1 < len(lines) && tableDelimiter.MatchString(lines[i+1]) ||
			i > 0 && strings.Count(lines[i-1], "|") >= 2 {
			out = append(out, lines[i])
			continue
		}
		var rows [][]string
		bordered := strings.HasPrefix(strings.TrimSpace(lines[i]), "|")
		j := i + 1
		for j < len(lines) {
			l := strings.TrimSpace(lines[j])
			if strings.Count(l, "|") >= 2 {
				rows = append(rows, rowCells(l, bordered, rows))
				j++
				continue
			}
			var row []string
			for ; j < len(lines) && len(row) < len(header); j++ {
				cell, ok := pipeCell(lines[j])
				if !ok {
					break
				}
				row = append(row, cell)
			}
			if row == nil {
				break
			}
			rows = append(rows, row)
		}
		if len(rows) == 0 {
			out = append(out, lines[i])
			continue
		}
		amount := func(c string) bool { return hasAmount(strings.ToLower(c)) }
		if !amount(header[0]) && slices.ContainsFunc(header[1:], amount) {
			// "Base Fee | 9,00€ | Starting price of a tour": a name and
			// its price make the first line a row, and the table has no
			// header (a header of amounts, "< 50 € | < 100 € | …", names
			// the columns of prices)
			rows = append([][]string{header}, rows...)
			header = make([]string, len(header))
		} else if labelled := slices.IndexFunc(rows, func(r []string) bool { return len(r) != len(header)+1 }) < 0; labelled {
			// every row one cell longer than the header: the header has
			// no cell over the rows' names ("< 50 € | < 100 € | … |
			// Plazo entrega" over "Courier Urgente | 5,90 | …")
			header = append([]string{""}, header...)
		}
		out = append(out, "", pipeRow(header, len(header)), "|"+strings.Repeat("---|", len(header)))
		for _, r := range rows {
			if repeatsHeader(r, header) {
				// "Bauschutt, Bodenaushub | Zusatzinfo | Entgelt": the
				// header again, over the next group of rows, which its
				// first cell names: a table of its own
				out = append(out, "", pipeRow(r, len(header)), "|"+strings.Repeat("---|", len(header)))
				continue
			}
			out = append(out, pipeRow(r, len(header)))
		}
		out = append(out, "")
		changed = true
		i = j - 1
	}
	if !changed {
		return src
	}
	return []byte(strings.Join(out, "\n"))
}

// tableDelimiter is a Markdown table's delimiter row ("|---|:--|").
var tableDelimiter = regexp.MustCompile(`^\s*\|?\s*:?-{3,}`)

// pipeCells are a pasted row's cells, without the empty ones its outer
// borders leave.
func pipeCells(line string) []string {
	var cells []string
	for _, c := range strings.Split(line, "|") {
		if c = strings.TrimSpace(c); c != "" {
			cells = append(cells, c)
		}
	}
	return cells
}

// rowCells are a pasted row's cells in their columns. In a table without
// outer borders a row that opens with "|" has its first cell empty: the
// same as the row above ("PKW | Kofferraum | 6,00" then "| Kofferraum bei
// umgeklappter Rückbank | 8,50"); so has a cell that is a ditto mark
// ("\"" under "PKW- und Motorradreifen").
func rowCells(line string, bordered bool, above [][]string) []string {
	if bordered {
		return pipeCells(line)
	}
	cells := strings.Split(strings.TrimSuffix(line, "|"), "|")
	for k := range cells {
		cells[k] = strings.TrimSpace(cells[k])
		if c := cells[k]; (c == "" || c == "\"" || c == "〃" || c == "''" || c == "”") && len(above) > 0 && k < len(above[len(above)-1]) {
			cells[k] = above[len(above)-1][k]
		}
	}
	return cells
}

// repeatsHeader says whether a row is the header again but for its first
// cell.
func repeatsHeader(row, header []string) bool {
	if len(row) != len(header) || len(row) < 2 || header[0] == "" {
		return false
	}
	for k := 1; k < len(row); k++ {
		if !strings.EqualFold(row[k], header[k]) {
			return false
		}
	}
	return true
}

// pipeCell is a line holding one cell of a row, its border after it
// ("11h à 17h15 |").
func pipeCell(line string) (string, bool) {
	l := strings.TrimSpace(line)
	if !strings.HasSuffix(l, "|") || strings.Count(l, "|") != 1 {
		return "", false
	}
	return strings.TrimSpace(strings.TrimSuffix(l, "|")), true
}

// pipeRow writes cells as a Markdown row of n cells: missing ones empty,
// extra ones joined to the last.
func pipeRow(cells []string, n int) string {
	row := make([]string, n)
	for k, c := range cells {
		if k >= n {
			row[n-1] += " " + c
			continue
		}
		row[k] = c
	}
	return "| " + strings.Join(row, " | ") + " |"
}

// footnoteLine is a footnote of a page copied as text, its mark against
// its first word ("*Der Schlüsselpfand beträgt 5 € …").
var footnoteLine = regexp.MustCompile(`(?m)^\*[\p{L}\d][^*\n]*$`)

// hasFootnoteLine says whether src has a footnoteLine, looking only at the
// lines that open on "*" (the regular expression over a whole page was a
// twentieth of its parsing).
func hasFootnoteLine(src []byte) bool {
	for i := 0; i < len(src); {
		end := bytes.IndexByte(src[i:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += i
		}
		if src[i] == '*' && footnoteLine.Match(src[i:end]) {
			return true
		}
		i = end + 1
	}
	return false
}

// footnoteRef is a footnote's mark typed against the words on both sides
// of it ("10,00 € pro Tag*zzgl. 5 €").
var footnoteRef = regexp.MustCompile(`([\p{L}\d.)])\*([\p{L}])`)

// footnoteMarks writes a page's footnote marks between two words as a
// space, when the page has a footnote: two of them in a paragraph ("pro
// Tag*zzgl. …", "für 7 Tage*zzgl. …") would read as Markdown emphasis
// and glue the words ("Tagzzgl.").
func footnoteMarks(src []byte) []byte {
	if !bytes.Contains(src, []byte("*")) {
		return src
	}
	if hasFootnoteLine(src) {
		src = footnoteRef.ReplaceAll(src, []byte("$1 $2"))
	}
	// a mark after a word whose footnote the page left out ("non
	// contre-indication* à la pratique"), alone on its line: no emphasis
	// can close there, and the mark points at nothing
	lines := bytes.Split(src, []byte("\n"))
	changed := false
	for i, l := range lines {
		if bytes.Count(l, []byte("*")) == 1 {
			if loc := strayMark.FindIndex(l); loc != nil {
				star := loc[0] + bytes.IndexByte(l[loc[0]:loc[1]], '*')
				lines[i] = append(append([]byte{}, l[:star]...), l[star+1:]...)
				changed = true
			} else if loc := leadMark.FindIndex(l); loc != nil {
				// "… must be provided. *be creative", "*piercing ages
				// are subject to change": a note's mark before its first
				// word, no emphasis (on a line of its own it may join a
				// list item above it, where no reading of lines sees it)
				star := loc[0] + bytes.IndexByte(l[loc[0]:loc[1]], '*')
				lines[i] = append(append([]byte{}, l[:star]...), l[star+1:]...)
				changed = true
			}
		}
	}
	if !changed {
		return src
	}
	return bytes.Join(lines, []byte("\n"))
}

// leadMark is a note's mark against the first word of its note, at the
// start of a line or after a space ("… provided. *be creative").
var leadMark = regexp.MustCompile(`(?:^|\s)\*\p{L}`)

// strayMark is a footnote's mark against the end of a word, before a
// space or a stop ("contre-indication* à").
var strayMark = regexp.MustCompile(`\p{L}\*(?:[\s,.;:!?)]|$)`)

func blockElements(n ast.Node, src []byte) []element {
	switch n := n.(type) {
	case *ast.Heading:
		if t := clean(inlineText(n, src)); t != "" {
			return []element{{kind: elHeading, level: n.Level, text: t}}
		}
	case *ast.Paragraph, *ast.TextBlock:
		return lineElements(strings.Split(inlineText(n, src), "\n"))
	case *ast.List:
		if linkItems(n) {
			return nil // a menu or a table of contents: every item a link
		}
		// a label item in capitals ("- PRECIO:", "- RESERVAS ACTIVAS
		// MÁXIMAS") heads the items after it: a nested list flattened
		// when the page was copied
		var out []element
		el := element{kind: elList, ordered: n.IsOrdered()}
		var marks []int // the ordered items' own numbers, as written
		num := n.Start - 1
		for it := n.FirstChild(); it != nil; it = it.NextSibling() {
			num++
			t := strings.TrimSpace(containerText(it, src))
			if el.ordered && inlineClause.MatchString(t) {
				// "1. Anmeldung 1.1 Die Anmeldung … 1.2 …": a section of
				// terms with its clauses, read as the lines they are
				lines := strings.Split(t, "\n")
				lines[0] = strconv.Itoa(num) + ". " + lines[0]
				if split := splitClauses(lines); len(split) > len(lines) {
					if len(el.items) > 0 {
						out = append(out, el)
					}
					out = append(out, numberedTitles(lineElements(split))...)
					el = element{kind: elList, ordered: true}
					continue
				}
			}
			if strings.Contains(t, ". .") || strings.Contains(t, ":.") || strings.Contains(t, "....") {
				lines := strings.Split(t, "\n")
				for i, l := range lines {
					lines[i] = dotLeaders(l)
				}
				t = strings.Join(lines, "\n")
			}
			if !el.ordered {
				if keep, after, ok := questionAfterItem(t); ok {
					// "- Paga la reserva." over "Cuando el pago …" and
					// "¿Qué documentación necesito?", then "- El carné …":
					// a page copied without blank lines, where Markdown
					// reads the lines after an item as its own. The
					// question opens what follows, and the items after it
					// are its list.
					el.items = append(el.items, keep)
					out = append(out, el)
					out = append(out, lineElements(after)...)
					el, marks = element{kind: elList}, nil
					continue
				}
			}
			switch {
			case t == "":
			case !el.ordered && !strings.Contains(t, "\n") && (labelLine(t) || shoutedTitle(t)) && !rowHeader(t):
				if len(el.items) > 0 {
					out = append(out, el)
				}
				out = append(out, element{kind: elHeading, level: levelLine, text: strings.TrimSpace(strings.TrimSuffix(t, ":"))})
				el = element{kind: elList, ordered: n.IsOrdered()}
			default:
				el.items = append(el.items, t)
				marks = append(marks, itemNumber(it, src))
			}
		}
		if len(el.items) > 0 {
			if el.ordered && len(marks) == len(el.items) {
				// choices numbered again under a step stay in it; any
				// other new numbering from 1 starts a list of its own
				// ("1. Go to Settings … 3. Select Service icon, then fill
				// in the information." over "1. Service Name: …", "2.
				// Duration: …": a procedure, then the fields it fills)
				items, starts := nestedRestart(el.items, marks)
				for i, start := range starts {
					end := len(items)
					if i+1 < len(starts) {
						end = starts[i+1]
					}
					out = append(out, element{kind: elList, ordered: true, items: items[start:end], renumbered: i > 0})
				}
				return out
			}
			out = append(out, el)
		}
		return out
	case *east.Table:
		return []element{tableElement(n, src)}
	case *ast.HTMLBlock:
		var b strings.Builder
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			b.Write(seg.Value(src))
		}
		if n.HasClosure() {
			b.Write(n.ClosureLine.Value(src))
		}
		return htmlElements(b.String())
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		var b strings.Builder
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			b.Write(seg.Value(src))
		}
		if el, ok := codeElement(b.String()); ok {
			return []element{el}
		}
	case *ast.ThematicBreak:
		return nil
	default: // block quotes and other containers
		var out []element
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			out = append(out, blockElements(c, src)...)
		}
		return out
	}
	return nil
}

func tableElement(t *east.Table, src []byte) element {
	el := element{kind: elTable}
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []string
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, clean(inlineText(c, src)))
		}
		if _, ok := r.(*east.TableHeader); ok {
			el.header = cells
		} else {
			el.rows = append(el.rows, cells)
		}
	}
	return el
}

// containerText is the text of a list item: its paragraphs and nested
// lists, their lines kept (faqLists looks at the first).
func containerText(n ast.Node, src []byte) string {
	var parts []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			parts = append(parts, joinIndented(c, inlineText(c, src), src))
		case *ast.Heading:
			parts = append(parts, inlineText(c, src))
		case *ast.FencedCodeBlock, *ast.CodeBlock:
		default:
			parts = append(parts, containerText(c, src))
		}
	}
	return strings.Join(parts, "\n")
}

// joinIndented joins to the line before it each line of a list item's
// paragraph that is indented in the source: a continuation the writer
// meant ("2) Choose a time." then "   It is quick."). Lines that are not
// ("lazy" lines) stay apart, for splitLazy to judge: text copied from a
// web page puts the text after a list there.
func joinIndented(p ast.Node, text string, src []byte) string {
	lines := p.Lines()
	if lines.Len() < 2 || strings.Count(text, "\n") != lines.Len()-1 {
		return text
	}
	parts := strings.Split(text, "\n")
	var b strings.Builder
	b.WriteString(parts[0])
	for k := 1; k < len(parts); k++ {
		start := lines.At(k).Start
		ls := start
		for ls > 0 && src[ls-1] != '\n' {
			ls--
		}
		if start > ls && strings.TrimLeft(string(src[ls:start]), " \t") == "" {
			b.WriteString(" ")
		} else {
			b.WriteString("\n")
		}
		b.WriteString(parts[k])
	}
	return b.String()
}

// inlineText is the text of n's inline children without marks; line breaks
// stay "\n".
func inlineText(n ast.Node, src []byte) string {
	var b strings.Builder
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(util.UnescapePunctuations(c.Value(src)))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte('\n')
				}
			case *ast.String:
				b.Write(c.Value)
			case *ast.AutoLink:
				b.Write(c.Label(src))
			case *ast.CodeSpan:
				// a code span's line breaks are spaces (CommonMark)
				var code strings.Builder
				for t := c.FirstChild(); t != nil; t = t.NextSibling() {
					if seg, ok := t.(*ast.Text); ok {
						code.Write(seg.Value(src))
					}
				}
				b.WriteString(strings.ReplaceAll(code.String(), "\n", " "))
			case *ast.Image, *ast.RawHTML:
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}

// inlineOnly reads a text as one paragraph of inline Markdown: no block
// constructs ("1. ", "# ", "> ", indentation are text), emphasis, links,
// images, code spans, strikethrough and raw HTML as goldmark reads them.
var inlineOnly = parser.NewParser(
	parser.WithBlockParsers(util.Prioritized(parser.NewParagraphParser(), 100)),
	parser.WithInlineParsers(append(parser.DefaultInlineParsers(), util.Prioritized(extension.NewStrikethroughParser(), 500))...),
)

// PlainInline returns a line of text without its inline Markdown: the
// text of emphasis, strong, strikethrough, code spans and links (their
// targets go), without images and inline HTML tags; backslash escapes are
// resolved. Line breaks become spaces. Text without any mark comes back
// as it is.
func PlainInline(s string) string {
	if !strings.ContainsAny(s, "*_[]!`~<\\") {
		return s
	}
	src := []byte(s)
	doc := inlineOnly.Parse(text.NewReader(src))
	var b strings.Builder
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strings.ReplaceAll(inlineText(n, src), "\n", " "))
	}
	return b.String()
}

// linkItems says whether every item of a list (two or more) is one link
// and nothing else ("* [Setup](#setup)").
func linkItems(list *ast.List) bool {
	items := 0
	for it := list.FirstChild(); it != nil; it = it.NextSibling() {
		p := it.FirstChild()
		if p == nil || p.NextSibling() != nil {
			return false
		}
		if _, ok := p.(*ast.TextBlock); !ok {
			if _, ok := p.(*ast.Paragraph); !ok {
				return false
			}
		}
		c := p.FirstChild()
		if _, ok := c.(*ast.Link); !ok || c.NextSibling() != nil {
			return false
		}
		items++
	}
	return items >= 2
}

// itemNumber is the number an ordered list item is written with ("6." in
// "6. Next, you can either;"), read from the source before its text, or 0.
func itemNumber(it ast.Node, src []byte) int {
	for c := it.FirstChild(); c != nil; c = c.FirstChild() {
		if c.Type() != ast.TypeBlock || c.Lines().Len() == 0 {
			continue
		}
		start := c.Lines().At(0).Start
		i := start
		for i > 0 && src[i-1] != '\n' {
			i--
		}
		line := strings.TrimSpace(string(src[i:start]))
		digits := strings.TrimRight(line, ".) ")
		if n, err := strconv.Atoi(digits); err == nil {
			return n
		}
		return 0
	}
	return 0
}

// nestedRestart keeps in a step the choices numbered again from 1 under it
// ("6. Next, you can either;" over "1. Set it so that …", "2. Have your
// Waitlist …", before "7. Click Save"): read as one list, they would be
// steps 7 and 8. The choices join the step's text, with their numbers.
func nestedRestart(items []string, marks []int) ([]string, []int) {
	out := items[:0:0]
	starts := []int{0} // where a list numbered again from 1 starts in out
	for i := 0; i < len(items); i++ {
		if i > 0 && marks[i] == 1 && marks[i-1] >= 2 {
			starts = append(starts, len(out))
		}
		out = append(out, items[i])
		step := marks[i]
		t := strings.TrimSpace(items[i])
		if step < 2 || !(strings.HasSuffix(t, ":") || strings.HasSuffix(t, ";")) || i+1 >= len(items) || marks[i+1] != 1 {
			continue
		}
		j := i + 1
		for j < len(items) && marks[j] == j-i {
			j++
		}
		if j == len(items) || marks[j] != step+1 {
			continue // no return to the next step: not choices
		}
		for k := i + 1; k < j; k++ {
			out[len(out)-1] += " " + strconv.Itoa(marks[k]) + ". " + strings.TrimSpace(items[k])
		}
		i = j - 1
	}
	return out, starts
}

// questionAfterItem splits a list item's text where a question opens a
// line of its own after a line that ends a sentence: keep is the item,
// after the lines from the question on. ok is false when the item's first
// line is itself a question (a listed question over its answer).
func questionAfterItem(t string) (keep string, after []string, ok bool) {
	lines := strings.Split(t, "\n")
	if len(lines) < 2 || questionLine(strings.TrimSpace(lines[0])) {
		return "", nil, false
	}
	for i := 1; i < len(lines); i++ {
		if questionLine(strings.TrimSpace(lines[i])) && endsSentence(strings.TrimSpace(lines[i-1])) {
			return strings.Join(lines[:i], "\n"), lines[i:], true
		}
	}
	return "", nil, false
}

// hasBareNumberLine says whether src has a line holding only a number of
// one or two digits and "." or ")" (bareNumberLine, read without the
// regular expression: it runs on every document).
func hasBareNumberLine(src []byte) bool {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimRight(bytes.TrimLeft(line, " \t"), " \t")
		n := 0
		for n < len(line) && line[n] >= '0' && line[n] <= '9' {
			n++
		}
		if n >= 1 && n <= 2 && len(line) == n+1 && (line[n] == '.' || line[n] == ')') {
			return true
		}
	}
	return false
}
