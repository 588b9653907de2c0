package knowledge

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Weights of a block's fields in its term frequencies: the innermost
// heading (a question's words above all) says most about what a block
// answers.
const (
	weightBody     = 1.0
	weightHeading  = 1.5
	weightQuestion = 2.5
	weightOuter    = 0.5
)

// maxQAWords is the length up to which the paragraphs under a question
// are one answer block.
const maxQAWords = 70

// parse parses one document version into its blocks and index.
func parse(s Source) *doc {
	d := read(s)
	d.index()
	return d
}

// read parses one document version into its blocks, without the index
// (what ParseBlocks and Markdown need).
func read(s Source) *doc {
	content := strings.ToValidUTF8(s.Content, "")
	var els []element
	if looksHTML(content) {
		els = htmlElements(content)
	} else {
		els = markdownElements([]byte(content))
	}
	els = answerMarks(headingStages(cleanHeadings(promoteHeadings(numberedTitles(labelledLists(titledSteps(bulletStages(listSections(clauseParagraphs(joinSteps(stepChoices(joinSteps(stepDetails(dropChrome(dropTOC(faqLists(dashRows(dayRows(els)))))))))))))))))))
	// the footer's name last, once the steps that held a page's last
	// lines are read (its lines after the last numbered step, with no
	// blank line, are that step's until then)
	els = emptyStatements(dropFooter(els))
	d := &doc{id: s.ID, name: s.Name, version: s.Version, postings: map[string][]posting{}}
	var all strings.Builder
	for _, e := range els {
		if e.kind == elCode {
			continue // commands are in no language
		}
		all.WriteString(e.text + " " + strings.Join(e.items, " ") + " ")
		if all.Len() > 20000 {
			break
		}
	}
	d.lang = DetectLanguage(all.String())
	b := builder{d: d}
	for i := 0; i < len(els); i++ {
		i = b.element(els, i)
	}
	return d
}

type builder struct {
	d        *doc
	levels   []int
	path     []string
	pathCopy []string // path shared by the blocks under the current heading
}

// element adds the blocks of els[i] and returns the index of the last
// element used.
func (b *builder) element(els []element, i int) int {
	e := els[i]
	switch e.kind {
	case elHeading:
		for len(b.levels) > 0 && b.levels[len(b.levels)-1] >= e.level {
			b.levels, b.path = b.levels[:len(b.levels)-1], b.path[:len(b.path)-1]
		}
		b.levels, b.path = append(b.levels, e.level), append(b.path, e.text)
		b.pathCopy = nil
		if e.level == levelQuestion || strings.HasSuffix(e.text, "?") {
			return b.answer(els, i)
		}
	case elParagraph:
		if strings.HasSuffix(e.text, ":") && i+1 < len(els) && els[i+1].kind == elList {
			b.list(els[i+1], e.text)
			return i + 1
		}
		if strings.HasSuffix(e.text, ":") && i+1 < len(els) && els[i+1].kind == elCode {
			// "Install it with:" and its command are one answer
			b.add(block{kind: kindCode, text: e.text + "\n" + els[i+1].text, sentences: []string{e.text}})
			return i + 1
		}
		text, ss := withoutTrailingChrome(e.text)
		b.add(block{kind: kindParagraph, text: text, sentences: ss})
	case elList:
		if e.ordered && i > 0 && els[i-1].kind == elParagraph && checklistLead.MatchString(els[i-1].text) {
			// "The list below has to be completed before the treatment.":
			// the page says its numbered items are steps to take, though
			// they are written "… should be bagged"
			e.worded = true
		}
		b.list(e, "")
	case elCode:
		b.add(block{kind: kindCode, text: e.text})
	case elTable:
		table := int32(len(b.d.blocks))
		for _, r := range e.rows {
			if t := RowText(e.header, r); t != "" {
				b.add(block{kind: kindRow, text: t})
				if rs := rowRanges(b.d.lang, e.header, r, table); len(rs) > 0 {
					if b.d.ranges == nil {
						b.d.ranges = map[int32][]numRange{}
					}
					b.d.ranges[int32(len(b.d.blocks)-1)] = rs
					b.d.size += int64(len(rs))*40 + 16
				}
			}
		}
	}
	return i
}

// answer adds the paragraphs under the question heading els[i] as one
// block when they are short, and returns the last element used.
func (b *builder) answer(els []element, i int) int {
	j, n := i+1, 0
	var parts []string
	listed := false // the answer holds a short list announced by its paragraph ("Dazu kommen laufende Kosten:")
	for ; j < len(els) && !strings.HasSuffix(els[j].text, "?"); j++ {
		if e := els[j]; e.kind == elList && !listed && !e.ordered && len(parts) > 0 && strings.HasSuffix(parts[len(parts)-1], ":") && shortItems(e.items) {
			listed = true
			for _, it := range e.items {
				n += len(strings.Fields(it))
				parts[len(parts)-1] += "\n- " + it
			}
			parts[len(parts)-1] += "\n"
			continue
		}
		if els[j].kind != elParagraph {
			break
		}
		n += len(strings.Fields(els[j].text))
		parts = append(parts, els[j].text)
	}
	if len(parts) == 0 || n > maxQAWords || (j < len(els) && els[j].kind == elList) {
		return i
	}
	text := strings.ReplaceAll(strings.Join(parts, " "), "\n ", "\n")
	text, ss := withoutTrailingChrome(text)
	b.add(block{kind: kindQA, text: text, sentences: ss})
	return j - 1
}

// shortItems says whether a list's items are short enough to be written
// inside the answer that announces them: at most eight, of at most eight
// words each.
func shortItems(items []string) bool {
	if len(items) > 8 {
		return false
	}
	for _, it := range items {
		if len(strings.Fields(it)) > 8 {
			return false
		}
	}
	return true
}

// list adds an ordered list as one procedure block, and an unordered one
// as one block per item.
func (b *builder) list(e element, lead string) {
	if e.ordered && (e.worded || !rules(e.items, b.d.lang)) {
		var t strings.Builder
		if lead != "" {
			t.WriteString(lead + "\n")
		}
		for k, it := range e.items {
			t.WriteString(strconv.Itoa(k+1) + ". " + it + "\n")
		}
		b.add(block{kind: kindProcedure, text: strings.TrimSuffix(t.String(), "\n"), staged: e.worded})
		return
	}
	g := int32(len(b.d.lists))
	b.d.lists = append(b.d.lists, itemList{lead: lead, items: e.items})
	for _, it := range e.items {
		b.add(block{kind: kindItem, text: it, sentences: Sentences(it), group: g})
	}
}

// checklistLead says that the numbered list after it is to be done, in
// order: "The list below has to be completed before …", "Please follow
// these steps", "Merci de suivre les étapes suivantes", "Bitte folgen Sie
// diesen Schritten", "Sigue estos pasos".
var checklistLead = regexp.MustCompile(`(?i)\b(?:(?:list|steps|checklist|instructions)\b[^.!?]{0,30}\b(?:has to|have to|must|needs? to|should)\s+be\s+(?:completed|done|followed|carried out)|(?:complete|follow)\s+(?:the|these|this|all)\s+(?:list|steps|checklist|instructions)|suivre\s+(?:les|ces)\s+étapes|folgen sie (?:diesen|den folgenden) schritten|sig(?:a|ue)\s+estos\s+pasos)\b`)

// rules says whether a numbered list is a list of rules, not a procedure
// (a list whose page wrote "Step 1.", "Step 2." is always a procedure):
// fewer than half its items are instructions, and together they are too
// long to quote whole as an answer ("1. Toute personne admise au camping
// doit respecter le règlement …", "2. Les mineurs …"). An answer about
// one rule then quotes that rule; a procedure is always quoted whole.
func rules(items []string, lang string) bool {
	instructions, words := 0, 0
	for _, it := range items {
		words += len(strings.Fields(it))
		if Imperative(lang, it) {
			instructions++
		}
	}
	return 2*instructions < len(items) && (len(items) > maxListItems || words > maxListWords)
}

func (b *builder) add(bl block) {
	if strings.TrimSpace(bl.text) == "" {
		return
	}
	if bl.kind != kindItem {
		bl.group = -1
	}
	bl.heading = b.pathCopy
	if bl.heading == nil && len(b.path) > 0 {
		bl.heading = append([]string(nil), b.path...)
		b.pathCopy = bl.heading
		bl.first = true
	}
	b.d.blocks = append(b.d.blocks, bl)
}

// RowText writes a table row as one fact, for answers and generated
// documents alike: "Annual plan — Price: $780 per year; What you get:
// Unlimited climbing". The first cell names the row ("Annual" under the
// header "Plan" is the annual plan, unless the header is a generic word
// such as "Name"); the others follow with their headers, or alone without
// a header ("Day pass — $22; shoes extra"). "" for a row without text.
func RowText(header, row []string) string {
	var parts []string
	first := ""
	for i, c := range row {
		if c == "" {
			continue
		}
		if first == "" {
			first = c
			continue
		}
		if i < len(header) && header[i] != "" {
			parts = append(parts, header[i]+": "+c)
		} else {
			parts = append(parts, c)
		}
	}
	if first == "" {
		return ""
	}
	if r, _ := utf8.DecodeRuneInString(first); len(header) > 0 && header[0] != "" && (unicode.IsDigit(r) || strings.ContainsRune("$€£", r)) &&
		boundOf(words(strings.ToLower(header[0]))) != 0 && !strings.Contains(strings.ToLower(first), strings.ToLower(header[0])) {
		// "100 €" under "Darlehen bis einschließlich": the limit the row
		// is for, "Darlehen bis einschließlich 100 €"
		first = header[0] + " " + first
	} else if len(header) > 0 && len(strings.Fields(header[0])) == 1 && utf8.RuneCountInString(header[0]) > 2 && len(strings.Fields(first)) <= 3 &&
		!strings.Contains(strings.ToLower(first), strings.ToLower(header[0])) && !genericHeaders[strings.ToLower(header[0])] {
		first += " " + strings.ToLower(header[0])
	}
	if len(parts) == 0 {
		return first
	}
	return first + " — " + strings.Join(parts, "; ")
}

// genericHeaders name a first column without saying what its rows are.
var genericHeaders = toSet(`name item id no description details value key field column type nom nombre month months mois monat monate mes meses
	teil part parts pièce pieza artikel article artículo articulo produkt product produit producto
	was what quoi qué`)

// index builds the document's postings from its blocks.
func (d *doc) index() {
	d.size = int64(len(d.id) + len(d.name) + len(d.version))
	ix := &indexer{d: d, memo: map[string]string{}, headingTerms: map[string][]string{},
		tf: map[string]float32{}, direct: map[string]bool{}, asked: map[string]bool{}}
	for i := range d.blocks {
		ix.block(i)
	}
	d.finish()
}

// indexer holds what indexing a document's blocks reuses from block to
// block: stems already computed, each heading's terms, and one block's
// term frequencies.
type indexer struct {
	d            *doc
	memo         map[string]string // word -> term: stemming is most of the time spent
	headingTerms map[string][]string
	buf          []string
	tf           map[string]float32
	direct       map[string]bool // terms of the block itself, not only of an outer heading
	asked        map[string]bool // terms of the question heading the block answers
	n            float32
}

// termsOf are the terms of a text, stop words left out.
func (ix *indexer) termsOf(s string) []string {
	var out []string
	ix.buf = appendWords(ix.buf[:0], s)
	for _, word := range phraseWords(ix.buf) {
		t, ok := ix.memo[word]
		if !ok {
			t, _ = term(ix.d.lang, word) // "" for a stop word
			ix.memo[word] = t
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

func (ix *indexer) add(ts []string, w float32, own bool) {
	for _, t := range ts {
		ix.tf[t] += w
		ix.n += w
		ix.direct[t] = ix.direct[t] || own
	}
}

func (ix *indexer) addHeading(h string, w float32, own bool) {
	ts, ok := ix.headingTerms[h]
	if !ok {
		ts = ix.termsOf(h)
		ix.headingTerms[h] = ts
	}
	ix.add(ts, w, own)
}

// block indexes block i: its text, its label, its list's lead and its
// headings, each with its weight, into the document's postings.
func (ix *indexer) block(i int) {
	d := ix.d
	bl := &d.blocks[i]
	clear(ix.tf)
	clear(ix.direct)
	clear(ix.asked)
	ix.n = 0
	body := bl.text
	if bl.kind == kindProcedure {
		body = withoutStepNumbers(body)
	}
	ix.add(ix.termsOf(body), weightBody, true)
	for _, t := range answerTypes(bl.text) {
		ix.tf[t]++
		ix.direct[t] = true
	}
	for _, r := range d.ranges[int32(i)] {
		// a row's ranges and limits, by unit: a question giving a quantity
		// of that unit matches it (termQuantity); a number alone is what
		// the row gives (a price), not what it is for
		if t := termQuantity + r.unit; r.lo != r.hi && ix.tf[t] == 0 {
			ix.tf[t]++
			ix.direct[t] = true
		}
	}
	if label := labelOf(bl.text); label != "" {
		ix.add(ix.termsOf(label), weightHeading-weightBody, true) // "Check-in: from 3 p.m." reads as a heading
	}
	if bl.kind == kindItem {
		ix.add(ix.termsOf(d.lists[bl.group].lead), weightOuter, true)
	}
	for k, h := range bl.heading {
		switch {
		case k < len(bl.heading)-1:
			ix.addHeading(h, weightOuter, false)
		case bl.kind == kindQA || (strings.HasSuffix(h, "?") && bl.first):
			ix.addHeading(h, weightQuestion, true)
			for _, t := range ix.headingTerms[h] {
				ix.asked[t] = true
			}
		case strings.HasSuffix(h, "?"):
			ix.addHeading(h, weightOuter, false)
		default:
			ix.addHeading(h, weightHeading, true)
		}
	}
	bl.length = ix.n
	d.totalLen += float64(ix.n)
	for t, f := range ix.tf {
		d.postings[t] = append(d.postings[t], posting{block: int32(i), tf: f, outer: !ix.direct[t], asked: ix.asked[t]})
		d.size += int64(len(t)) + 16
	}
	d.size += int64(len(bl.text))*2 + 64
	for _, h := range bl.heading {
		d.size += int64(len(h)) / 4 // paths share their strings
	}
}

// finish counts the rest of the document's size and builds its term
// lookups (German's sorted and reversed vocabularies for compounds; the
// first-letter lists of the typo search are the base's, one per language).
func (d *doc) finish() {
	for _, l := range d.lists {
		d.size += int64(len(l.lead)) + 24*int64(len(l.items))
	}
	d.size += int64(len(d.postings)) * 48
	d.size += int64(len(d.postings)) * 16 // its terms in the base's first-letter lists
	if d.lang == DE {
		for t := range d.postings {
			d.vocab = append(d.vocab, t)
			d.rvocab = append(d.rvocab, reverse(t))
		}
		sort.Strings(d.vocab)
		sort.Strings(d.rvocab)
		d.size += int64(len(d.vocab)) * 40
	}
}

// dropChrome removes headings and paragraphs that are page furniture. A
// lone "Yes!" or "No." right under a question of the page that is no
// furniture itself is that question's answer ("Am I allowed to try an
// apple in the orchard?" / "Yes!"), not a vote.
func dropChrome(els []element) []element {
	els = dropMenu(els)
	out := els[:0]
	asked := false // the last element kept is a question of the page
	for _, e := range els {
		if (e.kind == elParagraph || e.kind == elHeading) && IsChrome(e.text) && !(asked && e.kind == elParagraph && shortAnswer(e.text)) {
			asked = false
			continue
		}
		asked = (e.kind == elParagraph || e.kind == elHeading) && strings.HasSuffix(strings.TrimSpace(e.text), "?")
		out = append(out, e)
	}
	return out
}

// dropMenu drops a site's menu copied a link a line at the top of a page
// ("Startseite", "Verein", "Freie Gärten", "Termine", "Häufige Fragen",
// "Kontakt"): four paragraphs or more in a row of one to three words
// without punctuation, each named once, before the page's first text (a
// paragraph of eight words or more, a list or a table). Made headings,
// each would head nothing but the last, which would head the page's
// first text.
func dropMenu(els []element) []element {
	run := 0
	seen := map[string]bool{}
	for i, e := range els {
		if n := len(strings.Fields(e.text)); e.kind == elParagraph && n >= 1 && n <= 3 && !strings.ContainsAny(e.text, ".,;:!?") && !seen[strings.ToLower(e.text)] {
			// (a title repeated, "POLÍTICAS DE CANCELACIÓN" three times
			// over "TÉRMINOS Y CONDICIONES", is the page's, not a menu's)
			seen[strings.ToLower(e.text)] = true
			run++
			continue
		}
		if e.kind == elParagraph && seen[strings.ToLower(e.text)] {
			return els
		}
		if run >= 4 {
			return slices.Delete(slices.Clone(els), i-run, i)
		}
		if e.kind != elParagraph || len(strings.Fields(e.text)) >= 8 {
			break // the page's text begins
		}
		run = 0
	}
	return els
}

// shortAnswer says whether a line is a one-word answer: "Yes!", "No.",
// "Oui.", "Nein!", "Sí".
func shortAnswer(line string) bool {
	fs := strings.Fields(strings.ToLower(strings.TrimRight(strings.TrimSpace(line), ".!")))
	return len(fs) == 1 && yesNo[fold(fs[0])]
}

// compoundsOf returns the document's terms longer than q that start or
// end with it, from its sorted vocabularies.
func (d *doc) compoundsOf(q string) []string {
	var out []string
	i := sort.SearchStrings(d.vocab, q)
	for ; i < len(d.vocab) && strings.HasPrefix(d.vocab[i], q); i++ {
		if d.vocab[i] != q {
			out = append(out, d.vocab[i])
		}
	}
	r := reverse(q)
	for i = sort.SearchStrings(d.rvocab, r); i < len(d.rvocab) && strings.HasPrefix(d.rvocab[i], r); i++ {
		if d.rvocab[i] != r {
			out = append(out, reverse(d.rvocab[i]))
		}
	}
	return out
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// labelOf returns the label of a text that starts with one ("Check-in:
// from 3 p.m.", "Pets: on request"): at most 4 words before a colon, the
// first capitalised; else "".
func labelOf(text string) string {
	label, rest, ok := strings.Cut(text, ":")
	if !ok || strings.TrimSpace(rest) == "" || len(strings.Fields(label)) > 4 || label == "" {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(label)
	if !unicode.IsUpper(r) {
		return ""
	}
	return label
}

// withoutStepNumbers is a procedure's text without the numbers list
// adds before its steps ("2. "), which are no figures of the page: "two
// deliveries a week" is not about step 2.
func withoutStepNumbers(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if n, rest, ok := strings.Cut(l, ". "); ok && isDigits(n) {
			lines[i] = rest
		}
	}
	return strings.Join(lines, "\n")
}

// withoutTrailingChrome returns a paragraph without the page's furniture
// run into its end ("… suivant son paiement. Cette page vous a-t-elle été
// utile ? Oui Non", when the page was copied without its line breaks),
// and its sentences. The first sentence always stays ("Yes! We offer …").
// pageGuide opens a sentence that tells what the page holds ("This page
// explains how we price a job, …", "Below you will find what we charge
// …", "Sur cette page : nos horaires, nos tarifs …", "Aquí encontrarás lo
// que cuesta …"): it names every topic and answers none.
var pageGuide = regexp.MustCompile(`(?i)^(?:this page|on this page|below you(?:'ll| will) find|here you(?:'ll| will) find|sur cette page|cette page (?:présente|vous présente|regroupe|rassemble)|vous trouverez (?:ci-dessous|sur cette page|ici)|auf dieser seite|hier finden sie|nachfolgend finden sie|unten finden sie|en esta página|aquí (?:tienes|encontrarás|encontrará)|a continuación (?:encontrarás|encontrará|tienes))\b`)

func withoutTrailingChrome(text string) (string, []string) {
	ss := Sentences(text)
	k := len(ss)
	for k > 1 && (IsChrome(ss[k-1]) || pageGuide.MatchString(ss[k-1])) {
		k--
	}
	if k == len(ss) {
		return text, ss
	}
	i := strings.LastIndex(text, ss[k])
	if i <= 0 {
		return text, ss
	}
	return strings.TrimSpace(text[:i]), ss[:k]
}
