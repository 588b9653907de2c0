package gendocs

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/knowledge"
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
	kind   blockKind
	text   string
	list   int
	staged bool // a step of a procedure whose page named its steps ("Step 2. Estimating the cost."): a step though no instruction
}

// part is a run of blocks under one heading ("" before the first heading).
type part struct {
	doc     string   // source document name
	path    []string // the headings above the part, outermost first
	scope   string   // the heading that tells apart topics of the same name ("Casas Rurales")
	heading string
	blocks  []block
}

var (
	spaces = regexp.MustCompile(`\s+`)
)

// parse splits one source into parts, on the knowledge model
// (knowledge.ParseBlocks) that answers questions too, so that generation
// and answers read a document the same way: a part is the run of blocks
// under one heading (its innermost heading; a question heading for a
// question and its answer); paragraphs and answers are para blocks, the
// items of a list and the rows of a table bullet blocks sharing a list
// number, and a procedure is its lead-in (a para block) and its steps,
// whole and in order. The content may be as pasted (Markdown, HTML, text
// copied from a web page) or already in the model's Markdown form: both
// read the same.
func parse(src Source) []part {
	_, kbs := knowledge.ParseBlocks(knowledge.Source{Name: src.Name, Content: src.Content})
	kbs = mergeProcedures(kbs)
	b := &partBuilder{name: readableName(src.Name), lastList: -1}
	for i, kb := range kbs {
		heading := blockHeading(&kb)
		if heading != b.subOf {
			b.sub = ""
		}
		if kb.Kind == knowledge.BlockParagraph && introParagraph(kb.Text) {
			continue
		}
		nextList := i+1 < len(kbs) && kbs[i+1].Kind != knowledge.BlockParagraph && kbs[i+1].Kind != knowledge.BlockQA
		if b.label(&kb, heading, nextList) {
			continue
		}
		b.add(kb, heading)
	}
	out := b.parts[:0]
	for _, p := range b.parts {
		if len(p.blocks) > 0 {
			out = append(out, p)
		}
	}
	scopeTopics(out)
	scopeSiblings(out)
	return out
}

// blockHeading is the heading a block's part is under: its innermost
// heading, as a sentence ("2- What are ...?" loses its number); a
// statement read as a question ("Initial deposit: 30% ...") is text of
// the block, under the heading above it.
func blockHeading(kb *knowledge.Block) string {
	n := len(kb.Heading)
	if n == 0 {
		return ""
	}
	heading := slashNumber.ReplaceAllString(sentenceCase(kb.Heading[n-1]), "") // "1/ LE DEVIS"
	if strings.HasSuffix(heading, "?") {
		heading = qNumber.ReplaceAllString(heading, "") // "2- What are ...?"
	}
	if n > 1 && strings.HasSuffix(heading, ".") {
		// a statement read as a question ("Initial deposit: 30% ..."): text of the heading above
		if kb.Kind == knowledge.BlockQA || kb.Kind == knowledge.BlockParagraph {
			kb.Text = kb.Heading[n-1] + " " + kb.Text
		}
		heading = slashNumber.ReplaceAllString(sentenceCase(kb.Heading[n-2]), "")
	}
	if strings.HasSuffix(heading, "?") {
		heading = qNumber.ReplaceAllString(heading, "")
	}
	return heading
}

// partBuilder gathers a source's blocks into parts: the current label
// topic, the list numbering and the parts so far.
type partBuilder struct {
	name            string
	parts           []part
	lists, lastList int
	lastTable       bool
	sub, subOf      string // a label line's topic ("Deposit: ...") under the heading subOf
}

// plainQuestion is a heading asked with an exclamation ("Et s’il pleut
// ?!", "What if it rains?!") as a plain question ("Et s’il pleut ?"), so
// that it is asked as the page's own question.
func plainQuestion(h string) string {
	if !strings.HasSuffix(h, "?!") && !strings.HasSuffix(h, "!?") {
		return h
	}
	return strings.TrimRight(h, "?!") + "?"
}

// label reads a paragraph that opens a topic of its own ("Deposit: All
// orders require ...", or "Membership Cancellation Policy:" standing
// alone); true when the block was only that title.
func (b *partBuilder) label(kb *knowledge.Block, heading string, nextList bool) bool {
	if kb.Kind != knowledge.BlockParagraph || strings.HasSuffix(heading, "?") {
		return false
	}
	if label, rest, ok := labelLine(kb.Text); ok {
		// "Deposit: All orders require ..." opens a topic of its own
		b.sub, b.subOf = label, heading
		kb.Text = rest
	} else if t := strings.TrimSuffix(kb.Text, ":"); t != kb.Text && !nextList && titleLike(t) && words(t) <= 6 {
		b.sub, b.subOf = sentenceCase(t), heading // "Membership Cancellation Policy:" standing alone
		return true
	} else if t := strings.TrimSpace(t); t != kb.Text && !nextList && words(t) <= 10 && isTimeLabel(t) {
		// "Plus de 7 jours avant le rendez-vous :" standing alone is the
		// condition of the rules that follow it
		b.sub, b.subOf = t, heading
		return true
	}
	return false
}

// add puts a block in its part (a new one when the heading changes): a
// list's lead-in and items, a table's rows, a procedure's lead-in and its
// steps, or a paragraph.
func (b *partBuilder) add(kb knowledge.Block, heading string) {
	heading = plainQuestion(heading)
	path := kb.Heading
	if b.sub != "" {
		heading = b.sub
	} else if len(path) > 0 {
		path = path[:len(path)-1]
	}
	if len(b.parts) == 0 || b.parts[len(b.parts)-1].heading != heading {
		b.parts = append(b.parts, part{doc: b.name, heading: heading, path: path})
		b.lastList, b.lastTable = -1, false
	}
	cur := &b.parts[len(b.parts)-1]
	put := func(kind blockKind, text string, list int) bool {
		if text = strings.TrimSpace(text); text != "" {
			cur.blocks = append(cur.blocks, block{kind: kind, text: text, list: list})
			return true
		}
		return false
	}
	switch kb.Kind {
	case knowledge.BlockItem:
		if kb.List != b.lastList {
			b.lists++
			b.lastList = kb.List
			if kb.Lead != "" {
				put(para, kb.Lead, 0)
			}
		}
		put(bullet, dashLabel(kb.Text), b.lists)
		b.lastTable = false
	case knowledge.BlockRow:
		if !b.lastTable {
			b.lists++
			b.lastTable = true
		}
		put(bullet, kb.Text, b.lists)
		b.lastList = -1
	case knowledge.BlockProcedure:
		if len(kb.Steps) == 1 && kb.Lead == "" && titleLike(kb.Steps[0]) {
			return // "1. Choosing your holiday home": a numbered section title, no step
		}
		b.lists++
		if kb.Lead != "" {
			put(para, kb.Lead, 0)
		}
		// "Once we have your camera in hand we will: 1. inspect it …,
		// 2. get in touch …, and 3. ask you …": the business's own
		// steps, one sentence over the items, are a procedure though no
		// step is an instruction; each step is written as a sentence
		ours := ourStepsLead.MatchString(kb.Lead)
		for _, st := range kb.Steps {
			if ours {
				st = capitalize(strings.TrimRight(listJoint.ReplaceAllString(st, ""), ",;. ")) + "."
			}
			if put(step, st, b.lists) && (kb.Staged || ours) {
				cur.blocks[len(cur.blocks)-1].staged = true
			}
		}
		b.lastList, b.lastTable = -1, false
	case knowledge.BlockCode:
		// a README's install command is the answer to "How do I install
		// it?": a block of shell commands is a list under its lead-in;
		// program code goes, with the lead-in that announced it
		cmds := shellCommands(strings.Split(kb.Code, "\n"))
		if cmds == nil {
			return
		}
		b.lists++
		if kb.Lead != "" {
			put(para, kb.Lead, 0)
		}
		for _, c := range cmds {
			put(bullet, c, b.lists)
		}
		b.lastList, b.lastTable = -1, false
	default:
		put(para, kb.Text, 0)
		b.lastList, b.lastTable = -1, false
	}
}

// ourStepsLead is a lead-in in which the business announces what it will
// do, in order ("we will:", "nous allons :", "wir werden:", "vamos a:");
// listJoint the comma and conjunction that carry its sentence from one
// step to the next ("…, and", "…, et", "…, und", "…, y").
var (
	ourStepsLead = regexp.MustCompile(`(?i)\b(?:we will|we'll|nous allons|nous procédons comme suit|wir werden|vamos a|procederemos a)\s*:\s*$`)
	listJoint    = regexp.MustCompile(`(?i)[,;]?\s+(?:and|et|und|y)\s*$`)
)

// scopeSiblings scopes the rules of topics that differ only by whom they
// are about ("Annulation par le client", "Annulation par le
// propriétaire"): their questions name their topic, or the owner's rules
// read as the customer's.
func scopeSiblings(parts []part) {
	groups := map[string][]int{}
	for i, p := range parts {
		ws := strings.Fields(strings.ToLower(p.heading))
		if p.scope == "" && len(ws) >= 3 && siblingWord[ws[1]] && !strings.HasSuffix(p.heading, "?") {
			groups[ws[0]+" "+ws[1]] = append(groups[ws[0]+" "+ws[1]], i)
		}
	}
	for _, idx := range groups {
		if len(idx) < 2 {
			continue
		}
		for _, i := range idx {
			parts[i].scope = parts[i].heading
		}
	}
}

// siblingWord links a topic to whom it is about ("… by the host", "… par
// le client", "… durch den Gast", "… por parte del cliente").
var siblingWord = toSet(`by par durch por`)

// scopeTopics names the heading that tells apart topics of the same name
// ("Cancelación" under "Bed and Breakfast" and under "Casas Rurales"), so
// that a rule keeps the unit it applies to: the topic becomes "Casas
// Rurales – Cancelación" and its questions are asked for "Casas Rurales".
func scopeTopics(parts []part) {
	// Headings are one level in the canonical form, so a "Cancelación"
	// heading under "Casas Rurales" has no parent: a heading that recurs
	// (in more than one run of parts) takes as parent the last heading
	// before it that does not, whether it is a part's own heading or the
	// heading above a label line's topic.
	runs := map[string]int{}
	prev := map[string]bool{}
	for _, p := range parts {
		cur := map[string]bool{p.heading: true}
		for _, h := range p.path {
			cur[h] = true
		}
		for h := range cur {
			if !prev[h] {
				runs[h]++
			}
		}
		prev = cur
	}
	last := ""
	for i := range parts {
		p := &parts[i]
		if len(p.path) == 0 {
			if runs[p.heading] > 1 && last != "" {
				p.path = []string{last}
			}
			continue
		}
		if h := p.path[len(p.path)-1]; runs[h] == 1 {
			last = h
		} else if last != "" {
			p.path = append([]string{last}, p.path...)
		}
	}
	byName := map[string][]int{}
	for i, p := range parts {
		if p.heading != "" {
			byName[p.heading] = append(byName[p.heading], i)
		}
	}
	for name, idx := range byName {
		if len(idx) < 2 {
			continue
		}
		for k := 0; ; k++ {
			values, ok := map[string]bool{}, true
			for _, i := range idx {
				if k >= len(parts[i].path) {
					ok = false
					break
				}
				values[parts[i].path[k]] = true
			}
			if !ok {
				break
			}
			if len(values) == len(idx) {
				for _, i := range idx {
					parts[i].scope = sentenceCase(parts[i].path[k])
					parts[i].heading = parts[i].scope + " – " + name
				}
				break
			}
		}
	}
}

// mergeProcedures joins a procedure interrupted by one paragraph ("Tips:
// use a long password.") to the steps that follow it under the same
// heading: the paragraph goes with the step before it, and the procedure
// stays whole.
func mergeProcedures(kbs []knowledge.Block) []knowledge.Block {
	out := kbs[:0:0]
	for i := 0; i < len(kbs); i++ {
		b := kbs[i]
		n := len(out)
		if b.Kind == knowledge.BlockProcedure && n >= 2 && out[n-1].Kind == knowledge.BlockParagraph && out[n-2].Kind == knowledge.BlockProcedure &&
			sameHeading(out[n-2].Heading, b.Heading) && sameHeading(out[n-1].Heading, b.Heading) && b.Lead == "" {
			prev := out[n-2]
			steps := append(append([]string(nil), prev.Steps...), b.Steps...)
			steps[len(prev.Steps)-1] += " " + out[n-1].Text
			prev.Steps = steps
			out = append(out[:n-2], prev)
			continue
		}
		out = append(out, b)
	}
	return out
}

func sameHeading(a, b []string) bool {
	return strings.Join(a, "\x00") == strings.Join(b, "\x00")
}

var labelRe = regexp.MustCompile(`^([\p{Lu}\d][^:.!?;,]{1,48}?)\s*:\s+(\S.*)$`)

// dashLabelRe is a label set before its paragraph with a dash ("Camera –
// Please bring a camera …", "Your Form Of Payment – Please remember …"):
// no digit in it, and a sentence after it that opens as one does.
var dashLabelRe = regexp.MustCompile(`^(\p{Lu}[^:.!?;,–—\d]{1,48}?)\s+[–—]\s+((?:Please|We|You|Your|Our|If|Bitte|Wir|Sie|Merci|Nous|Vous|Veuillez|Por favor|Le|La|Les|Recuerda|Recuerde)\s.*)$`)

// labelPronoun marks a clause, not a label ("We open at 9: come early").
var labelPronoun = regexp.MustCompile(`(?i)^(?:i|we|you|they|it|nous|vous|je|on|wir|sie|ich|es|nosotros|usted)\b`)

// notTopic are labels that say something about a rule ("Gratis: la
// cancelación es gratuita …", "Note: …") rather than name its topic: such
// a line stays a sentence of the topic it stands in.
var notTopic = toSet(`free gratis gratuit gratuite kostenlos gratuito gratuita note nota remarque hinweis important importante wichtig
	optional facultatif opcional required obligatoire obligatorio yes no oui non ja nein sí attention achtung atención tip tipp
	consejo astuce info example exemple beispiel ejemplo`)

// legalLabels name a company's registration data in a page's legal
// preamble ("Siège social : 10 rue …", "Siret : 928 515 …"): no topic.
var legalLabels = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(`siret|siren|rcs|tva|n° tva|iban|bic|cif|nif|sitz|ust-idnr|handelsregister|registergericht|`+
		`siège social|capital social|registered office|company number|vat number|domicilio social|razón social|raison sociale`, "|") {
		m[l] = true
	}
	return m
}()

// labelLine splits a paragraph that opens with a short Title-like label
// ("Freeze Limit: You can freeze ...", "Deposit: All orders ...") into the
// label and its text; the rest must be a sentence of its own.
func labelLine(text string) (label, rest string, ok bool) {
	m := labelRe.FindStringSubmatch(text)
	if m == nil {
		m = dashLabelRe.FindStringSubmatch(text)
	}
	if m == nil || words(m[1]) > 5 || words(m[2]) < 4 || !titleLike(m[1]) || labelPronoun.MatchString(m[1]) || notTopic[strings.ToLower(m[1])] ||
		legalLabels[strings.ToLower(strings.TrimSpace(m[1]))] {
		return "", "", false
	}
	if !moneyLike.MatchString(m[2]) && knowledge.ScheduleLine(text) {
		// "MONTAG – DONNERSTAG: 09.00 – 22.30 Uhr": a day's hours, a row of
		// the schedule under its heading, no topic of its own
		return "", "", false
	}
	return sentenceCase(m[1]), capitalize(m[2]), true
}

// gluedDashLabel is an item's label typed with a dash against its last
// word ("Emergency exception- One free date change is allowed …").
var gluedDashLabel = regexp.MustCompile(`^(\p{Lu}\p{Ll}+(?:\s\p{L}+){0,3})-\s+(\p{Lu}.*)$`)

// dashLabel writes an item's glued dash label with a colon, as the other
// labels are ("Emergency exception: One free date change …").
func dashLabel(text string) string {
	if m := gluedDashLabel.FindStringSubmatch(text); m != nil {
		return m[1] + ": " + m[2]
	}
	return text
}

// sentenceCase writes a heading in capitals ("HEURE D'ARRIVEE",
// "ORDER CHANGES") with a capital only at its start.
func sentenceCase(h string) string {
	letters, upper := 0, 0
	for _, r := range h {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	// all in capitals, or nearly ("DO YOU SERVE FOOD and DRINKS?")
	if letters < 4 || upper*5 < letters*4 || words(h) < 2 && letters < 6 {
		return h
	}
	low := strings.ToLower(h)
	if ws := strings.Fields(low); len(ws) > 1 && slices.ContainsFunc(ws[1:], func(w string) bool { return deMarks[w] }) {
		return deNouns(ws)
	}
	return pronounI.ReplaceAllString(capitalize(low), "I$1") // "When should I arrive?"
}

// deMarks are small words only German has: a heading in capitals with
// one is German, whose nouns keep their capital ("GETRÄNKE UND
// VERPFLEGUNG" is "Getränke und Verpflegung").
var deMarks = toSet(`und oder der den dem des auf für zur zum vom beim über einer eines nach bei von mit`)

// deNouns writes the lower-case words of a German heading with a capital
// on the first and on each noun: every word but the small ones (articles,
// prepositions, conjunctions, pronouns) and adjectives by their endings
// ("wichtige", "kostenlosen", "ärztliche").
func deNouns(ws []string) string {
	for i, w := range ws {
		if i == 0 || !deSmall[strings.Trim(w, ",.:;!?()")] && !deAdjective.MatchString(strings.Trim(w, ",.:;!?()")) {
			ws[i] = capitalize(w)
		}
	}
	return strings.Join(ws, " ")
}

var (
	deSmall = toSet(`und oder aber der die das den dem des ein eine einer eines einem einen auf für zur zum vom beim über unter nach bei von mit im in an am aus zu bis ohne gegen
		ich du er sie es wir ihr ihre ihr unser unsere euer eure sich nicht nur auch was wie wo wann warum wer welche welcher welches als ab je pro sowie bzw`)
	deAdjective = regexp.MustCompile(`(?:ig|ige|igen|iger|iges|lich|liche|lichen|licher|liches|isch|ische|ischen|ischer|bar|bare|baren|los|lose|losen|voll|volle|vollen)$`)
)

// pronounI is English "I" lowered with the rest of a heading.
var pronounI = regexp.MustCompile(`\bi('m|'ll|'ve|'d|’m|’ll|’ve|’d)?\b`)

var fileExt = regexp.MustCompile(`(?i)\.(md|markdown|txt|html?|pdf|docx?)$`)

// readableName turns a file name ("store-policies.md",
// "cómo-puedo-cambiar-mi-contraseña") into words a reader can be shown
// ("Store policies"); names with spaces are kept.
func readableName(name string) string {
	n := fileExt.ReplaceAllString(strings.TrimSpace(name), "")
	if strings.Contains(n, " ") || !strings.ContainsAny(n, "-_") {
		return n
	}
	return capitalize(strings.Join(strings.FieldsFunc(n, func(r rune) bool { return r == '-' || r == '_' }), " "))
}

// titleLike reports whether a line standing alone reads as a heading:
// short, one phrase, not ending like a sentence (a question may be a
// heading; a long line ending with ":" is a lead-in).
func titleLike(s string) bool {
	s = strings.TrimSpace(s)
	words := len(strings.Fields(s))
	if s == "" || utf8.RuneCountInString(s) > 80 || words > 10 {
		return false
	}
	if strings.Contains(s, ". ") || strings.Contains(s, "? ") {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	if last == ':' {
		return words <= 2
	}
	return !strings.ContainsRune(".!,;…", last)
}

// clean turns markdown inline markup into plain text on one line.
func clean(s string) string {
	return strings.Join(strings.Fields(knowledge.PlainInline(s)), " ")
}

// sentences splits a paragraph into sentences at the knowledge model's
// boundaries (knowledge.Sentences: abbreviations of the four languages
// such as "bzw." and "z. B.", initials and dates do not end a sentence).
func sentences(text string) []string {
	return knowledge.Sentences(text)
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
	if strings.HasSuffix(words[0], "'s") || strings.HasSuffix(words[0], "’s") || len(words) == 1 && utf8.RuneCountInString(words[0]) == 1 {
		return s // (or a letter alone: "S", a size)
	}
	elided := len(words[0]) > 2 && (words[0][1] == '\'' || strings.HasPrefix(words[0][1:], "’")) && strings.ContainsRune("LDld", rune(words[0][0]))
	if len(words) > 1 && !elided { // "L'équipe En Voiture Simone": the article is small
		if r, _ := utf8.DecodeRuneInString(words[1]); unicode.IsUpper(r) && !(articleBeforeAcronym[strings.ToLower(words[0])] && isAcronym(strings.Trim(words[1], ",.;:"))) {
			return s
		}
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// truncateText cuts s to at most max characters at a sentence or word
// boundary.
func truncateText(s string, max int) string {
	if max <= 0 {
		return ""
	}
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

// isTimeLabel reports whether a label names a time, in any of the
// languages ("Plus de 7 jours avant le rendez-vous", "Between 29 and 15
// days before arrival").
func isTimeLabel(label string) bool {
	for _, t := range timeLabels {
		if t.re.MatchString(label) {
			return true
		}
	}
	return false
}

// slashNumber is a section's number written with a slash before its
// title ("1/ LE DEVIS", "2/ LE DÉBLAIEMENT"): no part of the title.
var slashNumber = regexp.MustCompile(`^\d{1,2}\s*/\s*`)

// articleBeforeAcronym are the articles a sentence opens on before an
// acronym ("Les CGL sont …", "The FAQ lists …"): small words, not the
// first of a name in capitals.
var articleBeforeAcronym = toSet(`le la les un une des the a an der die das ein eine el los las un una`)
