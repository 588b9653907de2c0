package knowledge

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// An element is one structural piece of a document as its front end (Markdown,
// HTML or plain text) sees it, before blocks are built from it.
type element struct {
	kind       elemKind
	level      int      // headings: 1..6; 7 for a line that reads as a heading; 8 for a question line
	text       string   // headings and paragraphs
	items      []string // lists
	ordered    bool     // lists
	renumbered bool     // an ordered list numbered again from 1 right after another: not its continuation (joinSteps)
	start      int      // an ordered list read from text: its first item's number as the page wrote it (0 when not known)
	worded     bool     // an ordered list the page names as steps: its numbers opened by a step's word ("Step 1.", "Étape 2 :"), or a lead-in saying to do them (parse.go's checklistLead)
	header     []string // tables
	rows       [][]string
}

type elemKind int

const (
	elHeading elemKind = iota
	elParagraph
	elList
	elTable
	elCode // a block of code or commands, its lines kept
)

// Code blocks longer than these are not quoted as answers (a listing is
// no answer to a customer's question; an install command is).
const (
	maxCodeLines = 12
	maxCodeBytes = 800
)

// codeElement is the element of a code block's text, or false when it is
// empty or too long to quote.
func codeElement(code string) (element, bool) {
	lines := strings.Split(strings.Trim(code, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	// blank lines at either end (" \n0000": a line of spaces first) are
	// no part of the code
	text := strings.Trim(strings.Join(lines, "\n"), "\n")
	if strings.TrimSpace(text) == "" || len(lines) > maxCodeLines || len(text) > maxCodeBytes {
		return element{}, false
	}
	return element{kind: elCode, text: text}, true
}

// Levels given to headings that plain text only implies.
const (
	levelLine     = 7 // a short line without final punctuation
	levelLabel    = 8 // a label ending with a colon over its text, below a line's title
	levelQuestion = 9 // a question line followed by its answer
)

// clean collapses the spaces of s and drops invisible characters.
func clean(s string) string {
	if isClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch r {
		case '\u200b', '\u200c', '\u200d', '\ufeff', '\u00ad':
			continue
		case '\u00a0', '\u2009', '\u202f':
			r = ' '
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isClean says whether s is ASCII without control characters, leading,
// trailing or double spaces: clean would return it unchanged.
func isClean(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || c < ' ' || (c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ')) {
			return false
		}
	}
	return true
}

// lineElements reads lines of plain text the way text copied from a web
// page is written: a line ending in final punctuation ends a paragraph, a
// line continued in lower case is wrapped, a short line without final
// punctuation stands alone (promoteHeadings may make it a heading), and
// lines starting with a bullet or a step number are list items.
func lineElements(lines []string) []element {
	lines = stepParts(parenSteps(splitClauses(gluedSteps(trailingQuestions(gluedLabels(dashLabels(markedSteps(lines))))))))
	var out []element
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, element{kind: elParagraph, text: clean(strings.Join(para, " "))})
			para = nil
		}
	}
	addItem := func(text string, ordered bool) {
		flush()
		if n := len(out); n > 0 && out[n-1].kind == elList && out[n-1].ordered == ordered {
			out[n-1].items = append(out[n-1].items, text)
			return
		}
		out = append(out, element{kind: elList, ordered: ordered, items: []string{text}})
	}
	prevLine := ""
	short := shortLine(lines)
	lastStep := 0 // the number of the last step line
	// Runs of lines that are a list's items though no mark says so (a
	// schedule's lines, a price table's rows): a line of the run after
	// one in the paragraph so far takes both out as items, and one after
	// the run's last item adds to it while goesOn holds of that item's
	// line. runKind and runLast are the kind and line of the last item a
	// run added.
	runKind, runLast := 0, ""
	bare := 0 // lines still to take as items of a list whose marks were lost (bareItems)
	run := func(kind int, line string, opens func(prev string) bool, goesOn func(last string) bool, trim func(string) string) bool {
		if n := len(para); n > 0 && opens(para[n-1]) {
			prev := para[n-1]
			para = para[:n-1]
			flush()
			addItem(trim(prev), false)
			addItem(trim(line), false)
			runKind, runLast = kind, line
			return true
		}
		if n := len(out); len(para) == 0 && n > 0 && out[n-1].kind == elList && !out[n-1].ordered &&
			runKind == kind && lastItem(out[n-1]) == trim(runLast) && goesOn(runLast) {
			addItem(trim(line), false)
			runLast = line
			return true
		}
		return false
	}
	clauses := clauseLines(lines)
	tables := tabTables(lines)
	skip := 0 // lines of a table already read
	for i, raw := range lines {
		if i < skip {
			continue
		}
		if t, ok := tables[i]; ok {
			// "Période⇥Jours⇥Horaires" over its rows: a table copied
			// from a web page, its cells between tabs
			flush()
			out = append(out, t.el)
			skip = i + t.lines
			continue
		}
		line := strings.TrimSpace(raw)
		if line == "" {
			flush()
			continue
		}
		if m := sectionMatch(line); m != nil {
			line = m[1] // "§ 1 Anmeldung und Teilnahme": the section's title
		} else if clauses[i] {
			_, line, _ = strings.Cut(line, " ") // "1.1 An Goldschmiedekursen kann …": the clause
		}
		if line == "|" || line == "||" {
			continue // a table's cell border pasted as text, alone on its line
		}
		if strings.HasSuffix(line, " |") && strings.Count(line, "|") == 1 {
			line = strings.TrimSpace(strings.TrimSuffix(line, "|")) // "visite initiale |": a cell's border after its text
		}
		if m := wideNumberOf(line); m != nil {
			line = m[1] + ". " + m[2] // "1        To retard …": a list pasted from a word processor
		}
		line = dotLeaders(lineText(clean(line)))
		if strings.HasSuffix(prevLine, "?") {
			if line == "A." || line == "A:" {
				continue // the answer's mark on a line of its own; prevLine stays the question
			}
			line = answerMark(line)
		}
		prevLine = line
		if bareMarker(line) {
			continue // "*", "1." alone: a list mark without its item
		}
		if len(line) <= 16 && pageEnds[strings.ToLower(line)] {
			// "bottom of page" after a sentence left without its final
			// stop: the page's furniture, not the sentence's end
			flush()
			continue
		}
		if rest, ok := strings.CutPrefix(line, "*"); ok && rest != "" && !strings.HasPrefix(rest, " ") && !strings.Contains(rest, "*") {
			line = rest // "*2pm – 4pm by booking only": a footnote's mark
		}
		switch {
		case priceRow(line) && run(runPrice, line, func(prev string) bool { return priceRow(prev) || rowHeader(prev) }, always, asIs):
			// "Green Fee 18 Hoyos – 58€ – 35€": a price table's rows,
			// written a row a line with dashes between the cells (and the
			// header row above them, "NO SOCIOS – SOCIO*", the first)
			continue
		case commaItem(line) && run(runComma, line, func(prev string) bool { return commaItem(prev) && strings.HasSuffix(prev, ",") }, endsComma, trimComma):
			// "Cancelación de reserva antes de 15 días penalidad 10%,",
			// "Cancelación de reserva entre 14 a 7 días penalidad 15%,":
			// a schedule's lines, each ended by a comma
			continue
		case amountLine(line) && run(runAmount, line, amountLine, always, asIs):
			// "Le 2eme forfait … entre 17h à 2h du matin le prix est de
			// 850 Euro", "Après 2h du matin et par heure supplémentaire
			// 100 Euros": a price list's lines, each ended by its amount
			continue
		case scheduleLine(line) && run(runSchedule, line, scheduleLine, always, asIs):
			// "Tuesday – Thursday // 4 pm – 9 pm", "Friday // 2 pm – 11
			// pm": short lines of times
			continue
		}
		if labelLine(line) {
			// "DEPOSIT:", "PICK UP/DELIVERY:" on a line of their own
			// head what follows
			flush()
			out = append(out, element{kind: elHeading, level: levelLine, text: strings.TrimSpace(strings.TrimSuffix(line, ":"))})
			continue
		}
		if text, ok := bulletItem(line); ok {
			if labelLine(text) || shoutedTitle(text) {
				// "- PRECIO:", "- RESERVAS ACTIVAS MÁXIMAS": a nested
				// list's label, flattened when the page was copied,
				// heads the items under it
				flush()
				out = append(out, element{kind: elHeading, level: levelLine, text: strings.TrimSpace(strings.TrimSuffix(text, ":"))})
				continue
			}
			addItem(text, false)
			continue
		}
		if bare > 0 {
			bare--
			addItem(line, false)
			continue
		}
		if lead := strings.Join(para, " "); len(para) > 0 && strings.HasSuffix(lead, ":") && (len(Sentences(lead)) >= 2 || len(strings.Fields(lead)) >= 8) {
			// (a lead-in in a paragraph of prose; a label alone, "Ponygruppe
			// für Kinder ab 3:", heads the lines under it)
			if n := bareItems(lines[i:]); n >= 2 {
				// "Dazu kommen laufende Kosten:" over "Vereinsbeitrag",
				// "jährliche Pacht", "Versicherung", "Wasserkosten": a
				// list whose bullets were lost when the page was copied
				bare = n - 1
				addItem(line, false)
				continue
			}
		}
		if (len(para) > 0 && strings.HasSuffix(para[len(para)-1], ":") ||
			len(para) == 0 && len(out) > 0 && out[len(out)-1].kind == elList && !out[len(out)-1].ordered && labelValue(lastItem(out[len(out)-1]))) &&
			labelValue(line) && len(strings.Fields(line)) <= 8 {
			// "The fees are:" over "Dentist Appointments: $150",
			// "Hygiene Appointments: $75": the lead-in's items
			addItem(line, false)
			continue
		}
		if text, ok := stepItem(line); ok {
			n := leadingNumber(line)
			if n == 1 && lastStep >= 2 && len(para) == 0 && len(out) > 0 && out[len(out)-1].kind == elList && out[len(out)-1].ordered {
				// "3. Select Service icon, then fill in the information."
				// over "1. Service Name: …": a list of its own
				out = append(out, element{kind: elList, ordered: true, renumbered: true})
			}
			addItem(text, true)
			if l := &out[len(out)-1]; len(l.items) == 1 {
				l.start = n
			}
			if stepWorded(line) {
				out[len(out)-1].worded = true
			}
			lastStep = n
			continue
		}
		if n := len(out); len(para) == 0 && n > 0 && out[n-1].kind == elList {
			items := out[n-1].items
			last := items[len(items)-1]
			switch {
			case startsLower(line):
				items[len(items)-1] += " " + line // a wrapped list item
				continue
			case strings.HasSuffix(last, "?") || (strings.Contains(last, "\n") && !shortTitle(line)):
				items[len(items)-1] += "\n" + line // the answer to a listed question
				continue
			}
		}
		if strings.ContainsAny(line, "|>›»") && IsChrome(line) {
			// a menu or a breadcrumb between lines without their stops
			// ("Inicio | Contenedores | Tamaños | Contacto", "Inicio >
			// Información"): a paragraph of its own, which the reader
			// drops as chrome, not a part of the text around it
			flush()
			out = append(out, element{kind: elParagraph, text: line})
			continue
		}
		if articleLine(line) {
			// "Article 2 TARIF" after a paragraph without its final
			// stop: a section of terms opens, on a line of its own
			flush()
			para = append(para, line)
			flush()
			continue
		}
		if len(para) == 1 && shortTitle(para[0]) && startsLower(line) && IsChrome(line) {
			// a title over its byline ("posted in: Lash Extensions |
			// 0"): the byline is no continuation of the title
			flush()
			out = append(out, element{kind: elParagraph, text: line})
			continue
		}
		if len(para) > 0 {
			prev := para[len(para)-1]
			question := strings.HasSuffix(line, "?") && !startsLower(line) && len(strings.Fields(line)) <= 25
			// A title over a list, after a sentence whose final stop was
			// left off ("… and is subject to availability" over "Client
			// Readiness & Waiting Time" over "-Our crew arrives …"), heads
			// the list, and does not end the sentence.
			overList := !startsLower(line) && titleLine(line) && len(strings.Fields(prev)) >= 6 &&
				i+1 < len(lines) && isBullet(strings.TrimSpace(lines[i+1]))
			// A line of wrapped text well short of the lines that wrap,
			// before a capital, ended its paragraph without a final stop
			// ("… a 10% late charge, at my discretion" over "Repairs are
			// billed …").
			ended := short > 0 && utf8.RuneCountInString(prev) < short && !startsLower(line) && !carriesOn(prev)
			// A title in Title Case over text that opens with a capital,
			// after a line without its final stop ("… coveralls for every
			// session" over "Rage Room Guest Policy" over "At The Smashit
			// House, …"), starts a part of its own.
			titled := titleCaseLine(line) && i+1 < len(lines) && !startsLower(strings.TrimSpace(lines[i+1])) && !carriesOn(prev)
			// A German clause ended on its verb's prefix ("… bringt ihr
			// für eure Kinder mit") ended its sentence.
			particle := !startsLower(line) && germanParticleEnd(words(strings.ToLower(prev)))
			// A numbered rule's title alone on its line ("Règle n°2 :
			// enfermez vos moutons serrés car …" over "Pour être attrapés
			// …") heads the text under it.
			ruled := len(para) == 1 && !startsLower(line) && numberedLabel.MatchString(prev)
			if (endsSentence(prev) || (!startsLower(line) && titleLine(prev)) || question || overList || ended || titled || particle || ruled) && !remark(line) && !(endsSentence(prev) && !strings.HasSuffix(prev, "?") && demonstrative(line)) {
				// (a question line starts a block of its own even after
				// a line without final punctuation: "… email us at
				// [email protected]" before "What are standard delivery
				// times?")
				flush()
			}
		}
		para = append(para, line)
	}
	flush()
	return out
}

// numberedLabel opens a line on a numbered label: "Règle n°2 :", "Rule
// 3:", "Regel 4 –", "Consejo nº 1:".
var numberedLabel = regexp.MustCompile(`^\p{Lu}\p{L}+ (?:n[°º]\s?|no\.\s?|nr\.\s?|#)?\d{1,2}\s?[:.–-]\s`)

// bareItems is how many of lines, after a lead-in ending with a colon,
// are the items of a list copied without its bullets: short lines (at
// most five words, no punctuation, no cells between dashes or bars, no
// bullet or number), up to the first line that is not one; the last of
// them stays a title when a question line comes after it (the next
// topic's heading over its question). 0 unless at least two.
func bareItems(lines []string) int {
	n := 0
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || len(strings.Fields(l)) > 5 || endsSentence(l) || strings.ContainsAny(l, ",;:–—|") || strings.Contains(l, " - ") ||
			isBullet(l) || leadingNumber(l) > 0 || labelLine(l) {
			break
		}
		n++
	}
	if n > 0 && n < len(lines) && strings.HasSuffix(strings.TrimSpace(lines[n]), "?") {
		n--
	}
	if n < 2 {
		return 0
	}
	return n
}

// titleCaseLine says whether a line is a short title in Title Case: two
// to six words, no final punctuation, every word but the small ones
// opening with a capital.
func titleCaseLine(line string) bool {
	n := len(strings.Fields(line))
	return n >= 2 && n <= 6 && !endsSentence(line) && !strings.ContainsAny(line, ",;:") && titleWords(line)
}

// titleWords says whether every word of a line but the small ones opens
// with a capital ("Check the Blade Profile for Contour, Chips, & Tip
// Damage"), as a sentence's words do not.
func titleWords(line string) bool {
	for _, w := range strings.Fields(line) {
		if startsLower(w) && !titleSmall[w] {
			return false
		}
	}
	return true
}

var titleSmall = toSet(`a an the and or of for to in on at by with de la le les du des et à y el los las del und der die das für von`)

// dropFooter drops a page's footer name under its last paragraph
// ("Swimming Pool Services"): three elements or more, the last two
// paragraphs, not counting page furniture under the name (a vote, legal
// links, a cookie notice), so that the page read again drops the same
// name.
func dropFooter(els []element) []element {
	n := len(els)
	for n > 0 && els[n-1].kind == elParagraph && IsChrome(els[n-1].text) {
		n--
	}
	if n >= 3 && els[n-1].kind == elParagraph && els[n-2].kind == elParagraph && footerLine(els[n-1].text) {
		return append(els[:n-1:n-1], els[n:]...)
	}
	return els
}

// footerLine says whether a page's last line, after its text, is its
// footer's name: a few words in title case without a stop or a figure
// ("Swimming Pool Services").
func footerLine(line string) bool {
	ws := strings.Fields(line)
	if len(ws) < 2 || len(ws) > 5 || endsSentence(line) || strings.ContainsAny(line, "0123456789:?!,;@") {
		return false
	}
	for _, w := range ws {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) && w != "&" && w != "of" && w != "and" {
			return false
		}
	}
	return true
}

// shortLine is, for text wrapped at a width (lines broken in mid-sentence,
// the next line going on in lower case: at least five such lines, and a
// third of the lines), three quarters of the median length of the lines
// that wrap: a line shorter than that did not wrap. 0 for other text.
func shortLine(lines []string) int {
	var wraps []int
	n := 0
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		n++
		if i+1 < len(lines) && !endsSentence(l) && startsLower(strings.TrimSpace(lines[i+1])) {
			wraps = append(wraps, utf8.RuneCountInString(l))
		}
	}
	if len(wraps) < 5 || 3*len(wraps) < n {
		return 0
	}
	slices.Sort(wraps)
	return wraps[len(wraps)/2] * 3 / 4
}

// dashLabel is a line opening on a label typed with a dash against its
// last word ("Payment Terms- Service is billed …", "Referrals-If you
// recommend …"): the label, the dash's right side, the text.
var dashLabel = regexp.MustCompile(`^(\p{Lu}[\p{L}'’]*(?: (?:\p{L}[\p{L}'’]*|\d+)){0,6})-( *)(\p{Lu}\S*)( .*)$`)

// dashOpeners are the words a text glued to its label by a dash without a
// space may open on ("Referrals-If you …"); other words make a compound
// ("Check-In Time", "Drop-Off").
var dashOpeners = toSet(`if you your we our the all any when please there it this each every no`)

// dashLabels puts the dash labels of a page that writes two or more (each
// over a text of four words or more, not a range of days such as
// "Monday- Friday") on lines of their own, over their texts.
func dashLabels(lines []string) []string {
	type cut struct{ label, text string }
	var cuts map[int]cut
	dated := 0 // labels ending in a year: one is enough
	for i, l := range lines {
		if !strings.Contains(l, "-") {
			continue // (most lines)
		}
		m := dashLabel.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil || len(strings.Fields(m[4])) < 3 || dayName.MatchString(strings.ToLower(m[3])) || months[strings.ToLower(m[3])] {
			continue
		}
		last := m[1][strings.LastIndexByte(m[1], ' ')+1:]
		if strings.Trim(last, "0123456789") == "" && !isYear(last) { // "Step 1- Click …": a step's number
			continue
		}
		if isYear(last) {
			dated++ // "Update 2021- Availability and costs …": a dated note
		}
		if m[2] == "" && (!dashOpeners[strings.ToLower(m[3])] || len(strings.Fields(m[1])) > 3) {
			continue
		}
		if cuts == nil {
			cuts = map[int]cut{}
		}
		cuts[i] = cut{m[1], m[3] + m[4]}
	}
	if len(cuts) < 2 && dated == 0 {
		return lines
	}
	out := make([]string, 0, len(lines)+len(cuts))
	for i, l := range lines {
		if c, ok := cuts[i]; ok {
			out = append(out, c.label, c.text)
			continue
		}
		out = append(out, l)
	}
	return out
}

// isYear says whether a word is a year from 1900 to 2099.
func isYear(w string) bool {
	return len(w) == 4 && isDigits(w) && (w[:2] == "19" || w[:2] == "20")
}

// wideNumber is a line opening on an item's number set off by a run of
// spaces or a tab, the item's first word a letter.
var wideNumber = regexp.MustCompile(`^(\d{1,2})(?:[ ]{3,}|\t)\s*(\p{L}.*)$`)

// wideNumberOf matches wideNumber, looking first at the line's first byte
// (most lines open on no digit).
func wideNumberOf(line string) []string {
	if line == "" || line[0] < '0' || line[0] > '9' {
		return nil
	}
	return wideNumber.FindStringSubmatch(line)
}

// sectionSign is a line opening on a section of terms ("§ 1 Anmeldung
// und Teilnahme", "§3 Rücktritt"): the rest is its title or its text.
var sectionSign = regexp.MustCompile(`^§\s?\d{1,3}[a-z]?\.?\s+(\p{Lu}.*)$`)

// inlineClause is a clause's number inside a line of terms, before the
// clause's first word (" 1.2 Nach Erhalt …").
var inlineClause = regexp.MustCompile(`\s(\d{1,2})\.([1-9]\d?)\s+\p{Lu}`)

// splitClauses puts each clause of a line of terms copied as one ("1.
// Anmeldung 1.1 Die Anmeldung … 1.2 Nach Erhalt …") on a line of its own,
// the section's title first: when the line holds two clause numbers, or
// one of its own section ("4. Rücktritt 4.1 Ein Rücktritt …").
func splitClauses(lines []string) []string {
	if !slices.ContainsFunc(lines, maybeClauseMark) {
		return lines // most texts: nothing to split, nothing copied
	}
	var out []string
	current := "" // the number of the section the lines are in
	for _, l := range lines {
		if n, _, ok := strings.Cut(strings.TrimSpace(l), ". "); ok && len(n) <= 2 && n != "" && strings.Trim(n, "0123456789") == "" {
			current = n
		}
		if !maybeClauseMark(l) {
			out = append(out, l)
			continue
		}
		at := inlineClause.FindAllStringSubmatchIndex(l, -1)
		if len(at) == 0 {
			out = append(out, l)
			continue
		}
		if !clauseRun(l, at, current) {
			out = append(out, l) // "von 9.00 bis 18.00 Uhr": times, no clauses
			continue
		}
		start := 0
		for _, m := range at {
			out = append(out, strings.TrimSpace(l[start:m[0]]))
			start = m[0] + 1
		}
		out = append(out, strings.TrimSpace(l[start:]))
	}
	return out
}

// maybeClauseMark says, reading l once, whether it may hold a clause's
// number (a digit, a point, a digit from 1): most lines do not, and skip
// the regular expression.
func maybeClauseMark(l string) bool {
	for i := 1; i+1 < len(l); i++ {
		if l[i] == '.' && l[i-1] >= '0' && l[i-1] <= '9' && l[i+1] >= '1' && l[i+1] <= '9' {
			return true
		}
	}
	return false
}

// clauseRun says whether the clause numbers found in line l follow one
// another as clauses do (1.1, 1.2, … or 1.3, 2.1): the first of its own
// section or a ".1", each next one the next clause or the first of the
// next section.
func clauseRun(l string, at [][]int, section string) bool {
	num := func(i int) (int, int) {
		a, _ := strconv.Atoi(l[at[i][2]:at[i][3]])
		b, _ := strconv.Atoi(l[at[i][4]:at[i][5]])
		return a, b
	}
	major, minor := num(0)
	if len(at) == 1 {
		return strconv.Itoa(major) == section // "4. Rücktritt 4.1 …", "- … Kursgebühr. 4.3 Für …"
	}
	for i := 1; i < len(at); i++ {
		a, b := num(i)
		if !(a == major && b == minor+1 || a == major+1 && b == 1) {
			return false
		}
		major, minor = a, b
	}
	return true
}

// articleSign is a line opening a numbered article of terms ("Article 2
// TARIF", "Artikel 3 Zahlung", "Artículo 4. Cancelaciones").
var articleSign = regexp.MustCompile(`^(?:Article|ARTICLE|Artikel|ARTIKEL|Artículo|ARTÍCULO|Art\.)\s?\d{1,3}[a-z]?\s?[.:–-]?\s+\p{Lu}`)

// articleLine reports whether line is an article's title: the sign, then
// at most ten words without a final stop.
func articleLine(line string) bool {
	if !strings.HasPrefix(line, "Art") && !strings.HasPrefix(line, "ART") {
		return false
	}
	return articleSign.MatchString(line) && fieldCount(line) <= 12 && !endsSentence(line)
}

// amountEnd is an amount of money at the end of a line, before an aside
// in brackets if any ("… le prix est de 850 Euro", "… 100 Euros (Départ
// BRUZ)", "… $40", "… 58 €").
var amountEnd = regexp.MustCompile(`(?:\d[\d.,' ]*\s?(?:€|[Ee]uros?|EUR|\$|USD|£|CHF|Fr\.)|[$£€]\s?\d[\d.,]*)\s*(?:\([^()]{1,40}\))?$`)

// AmountLine reports whether a line may be a price list's line (see
// amountLine).
func AmountLine(line string) bool { return amountLine(line) }

// amountLine reports whether a line may be a price list's line: at most
// 25 words, ended by an amount, no final stop, no label (a label's lines,
// "Tickets für Erwachsene: 1. Runde: 4,20 EUR", have rules of their own).
func amountLine(line string) bool {
	if line == "" || endsSentence(line) || fieldCount(line) > 25 || strings.Contains(line, ": ") {
		return false
	}
	// (most lines hold no digit and no currency: no regular expression)
	if !strings.ContainsAny(line, "0123456789") || !strings.ContainsAny(line, "€$£") &&
		!strings.Contains(line, "uro") && !strings.Contains(line, "EUR") && !strings.Contains(line, "USD") && !strings.Contains(line, "CHF") && !strings.Contains(line, "Fr.") {
		return false
	}
	return amountEnd.MatchString(line)
}

func sectionMatch(line string) []string {
	if !strings.HasPrefix(line, "§") {
		return nil
	}
	return sectionSign.FindStringSubmatch(line)
}

// clauseMark is a clause's number in terms ("1.1", "2.3.").
var clauseMark = regexp.MustCompile(`^\d{1,2}\.\d{1,2}\.?$`)

// clauseLines are the lines of a text that open on a clause's number
// followed by a capital ("1.1 An Goldschmiedekursen kann nur teilnehmen
// …"), when at least two do: numbered clauses of terms, whose numbers
// are no part of their sentences ("2.5 Stunden dauert der Kurs" alone is
// not one).
func clauseLines(lines []string) map[int]bool {
	var at []int
	for i, l := range lines {
		mark, rest, ok := strings.Cut(strings.TrimSpace(l), " ")
		r, _ := utf8.DecodeRuneInString(strings.TrimSpace(rest))
		if ok && clauseMark.MatchString(mark) && unicode.IsUpper(r) {
			at = append(at, i)
		}
	}
	if len(at) == 1 && at[0] > 0 {
		// one clause under its section's title ("3. Haftung" over "3.1
		// Der Veranstalter haftet nicht …")
		prev, _, _ := strings.Cut(strings.TrimSpace(lines[at[0]-1]), ". ")
		mark, _, _ := strings.Cut(strings.TrimSpace(lines[at[0]]), ".")
		if prev != mark {
			return nil
		}
	} else if len(at) < 2 {
		return nil
	}
	out := make(map[int]bool, len(at))
	for _, i := range at {
		out[i] = true
	}
	return out
}

// clauseParagraphs takes the numbers off clauses written one paragraph
// each ("1.1 bogenschießen für alle gibt …", "1.2 …"): a run of two
// paragraphs or more whose numbers follow one another as clauses do.
func clauseParagraphs(els []element) []element {
	mark := func(e element) (major, minor int, rest string, ok bool) {
		if e.kind != elParagraph {
			return 0, 0, "", false
		}
		m, r, found := strings.Cut(e.text, " ")
		if !found || !clauseMark.MatchString(m) {
			return 0, 0, "", false
		}
		a, b, _ := strings.Cut(strings.TrimSuffix(m, "."), ".")
		major, _ = strconv.Atoi(a)
		minor, _ = strconv.Atoi(b)
		return major, minor, strings.TrimSpace(r), true
	}
	for i := 0; i < len(els); {
		a, b, _, ok := mark(els[i])
		if !ok {
			i++
			continue
		}
		j := i + 1
		for j < len(els) {
			c, d, _, ok := mark(els[j])
			if !ok || !(c == a && d == b+1 || c == a+1 && d == 1) {
				break
			}
			a, b = c, d
			j++
		}
		if j-i >= 2 {
			for k := i; k < j; k++ {
				_, _, rest, _ := mark(els[k])
				els[k].text = rest
			}
		}
		i = j
	}
	return els
}

// shoutedTitle reports whether a list item is a title in capitals: two to
// eight words, every letter a capital, no final stop ("RESERVAS ACTIVAS
// MÁXIMAS").
func shoutedTitle(text string) bool {
	n := len(strings.Fields(text))
	if n < 2 || n > 8 || endsSentence(text) {
		return false
	}
	letters := 0
	for _, r := range text {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters >= 6
}

// leaderDots are the dots a price list sets between a label and its value
// ("No socios:. . .4,50€", "Plata. . . . . 3"): after a colon, or four or
// more.
var leaderDots = regexp.MustCompile(`\s*(?::\s*\.(?:\s?\.)*|\.(?:\s?\.){3,})\s*`)

// dotLeaders writes a short line's dot leaders as a colon ("No socios:
// 4,50€/persona."); prose's "…" and "..." stay.
func dotLeaders(line string) string {
	if !strings.Contains(line, ". .") && !strings.Contains(line, ":.") && !strings.Contains(line, "....") || len(strings.Fields(line)) > 16 {
		return line
	}
	return leaderDots.ReplaceAllString(line, ": ")
}

// stepWords open a step's line before its number ("Step 3: …").
var stepWords = []string{"step ", "étape ", "etape ", "schritt ", "paso "}

// cutStepWord returns a line without the step's word it opens on ("Step
// 3. …" gives "3. …"), and whether it opened on one.
func cutStepWord(line string) (string, bool) {
	for _, w := range stepWords {
		if len(line) > len(w) && strings.EqualFold(line[:len(w)], w) {
			return line[len(w):], true
		}
	}
	return line, false
}

// stepWorded says whether a line opens on a step's word ("Step 3. …").
func stepWorded(line string) bool {
	_, ok := cutStepWord(line)
	return ok
}

// leadingNumber is the number a line opens on ("3. Click Save" gives 3),
// or 0.
func leadingNumber(line string) int {
	line, _ = cutStepWord(strings.TrimSpace(line))
	i := 0
	for i < len(line) && i < 3 && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	n, _ := strconv.Atoi(line[:i])
	return n
}

// priceRow reports whether a line is a price table's row written with
// dashes between its cells ("Green Fee 18 Hoyos – 58€ – 35€"); rowHeader
// whether it is such a table's header ("NO SOCIOS – SOCIO*").
func priceRow(line string) bool {
	return strings.Contains(line, " – ") && fieldCount(line) <= 24 && !endsSentence(line) && hasAmount(strings.ToLower(line))
}

func rowHeader(line string) bool {
	return strings.Contains(line, " – ") && fieldCount(line) <= 8 && !endsSentence(line) && !strings.ContainsAny(line, "0123456789")
}

// exclaimedTitle reports whether a line is a title ended by an
// exclamation mark: two to five words, no verb of statementLine, not an
// answer's "Yes!" or an interjection ("Absolutely!", "Nein!").
func exclaimedTitle(line string) bool {
	body, ok := strings.CutSuffix(strings.TrimSpace(line), "!")
	n := fieldCount(body)
	if !ok || n < 2 || n > 5 || strings.ContainsAny(body, "!?.") || statementLine(body) {
		return false
	}
	first := strings.ToLower(strings.Trim(strings.Fields(body)[0], ",;:"))
	return !interjections[first]
}

// interjections open answers, not titles.
var interjections = toSet(`yes no yeah nope absolutely sure sorry of oui non bien désolé ja nein doch leider sí si no claro lo`)

// fieldCount is len(strings.Fields(s)) for ASCII spaces, without
// allocating.
func fieldCount(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		space := s[i] == ' ' || s[i] == '\t' || s[i] == '\n'
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}

// A tabTable is a table read from lines of cells between tabs, and the
// number of lines it takes.
type tabTable struct {
	el    element
	lines int
}

// tabTables finds the tables of text copied from a web page: two lines or
// more in a row, each of two cells or more between tabs, all of as many
// cells. The first line is the header when its cells are names (none more
// than eight words, none with a figure or a final stop: "Typical repair
// cost (labor, parts not included)") and the rows under it are not all
// short names (four words at most) too. Keyed by the first line's
// index.
func tabTables(lines []string) map[int]tabTable {
	var tables map[int]tabTable
	for i := 0; i < len(lines); {
		cells := tabCells(lines[i])
		if cells == nil {
			i++
			continue
		}
		j := i + 1
		for j < len(lines) && len(tabCells(lines[j])) == len(cells) {
			j++
		}
		if j-i < 2 {
			i = j
			continue
		}
		el := element{kind: elTable}
		for k := i; k < j; k++ {
			el.rows = append(el.rows, tabCells(lines[k]))
		}
		if names(el.rows[0], 8) && !allNames(el.rows[1:]) {
			el.header, el.rows = el.rows[0], el.rows[1:]
		}
		if tables == nil {
			tables = map[int]tabTable{}
		}
		tables[i] = tabTable{el: el, lines: j - i}
		i = j
	}
	return tables
}

// tabCells is a line's cells between tabs, nil unless it has two or more
// with text. A tab or tabs before the first text are an empty first cell.
func tabCells(line string) []string {
	line = strings.Trim(line, " \r")
	if !strings.Contains(line, "\t") {
		return nil
	}
	cells := strings.Split(line, "\t")
	full := 0
	for i, c := range cells {
		cells[i] = clean(c)
		if cells[i] != "" {
			full++
		}
	}
	if full < 2 {
		return nil
	}
	return cells
}

// names says whether every cell is a name of at most most words: a
// header's.
func names(cells []string, most int) bool {
	for _, c := range cells {
		if c == "" || len(strings.Fields(c)) > most || strings.ContainsAny(c, "0123456789") || endsSentence(c) {
			return false
		}
	}
	return true
}

// allNames says whether every row's cells are short names.
func allNames(rows [][]string) bool {
	for _, r := range rows {
		if !names(r, 4) {
			return false
		}
	}
	return true
}

// The kinds of runs of lines lineElements reads as items, and what their
// lines need.
const (
	runSchedule = iota + 1
	runComma
	runPrice
	runAmount
)

func always(string) bool        { return true }
func asIs(s string) string      { return s }
func endsComma(s string) bool   { return strings.HasSuffix(s, ",") }
func trimComma(s string) string { return strings.TrimSuffix(s, ",") }

// commaItem reports whether a line may be a schedule's line ended by a
// comma: capitalised, at most 16 words, with a number, ending with a comma
// or (the run's last) with no final stop.
func commaItem(line string) bool {
	if startsLower(line) || !strings.ContainsAny(line, "0123456789") || fieldCount(line) > 16 {
		return false
	}
	return strings.HasSuffix(line, ",") || !endsSentence(line)
}

// scheduleLine reports whether a line of text is a schedule's line: at
// most 16 words with a time of day, not a line of wrapped prose (no
// final stop or comma, no sentence ending inside it, no lower-case
// start).
func scheduleLine(line string) bool {
	if len(line) >= 160 || endsSentence(line) || strings.HasSuffix(line, ",") || startsLower(line) || fieldCount(line) > 16 {
		return false
	}
	if i := strings.Index(line, ". "); i >= 0 {
		if r, _ := utf8.DecodeRuneInString(line[i+2:]); unicode.IsUpper(r) {
			return false // "… prefieras. Mañana (10:00h a 15:00h)"
		}
	}
	lower := strings.ToLower(line)
	if m := dayName.FindStringIndex(lower); m != nil && m[0] == 0 && strings.HasPrefix(strings.TrimSpace(lower[m[1]:]), ":") {
		// a day's line without a time of day ("Tuesday: closed during
		// term time (open in the school holidays)", "Dimanche : fermé"),
		// among the others
		return true
	}
	return hasClock(lower) || numberRange.MatchString(lower) && (strings.Contains(lower, "hora") || dayName.MatchString(lower))
}

// ScheduleLine says whether a line is a schedule's line: a time of day, or
// a range of hours or of a day's hours, in at most 16 words ("Los
// viernes, de 17.30 a 20.30 horas").
func ScheduleLine(line string) bool {
	return scheduleLine(strings.TrimRight(line, "."))
}

// dayName is a day of the week or a span of them in the four languages.
var dayName = regexp.MustCompile(`\b(?:lunes|martes|miércoles|jueves|viernes|sábados?|domingos?|lundis?|mardis?|mercredis?|jeudis?|vendredis?|samedis?|dimanches?|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekdays?|weekends?)\b`)

// numberRange is a range of numbers, of hours or ages ("de 17 a 19.30
// horas", "von 9 bis 17", "from 3 to 10"); countLine a count and what it
// counts ("42 personas").
var (
	numberRange = regexp.MustCompile(`\b(?:de|von|from|du|entre)\s+\d{1,2}(?:[.:,h]\d{2})?\s*(?:h|uhr)?\s*(?:a|à|bis|to|-|–|y|et|and)\s*\d{1,2}(?:[.:,h]\d{2})?\b`)
	countLine   = regexp.MustCompile(`^\d+\s+\p{L}+(?:\s+\p{L}+)?$`)
)

// rangeOrCount says whether a lower-case line states a range of numbers
// or a count (numberRange, countLine): a value, not a title.
func rangeOrCount(lower string) bool {
	return len(lower) < 80 && (numberRange.MatchString(lower) || countLine.MatchString(lower))
}

func lastItem(e element) string { return e.items[len(e.items)-1] }

// parenSteps rewrites steps numbered in parentheses ("(1) Go to the
// Calendar", "(2) In the Day view, click …") as numbered lines, so that
// they make one procedure, with their lettered sub-steps ("(a) In the
// Repeat every field, leave 1 week selected") kept in the step above
// them. Three numbers or more, from 1 in order, at least half of them
// instructions: "(1) Der Vertrag beginnt …" in terms and conditions is a
// clause, not a step, and keeps its own reading (lineText).
func parenSteps(lines []string) []string {
	var at []int
	instructions := 0
	for i, l := range lines {
		mark, rest, ok := strings.Cut(strings.TrimSpace(l), " ")
		if !ok || !partMark(mark) || mark[1:len(mark)-1] != strconv.Itoa(len(at)+1) {
			continue // not "(n)" with the next n
		}
		at = append(at, i)
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "(optional)"))
		if _, after, ok := strings.Cut(rest, ", "); instruction(rest) || ok && instruction(after) {
			instructions++ // "In the Service field, leave Personal selected"
		}
	}
	if len(at) < 3 || 2*instructions < len(at) {
		return lines
	}
	out := make([]string, 0, len(lines))
	step := -1 // the index in out of the step above
	next := 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if next < len(at) && i == at[next] {
			next++
			_, rest, _ := strings.Cut(t, " ")
			out = append(out, strconv.Itoa(next)+". "+strings.TrimSpace(rest))
			step = len(out) - 1
			continue
		}
		if mark, rest, ok := strings.Cut(t, " "); ok && step >= 0 && partMark(mark) && !isDigits(mark[1:len(mark)-1]) { // "(a)"
			out[step] += " " + mark[1:] + " " + strings.TrimSpace(rest)
			continue
		}
		if t != "" && !(step >= 0 && next < len(at)) {
			step = -1 // text after the last step ends the procedure
		}
		out = append(out, l)
	}
	return out
}

// gluedLabels splits the labels a page set in bold before each paragraph,
// glued to it when the page was copied ("Footwear We recommend enclosed
// footwear …", "Cap or Hat Please bring along a cap …"): a line that opens
// on one to four capitalised words (with "or", "&", "and" between them)
// and goes on with a capitalised sentence of five words or more. Only
// when three lines or more of the block have that shape and open their
// sentence on a word that opens sentences ("We", "You", "Please", …), so
// that "New York City Hall is open" stays one line.
func gluedLabels(lines []string) []string {
	if len(lines) < 3 {
		return lines
	}
	at := make([]int, len(lines)) // the label's length in words, or 0
	found, openers := 0, 0
	for i, l := range lines {
		if r, _ := utf8.DecodeRuneInString(l); !unicode.IsUpper(r) || !endsSentence(l) {
			continue // (most lines: no label, no words split)
		}
		k, opener := labelGlued(strings.Fields(l))
		if k > 0 {
			at[i] = k
			found++
			if opener {
				openers++
			}
		}
	}
	if found < 3 || openers < 3 {
		return lines
	}
	out := make([]string, 0, len(lines)+found)
	for i, l := range lines {
		if at[i] == 0 {
			out = append(out, l)
			continue
		}
		ws := strings.Fields(l)
		out = append(out, strings.Join(ws[:at[i]], " "), strings.Join(ws[at[i]:], " "))
	}
	return out
}

// labelGlued returns the length of the label a line's words open on
// (gluedLabels), or 0, and whether the sentence after it opens on an
// opener.
func labelGlued(ws []string) (int, bool) {
	if len(ws) < 7 || !endsSentence(ws[len(ws)-1]) || labelNot[strings.ToLower(ws[0])] {
		return 0, false
	}
	for k := 1; k <= 4 && k+5 <= len(ws); k++ {
		w := ws[k-1]
		if labelJoins[strings.ToLower(w)] {
			continue // the label goes on after "or", "&"
		}
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) || strings.ContainsAny(w, ".,:;!?") {
			return 0, false
		}
		if ws[k] == "Sie" {
			return 0, false // "Melden Sie sich …": a German instruction
		}
		if r, _ := utf8.DecodeRuneInString(ws[k]); unicode.IsUpper(r) && !labelJoins[strings.ToLower(ws[k])] {
			return k, sentenceOpeners[strings.ToLower(ws[k])]
		}
	}
	return 0, false
}

var (
	// labelNot open sentences, not labels: articles, pronouns and
	// possessives ("Das Paket ist …", "Ihr Paket …", "Our Team …")
	labelNot        = toSet(`the a an our your my this these we you it le la les un une des notre votre nos vos ce cette nous vous il elle der die das den dem ein eine einen ihr ihre ihren unser unsere mein meine wir sie es dieser diese dieses el la los las un una su sus nuestro nuestra nuestros nuestras este esta mi tu`)
	labelJoins      = toSet(`or and & et ou und oder y o`)
	sentenceOpeners = toSet(`we you your our please the a an it this these there if nous vous votre veuillez le la les il si wir sie ihr bitte der die das es wenn nosotros usted su por el la los las si`)
)

// gluedSentence is a sentence's end glued to the next sentence when the
// page was copied ("… at our front desk.What is the age limit?").
var gluedSentence = regexp.MustCompile(`(\p{Ll}{2}[.!?])(\p{Lu}\p{Ll})`)

// trailingQuestions puts on a line of its own a question that ends a line
// of answers ("… you can buy them at our front desk.What is the age
// limit?" over the question's answer): an FAQ copied with each question
// run on from the answer before it.
func trailingQuestions(lines []string) []string {
	var out []string
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !strings.HasSuffix(t, "?") {
			if out != nil {
				out = append(out, l)
			}
			continue
		}
		at := gluedSentence.FindAllStringSubmatchIndex(t, -1)
		if len(at) == 0 {
			if out != nil {
				out = append(out, l)
			}
			continue
		}
		// only a question glued to the sentence before it: a question
		// that ends an answer after a space is the answer's own ("¿Qué
		// equipo saldrá antes de la habitación?")
		glue := at[len(at)-1][3]
		q := t[glue:]
		if strings.ContainsAny(q[:len(q)-1], ".!?") || len(strings.Fields(q)) > 25 {
			if out != nil {
				out = append(out, l)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(lines)+1), lines[:i]...)
		}
		out = append(out, t[:glue], q)
	}
	if out == nil {
		return lines
	}
	return out
}

// gluedStep is a label with a list's first step glued to it when the page
// was copied ("Canceling an Appointment from the Client Log:1. There are
// three different ways …").
var gluedStep = regexp.MustCompile(`^(\S.{2,80}?:)(1\.\s+\p{Lu}.*)$`)

// gluedSteps puts such a first step on a line of its own.
func gluedSteps(lines []string) []string {
	var out []string
	for i, l := range lines {
		if !strings.Contains(l, ":1. ") {
			if out != nil {
				out = append(out, l)
			}
			continue
		}
		m := gluedStep.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			if out != nil {
				out = append(out, l)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(lines)+1), lines[:i]...)
		}
		out = append(out, m[1], m[2])
	}
	if out == nil {
		return lines
	}
	return out
}

// markedSteps joins a step's word and number alone on a line ("Step 1:",
// "Étape 2 :", "Paso 3.") to the text on the next line, which is the
// step's: dropped as a bare list mark, it would leave the procedure as
// plain paragraphs. A bare number ("1.") stays a mark without its item.
func markedSteps(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !joinsStep(l) || i+1 == len(lines) || !stepText(lines[i+1]) {
			if out != nil {
				out = append(out, l)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(lines)), lines[:i]...)
		}
		mark := strings.TrimSpace(l)
		if rest, _ := cutStepWord(mark); isDigits(rest) {
			mark += ":" // "Step 1" over "CONTRACT SIGNATURE": "Step 1: CONTRACT SIGNATURE"
		}
		out = append(out, mark+" "+strings.TrimSpace(lines[i+1]))
		i++
	}
	if out == nil {
		return lines
	}
	return out
}

// stepText says whether a line can be a step's text: not empty, nor
// another mark.
func stepText(line string) bool {
	line = strings.TrimSpace(line)
	return line != "" && !bareMarker(line) && !stepWorded(line)
}

// joinsStep says whether a line is only a step's word and number.
func joinsStep(line string) bool {
	line = strings.TrimSpace(line)
	if rest, ok := cutStepWord(line); ok && len(rest) <= 2 && isDigits(rest) {
		return true // "Step 1" without a stop
	}
	return stepWorded(line) && bareMarker(line)
}

// stepParts keeps with its step what belongs to it: lettered parts
// after it ("1. There are three ways to open the Client Log:" over "a)
// Go to Manage > Clients", "b) …"), and, after a step that ends with a
// colon, the bulleted choices it announces ("4. If the client has more
// than one service, you will see this pop-up:" over "- If the client is
// cancelling their whole appointment, click "Yes"", …). Each part joins
// the step's line as a sentence of it.
func stepParts(lines []string) []string {
	var out []string
	step := -1    // the index in out of the step that parts may join
	letter := 'a' // the next lettered part
	choices := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if _, ok := stepItem(t); ok {
			out = append(out, l)
			step, letter, choices = len(out)-1, 'a', strings.HasSuffix(t, ":")
			continue
		}
		if step >= 0 && len(t) > 3 && rune(t[0]) == letter && t[1] == ')' && t[2] == ' ' {
			out[step] = strings.TrimRight(out[step], " ") + " " + t
			letter++
			continue
		}
		if text, ok := bulletItem(t); ok && step >= 0 && choices {
			if !endsSentence(text) {
				text += "."
			}
			out[step] = strings.TrimRight(out[step], " ") + " " + text
			continue
		}
		if t != "" {
			step = -1
		}
		out = append(out, l)
	}
	return out
}

// stepChoices keeps in a procedure's last step the bulleted choices it
// announces with a colon ("5. If the client has more than one service,
// you will see this pop-up:" over a list "If the client is cancelling
// their whole appointment, click "Yes"", …), as sentences of the step:
// apart, they would read as what comes after the procedure.
func stepChoices(els []element) []element {
	out := els[:0]
	for i := 0; i < len(els); i++ {
		e := els[i]
		if e.kind == elList && e.ordered && len(e.items) >= 3 && strings.HasSuffix(lastItem(e), ":") &&
			i+1 < len(els) && els[i+1].kind == elList && !els[i+1].ordered && len(els[i+1].items) <= 4 {
			last := lastItem(e)
			for _, c := range els[i+1].items {
				if !endsSentence(c) {
					c += "."
				}
				last += " " + c
			}
			e.items = append(e.items[:len(e.items)-1:len(e.items)-1], last)
			out = append(out, e)
			i++
			continue
		}
		out = append(out, e)
	}
	return out
}

// faqLists turns lists whose items are questions with their answers
// ("1. How do I pay?" followed by the answer, on the item's next line or
// after the question mark) into question headings and answer paragraphs;
// the other lists get their items on one line.
func faqLists(els []element) []element {
	var out []element
	for _, e := range els {
		if e.kind != elList {
			out = append(out, e)
			continue
		}
		var qa []element
		for k, it := range e.items {
			q, a, ok := splitQuestion(it)
			if !ok && k > 0 && k == len(e.items)-1 && qa != nil && questionLine(strings.TrimSpace(it)) {
				// the last question left without its answer (a page cut
				// short, or an answer to come): a question heading over
				// nothing, so that the pairs before it stay pairs
				qa = append(qa, element{kind: elHeading, level: levelQuestion, text: strings.TrimSpace(it)})
				break
			}
			if !ok {
				qa = nil
				break
			}
			qa = append(qa, element{kind: elHeading, level: levelQuestion, text: q})
			qa = append(qa, lineElements(strings.Split(a, "\n"))...)
		}
		if qa != nil {
			out = append(out, qa...)
			continue
		}
		if st := namedStages(e, announcesStages(out)); st != nil {
			out = append(out, st...)
			continue
		}
		if secs := numberedSections(e); secs != nil {
			out = append(out, secs...)
			continue
		}
		out = append(out, splitLazy(e)...)
	}
	return out
}

// sectionItem returns the title of an item that is a section: a short
// title, no instruction, with at least 5 words of text on its lines after
// it, the last ending a sentence.
func sectionItem(lines []string) (string, bool) {
	if len(lines) < 2 {
		return "", false
	}
	title := strings.TrimSpace(strings.TrimSuffix(clean(lines[0]), ":"))
	rest := strings.Join(lines[1:], " ")
	return title, (sectionTitle(title) || subtitled(title)) && len(strings.Fields(rest)) >= 5 && endsSentence(lines[len(lines)-1])
}

// subtitled says whether a line is a section's title with a subtitle
// after a colon ("How to Order Your Pet Portrait: Getting Started"): a
// title before it, and after it a few words each in capitals, no figure.
func subtitled(line string) bool {
	head, sub, ok := strings.Cut(line, ": ")
	if !ok || !sectionTitle(head) || strings.ContainsAny(sub, "0123456789:") {
		return false
	}
	ws := strings.Fields(sub)
	if len(ws) == 0 || len(ws) > 4 || endsSentence(sub) {
		return false
	}
	for _, w := range ws {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) && w != "&" {
			return false
		}
	}
	return true
}

// namedStages reads an ordered list of three items or more, each a
// stage's name over its text, half of whose texts or more hold an
// instruction ("1. Booking the Appointment:" over "Get in touch with …"
// and "Give …", "2. Deposit Payment:" over "Pay the deposit …", …), as
// one procedure whose steps the page named: "Booking the Appointment. Get
// in touch with …". A stage that gives no instruction ("Journal Entry.
// The notary will write down …") stays a step of it. Numbered sections of
// rules or facts stay sections (numberedSections): a sauna's "Hygiene &
// Cleanliness" over "Shower before you enter …" and "Do not shave …" is
// told apart by what its sections forbid.
//
// When the lines just before the list announce stages ("The 10 stages of
// your custom order", "Unser Ablauf"), the stages need not tell what to
// do: a business's process whose stages it does itself ("2. Estimate"
// over "We'll get an estimate back to you …") is a procedure too.
func namedStages(e element, announced bool) []element {
	if !e.ordered || len(e.items) < 3 {
		return nil
	}
	items := make([]string, len(e.items))
	told, forbidding := 0, 0
	firstTells := false
	var after []string // the page's next part, taken into the last stage
	for i, it := range e.items {
		lines := strings.Split(it, "\n")
		if i == len(e.items)-1 {
			// "Safe Shredding Guidelines:" and its text after the last
			// stage's: a part of the page of its own
			for k := 2; k < len(lines); k++ {
				l := strings.TrimSpace(clean(lines[k]))
				if endsSentence(strings.TrimSpace(lines[k-1])) && len(strings.Fields(l)) <= 6 && (strings.HasSuffix(l, ":") || titleLine(l)) {
					lines, after = lines[:k], lines[k:]
					break
				}
			}
		}
		name, ok := sectionItem(lines)
		if !ok {
			// a stage named by its instruction ("1. Submit a Work
			// Request Form" over "Fill in our online …")
			name = strings.TrimSpace(strings.TrimSuffix(clean(lines[0]), ":"))
			ok = len(lines) >= 2 && instruction(name) && len(strings.Fields(name)) <= 8 && !endsSentence(name) &&
				len(strings.Fields(strings.Join(lines[1:], " "))) >= 5 && endsSentence(lines[len(lines)-1])
		}
		if !ok {
			return nil
		}
		var text []string
		tells := instruction(name)
		for _, l := range lines[1:] {
			if l = strings.TrimSpace(clean(l)); l != "" {
				text = append(text, l)
				tells = tells || instruction(l)
			}
		}
		if tells {
			told++
			firstTells = firstTells || i == 0
		}
		if forbids.MatchString(strings.Join(text, " ")) {
			forbidding++
		}
		items[i] = strings.TrimSuffix(name, ".") + ". " + strings.Join(text, " ")
	}
	// (half the stages tell what to do, or the first does and another:
	// the customer starts, the business goes on — "1. Submit a Work
	// Request Form", "2. Prepare your Documents", "3. Weighing & Cost
	// Estimate", …)
	if !(told*2 >= len(items) || firstTells && told >= 2 || announced) || forbidding >= 2 {
		return nil
	}
	return append([]element{{kind: elList, ordered: true, worded: true, start: e.start, items: items}}, lineElements(after)...)
}

// stageWords name a process told in stages, in a heading or line before
// its list ("The 10 stages of your custom order", "Notre processus",
// "So läuft es ab", "Los pasos"). (Go's \b is ASCII's: "étapes" opens on
// none, so the word's ends are read as letters or not.)
var stageWords = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(stages|steps|step by step|process|phases?|how it works|étapes|processus|déroulement|phases|comment ça marche|schritte|schritt für schritt|ablauf|läuft es ab|so funktioniert|phasen|pasos|etapas|proceso|fases|cómo funciona)(?:$|[^\p{L}])`)

// announcesStages says whether one of the last two elements before a list
// (a heading, a line, a short paragraph) announces stages (stageWords).
func announcesStages(before []element) bool { return announcesStagesIn(before, 12) }

// announcesStagesIn is announcesStages with paragraphs of up to most
// words.
func announcesStagesIn(before []element, most int) bool {
	for k := len(before) - 1; k >= 0 && k >= len(before)-2; k-- {
		if e := before[k]; (e.kind == elHeading || e.kind == elParagraph) && stageStem(e.text) && len(strings.Fields(e.text)) <= most && stageWords.MatchString(e.text) {
			return true
		}
	}
	return false
}

// stageStem says whether a text may hold one of stageWords, without the
// regular expression (every heading of a page asks).
func stageStem(text string) bool {
	lower := strings.ToLower(text)
	for _, w := range [...]string{"step", "stage", "process", "phase", "how it", "étape", "déroul", "comment", "schritt", "ablauf", "läuft", "funktion", "paso", "etapa", "proceso", "fase", "cómo"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// headingStages makes one procedure of stages a page announces ("Most
// sales go through a 3-part process …", "La consultation se déroule en 7
// étapes") and heads each with a title of its own ("Pre-Sale", "Sale",
// "Post-Sale"; "I- Les renseignements", "II- L'état de santé", …) over its
// text: "Pre-Sale. In the Pre-Sale phase, we meet you …". Three stages or
// more, their titles of one level; a title that asks a question ends
// them.
func headingStages(els []element) []element {
	var out []element
	for i := 0; i < len(els); i++ {
		e := els[i]
		if !stageHeading(e) || !announcesStagesIn(out, 25) {
			out = append(out, e)
			continue
		}
		var items []string
		j := i
		for j < len(els) && stageHeading(els[j]) && els[j].level == e.level {
			if numeralOnly.MatchString(els[j].text) && j+1 < len(els) && stageHeading(els[j+1]) {
				j++ // "III" over "Les tests et la palpation": the stage's number, its title next
			}
			var text []string
			k := j + 1
			for ; k < len(els) && els[k].kind == elParagraph; k++ {
				text = append(text, els[k].text)
			}
			if len(text) == 0 {
				break
			}
			items = append(items, strings.TrimSuffix(stageNumeral.ReplaceAllString(els[j].text, ""), ".")+". "+strings.Join(text, " "))
			j = k
		}
		if len(items) < 3 {
			out = append(out, e)
			continue
		}
		out = append(out, element{kind: elList, ordered: true, worded: true, items: items})
		i = j - 1
	}
	return out
}

// stageHeading says whether an element is a heading that can name a
// stage: a short title, no question.
func stageHeading(e element) bool {
	return e.kind == elHeading && e.level > 1 && e.level != levelQuestion && len(strings.Fields(e.text)) <= 8 && !strings.HasSuffix(e.text, "?")
}

// stageNumeral is a stage's number in Roman numerals before its title ("I-
// Les renseignements", "IV. Observation").
var stageNumeral = regexp.MustCompile(`^[IVX]{1,4}\s?[-.)–]\s+`)

// numeralOnly is a Roman numeral alone.
var numeralOnly = regexp.MustCompile(`^[IVX]{1,4}[-.)–]?$`)

// bulletStages makes one procedure of stages a page announces (stageWords:
// "Fases para tramitar un encargo") and writes as bullets, each a stage's
// name over its text ("– Todo empieza con una cita" over "En ella
// hablamos …", "– Presupuesto de diseño antes de empezar a trabajar" over
// "Te envío el presupuesto …", …): "Todo empieza con una cita. En ella
// hablamos …". Three stages or more; a bullet that asks a question ("–
// ¿Qué pasa después?") ends them.
func bulletStages(els []element) []element {
	var out []element
	for i := 0; i < len(els); i++ {
		if !stageName(els[i]) || !announcesStages(out) {
			out = append(out, els[i])
			continue
		}
		var items []string
		j := i
		for j < len(els) && stageName(els[j]) {
			var text []string
			k := j + 1
			for ; k < len(els) && els[k].kind == elParagraph && !shortTitle(els[k].text); k++ {
				text = append(text, els[k].text)
			}
			if len(text) == 0 {
				break
			}
			items = append(items, strings.TrimSuffix(els[j].items[0], ".")+". "+strings.Join(text, " "))
			j = k
		}
		if len(items) < 3 {
			out = append(out, els[i])
			continue
		}
		out = append(out, element{kind: elList, ordered: true, worded: true, items: items})
		i = j - 1
	}
	return out
}

// stageName says whether an element is a bullet of one item that can name
// a stage: a short line without a final stop, no question.
func stageName(e element) bool {
	if e.kind != elList || e.ordered || len(e.items) != 1 {
		return false
	}
	t := e.items[0]
	return t != "" && !strings.Contains(t, "\n") && len(strings.Fields(t)) <= 14 && !endsSentence(t) && !strings.HasSuffix(t, "?") && !strings.HasSuffix(t, ":")
}

// forbids is a rule forbidding something ("Do not pour water …", "No
// shoes …", "… is strictly prohibited", "Ne … pas", "Nicht …", "No se
// permite …"): sections of which two or more forbid are rules to keep,
// not stages to go through.
var forbids = regexp.MustCompile(`(?i)\b(?:do not|don['’]t|never|prohibited|forbidden|not allowed|not permitted|interdite?s?|défendue?s?|ne (?:\S+ )?pas|verboten|untersagt|nicht gestattet|nicht erlaubt|prohibid[oa]s?|no se permite|no está permitid[oa])\b|(?:^|[.!] )No\s`)

// numberedSections reads an ordered list whose every item is a short
// title with its text on the lines after it ("1. Tipos de Reservas" then a
// paragraph, "2. Capacidad del Restaurante" then another) as the page's
// numbered sections: a heading and its text each. A step that is a title
// with an explanation ("1. Open Settings" then "You see your account.") is
// told apart by its verb: nil when the list is no such sections.
func numberedSections(e element) []element {
	if !e.ordered || len(e.items) < 2 {
		return nil
	}
	var out []element
	var after []string // the lazy lines after the last item's text
	for i, it := range e.items {
		lines := strings.Split(it, "\n")
		if i == len(e.items)-1 {
			// the page's next title, taken into the last item ("… ni
			// estado intermedio seguro." then "Comportamiento responsable
			// en la galería")
			for n := len(lines); n > 2 && len(lines)-n < 2 && !endsSentence(lines[n-1]) && titleLine(strings.TrimSpace(lines[n-1])) && endsSentence(lines[n-2]); n-- {
				lines, after = lines[:n-1], lines[n-1:]
			}
		}
		title, ok := sectionItem(lines)
		if !ok && len(lines) >= 2 && partTitle(title) && len(strings.Fields(strings.Join(lines[1:], " "))) >= 5 && endsSentence(lines[len(lines)-1]) {
			// a title of up to eight words, as numberedTitles takes
			// ("3. No manipules un arma que no sabes usar")
			ok = true
		}
		if !ok {
			return nil
		}
		out = append(out, element{kind: elHeading, level: levelLine, text: title})
		out = append(out, lineElements(lines[1:])...)
	}
	return append(out, lineElements(after)...)
}

// instruction says whether a short line reads as an instruction in any
// of the four languages ("Open Settings", "Klicken Sie", "Cliquez",
// "Abra", "Gehe zu …"): a step, not a section's title.
func instruction(line string) bool {
	for _, lang := range Languages {
		if Imperative(lang, line) {
			return true
		}
	}
	first, _, _ := strings.Cut(strings.ToLower(line), " ")
	return germanDuImperatives[first]
}

// splitLazy ends a list where Markdown's "lazy" lines carried on what
// follows it: text copied from a web page has no blank line after a list,
// so the text after it (the rest of the page, or a title and the next
// procedure) would be taken into an item. Lines of the last item after
// its first line that ends a sentence or on a value ("Custom toppers:
// from $15") and that start a new sentence are text after the list; so
// are those of another item when a title line is among them ("How to
// cancel a booking" between two procedures), and the items after them
// are another list. A sentence carried on without a title stays in its
// item: it may be a step's own ("Open Settings. You see the menu.").
func splitLazy(e element) []element {
	for i, it := range e.items {
		lines := strings.Split(it, "\n")
		last := i == len(e.items)-1
		if title, ok := sectionItem(lines); ok && e.ordered {
			// "5. MOBIL-HOMES, CHALETS ET TENTES AMÉNAGÉES :" over its
			// paragraphs: a numbered section among numbered rules
			var out []element
			if i > 0 {
				out = append(out, cleanItems(element{kind: elList, ordered: e.ordered, items: e.items[:i:i]}))
			}
			out = append(out, element{kind: elHeading, level: levelLine, text: title})
			out = append(out, lineElements(lines[1:])...)
			if !last {
				out = append(out, splitLazy(element{kind: elList, ordered: e.ordered, items: e.items[i+1:]})...)
			}
			return out
		}
		for k := 1; k < len(lines); k++ {
			next := lineText(clean(lines[k]))
			marked := next != clean(lines[k]) // "b. Annulation par le propriétaire : …"
			// a title or a question among the lines, or a lead-in ending
			// them that the next items follow ("Contents in this
			// article:"): the list has ended
			leadIn := strings.HasSuffix(strings.TrimSpace(lines[len(lines)-1]), ":")
			// or a question ending the lines, which the next items answer
			// ("… our Book a Trial Class Page." then "How are lessons
			// scheduled?" over the next bullets)
			leadIn = leadIn || !last && k == len(lines)-1 && questionLine(next)
			titled := !last && !carriesOn(lines[k-1]) && (hasTitle(lines[k:]) || leadIn)
			// the page's furniture ("bottom of page") ends the list
			// whatever the line before it
			end := len(next) <= 16 && pageEnds[strings.ToLower(next)]
			if !end && (!(endsSentence(lines[k-1]) || endsValue(lines[k-1]) || marked || last && !carriesOn(lines[k-1]) || titled) || startsLower(next)) {
				continue
			}
			if !last && !marked && !hasTitle(lines[k:]) && !leadIn && !end {
				break
			}
			head := element{kind: elList, ordered: e.ordered, items: append(e.items[:i:i], strings.Join(lines[:k], "\n"))}
			out := append([]element{cleanItems(head)}, lineElements(lines[k:])...)
			if !last {
				out = append(out, splitLazy(element{kind: elList, ordered: e.ordered, items: e.items[i+1:]})...)
			}
			return out
		}
	}
	return []element{cleanItems(e)}
}

// carriesOn says whether a line ends mid-sentence for sure: on a comma, a
// colon's kin or a small word of the four languages ("Visa, Mastercard
// and" before "American Express"). A line that ends otherwise may end its
// item, as German capitalised nouns make a capital no sign of a new
// sentence ("… abzüglich nicht benötigten Materials" before "Aus Kulanz
// …").
func carriesOn(line string) bool {
	line = strings.TrimSpace(line)
	if strings.HasSuffix(line, ",") || strings.HasSuffix(line, ";") || strings.HasSuffix(line, "-") {
		return true
	}
	ws := words(strings.ToLower(line))
	if len(ws) == 0 {
		return true
	}
	last := ws[len(ws)-1]
	if clauseEnds[last] || germanParticleEnd(ws) {
		return false
	}
	for _, l := range Languages {
		if stopwords[l][last] {
			return true
		}
	}
	return false
}

// germanParticleEnd says whether the words of a line (small letters) end
// a German clause on its verb's separable prefix ("Diese Formular bringt
// ihr für eure eigenen Kinder mit", "Bitte bringt eure Schuhe mit"): a
// finite verb in -t among the first three words, beside a pronoun as its
// subject or after "bitte", or in -en beside "wir" or "sie". Such a line ends its sentence without a stop;
// the capital that follows opens a new one (in German, not a noun the
// preposition "mit" would govern).
func germanParticleEnd(ws []string) bool {
	if len(ws) < 4 || !slices.Contains(germanSeparable[1:], ws[len(ws)-1]) {
		return false
	}
	for i := 0; i < 3 && i < len(ws)-1; i++ {
		if len(ws[i]) < 4 || !allLetters(ws[i]) {
			continue
		}
		switch {
		case strings.HasSuffix(ws[i], "t"):
			if germanSubject[ws[i+1]] || i > 0 && (germanSubject[ws[i-1]] || ws[i-1] == "bitte") {
				return true
			}
		case strings.HasSuffix(ws[i], "en"):
			// (the plural's verb: "Wir holen euch am Bahnhof ab")
			if ws[i+1] == "wir" || ws[i+1] == "sie" || i > 0 && (ws[i-1] == "wir" || ws[i-1] == "sie") {
				return true
			}
		}
	}
	return false
}

// germanSubject are the pronouns that stand beside a German finite verb.
var germanSubject = toSet(`ihr wir sie du man er es`)

// clauseEnds are small words that end a clause as often as not ("for
// earlobe piercings only", "adults 18 and up", "payable aussi"): a line
// ending on one may end its item.
var clauseEnds = toSet(`only too also up out off here there now again ago away back down well
	way thing things stuff folks guys possible question sure ok okay thanks please ever
	yours ours theirs hers mine myself yourself ourselves themselves itself himself herself
	aussi seulement uniquement ici là moi toi lui merci
	auch danke jetzt dort
	también solo sólo favor gracias posible nada mucho`)

// hasTitle says whether one of the lines is a short title (capitalised,
// without final punctuation) or a question a later line answers ("Bis
// wann sollten Termine abgesagt werden?" over its rules).
func hasTitle(lines []string) bool {
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || startsLower(l) {
			continue
		}
		if shortTitle(l) || strings.HasSuffix(l, "?") && len(strings.Fields(l)) <= 12 && i+1 < len(lines) {
			return true
		}
	}
	return false
}

// questionLine says whether a line is a question of its own: capitalised,
// ending with a question mark, at most 25 words.
func questionLine(line string) bool {
	return strings.HasSuffix(line, "?") && !startsLower(line) && len(strings.Fields(line)) <= 25
}

// cleanItems cleans a list's items (one line each).
func cleanItems(e element) element {
	for i, it := range e.items {
		if first, rest, ok := strings.Cut(it, "\n"); ok && e.ordered && stepTitle(clean(first)) && !startsLower(strings.TrimSpace(rest)) {
			// "1. Open booking website" over its text: the step's title
			// is a sentence of its own
			it = first + ".\n" + rest
		}
		e.items[i] = clean(it)
	}
	return e
}

// stepTitle says whether an item is a step's title and no more: a short
// instruction of at most eight words without final punctuation ("Choose a
// service", "Pick date and time").
func stepTitle(item string) bool {
	return item != "" && len(strings.Fields(item)) <= 8 && !endsSentence(item) && !strings.ContainsAny(item, ",;") &&
		!carriesOn(item) && instruction(item)
}

// sectionTitle says whether a numbered item is a section's title among
// numbered clauses ("1. Anmeldung" over "1. Sobald eine Anmeldung
// eingegangen ist, …"), or over its text (sectionItem): at most six
// words, capitalised, without final punctuation, a colon, a value or an
// instruction.
func sectionTitle(item string) bool {
	return item != "" && !startsLower(item) && len(strings.Fields(item)) <= 6 && shortTitle(item) && !instruction(item) &&
		!strings.Contains(item, ":") && !endsValue(item)
}

// listSections splits an ordered list of clauses at the items that are
// section titles: terms and conditions number their sections and the
// clauses in each alike ("1. Anmeldung", "1. Sobald …", "2. Die
// Hundeschule …", "2. Einmalige Einzeltermine", …), so the titles were
// read as items. Two titles or more, each followed by a clause (an item
// ending a sentence) unless it ends the list; a list of short items
// ("1. Flour", "2. Sugar", "3. Mix them.") stays whole.
func listSections(els []element) []element {
	var out []element
	for _, e := range els {
		if e.kind != elList || !e.ordered || len(e.items) < 3 {
			out = append(out, e)
			continue
		}
		titles, clauses := 0, true
		for i, it := range e.items {
			if sectionTitle(it) {
				titles++
				clauses = clauses && (i+1 == len(e.items) || endsSentence(e.items[i+1]))
			}
		}
		if titles < 2 || !clauses {
			out = append(out, e)
			continue
		}
		var items []string
		flush := func() {
			if len(items) > 0 {
				out = append(out, element{kind: elList, ordered: true, items: items})
				items = nil
			}
		}
		for _, it := range e.items {
			if sectionTitle(it) {
				flush()
				out = append(out, element{kind: elHeading, level: levelLine, text: it})
				continue
			}
			items = append(items, it)
		}
		flush()
	}
	return out
}

// labelledLists makes one list of the short lists a lead-in introduces
// under labels of their own ("The appointment times available are:",
// "Weekdays", "- 10.00am – 12.00pm", "- 1.00pm – 6.00pm", "Saturdays",
// "- 8.00am – 12.00pm"): one item a label, "Weekdays: 10.00am – 12.00pm,
// 1.00pm – 6.00pm", so that the lead-in asks for all of them and the
// labels do not become headings over the text that follows. Two labels
// or more, each a word or three, each over a bullet list of short
// values.
func labelledLists(els []element) []element {
	short := func(e element) bool {
		if e.kind != elList || e.ordered {
			return false
		}
		for _, it := range e.items {
			if len(strings.Fields(it)) > 8 {
				return false
			}
		}
		return true
	}
	label := func(e element) bool {
		return e.kind == elParagraph && len(strings.Fields(e.text)) <= 3 && !startsLower(e.text) &&
			!strings.ContainsAny(e.text, ".,;:!?") && !instruction(e.text)
	}
	var out []element
	for i := 0; i < len(els); i++ {
		e := els[i]
		out = append(out, e)
		if e.kind != elParagraph || !strings.HasSuffix(e.text, ":") {
			continue
		}
		var items []string
		j := i + 1
		for j+1 < len(els) && label(els[j]) && short(els[j+1]) {
			items = append(items, els[j].text+": "+strings.Join(els[j+1].items, ", "))
			j += 2
		}
		if len(items) < 2 {
			continue
		}
		out = append(out, element{kind: elList, items: items})
		i = j - 1
	}
	return out
}

// inlineItems writes a bullet list as one sentence: its items between
// semicolons, but after an item that ends on punctuation or carries on
// ("Select a specific employee, or"), and with a final stop.
func inlineItems(items []string) string {
	var b strings.Builder
	for i, it := range items {
		b.WriteString(it)
		switch {
		case i == len(items)-1:
			if !endsSentence(it) {
				b.WriteString(".")
			}
		case endsSentence(it) || strings.HasSuffix(it, ";") || carriesOn(it):
			b.WriteString(" ")
		case (len(strings.Fields(it)) >= 12 || len(Sentences(it)) > 1) && !startsLower(items[i+1]):
			// a sentence without its stop (a long one, or one after
			// another) before one that opens with a capital ("… in
			// specific way", "Once complete, …"); short items are an
			// enumeration's
			b.WriteString(". ")
		default:
			b.WriteString("; ")
		}
	}
	return b.String()
}

// titledSteps makes one procedure of steps written as numbered titles over
// their own text, as help centres write them ("1. Open booking website",
// its paragraphs, "2. Choose a service", its paragraphs and bullets, …):
// each title-only step takes the paragraphs and bullet lists after it, up
// to the next step or a title line, into its text (a bullet list as one
// sentence, its items after the lead-in, between semicolons). Three steps
// or more, each with its text.
func titledSteps(els []element) []element {
	var out []element
	for i := 0; i < len(els); i++ {
		e := els[i]
		if e.kind != elList || !e.ordered || !titledStep(lastItem(e), e.worded) {
			out = append(out, e)
			continue
		}
		proc := element{kind: elList, ordered: true, items: slices.Clone(e.items), worded: e.worded}
		titled := 0
		j := i + 1
		for j < len(els) {
			last := len(proc.items) - 1
			if !titledStep(proc.items[last], proc.worded) {
				break
			}
			var body []string
			k := j
			next := nextNamedStep(els[j:], e.start, len(proc.items), proc.worded)
			if next > 0 {
				// "STEP 1: REGISTER" over "Registrations OPEN:", "AUG
				// 18th @ 9am", a paragraph, "DISABLE DATE:", …, then
				// "STEP 2: …": a step the page named runs to the next
				// one, its labels and short lines its sentences
				body = append(body, stepBody(els[j:j+next]))
				k = j + next
			}
			for ; next == 0 && k < len(els); k++ {
				b := els[k]
				if b.kind == elParagraph && len(body) > 0 && strings.HasSuffix(b.text, ":") && len(strings.Fields(b.text)) <= 5 && !stepAfter(els[k+1:]) {
					// "Several important issues:" after the last step's
					// text: a part of the page of its own, not the step's
					break
				}
				if n := labelledDetails(els[k:]); n > 0 && len(body) > 0 && strings.HasSuffix(body[len(body)-1], ":") {
					// "Dieses sind:" over "Ledige Verstorbene" and its
					// list, "Verheiratete Verstorbene" and its list, …
					body = append(body, strings.TrimSpace(withDetails("", els[k:k+n])))
					k += n
					break
				}
				if b.kind == elParagraph && !shortTitle(b.text) {
					body = append(body, b.text)
				} else if b.kind == elParagraph && k == j && proc.worded && k+1 < len(els) && els[k+1].kind == elParagraph && !shortTitle(els[k+1].text) {
					// "Step 5: SCHEDULE JULIE MARKINGS" over "Day 10-15" and
					// its text: a named step's short line, as the steps
					// before it had theirs (stepBody)
					body = append(body, stepBody(els[k:k+1]))
				} else if b.kind == elList && !b.ordered {
					body = append(body, inlineItems(b.items))
				} else {
					break
				}
			}
			if len(body) == 0 {
				break
			}
			proc.items[last] = strings.TrimSuffix(proc.items[last], ".") + ". " + strings.Join(body, " ")
			titled++
			j = k
			if j < len(els) && els[j].kind == elList && els[j].ordered && !els[j].worded && proc.worded && els[j].start <= 1 &&
				strings.HasSuffix(proc.items[last], ":") {
				// "Step 6: Collect Your Items" over "At the locker:" and
				// its own "1. Press the Start button.", "2. …": the
				// step's sub-steps, its sentences
				proc.items[last] = withDetails(proc.items[last], els[j:j+1])
				j++
			}
			if j < len(els) && els[j].kind == elList && els[j].ordered {
				proc.items = append(proc.items, els[j].items...)
				proc.worded = proc.worded && els[j].worded
				j++
			}
		}
		if titled < 2 || len(proc.items) < 3 || titledStep(lastItem(proc), proc.worded) {
			// no procedure here, nor one starting at a later step of the
			// run read (it would end as this one did): the run is left as
			// it is, and read once (a page of 10,000 such steps is no
			// quadratic work)
			out = append(out, els[i:max(j, i+1)]...)
			i = max(j, i+1) - 1
			continue
		}
		out = append(out, proc)
		i = j - 1
	}
	return out
}

// nextNamedStep returns the index in els of the step named after the
// current one (step number start+count-1, both counted as the page wrote
// them: "STEP 2:" after "STEP 1:") when only paragraphs, bullets and a
// few labels come before it (at most maxNamedStepBody elements, none a
// heading or another numbered list), and 0 otherwise.
func nextNamedStep(els []element, start, count int, worded bool) int {
	if !worded || start <= 0 {
		return 0
	}
	for k, e := range els {
		if k > maxNamedStepBody {
			return 0
		}
		switch {
		case e.kind == elList && e.ordered:
			if e.worded && e.start == start+count && k > 0 {
				return k
			}
			return 0
		case e.kind == elHeading && e.level < levelLine:
			return 0
		}
	}
	return 0
}

// maxNamedStepBody bounds the elements a named step takes.
const maxNamedStepBody = 12

// stepBody writes the elements of a named step's text as its sentences: a
// label ending with ":" joined to the short line after it ("Registrations
// OPEN: AUG 18th @ 9am."), bullets as one sentence.
func stepBody(els []element) string {
	var parts []string
	for k := 0; k < len(els); k++ {
		e := els[k]
		switch {
		case e.kind == elList:
			parts = append(parts, inlineItems(e.items))
		case (strings.HasSuffix(e.text, ":") || e.kind == elHeading) && k+1 < len(els) && els[k+1].kind != elList && shortTitle(els[k+1].text):
			parts = append(parts, strings.TrimSuffix(e.text, ":")+": "+els[k+1].text+".")
			k++
		case e.kind == elHeading:
			parts = append(parts, strings.TrimSuffix(e.text, ":")+":") // a label over the text after it
		case e.text != "":
			t := e.text
			if !endsSentence(t) && !strings.HasSuffix(t, ":") {
				t += "."
			}
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " ")
}

// stepAfter says whether an ordered list comes before the next heading.
func stepAfter(els []element) bool {
	for _, e := range els {
		switch {
		case e.kind == elHeading:
			return false
		case e.kind == elList && e.ordered:
			return true
		}
	}
	return false
}

// titledStep says whether a numbered item is a step's title over its
// text: an instruction (stepTitle), or, where the page wrote the step's
// word ("Step 2. Estimating the cost."), a stage's short name, its full
// stop allowed.
func titledStep(item string, worded bool) bool {
	if stepTitle(item) {
		return true
	}
	t := strings.TrimSuffix(item, ".")
	// (commas only between the nouns of a title in capitals: "Check the
	// Blade Profile for Contour, Chips, & Tip Damage")
	return worded && t != "" && !startsLower(t) && len(strings.Fields(t)) <= 10 && !endsSentence(t) && !strings.ContainsAny(t, ";:") &&
		(!strings.Contains(t, ",") || titleWords(t)) && !carriesOn(t)
}

// splitQuestion splits a list item into a question of at most 25 words
// and its answer (its lines kept).
// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

func splitQuestion(item string) (q, a string, ok bool) {
	first, rest, _ := strings.Cut(item, "\n")
	first, rest = clean(first), strings.TrimSpace(rest)
	if !strings.HasSuffix(first, "?") {
		// "Can I pay later? Yes, within 30 days.", the item read as the
		// one line it is written as (its lines joined, as cleanItems
		// joins them: the same item read again splits the same way)
		whole := clean(strings.ReplaceAll(item, "\n", " "))
		i := strings.Index(whole, "? ")
		if i < 0 {
			return "", "", false
		}
		first, rest = whole[:i+1], strings.TrimSpace(whole[i+2:])
	}
	if rest == "" || len(strings.Fields(first)) > 25 || letters(first) < 3 {
		// (a lone "?" or "A?" asks nothing: "? 0" is no question and its
		// answer)
		return "", "", false
	}
	return first, rest, true
}

// promoteHeadings turns paragraphs that read as headings into headings: a
// short line without final punctuation followed by text, and a question
// followed by its answer (a question followed by another question is a
// list of questions, and stays text).
func promoteHeadings(els []element) []element {
	inFAQ := false   // the last heading was a question
	var titled []int // the lines made headings as short titles
	labels := 0      // the lines made headings as labels
	// a page that heads three lists or more with labels ("Interdictions
	// :", "Modes de pêche autorisés:", "Obligations :") is divided by
	// them: each is a section's title from the first
	listLabels := 0
	for i := 0; i+1 < len(els); i++ {
		if els[i].kind == elParagraph && els[i+1].kind == elList && labelTitle(els[i].text) {
			listLabels++
		}
	}
	for i := range els {
		if els[i].kind == elHeading {
			inFAQ = els[i].level == levelQuestion || strings.HasSuffix(els[i].text, "?")
		}
		if els[i].kind != elParagraph || i+1 == len(els) {
			continue
		}
		line, next := els[i].text, els[i+1]
		n := len(strings.Fields(line))
		first, _ := utf8.DecodeRuneInString(line)
		if !unicode.IsUpper(first) && !unicode.IsDigit(first) && !strings.ContainsRune("¿¡\"“«", first) {
			continue
		}
		textNext := next.kind == elParagraph || next.kind == elList || next.kind == elTable
		switch {
		case strings.HasSuffix(line, "?") && n <= 25 && textNext:
			if next.kind == elParagraph && strings.HasSuffix(next.text, "?") && len(strings.Fields(next.text)) <= 25 {
				if followUpQuestion(next.text) {
					// "Est-ce que mon bébé / mes grand-parents peuvent
					// participer?" then "Et une femme enceinte ?": one
					// question in two lines, which the text after both
					// answers
					els[i+1].text = line + " " + next.text
					els[i].kind, els[i].text = elParagraph, ""
				}
				continue
			}
			els[i].kind, els[i].level = elHeading, levelQuestion
			inFAQ = true
		case numberedLabel.MatchString(line) && !endsSentence(line) && n <= 16 && next.kind == elParagraph && !strings.HasSuffix(line, "?"):
			// "Règle n°2 : enfermez vos moutons serrés car ils doivent
			// être faciles à attraper" over its text: a numbered rule's
			// title, however long
			els[i].kind, els[i].level = elHeading, levelLine
			inFAQ = false
		case exclaimedTitle(line) && textNext:
			// "Pkw, Transporter und Anhänger!", "Aufbau der Mietartikel!"
			// over text: a title written with an exclamation mark
			els[i].kind, els[i].level, els[i].text = elHeading, levelLine, strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), "!"))
			inFAQ = false
		case shortTitle(line) && !(labelValue(line) && statementLine(line)) && !valueLine(line) &&
			!(i > 0 && els[i-1].kind == elHeading && n >= 5 && statementLine(line)) && !(n >= 4 && addressed(line)):
			// a label with its value on one line ("First No Show: 50% of
			// the service fee is due") is a rule, not a title; nor is a
			// line of values ("Montag 15:00 - 19:00", "Einzelnachmittag:
			// 20,-€", "Siret : 928 515 931 000 30"), nor a statement
			// right under a title, its section's first line ("Article 3
			// CONDITIONS DE PAIEMENT" over "Les paiements se font par
			// chèques ou en espèces")
			els[i].kind, els[i].level = elHeading, levelLine
			inFAQ = false
			titled = append(titled, i)
		case labelTitle(line) && (next.kind == elParagraph || next.kind == elList && (listLabels >= 3 || labels > 0 && i > 0 && els[i-1].kind == elList)):
			// "Reiterferien für Kinder ab 8:" over its rules: a section's
			// label, not a lead-in (which has a verb: "The fees are:");
			// over a list too, after another section's list, in a text
			// whose labels head sections ("Deposits:" over its text and
			// items, then "Cancellations and No Shows:" over items)
			els[i].kind, els[i].level, els[i].text = elHeading, levelLabel, strings.TrimSpace(strings.TrimSuffix(line, ":"))
			inFAQ = false
			labels++
		case inFAQ && n <= 12 && len(Sentences(line)) == 1 && next.kind == elParagraph && len(strings.Fields(next.text)) > n &&
			els[i-1].kind != elHeading && !strings.HasSuffix(next.text, "?") &&
			!(els[i-1].kind == elParagraph && len(strings.Fields(els[i-1].text)) <= 12):
			// among questions, a short statement before a longer text is
			// a question put as a statement ("The parcel arrived damaged."),
			// unless it answers the question right above it ("No, the fee
			// is not refundable."), goes on from a line as short as itself
			// (an answer's conditions a line each: "Avoir au minimum 15
			// ans.", "Les mineurs doivent avoir une autorisation
			// parentale.") or what follows is a question itself
			els[i].kind, els[i].level = elHeading, levelQuestion
		}
	}
	// a statement made a title over nothing, right before another heading,
	// is a rule of its own ("24 hours' notice is required to cancel an
	// appointment" before "No Shows"), not an empty section
	answers := answerRuns(els, titled)
	for _, i := range titled {
		if answers[i] {
			continue
		}
		if i+1 < len(els) && els[i+1].kind == elHeading && els[i+1].level <= levelLine && statementLine(els[i].text) {
			els[i].kind, els[i].level = elParagraph, 0
		}
	}
	return withoutEmpty(titledAnswers(els, answers))
}

// withoutEmpty drops the paragraphs left empty (a question joined to the
// one after it): kept, they ran into the paragraph before them.
func withoutEmpty(els []element) []element {
	out := els[:0]
	for _, e := range els {
		if e.kind != elParagraph || e.text != "" {
			out = append(out, e)
		}
	}
	return out
}

// answerRuns finds the runs of two or more short lines made titles right
// under a question, with nothing between them: the question's answer, a
// list whose bullets were lost when the page was copied ("¿Qué tamaños
// de contenedor tenéis?" over "Contenedor pequeño: 3,5 m³", "Contenedor
// grande: 7 m³", "Cajas de 20 m³ y de 30 m³"). As titles, each but the
// last headed nothing, and what they said was lost.
func answerRuns(els []element, titled []int) map[int]bool {
	isTitled := map[int]bool{}
	for _, i := range titled {
		if els[i].kind == elHeading && els[i].level == levelLine {
			isTitled[i] = true
		}
	}
	runs := map[int]bool{}
	for i := range els {
		if els[i].kind != elHeading || els[i].level != levelQuestion {
			continue
		}
		j := i + 1
		for j < len(els) && isTitled[j] {
			j++
		}
		if j-i-1 >= 2 {
			for k := i + 1; k < j; k++ {
				runs[k] = true
			}
		}
	}
	return runs
}

// titledAnswers turns each run of answerRuns into one list.
func titledAnswers(els []element, runs map[int]bool) []element {
	if len(runs) == 0 {
		return els
	}
	out := els[:0:0]
	for i := 0; i < len(els); i++ {
		if !runs[i] {
			out = append(out, els[i])
			continue
		}
		list := element{kind: elList}
		for ; i < len(els) && runs[i]; i++ {
			list.items = append(list.items, els[i].text)
		}
		out = append(out, list)
		i--
	}
	return out
}

// emptyStatements makes a paragraph again of each line read as a title
// that has nothing under it (another heading of its level or above comes
// next) and states something: a verb of statementVerbs or a negation
// after its first word ("We do not pierce infants" between a list and
// the next age group's title). Whichever step made it a title, its text
// would otherwise be no block's.
func emptyStatements(els []element) []element {
	for i := range els {
		e := els[i]
		if e.kind != elHeading || e.level != levelLine || i+1 == len(els) || els[i+1].kind != elHeading || els[i+1].level > levelLine {
			continue
		}
		if statementLine(e.text) || negatedLine(e.text) {
			els[i].kind, els[i].level = elParagraph, 0
		}
	}
	return els
}

// negatedLine says whether a line of four words or more has a negation
// after its first word ("We do not pierce infants", "Wir stechen keine
// Babys").
func negatedLine(line string) bool { return laterWordIn(line, negations) }

var negations = toSet(`not never don't doesn't pas jamais nicht nie kein keine keinen nunca`)

// dayRows joins a line that names only days ("MONTAG – DONNERSTAG",
// "Sábados y domingos") to the times on the line after it ("09.00 –
// 22.30 Uhr"): a schedule written as a table, one cell a line. Read apart,
// each day would be a title over a time, and the schedule's own title a
// title over nothing.
func dayRows(els []element) []element {
	out := els[:0]
	for i := 0; i < len(els); i++ {
		e := els[i]
		if (e.kind == elParagraph || e.kind == elHeading) && i+1 < len(els) && els[i+1].kind == elParagraph &&
			daysLine(e.text) && ScheduleLine(els[i+1].text) && !daysLine(els[i+1].text) {
			out = append(out, element{kind: elParagraph, text: strings.TrimSpace(strings.TrimSuffix(e.text, ":")) + ": " + els[i+1].text})
			i++
			continue
		}
		out = append(out, e)
	}
	return out
}

// dashRows makes a list of three or more lines in a row, each a name, a
// spaced dash and what goes with it ("Protective Gloves – Provided by The
// Smashit House", "Hard Hat – Provided by …", "Closed-Toe Shoes –
// Participant must provide"): a list written without its bullets. Read
// apart, each would be a title over the next, and all but the last lost.
func dashRows(els []element) []element {
	out := els[:0]
	for i := 0; i < len(els); i++ {
		j := i
		for j < len(els) && (els[j].kind == elParagraph || els[j].kind == elHeading) && spacedDash(els[j].text) && dashRow.MatchString(els[j].text) {
			j++
		}
		if j-i < 3 {
			out = append(out, els[i])
			continue
		}
		list := element{kind: elList}
		for _, e := range els[i:j] {
			list.items = append(list.items, e.text)
		}
		out = append(out, list)
		i = j - 1
	}
	return out
}

// spacedDash says whether a text has a spaced en or em dash (the cheap
// test before dashRow).
func spacedDash(s string) bool { return strings.Contains(s, " – ") || strings.Contains(s, " — ") }

// dashRow is a line of a name (two to six words), a spaced en or em dash
// and its value.
var dashRow = regexp.MustCompile(`^\p{Lu}[^–—:.?!]{1,50}\s[–—]\s\S.{1,200}$`)

// daysLine says whether a line names only days of the week, with dashes
// and small words between them ("Montag – Donnerstag", "Sat & Sun",
// "Sábados y domingos", "Lundi au vendredi").
func daysLine(line string) bool {
	ws := words(strings.ToLower(strings.TrimSuffix(strings.TrimSpace(line), ":")))
	days := 0
	for _, w := range ws {
		switch {
		case dayNames[w]:
			days++
		case daySpanWords[w]:
		default:
			return false
		}
	}
	return days > 0 && len(ws) <= 6
}

var daySpanWords = toSet(`to and bis und au à a y et und through thru`)

// followUpQuestion says whether a question goes on from the one before
// it: short, opened by "and", "or" ("Et une femme enceinte ?", "And for
// children?", "Und für Kinder?", "¿Y para niños?").
func followUpQuestion(q string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimLeft(strings.TrimSpace(q), "¿")), " ")
	return len(strings.Fields(q)) <= 8 && followUpWords[first]
}

var followUpWords = toSet(`and or et ou und oder y o`)

// addressed says whether a line opens with the customer or the business
// as its subject ("You will receive 60-80% of what you sell", "Your Drop
// Off times are before the Presale", "Nous fournissons …", "Wir bieten
// …"): a sentence without its stop, never a title. (The customer's own
// "I" and "je" open headings that are questions put as statements: "Je
// souhaite annuler ma commande".)
func addressed(line string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(line)), " ")
	return subjectPronouns[first] || possessives[first] && statementLine(line)
}

var (
	subjectPronouns = toSet(`you we vous nous wir usted ustedes nosotros`)
	// (a possessive opens titles too, "Nuestros requisitos para confirmar
	// reservas": with a verb only is it a sentence)
	possessives = toSet(`your our votre vos notre nos unser unsere nuestro nuestra nuestros nuestras`)
)

// valueLine says whether a line gives values rather than a title: a
// time of day, an amount of money, or a label whose value has three
// digits or more (an address, a registration number).
func valueLine(line string) bool {
	if _, value, ok := strings.Cut(line, ":"); ok && emailOrLink(value) {
		return true // "Email : chocolaterie.billesdechoc@gmail.com", "Site : www.example.fr": a contact's value
	}
	if !strings.ContainsAny(line, "0123456789") {
		return false // every value line has a number (most lines, no regular expression)
	}
	lower := strings.ToLower(line)
	if hasClock(lower) || hasAmount(lower) || rangeOrCount(lower) {
		return true
	}
	_, value, ok := strings.Cut(line, ":")
	digits := 0
	for _, r := range value {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return ok && digits >= 3
}

// emailOrLink says whether s holds an email address or a web address.
func emailOrLink(s string) bool {
	for _, w := range strings.Fields(s) {
		if at := strings.Index(w, "@"); at > 0 && strings.Contains(w[at:], ".") || strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://") || strings.HasPrefix(w, "www.") {
			return true
		}
	}
	return false
}

// labelTitle says whether a line is a section's label ending with a colon:
// at most eight words, capitalised, no other colon, and neither a verb of
// statementVerbs, a pronoun nor an instruction ("Erwachsene:",
// "Reiterferien für Kinder ab 8:", not "The fees are:", "We have adopted
// the policies below:", "Please note:").
func labelTitle(line string) bool {
	body, ok := strings.CutSuffix(strings.TrimSpace(line), ":")
	body = strings.TrimSpace(body)
	if !ok || body == "" || startsLower(body) || strings.ContainsAny(body, ":.;!?") || len(strings.Fields(body)) > 8 || instruction(body) {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(body)) {
		w = strings.Trim(w, ",()\"'")
		if statementVerbs[w] || labelPronouns[w] {
			return false
		}
	}
	return true
}

// labelPronouns are the subject pronouns of the four languages: a line
// with one says something ("We accept:").
var labelPronouns = toSet(`i we you he she it they nous vous je tu il elle ils elles on ich du er sie es wir ihr man yo tú él ella nosotros vosotros ellos ellas usted ustedes`)

// labelValue says whether a line is a short label, a colon and its value
// on one line, of one sentence.
func labelValue(line string) bool {
	label, value, ok := strings.Cut(line, ": ")
	return ok && strings.TrimSpace(value) != "" && !startsLower(label) && len(strings.Fields(label)) <= 5 &&
		len(strings.Fields(line)) <= 25 && !strings.ContainsAny(label, ".?!") && len(Sentences(line)) == 1
}

// statementLine says whether a line without final punctuation states
// something: four words or more, one of them a finite verb of the four
// languages' usual few ("is", "muss", "doit", "debe").
func statementLine(line string) bool { return laterWordIn(line, statementVerbs) }

// laterWordIn says whether a line of four words or more has a word of set
// after its first word.
func laterWordIn(line string, set map[string]bool) bool {
	ws := strings.Fields(strings.ToLower(line))
	if len(ws) < 4 {
		return false
	}
	for _, w := range ws[1:] {
		if set[strings.Trim(w, ",;:()\"'")] {
			return true
		}
	}
	return false
}

var statementVerbs = toSet(`is are must will cannot may should needs requires
	est sont doit doivent peut peuvent sera seront faut font se
	ist sind muss müssen wird werden kann können darf dürfen gilt gelten
	debe deben puede pueden será serán está están hay`)

// shortTitle says whether a line reads as a title: at most 12 words, no
// final punctuation.
func shortTitle(line string) bool {
	return len(strings.Fields(line)) <= 12 && !endsSentence(line) && !strings.HasSuffix(line, ",") && !strings.HasSuffix(line, ";")
}

// titleLine says whether a line standing before another could be a title
// or a label (shortTitle), not a line of prose wrapped in mid-sentence: it
// does not end on a small word ("… cuesta 40€ hasta las" over "22
// horas …"), nor does it start in lower case with a comma inside ("turno
// se descontarán 50€, si son dos turnos 100€, y tres turnos" over
// "150€.").
func titleLine(line string) bool {
	if !shortTitle(line) || startsLower(line) && strings.Contains(line, ", ") {
		return false
	}
	ws := strings.Fields(line)
	if len(ws) == 0 {
		return true
	}
	last := ws[len(ws)-1]
	low := strings.ToLower(last)
	// (a title's own capital "Is" ends it: "What This Is")
	return !danglingWords[low] || beForms[low] && !startsLower(last)
}

// pageEnds are the links a copied page keeps at its top or bottom.
var pageEnds = map[string]bool{"top of page": true, "bottom of page": true, "back to top": true,
	"haut de page": true, "bas de page": true, "nach oben": true, "volver arriba": true}

// beForms are the English forms of "be" among danglingWords.
var beForms = toSet(`is are was were`)

// danglingWords end no title: articles, prepositions, conjunctions and
// English forms of "be" that a sentence goes on after ("Our standard fee
// … is" over "$100.00.").
var danglingWords = toSet(`the a an of to for and or with at by from in on is are was were
	le la les un une des de du au aux et ou à pour par avec dans sur
	der die das den dem des ein eine einen einem einer und oder mit zu zum zur von vom für bei im am an auf aus
	el la los las un una unos unas de del al y o a en con por para hasta desde`)

func startsLower(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLower(r)
}

// endsSentence says whether s ends with final punctuation (or a colon).
func endsSentence(s string) bool {
	s = strings.TrimRight(s, "\"'”’»)] ")
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune(".!?…:", r)
}

// endsValue says whether s ends on an amount or a number ("from $15",
// "9 €", "10%"), as the items of a price list do.
func endsValue(s string) bool {
	s = strings.TrimRight(s, " ")
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsDigit(r) || strings.ContainsRune("€$£%", r)
}

// isBullet says whether a line starts with a bullet (bulletItem).
func isBullet(line string) bool {
	_, ok := bulletItem(line)
	return ok
}

// bulletItem returns the text of a line that starts with a bullet.
func bulletItem(line string) (string, bool) {
	for _, b := range []string{"• ", "· ", "▪ ", "◦ ", "‣ ", "– ", "— ", "- ", "* ", "+ ", "_ "} {
		if strings.HasPrefix(line, b) {
			return strings.TrimSpace(line[len(b):]), true
		}
	}
	for _, b := range []string{"-", "_"} {
		rest, ok := strings.CutPrefix(line, b)
		if !ok || fieldCount(rest) < 3 || b == "_" && strings.Contains(rest, "_") {
			continue // "_Note:_ …" is emphasis
		}
		// "-Hourly Session: $50.00 deposit.", "-14 days 50% of fees due
		// …", "_24 hours before …": a dash or an underscore typed against
		// its item's first word, a capital or a whole number (not "-5%",
		// "-based" nor "-2,5 kg")
		first, _, _ := strings.Cut(rest, " ")
		if r, _ := utf8.DecodeRuneInString(rest); unicode.IsUpper(r) || isDigits(first) {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// stepItem returns the text of a line that starts with a step number:
// "1. ", "2) ", "Step 3: ", "Étape 3 : ", "Schritt 3: ", "Paso 3: ".
func stepItem(line string) (string, bool) {
	rest := line
	if line == "" || line[0] < '0' || line[0] > '9' {
		// (most lines open on neither a number nor a step's word: no
		// lower-case copy of each)
		var ok bool
		if rest, ok = cutStepWord(line); !ok {
			return "", false
		}
	}
	i := 0
	for i < len(rest) && i < 3 && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i == 0 || i == len(rest) {
		return "", false
	}
	worded := rest != line
	spaced := strings.HasPrefix(rest[i:], " ")
	sep := strings.TrimLeft(rest[i:], " ")
	cut := func(prefixes ...string) bool {
		for _, p := range prefixes {
			if after, ok := strings.CutPrefix(sep, p); ok {
				sep = after
				return true
			}
		}
		return false
	}
	switch {
	case cut(". ", ") "):
	case worded && cut(": ", "- ", "– "):
	case !worded && spaced && i <= 2 && cut("- ", "– "):
		// "1 - Lorsqu'un client s'inscrit …": a clause numbered with a
		// dash, when what follows is a sentence ("2 - 3 days" is a range)
		if r, _ := utf8.DecodeRuneInString(sep); !unicode.IsUpper(r) || len(strings.Fields(sep)) < 4 {
			return "", false
		}
	case !worded && !spaced && i <= 2 && !strings.HasPrefix(sep, "- ") && cut("-") && len(strings.Fields(sep)) >= 6 &&
		!startsLower(sep) && gluedClauseWord(sep):
		// "1-Toute commande doit nous être confirmée …": a clause's number
		// typed against its first word, a function word ("3-Day Pass"
		// is a name)
	default:
		return "", false
	}
	// "2. Januar" is a date, not a step.
	if !worded && months[strings.ToLower(firstWord(sep))] {
		return "", false
	}
	text := strings.TrimSpace(sep)
	return text, text != ""
}

// gluedClauseWord says whether a clause opens on a function word of one of
// the four languages ("Toute", "La", "L'estimation", "Pour").
func gluedClauseWord(s string) bool {
	if _, n := utf8.DecodeRuneInString(s); n < len(s) {
		if r, m := utf8.DecodeRuneInString(s[n:]); (r == '\'' || r == '’') && n+m < len(s) {
			return true // "L'estimation", "D’un"
		}
	}
	w := fold(strings.ToLower(firstWord(s)))
	for _, l := range Languages {
		if stopwords[l][w] {
			return true
		}
	}
	return false
}

// cleanHeadings takes the page's numbering and markers off headings: "I.
// Loan Periods", "B) Fees", "2.1 Opening hours", "(3) Kündigung", "Q. Who
// can export?", "1- How can I pay?" are "Loan Periods", "Fees", "Opening
// hours", "Kündigung", "Who can export?", "How can I pay?".
func cleanHeadings(els []element) []element {
	out := els[:0]
	for _, e := range els {
		if e.kind == elHeading {
			e.text = headingText(e.text)
			if !strings.ContainsFunc(e.text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
				continue // "0) $": a title of symbols names nothing (and reads as furniture when read again)
			}
		}
		out = append(out, e)
	}
	return out
}

// headingText is a heading without its number or marker (see
// cleanHeadings); a heading that is only a number keeps it.
func headingText(t string) string {
	mark, rest, ok := strings.Cut(t, " ")
	rest = strings.TrimSpace(rest)
	r, _ := utf8.DecodeRuneInString(rest)
	if !ok || rest == "" || !unicode.IsUpper(r) && !strings.HasPrefix(rest, "¿") && !strings.HasPrefix(rest, "¡") {
		return t
	}
	question := strings.HasSuffix(rest, "?")
	switch {
	case romanMark(mark), letterMark(mark), partMark(mark), sectionMark(mark) && !months[strings.ToLower(firstWord(rest))]:
		return headingText(rest) // every mark: what is left reads the same again
	case question && (mark == "Q." || mark == "Q:" || numberMark(mark)):
		return headingText(rest)
	}
	return t
}

// romanMark: "I.", "IV)", "XII.".
func romanMark(m string) bool {
	body, ok := strings.CutSuffix(m, ".")
	if !ok {
		body, ok = strings.CutSuffix(m, ")")
	}
	return ok && body != "" && len(body) <= 6 && strings.Trim(body, "IVXLC") == ""
}

// letterMark: "A.", "b)".
func letterMark(m string) bool {
	return len(m) == 2 && (m[1] == '.' || m[1] == ')') && (m[0] >= 'A' && m[0] <= 'H' || m[0] >= 'a' && m[0] <= 'h')
}

// partMark: "(1)", "(12)", "(a)".
func partMark(m string) bool {
	body, ok := strings.CutPrefix(m, "(")
	body, ok2 := strings.CutSuffix(body, ")")
	return ok && ok2 && (isDigits(body) && len(body) <= 2 || len(body) == 1 && body[0] >= 'a' && body[0] <= 'h')
}

// sectionMark: "2.", "2.1", "2.1.", "3)".
func sectionMark(m string) bool {
	body := strings.TrimRight(m, ".)")
	if body == "" || len(m)-len(body) > 1 {
		return false
	}
	parts := strings.Split(body, ".")
	for _, p := range parts {
		if !isDigits(p) || len(p) > 2 {
			return false
		}
	}
	return len(parts) > 1 || len(body) < len(m)
}

// numberMark: a question's number, "1-", "2.", "1.2.", "3)".
func numberMark(m string) bool {
	return sectionMark(m) || strings.HasSuffix(m, "-") && isDigits(strings.TrimSuffix(m, "-")) && len(m) <= 3
}

// lineText is a line of text without the page's marks at its start: a
// part's letter or number ("a. Check-in: from 4 pm", "(2) Monatliche
// Zahlweise", "IV. Holds"), a question's "Q." or "Q:", a footnote's "*"
// ("*Bordetella must be given …"), and a "Note:" label ("NOTE: Reports are
// removed after two months."). Step numbers ("1.", "2)") are no such
// marks: they make list items. An answer's "A." or "A:" goes only after a
// question (answerMark): "A. Smith runs the shop" is a name.
func lineText(line string) string {
	line = dropIcon(line)
	if len(line) > 1 && line[0] == '*' && strings.Count(line, "*") == 1 {
		if r, _ := utf8.DecodeRuneInString(line[1:]); unicode.IsLetter(r) {
			return lineText(line[1:]) // "*C) …": the part's mark goes too
		}
	}
	mark, rest, ok := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	r, _ := utf8.DecodeRuneInString(rest)
	if !ok || rest == "" || !(unicode.IsUpper(r) || unicode.IsDigit(r) || r == '¿' || r == '¡') {
		return line
	}
	switch {
	case romanMark(mark) || letterMark(mark) && mark[0] >= 'a' || partMark(mark),
		(mark == "Q." || mark == "Q:") && strings.HasSuffix(rest, "?"):
		return lineText(rest) // (every mark: what is left reads the same again)
	case noteLabels[strings.ToLower(strings.TrimSuffix(mark, ":"))] && strings.HasSuffix(mark, ":"):
		return lineText(rest)
	}
	return line
}

// dropIcon takes off the emoji a web page sets before a line as an icon
// ("🚗 Annulation sans frais", "⚠️ À savoir"): decoration, no word.
func dropIcon(line string) string {
	t := strings.TrimLeftFunc(line, func(r rune) bool {
		// emoji and pictographs, not "©" or "®", which a copyright line
		// starts with (IsChrome)
		return unicode.Is(unicode.So, r) && r >= 0x2000 || r == '\ufe0f' || r == '\u200d' || unicode.Is(unicode.Sk, r) && r >= 0x2000 || r == ' '
	})
	if t == line || t == "" {
		return line
	}
	return t
}

// noteLabels open a note whose label is no part of its sentence.
var noteLabels = toSet(`note nb n.b. remarque hinweis nota`)

// stepDetails keeps in a step what the page wrote under it: a page that
// names its steps ("Step 2:", "Étape 3 :") may end a step with a colon
// and give it a paragraph, a label and a list of its own before the next
// step ("Step 2: Choose a frame. Many factors play into this decision:",
// "Exterior Factors:", "- What are the colors of the wall?", "Step 3:
// …"). Read apart, the procedure would stop at the step before them.
// They join the step as sentences of it when they are paragraphs and
// lists only (a heading ends the procedure) and the next step is numbered
// on from it; and a list right after the last step, which its colon
// announces ("Step 4: Answer these two questions:" over "1. …", "2.
// …"), joins it too. (A step written as a title over its text, "Step 1:
// Locate the Transaction" or "Step 2. Estimating the cost.", is
// titledSteps'.)
func stepDetails(els []element) []element {
	out := els[:0]
	for i := 0; i < len(els); i++ {
		e := els[i]
		if e.kind != elList || !e.ordered || !e.worded {
			out = append(out, e)
			continue
		}
		j := i + 1
		for j < len(els) && j-i <= maxStepDetails && (els[j].kind == elParagraph || els[j].kind == elList && !els[j].worded) {
			j++
		}
		announces := strings.HasSuffix(lastItem(e), ":")
		next := announces && j < len(els) && j > i+1 && els[j].kind == elList && els[j].worded &&
			e.start > 0 && els[j].start == e.start+len(e.items)
		announced := announces && i+1 < len(els) && els[i+1].kind == elList && !els[i+1].worded && len(els[i+1].items) <= 4
		labelled := 0
		if announces && !next {
			labelled = labelledDetails(els[i+1:])
		}
		switch {
		case next:
			e.items = append(e.items[:len(e.items)-1:len(e.items)-1], withDetails(lastItem(e), els[i+1:j]))
			i = j - 1
		case labelled > 0:
			e.items = append(e.items[:len(e.items)-1:len(e.items)-1], withDetails(lastItem(e), els[i+1:i+1+labelled]))
			i += labelled
		case announced:
			e.items = append(e.items[:len(e.items)-1:len(e.items)-1], withDetails(lastItem(e), els[i+1:i+2]))
			i++
		}
		out = append(out, e)
	}
	return out
}

// labelledDetails returns how many of els are the labelled lists a last
// step announces ("Dieses sind:" over "Ledige Verstorbene", "- Totenschein",
// …, "Verheiratete Verstorbene", "- …"): two to maxLabelledLists short
// labels, each over a list of short items, up to a heading, a numbered
// list or the end; 0 when els do not start so. Read apart, the labels would
// be titles after the procedure and the step would announce nothing.
func labelledDetails(els []element) int {
	n := 0
	for n+1 < len(els) && els[n].kind == elParagraph && els[n+1].kind == elList && !els[n+1].ordered && detailLabel(els[n].text) {
		for _, it := range els[n+1].items {
			if len(strings.Fields(it)) > 8 || strings.Contains(it, "\n") {
				return 0
			}
		}
		n += 2
	}
	if n < 4 || n > 2*maxLabelledLists || n < len(els) && els[n].kind != elHeading && !(els[n].kind == elList && els[n].ordered) {
		return 0
	}
	return n
}

// maxLabelledLists bounds the labelled lists a step keeps.
const maxLabelledLists = 6

// detailLabel says whether a line is a label over a list: at most six
// words, capitalised, no sentence.
func detailLabel(line string) bool {
	line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), ":"))
	return line != "" && !startsLower(line) && len(strings.Fields(line)) <= 6 && !endsSentence(line) && !strings.ContainsAny(line, ":;,")
}

// maxStepDetails bounds what stepDetails keeps under one step.
const maxStepDetails = 8

// withDetails is a step's text followed by the paragraphs and list items
// of details, each a sentence.
func withDetails(step string, details []element) string {
	var b strings.Builder
	b.WriteString(step)
	add := func(t string) {
		if t = strings.TrimSpace(t); t == "" {
			return
		}
		if !endsSentence(t) {
			t += "."
		}
		b.WriteString(" ")
		b.WriteString(t)
	}
	for k, d := range details {
		if d.kind == elParagraph && k+1 < len(details) && details[k+1].kind == elList && detailLabel(d.text) && !anySentence(details[k+1].items) {
			continue // the label of the list after it
		}
		if d.kind == elParagraph {
			add(d.text)
		}
		if k > 0 && details[k-1].kind == elParagraph && detailLabel(details[k-1].text) && !anySentence(d.items) {
			// "Ledige Verstorbene: Totenschein, Personalausweis, Geburtsurkunde."
			add(strings.TrimSuffix(strings.TrimSpace(details[k-1].text), ":") + ": " + strings.Join(d.items, ", "))
			continue
		}
		for _, it := range d.items {
			add(it)
		}
	}
	return b.String()
}

// anySentence says whether one of the items ends a sentence.
func anySentence(items []string) bool {
	for _, it := range items {
		if endsSentence(it) {
			return true
		}
	}
	return false
}

// joinSteps makes one procedure of ordered lists that follow one another
// with nothing between them: web pages often write each step as a
// paragraph of its own ("Paso 1: …", blank line, "Paso 2: …").
func joinSteps(els []element) []element {
	out := els[:0]
	for _, e := range els {
		if n := len(out); n > 0 && e.kind == elList && e.ordered && !e.renumbered && out[n-1].kind == elList && out[n-1].ordered &&
			!otherNumbering(out[n-1], e) {
			out[n-1].items = append(out[n-1].items, e.items...)
			continue
		}
		out = append(out, e)
	}
	return out
}

// otherNumbering says whether of two ordered lists one names its steps
// ("Step 7: Verify Your Order") and the other does not ("1. Press the
// Start button."), unless the second's numbers go on from the first's:
// sub-steps under a step, not steps of one procedure.
func otherNumbering(a, b element) bool {
	return a.worded != b.worded && !(a.start > 0 && b.start == a.start+len(a.items))
}

// numberedTitles makes a heading of a one-item ordered list that is a
// section's title: a short title, or a label ending with ":" ("1.
// Puntualidad y respeto por el tiempo:" over its bullets), followed by
// text or a list. Its number is the page's part number, not a step.
func numberedTitles(els []element) []element {
	for i := range els {
		e := els[i]
		if e.kind != elList || !e.ordered || len(e.items) != 1 || i+1 == len(els) || els[i+1].kind == elHeading {
			continue
		}
		t := strings.TrimSpace(strings.TrimSuffix(e.items[0], ":"))
		if !partTitle(t) {
			continue
		}
		els[i] = element{kind: elHeading, level: levelLine, text: t}
	}
	return els
}

// partTitle says whether a numbered item's text is the title of a part of
// the page: at most eight words, capitalised, no sentence, no
// instruction.
func partTitle(t string) bool {
	return t != "" && !startsLower(t) && len(strings.Fields(t)) <= 8 && !strings.ContainsAny(t, ".;!?") && !strings.Contains(t, ", ") && !instruction(t)
}

// remark says whether a line is a whole remark in brackets ("(The rest is
// paid at pick up)"): it belongs with the sentence before it.
func remark(line string) bool {
	return strings.HasPrefix(line, "(") && strings.HasSuffix(line, ")") && strings.Count(line, "(") == 1 && len(strings.Fields(line)) >= 3
}

// labelLine says whether a line is a label in capitals ending with ":"
// ("DEPOSIT:", "ORDER CHANGES:", "PICK UP/DELIVERY:"): at most four words.
func labelLine(line string) bool {
	body, ok := strings.CutSuffix(line, ":")
	if !ok || len(strings.Fields(body)) > 4 || strings.ContainsAny(body, ".:;!?") {
		return false
	}
	letters := 0
	for _, r := range body {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters >= 3
}

// refWords are the first words of a sentence that refers back to the one
// before it ("This fee …", "Cette dégustation …", "It …", "Or …").
var refWords = map[string]map[string]bool{
	EN: withDemonstratives(EN, `it its they their them he she however also otherwise then or and but so both another either neither`),
	FR: withDemonstratives(FR, `ça il elle ils elles ensuite sinon ou et mais aussi toutefois cependant leur leurs`),
	DE: withDemonstratives(DE, `er danach dann außerdem oder und aber deshalb dafür dazu davon damit dort`),
	ES: withDemonstratives(ES, `ello también además o y pero entonces luego sin`),
}

// withDemonstratives is the set of words with the language's
// demonstratives.
func withDemonstratives(lang, words string) map[string]bool {
	set := toSet(words)
	for w := range demonstratives[lang] {
		set[w] = true
	}
	return set
}

// RefersBack says whether a sentence starts by referring to the one before
// it, in the language ("" for any of the four): such a sentence goes with
// the one before, in a paragraph and in an answer.
func RefersBack(lang, s string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	first = strings.ToLower(strings.Trim(first, ",.:;¿¡\"'«»"))
	if lang != "" {
		return refWords[lang][first]
	}
	for _, set := range refWords {
		if set[first] {
			return true
		}
	}
	return false
}

// demonstratives open a sentence about the thing the one before named
// ("Cette dégustation coûte 15 €", "This fee is not refunded"): in text
// copied from a web page such a line goes on the paragraph before. (Other
// words that refer back, "It", "Et", "Or", open questions and new points
// too often to join on.)
var demonstratives = map[string]map[string]bool{
	EN: toSet(`this these that those such`),
	FR: toSet(`ce cet cette ces cela ceci`),
	DE: toSet(`dies diese dieser dieses diesen diesem`),
	ES: toSet(`este esta estos estas esto ese esa eso`),
}

func demonstrative(line string) bool {
	if strings.HasSuffix(line, "?") {
		return false
	}
	first, _, _ := strings.Cut(line, " ")
	first = strings.ToLower(first)
	for _, set := range demonstratives {
		if set[first] {
			return true
		}
	}
	return false
}

// bareMarker says whether a line is only a list mark ("*", "•", "1.",
// "Step 3:"): joined to the next line it would make an item of it.
func bareMarker(line string) bool {
	if len(line) > 12 {
		return false // "Schritt 12:" is the longest
	}
	if line == "Q." || line == "Q:" {
		return true // a question's mark on a line of its own, over the question
	}
	if sectionSignAlone.MatchString(line) {
		return true // "§1" on a line of its own, over its section's title
	}
	if t, ok := bulletItem(line + " x"); ok && t == "x" {
		return true
	}
	t, ok := stepItem(line + " x")
	return ok && t == "x"
}

// sectionSignAlone is a section sign and its number alone ("§1", "§ 12a.").
var sectionSignAlone = regexp.MustCompile(`^§\s?\d{1,3}[a-z]?\.?$`)

// answerMark is a line without an answer's "A." or "A:" mark, when it has
// one ("A: No, the fee is not refundable."): the caller knows that the
// line before it is a question.
func answerMark(line string) string {
	for _, m := range []string{"A. ", "A: "} {
		if rest, ok := strings.CutPrefix(line, m); ok && strings.TrimSpace(rest) != "" {
			return strings.TrimSpace(rest)
		}
	}
	return line
}

// answerMarks takes the "A." or "A:" mark off a paragraph that answers the
// question just above it ("## Q. Who can export?", then "A. Only the
// account owner.").
func answerMarks(els []element) []element {
	for i := 1; i < len(els); i++ {
		prev := els[i-1]
		if els[i].kind == elParagraph && (prev.kind == elHeading || prev.kind == elParagraph) && strings.HasSuffix(prev.text, "?") {
			els[i].text = answerMark(els[i].text)
		}
	}
	return els
}
