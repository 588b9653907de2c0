package knowledge

import (
	"strings"
)

// Markdown writes a document as the knowledge model reads it, in one
// plain Markdown form: its headings ("#" to "######" by depth), paragraphs
// on one line each, lists with their lead-in sentence ("- item"),
// procedures whole ("1. step", numbered), table rows as list items
// (RowText), question headings with their answers, and code in fences.
// Page furniture, markup, tables of contents and the page's numbering are
// gone. It is what a language model is given to write from, and what
// generated documents are checked against: the same reading as answers.
// Reading the result again gives the same blocks (FuzzMarkdown).
func Markdown(s Source) string {
	d := parse(s)
	var b strings.Builder
	var path []string
	lastList := int32(-1)
	sep := func() {
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
	}
	for _, bl := range d.blocks {
		same := 0
		for same < len(path) && same < len(bl.heading) && path[same] == bl.heading[same] {
			same++
		}
		if same < len(bl.heading) || same < len(path) {
			for k := same; k < len(bl.heading); k++ {
				sep()
				b.WriteString(strings.Repeat("#", min(k+1, 6)) + " " + plainLine(bl.heading[k]))
			}
			path, lastList = bl.heading, -1
		}
		switch bl.kind {
		case kindItem:
			if bl.group != lastList {
				sep()
				if lead := d.lists[bl.group].lead; lead != "" {
					b.WriteString(plainLine(lead) + "\n")
				}
				lastList = bl.group
			} else {
				b.WriteString("\n")
			}
			b.WriteString("- " + plainLine(bl.text))
			continue
		case kindRow:
			if lastList == rowList || strings.HasSuffix(b.String(), ":") {
				// the next row, or the first under the sentence that
				// announces the table ("These options are supported:"),
				// which reads as the rows' lead-in
				b.WriteString("\n")
			} else {
				sep()
			}
			b.WriteString("- " + plainLine(bl.text))
			lastList = rowList
			continue
		case kindProcedure:
			sep()
			n := 0
			for i, line := range strings.Split(bl.text, "\n") {
				num, step, ok := strings.Cut(line, ". ")
				if i > 0 {
					b.WriteString("\n")
				}
				if ok && isDigits(num) {
					n++
					b.WriteString(itoa(n) + ". " + plainLine(step))
				} else {
					b.WriteString(plainLine(line))
				}
			}
		case kindCode:
			sep()
			code := bl.text
			if len(bl.sentences) > 0 {
				b.WriteString(plainLine(bl.sentences[0]) + "\n\n")
				code = strings.TrimPrefix(code, bl.sentences[0]+"\n")
			}
			fence := "```"
			for strings.Contains(code, fence) {
				fence += "`"
			}
			b.WriteString(fence + "\n" + code + "\n" + fence)
		default:
			sep()
			b.WriteString(plainLine(bl.text))
		}
		lastList = -1
	}
	return b.String()
}

// rowList marks table rows as the list being written.
const rowList = -2

// plainLine keeps a line of text from being read as Markdown syntax when it
// is read again: the marks of emphasis, code, links and inline HTML are
// escaped, and so is a leading list marker, heading mark or quote, or a
// number followed by a full stop or a bracket.
func plainLine(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '~', '#':
			b.WriteByte('\\')
		case '<':
			if next := s[i+1:]; next != "" && (next[0] == '/' || next[0] == '!' || next[0] == '?' || isLetterByte(next[0])) {
				b.WriteByte('\\')
			}
		case '-', '+', '>', '=':
			if i == 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	out := b.String()
	// "2. Januar", "0)": a list item's number when read again
	n := 0
	for n < len(out) && out[n] >= '0' && out[n] <= '9' {
		n++
	}
	if n > 0 && n <= 9 && n < len(out) && (out[n] == '.' || out[n] == ')') && (n+1 == len(out) || out[n+1] == ' ' || out[n+1] == '\t') {
		return out[:n] + "\\" + out[n:]
	}
	return out
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
