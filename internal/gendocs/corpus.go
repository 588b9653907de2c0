package gendocs

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/geniehq/genie/internal/knowledge"
)

// corpus is the parsed sources with the purpose's ranking, shared by the
// embedded generator's templates.
type corpus struct {
	lang      string
	parts     []part
	docOf     []int // source index of each part
	partScore []float64
	index     *bm25
	used      map[string]bool     // keys of sentences already placed in the document
	ruleQs    map[string]string   // ruleQuestionOf's answers
	keys      map[string][]string // keysOf's answers
	selfName  string              // the business's name as the subject of its own sentences (selfNameOf), or ""
}

func newCorpus(req Request, lang string) *corpus {
	c := &corpus{lang: lang, used: map[string]bool{}}
	var docs [][]string
	for i, s := range req.Sources {
		for _, p := range parse(s) {
			c.parts = append(c.parts, p)
			c.docOf = append(c.docOf, i)
			text := p.heading + " " + p.heading
			for _, b := range p.blocks {
				text += " " + b.text
			}
			docs = append(docs, langTerms(lang, text))
		}
	}
	if lang == langEN {
		c.selfName = selfNameOf(c.parts)
	}
	c.index = newBM25(langTerms(lang, expandPurpose(req.Purpose)), docs)
	c.partScore = make([]float64, len(c.parts))
	for i := range c.parts {
		c.partScore[i] = c.index.score(i)
	}
	return c
}

// platformWords are the names customers and help pages give one platform
// differently ("on my iPhone" for a page's "iOS" or "App Store").
var platformWords = [][2]string{{"iphone", "ios apple"}, {"ipad", "ios apple"}, {"macbook", "mac apple"}, {"android", "google"}}

// expandPurpose adds to a purpose the help pages' names of the platforms
// it names.
func expandPurpose(purpose string) string {
	low := strings.ToLower(purpose)
	for _, w := range platformWords {
		if strings.Contains(low, w[0]) {
			purpose += " " + w[1]
		}
	}
	return purpose
}

// hasPurpose reports whether the purpose matches anything in the sources.
func (c *corpus) hasPurpose() bool {
	for _, s := range c.partScore {
		if s > 0 {
			return true
		}
	}
	return false
}

// passageScore is the relevance of a passage of part pi: its section's
// BM25 score plus half the passage's own.
func (c *corpus) passageScore(pi int, text string) float64 {
	return c.partScore[pi] + 0.5*c.index.scoreTerms(langTerms(c.lang, text))
}

// unit is a candidate passage: where it stands (source, position in the
// source) and how well it matches the purpose.
type unit struct {
	doc, pos int
	score    float64
	part     int
	text     string
	item     bool // a list item or table row
}

// sameRef is a sentence about "the same" thing as the one before it ("The
// same one month notice applies.", "La première est annulée …").
var sameRef = regexp.MustCompile(`^(?i:the same|la même|le même|les mêmes|der gleiche|die gleiche|das gleiche|dieselben?|dasselbe|el mismo|la misma|los mismos|las mismas)\s|` +
	`^(?i:the (?:former|latter)|(?:la|le) (?:première|premier|seconde?|dernière|dernier)\s+(?:est|sera|a|doit|peut))\b`)

// midRef reports whether a sentence starts by referring to what came
// before it.
func midRef(lang, s string) bool {
	if sameRef.MatchString(s) || vagueOpen.MatchString(s) || consequenceWord.MatchString(s) && !yesNoOpen.MatchString(s) {
		return true
	}
	if m := dummyIt.FindStringSubmatch(s); m != nil && m[1] != "used" && m[1] != "a" && m[1] != "an" && m[1] != "the" {
		return false // "It is the homeowner's responsibility to …" refers to nothing before it
	}
	return knowledge.RefersBack(lang, s)
}

// dummyIt opens a sentence on an "it" that stands for what follows ("It
// is the homeowner's responsibility to keep …", "It is easy to find
// us."); the word after the verb is in the group ("It is used to …" and
// "It is a … to have" refer back).
var dummyIt = regexp.MustCompile(`^(?i:it(?:\s+is|['’]s|\s+was|\s+will\s+be)(?:\s+not)?\s+(?:(?:the\s+|your\s+|our\s+|their\s+)?(?:\p{L}+['’]s\s+)?(?:responsibility|duty|policy|job|rule)|(?:very\s+|really\s+|also\s+)?(\p{L}+))\s+(?:to|that|for)\s)`)

// consequenceWord draws a consequence from the sentence before it, among
// its first words ("Eine Abholung ist deshalb leider nicht möglich.",
// "Pickup is therefore not possible.").
var consequenceWord = regexp.MustCompile(`^(?:\S+\s+){1,3}(?i:therefore|thus|hence|deshalb|daher|deswegen|darum|somit|donc|par conséquent|por (?:lo )?tanto|por eso)\b`)

// yesNoOpen opens an answer on yes or no, which its consequence follows
// ("No, por eso se las llama marcadoras …").
var yesNoOpen = regexp.MustCompile(`^(?i:yes|no|oui|non|ja|nein|sí|si)\b`)

// vagueOpen opens a text on a condition that only makes sense after the
// sentence before it ("If needed, you may leave a voicemail.").
// A sentence about the case the one before stated ("Dans ce cas,
// l'acompte n'est pas encaissé.") is one too.
var vagueOpen = regexp.MustCompile(`^(?i:(?:if (?:needed|necessary|required|so|applicable|appropriate)|si procede|si corresponde|le cas échéant|s'il y a lieu|gegebenenfalls|falls zutreffend|si (?:besoin|nécessaire|necesario|es necesario)|falls (?:nötig|notwendig|erforderlich)|wenn nötig)\b|(?:if not|si non|si no|falls nicht|wenn nicht),|(?:in (?:this|that|such a|these|such) cases?|dans (?:ce|ces) cas|en pareil cas|in (?:diesem|dem) fall|in (?:diesen|solchen) fällen|en (?:ese|este|tal|dicho) caso|en (?:estos|esos) casos)\b)`)

// announces reports whether a sentence group only announces text that
// follows it ("To make your visit smooth, please read the booking policy
// below."): written elsewhere, it points at nothing; or only thanks or
// welcomes the reader.
func announces(g string) bool {
	if courtesy.MatchString(g) && words(g) <= 20 {
		return true // "Thank you for choosing our restaurant for your group."
	}
	if empathy.MatchString(g) && words(g) <= 25 && len(sentences(g)) == 1 && !strings.ContainsAny(g, "0123456789$€£;") && !empathyThen.MatchString(g) {
		return true // "Sabemos que surgen imprevistos.", "We understand that delays happen."
	}
	l := strings.ToLower(g)
	if strings.Contains(l, "polic") && policyExists.MatchString(g) && words(g) <= 30 && len(sentences(g)) == 1 && !strings.ContainsAny(g, "0123456789$€£") {
		return true // "To be fair to our therapists, we have a cancellation policy."
	}
	if introFirst[firstWord(l)] && pageIntro.MatchString(g) && words(g) <= 30 ||
		containsAny(l, missionWords) && mission.MatchString(g) && words(g) <= 40 && !strings.ContainsAny(g, "0123456789$€£") {
		// "Here you will find answers to …", "Te pedimos que las leas
		// con atención …", "We strive to offer the best …"
		return true
	}
	if !strings.ContainsAny(g, "bBfFcCnNaA") || leadIn(g) || words(g) > 30 {
		return false
	}
	for _, w := range announceWords {
		if strings.Contains(l, w) {
			for _, m := range announceRef.FindAllStringIndex(g, -1) {
				if !measureAfter(g[m[1]:]) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// measureAfter says whether a text opens on a figure or a measure, as
// "below" does in "below 30 degrees", "below freezing" or "below the
// ground": no text below.
func measureAfter(rest string) bool {
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return false
	}
	if c := rest[0]; c >= '0' && c <= '9' || c == '$' || strings.HasPrefix(rest, "€") || strings.HasPrefix(rest, "£") {
		return true
	}
	w := strings.ToLower(firstWord(rest))
	if w == "the" {
		// "below the ground", "below the surface"
		w = strings.ToLower(firstWord(strings.TrimSpace(rest[len(firstWord(rest)):])))
	}
	return belowPlaces[strings.Trim(w, ".,;:")]
}

// belowPlaces are what "below" measures from when it points at no text
// ("below freezing", "below grade", "below the ground").
var belowPlaces = toSet(`freezing zero average grade ground surface floor water sea level deck`)

// courtesy is a sentence of thanks or welcome, which states nothing a
// customer asks about.
var courtesy = regexp.MustCompile(`^(?i:thank you|thanks|we look forward|we (?:really )?appreciate your|we thank you|merci pour|merci d['’]avoir|merci de votre|nous vous remercions|nous avons hâte|vielen dank|herzlichen dank|danke|wir danken|wir freuen uns|gracias|muchas gracias|agradecemos|esperamos verte)\b`)

// empathy is a sentence that only tells the reader the business
// understands ("We understand that delays happen.", "Sabemos que surgen
// imprevistos."): alone it answers nothing and heads no section; the rule
// that follows it does. One that goes on to a rule ("…, so please call
// us.") is kept.
var empathyThen = regexp.MustCompile(`(?i)\b(?:so|therefore|please|must|donc|c'est pourquoi|merci de|deshalb|daher|bitte|por eso|por lo que|por favor)\b`)

var empathy = regexp.MustCompile(`^(?i:we (?:do )?(?:understand|know|realise|realize) that|we understand|nous (?:comprenons|savons) (?:que|bien)|wir (?:verstehen|wissen),? dass|wir haben verständnis|(?:sabemos|entendemos|comprendemos) que)\b`)

// pageIntro is a sentence that presents the page itself.
var pageIntro = regexp.MustCompile(`^(?i:here you(?:'ll| will)? find|on this page|these are the (?:terms|conditions|rules|policies)|vous trouverez ici|sur cette page|voici les (?:conditions|règles)|hier find(?:est du|en sie)|auf dieser seite|dies sind die (?:bedingungen|regeln)|aquí (?:encontrarás|encontrará|encuentras)|en esta página|estas son las (?:condiciones|normas|reglas)|please read (?:them|these|this|our|the)|te (?:pedimos|rogamos) que (?:las|los) leas|le (?:pedimos|rogamos) que (?:las|los) lea|merci de (?:les )?lire|veuillez lire|bitte lesen sie)\b`)

// policyExists is a sentence that only says a policy exists ("… we have
// a cancellation policy."), which answers no question about it.
var policyExists = regexp.MustCompile(`(?i)\bwe have (?:adopted |put in place |introduced |set up )?(?:a|an|the|this|these|our|some)\s+(?:[\p{L}-]+\s+){0,2}polic(?:y|ies)\s*\.?$`)

// introFirst and missionWords are what pageIntro and mission need,
// tested before them.
var (
	introFirst   = toSet(`here on these vous sur voici hier auf dies aquí en estas please te le merci veuillez bitte`)
	missionWords = []string{"strive", "aim to", "aim is", "goal", "mission", "efforç", "objectif", "bemühen", "ziel", "esforzamos", "queremos ofrecer", "objetivo"}
)

func containsAny(s string, subs []string) bool {
	for _, w := range subs {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// mission is a sentence about what the business strives for, which states
// nothing a customer asks about.
var mission = regexp.MustCompile(`(?i)\b(?:we strive|we aim to|our (?:goal|mission|aim) is|nous nous efforçons|notre (?:objectif|mission) est|wir bemühen uns|unser ziel ist|nos esforzamos|queremos ofrecer|nuestro objetivo es)\b`)

// announceWords are the words announceRef needs, tested before it.
var announceWords = []string{"below", "following", "follows", "ci-dessous", "nachfolgend", "folgende", "continuación"}

// announceRef points at what follows; unlike forwardRef it leaves "the
// following day" ("le jour suivant", "el día siguiente") alone.
var announceRef = regexp.MustCompile(`(?i)\b(?:below|the following (?:policy|policies|rules|terms|conditions)|as follows|ci-dessous|nachfolgend\w*|folgenden? (?:Regeln|Bedingungen)|a continuación)\b`)

// leadIn reports whether a sentence introduces a list (ends with ":").
func leadIn(s string) bool { return strings.HasSuffix(strings.TrimSpace(s), ":") }

// groups splits a paragraph into sentence groups: a sentence that refers
// back stays with the one before it. A paragraph's first group is marked
// when it starts mid-reference itself.
func (c *corpus) groups(text string) (out []string, headless bool) {
	for i, s := range sentences(text) {
		if i > 0 && midRef(c.lang, s) && len(out) > 0 {
			out[len(out)-1] += " " + s
			continue
		}
		if i == 0 && midRef(c.lang, s) {
			headless = true
		}
		out = append(out, s)
	}
	return out, headless
}

// sentenceUnits lists every stand-alone sentence group of paragraphs and
// every list item, in source order. Groups that start mid-reference and
// lead-ins without their lists are left out.
func (c *corpus) sentenceUnits() []unit {
	var out []unit
	pos := map[int]int{}
	for pi, p := range c.parts {
		d := c.docOf[pi]
		for _, b := range p.blocks {
			var ss []string
			headless := false
			if b.kind == para {
				ss, headless = c.groups(b.text)
			} else {
				ss = []string{b.text}
			}
			for i, s := range ss {
				if i == 0 && headless || leadIn(s) || announces(s) || orphanAnswer.MatchString(s) {
					continue
				}
				out = append(out, unit{doc: d, pos: pos[d], part: pi, text: s, item: b.kind != para,
					score: c.passageScore(pi, s)})
				pos[d]++
			}
		}
	}
	return out
}

// orphanAnswer opens an answer with its yes or no ("No, el precio es de
// €5 por equipaje", "Yes, we can."): out of its question, in a one-pager
// section or a how-to's next steps, it says the opposite of nothing.
var orphanAnswer = regexp.MustCompile(`^(?i:yes|no|oui|non|ja|nein|sí)\s*[,.!;:]`) // (not "Si, por alguna razón, …": an if)

// withoutOrphanAnswers is bs without the paragraphs that open with an
// orphanAnswer.
func withoutOrphanAnswers(bs []block) []block {
	var out []block
	for _, b := range bs {
		if !(b.kind == para && orphanAnswer.MatchString(b.text)) {
			out = append(out, b)
		}
	}
	return out
}

// pick chooses up to n items: the best matches of the purpose first; among
// equals the earliest of each source before the second of any (so every
// source is covered). With a purpose the chosen items keep that order,
// best first; without one they are returned in source order.
func pick[T any](items []T, n int, key func(T) unit) []T {
	out := append([]T(nil), items...)
	sortUnits(out, key, preferred)
	if len(out) > n {
		out = out[:n]
	}
	sortUnits(out, key, readingOrder)
	return out
}

// sortUnits orders items stably by their units, first what before puts
// first: preferred, readingOrder or sourceOrder.
func sortUnits[T any](items []T, key func(T) unit, before func(a, b unit) bool) {
	sort.SliceStable(items, func(a, b int) bool { return before(key(items[a]), key(items[b])) })
}

// preferred is the order pick prefers: the best score, then the earliest
// place in a source, then the first source.
func preferred(a, b unit) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if a.pos != b.pos {
		return a.pos < b.pos
	}
	return a.doc < b.doc
}

// readingOrder puts what matches the purpose first, best first, then the
// rest as they stand in the sources.
func readingOrder(a, b unit) bool {
	if a.score != b.score && (a.score > 0 || b.score > 0) {
		return a.score > b.score
	}
	return sourceOrder(a, b)
}

// sourceOrder is the order in which the units stand in the sources.
func sourceOrder(a, b unit) bool {
	if a.doc != b.doc {
		return a.doc < b.doc
	}
	return a.pos < b.pos
}

// sentenceKey identifies a sentence regardless of case and punctuation:
// its letters and digits in lower case, runs of anything else one space.
func sentenceKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		space = true
	}
	return b.String()
}

// keysOf returns the keys of the sentences of text, remembered: the
// templates ask about the same texts many times.
func (c *corpus) keysOf(text string) []string {
	if ks, ok := c.keys[text]; ok {
		return ks
	}
	if c.keys == nil {
		c.keys = map[string][]string{}
	}
	ss := sentences(text)
	ks := make([]string, len(ss))
	for i, s := range ss {
		ks[i] = sentenceKey(s)
	}
	c.keys[text] = ks
	return ks
}

// mark records sentences as placed in the document.
func (c *corpus) mark(text string) {
	for _, k := range c.keysOf(text) {
		c.used[k] = true
	}
}

// isUsed reports whether any sentence of text is placed already.
func (c *corpus) isUsed(text string) bool {
	if words(text) <= 2 {
		// "Yes." or "No." answers several questions; it is no one's text
		return false
	}
	for _, k := range c.keysOf(text) {
		if c.used[k] {
			return true
		}
	}
	return false
}

// compose writes blocks in the body format with whole sentences, at most
// max characters, leaving out sentences already used: paragraphs apart by
// a blank line, list items one a line ("- " bullets, steps renumbered from
// 1 in each list). A lead-in ending with ":" is written only with its
// list; a sentence group that refers back is never written without what
// it refers to. It returns the body and the sentences it used; nothing is
// marked used.
func (c *corpus) compose(blocks []block, max int) (string, []string) {
	return c.composeBody(&composer{c: c, max: max, prevKind: para, prevList: -1}, blocks)
}

// composeAnswer composes the answer to a question the sources ask
// themselves: its first sentence may refer to the question ("Q. How long
// does an export take?" "It depends on how much data there is.").
func (c *corpus) composeAnswer(blocks []block, max int) (string, []string) {
	return c.composeBody(&composer{c: c, max: max, prevKind: para, prevList: -1, asked: true}, blocks)
}

// composeSection composes a one-pager's section (asked: under a question
// the sources ask): as compose and composeAnswer, and numbered rules that
// open it are written whole when all of them fit twice max (an answer of
// an FAQ keeps compose's limits, which its choice of questions reads).
func (c *corpus) composeSection(blocks []block, max int, asked bool) (string, []string) {
	return c.composeBody(&composer{c: c, max: max, prevKind: para, prevList: -1, asked: asked, wholeRules: true}, blocks)
}

func (c *corpus) composeBody(w *composer, blocks []block) (string, []string) {
	// a procedure is written whole or not at all: a body full before its
	// last step goes back to where the steps began
	type mark struct {
		text                string
		used, n, list, prev int
		kind                blockKind
	}
	var before *mark
	// a procedure another section took part of is no one's here: its
	// other steps alone would be a cut procedure ("1. Click Save");
	// numbered clauses that give no instruction ("1. Ein Einzeltermin
	// dauert in der Regel 60 Minuten.") are rules, which a body may end
	// between
	taken := map[int]bool{}
	steps, orders := map[int]int{}, map[int]int{}
	for _, b := range blocks {
		if b.kind == step {
			steps[b.list]++
			if b.staged || instructionIn(c.lang, sentences(b.text)[0]) != "" {
				orders[b.list]++
			}
		}
	}
	whole := func(list int) bool { return 2*orders[list] >= steps[list] }
	// a price list ("Le 1er forfait … 1150 Euro", "Le 2eme forfait … 850
	// Euro") is whole or not at all too: its last lines are prices as
	// much as its first
	items, prices := map[int]int{}, map[int]int{}
	for _, b := range blocks {
		if b.kind == bullet {
			items[b.list]++
			if knowledge.AmountLine(b.text) {
				prices[b.list]++
			}
		}
	}
	// so is a numbered list under its lead-in ("… for these reasons:"):
	// the lead-in announces all of it
	led := map[int]bool{}
	for i, b := range blocks {
		if b.kind == step && i > 0 && blocks[i-1].kind == para && leadIn(blocks[i-1].text) {
			led[b.list] = true
		}
	}
	// and so are, in a one-pager's section, numbered rules or bulleted
	// ones that open the body when all of them fit twice its length ("1.
	// Each of our ponies …" to "10. The pony ride can NOT take place …",
	// a house rules' nine bullets): ending between them would leave the
	// last rules unsaid
	opening := -1 // that list, which the body may grow to hold
	if w.wholeRules && len(blocks) > 0 && (blocks[0].kind == step || blocks[0].kind == bullet) && !c.isUsed(blocks[0].text) {
		length := 0
		for _, b := range blocks {
			if b.kind == blocks[0].kind && b.list == blocks[0].list {
				length += len(b.text) + 4 // and "10. " or "- " before it
			}
		}
		if length <= 2*w.max {
			opening, w.max = blocks[0].list, max(w.max, length)
		}
	}
	// and, in a one-pager's section, a first paragraph's list under its
	// lead-in grows the body as far as twice its length: the lead-in
	// ("… a fee will apply to repairs that result from the following:")
	// means nothing without it
	if w.wholeRules && len(blocks) > 1 && blocks[0].kind == para && leadIn(blocks[0].text) && blocks[1].kind != para && !c.isUsed(blocks[0].text) {
		length := len(blocks[0].text) + 2 // and the line between
		for _, b := range blocks[1:] {
			if b.kind == blocks[1].kind && b.list == blocks[1].list {
				length += len(b.text) + 4
			}
		}
		if length <= 2*w.max {
			w.max = max(w.max, length)
		}
	}
	wholeList := func(b block) bool {
		return b.kind == step && (whole(b.list) || led[b.list] || b.list == opening) ||
			b.kind == bullet && (items[b.list] >= 2 && prices[b.list] == items[b.list] || b.list == opening)
	}
	for _, b := range blocks {
		if b.kind == step && c.isUsed(b.text) && whole(b.list) {
			taken[b.list] = true
		}
	}
	for i, b := range blocks {
		if b.kind == step && taken[b.list] {
			continue
		}
		if wholeList(b) && b.list != w.prevList {
			before = &mark{text: w.sb.String(), used: len(w.usedSS), n: w.n, list: w.prevList, kind: w.prevKind}
		} else if !wholeList(b) {
			before = nil
		}
		stop := false
		if b.kind == para {
			stop = w.para(blocks, i)
		} else if !c.isUsed(b.text) {
			stop = !w.item(b)
		}
		if stop {
			if before != nil && wholeList(b) {
				text, used := before.text, w.usedSS[:before.used]
				if k := len(used) - 1; k >= 0 && leadIn(used[k]) && strings.HasSuffix(strings.TrimSpace(text), used[k]) {
					// the list's lead-in goes with it ("… repairs that
					// result from the following:" without them)
					text, used = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), used[k])), used[:k]
				}
				w.sb.Reset()
				w.sb.WriteString(text)
				w.usedSS, w.n, w.prevList, w.prevKind = used, before.n, before.list, before.kind
			}
			break
		}
	}
	return strings.TrimSpace(w.sb.String()), w.usedSS
}

// anyInstruction reports whether a sentence group of gs is an
// instruction.
func anyInstruction(lang string, gs []string) bool {
	for _, g := range gs {
		if instructionIn(lang, sentences(g)[0]) != "" {
			return true
		}
	}
	return false
}

// composer writes a body within max characters: what is written so far,
// the sentences it used, and the list being written.
type composer struct {
	c        *corpus
	max      int
	sb       strings.Builder
	usedSS   []string
	n        int // the last step's number
	prevKind blockKind
	prevList int
	asked    bool // the body answers a question the sources ask
	// wholeRules: numbered rules that open the body are written whole
	// (composeSection)
	wholeRules bool
}

// write adds a line after sep, unless it would pass max (a first line
// longer than max is written when it fits an answer).
func (w *composer) write(sep, line string) bool {
	if w.sb.Len() == 0 {
		sep = ""
	}
	if w.sb.Len()+len(sep)+len(line) > w.max && (w.sb.Len() > 0 || len(line) > maxAnswer) {
		return false
	}
	w.sb.WriteString(sep + line)
	return true
}

// para writes the sentence groups of paragraph i not used yet; it
// reports whether the body is full. A lead-in is written only with its
// list's first item after it.
func (w *composer) para(blocks []block, i int) (stop bool) {
	c, b := w.c, blocks[i]
	gs, headless := c.groups(b.text)
	var keep []string
	for gi, g := range gs {
		if c.isUsed(g) || gi == 0 && headless && w.sb.Len() == 0 && !w.asked || announces(g) {
			continue
		}
		if leadIn(g) && (i+1 >= len(blocks) || blocks[i+1].kind == para || gi != len(gs)-1 || c.isUsed(blocks[i+1].text)) {
			continue
		}
		keep = append(keep, g)
	}
	if len(keep) == 0 {
		return false
	}
	line := ""
	for gi, g := range keep {
		cand := strings.TrimSpace(line + " " + g)
		// a first group that only says yes ("¡Claro que sí!", "Yes.")
		// takes the sentence that says how, whatever the length
		yesOnly := gi == 1 && w.sb.Len() == 0 && words(line) <= 3 && len(cand) <= maxAnswer
		if w.sb.Len()+2+len(cand) > w.max && !(line == "" && w.sb.Len() == 0 && len(cand) <= maxAnswer) && !yesOnly {
			break
		}
		line = cand
		w.usedSS = append(w.usedSS, g)
	}
	if line == "" || !w.write("\n\n", line) {
		return true
	}
	if leadIn(line) && i+1 < len(blocks) {
		// the list must follow: at least its first item
		nb := blocks[i+1]
		if w.sb.Len()+len(nb.text)+5 > w.max {
			s := strings.TrimSpace(strings.TrimSuffix(w.sb.String(), line))
			w.sb.Reset()
			w.sb.WriteString(s)
			w.usedSS = w.usedSS[:len(w.usedSS)-len(keep)]
			return true
		}
	}
	w.prevKind, w.prevList = para, -1
	return false
}

// item writes a bullet or a step (steps numbered from 1 in each list);
// false when it does not fit.
func (w *composer) item(b block) bool {
	line := b.text
	switch b.kind {
	case bullet:
		line = "- " + line
	case step:
		if b.list != w.prevList {
			w.n = 0
		}
		w.n++
		line = strconv.Itoa(w.n) + ". " + line
	}
	sep := "\n\n"
	if w.prevKind == b.kind && b.list == w.prevList {
		sep = "\n"
	}
	if !w.write(sep, line) {
		return false
	}
	w.usedSS = append(w.usedSS, b.text)
	w.prevKind, w.prevList = b.kind, b.list
	return true
}

// bulletList writes items as "- " lines.
func bulletList(items []string) string {
	lines := make([]string, len(items))
	for i, s := range items {
		lines[i] = "- " + s
	}
	return strings.Join(lines, "\n")
}

// joinSentences joins the texts of units as one paragraph and marks them
// used.
func (c *corpus) joinSentences(us []unit) string {
	texts := make([]string, len(us))
	for i, u := range us {
		texts[i] = u.text
		c.mark(u.text)
	}
	return strings.Join(texts, " ")
}

// unused filters units whose text is already in the document and that
// match cond.
func (c *corpus) unused(us []unit, cond func(unit) bool) []unit {
	var out []unit
	for _, u := range us {
		if !c.isUsed(u.text) && cond(u) {
			out = append(out, u)
		}
	}
	return out
}

// plural writes "1 question", "2 questions".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// firstLetterUpper reports whether s starts with a capital letter.
func firstLetterUpper(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return unicode.IsUpper(r)
		}
	}
	return false
}
