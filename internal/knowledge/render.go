package knowledge

import (
	"cmp"
	"strconv"
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
	d := read(s)
	r := &renderer{d: d, lastList: -1}
	for i := range d.blocks {
		r.block(&d.blocks[i])
	}
	return r.b.String()
}

// renderer writes a parsed document in its Markdown form.
type renderer struct {
	d        *doc
	b        strings.Builder
	path     []string // the heading path written last
	lastList int32    // the list being written (an item's group, rowList), or -1
	bullet   string   // the list marker being written: "- ", or "* " for a list right after another
}

// sep ends the block written last with a blank line.
func (r *renderer) sep() {
	if r.b.Len() > 0 {
		r.b.WriteString("\n\n")
	}
}

func (r *renderer) block(bl *block) {
	r.headings(bl.heading)
	switch bl.kind {
	case kindItem:
		if bl.group != r.lastList {
			r.sep()
			lead := r.d.lists[bl.group].lead
			if lead != "" {
				r.b.WriteString(plainLine(lead) + "\n")
			}
			// a list right after another takes the other marker: with the
			// same one and only a blank line between, Markdown reads one
			// list
			if r.lastList != -1 && lead == "" && r.bullet == "- " {
				r.bullet = "* "
			} else {
				r.bullet = "- "
			}
			r.lastList = bl.group
		} else {
			r.b.WriteString("\n")
		}
		r.b.WriteString(r.bullet + plainLine(bl.text))
		return
	case kindRow:
		if r.lastList == rowList || strings.HasSuffix(r.b.String(), ":") {
			// the next row, or the first under the sentence that
			// announces the table ("These options are supported:"),
			// which reads as the rows' lead-in
			r.b.WriteString("\n")
		} else {
			r.sep()
		}
		r.b.WriteString("- " + plainLine(bl.text))
		r.lastList, r.bullet = rowList, "- "
		return
	case kindProcedure:
		r.sep()
		r.procedure(bl.text, bl.staged)
	case kindCode:
		r.sep()
		r.code(bl)
	default:
		r.sep()
		r.b.WriteString(plainLine(bl.text))
	}
	r.lastList = -1
}

// headings writes the headings of path that differ from those written
// last, "#" by depth.
func (r *renderer) headings(path []string) {
	same := 0
	for same < len(r.path) && same < len(path) && r.path[same] == path[same] {
		same++
	}
	if same == len(path) && same == len(r.path) {
		return
	}
	for k := same; k < len(path); k++ {
		r.sep()
		r.b.WriteString(strings.Repeat("#", min(k+1, 6)) + " " + plainLine(path[k]))
	}
	r.path, r.lastList = path, -1
}

// procedure writes a procedure's lead-in and its steps, numbered, with
// the step's word when the page named its steps ("Step 2: Choose a
// frame."): read again, such steps are a procedure though few of them
// are instructions.
func (r *renderer) procedure(text string, staged bool) {
	word := ""
	if staged {
		word = cmp.Or(stepWord[r.d.lang], stepWord[EN]) + " "
	}
	n := 0
	for i, line := range strings.Split(text, "\n") {
		num, step, ok := strings.Cut(line, ". ")
		if i > 0 {
			r.b.WriteString("\n")
		}
		if ok && isDigits(num) {
			n++
			if word != "" {
				r.b.WriteString(word + strconv.Itoa(n) + ": " + plainLine(step))
			} else {
				r.b.WriteString(strconv.Itoa(n) + ". " + plainLine(step))
			}
		} else {
			r.b.WriteString(plainLine(line))
		}
	}
}

// code writes a code block's lead-in and its lines in a fence longer than
// any run of backquotes in them.
func (r *renderer) code(bl *block) {
	code := bl.text
	if len(bl.sentences) > 0 {
		r.b.WriteString(plainLine(bl.sentences[0]) + "\n\n")
		code = strings.TrimPrefix(code, bl.sentences[0]+"\n")
	}
	fence := "```"
	for strings.Contains(code, fence) {
		fence += "`"
	}
	r.b.WriteString(fence + "\n" + code + "\n" + fence)
}

// stepWord is the word a page writes before a step's number.
var stepWord = map[string]string{EN: "Step", FR: "Étape", DE: "Schritt", ES: "Paso"}

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
