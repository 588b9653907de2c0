package gendocs

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/knowledge"
)

var (
	sequenceWord = regexp.MustCompile(`^(?i:first|second|third|then|next|finally|lastly|after that|afterwards|now|d'abord|ensuite|puis|enfin|zuerst|dann|danach|anschließend|zum schluss|primero|luego|después|finalmente)\s*,?\s+`)
	youMust      = regexp.MustCompile(`^(?i:you)\s+(?:will\s+)?(?:need to|should|must|have to)\s+(.+)$`)
	nextHeading  = regexp.MustCompile(`(?i)\b(next|after|afterwards|what happens|follow[- ]?up|then what|ensuite|après|danach|nächste|después|siguiente)\b`)
	thenSplit    = regexp.MustCompile(`(?i),?\s+(?:and then|then|and|puis|et|dann|und|luego|y)\s+|,\s+`)
)

// isImperative reports whether a sentence starts with an instruction verb
// in the language (knowledge.Imperative).
func isImperative(lang, s string) bool { return knowledge.Imperative(lang, s) }

// instructionIn returns s as an instruction in the language ("You need to
// bring ID." gives "Bring ID."), or "" when s does not read as one.
func instructionIn(lang, s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") || leadIn(s) {
		return ""
	}
	s = sequenceWord.ReplaceAllString(s, "")
	if lang == langEN {
		if m := youMust.FindStringSubmatch(s); m != nil {
			s = m[1]
		}
	}
	s = optionalMark.ReplaceAllString(s, "")
	if m := placeClause.FindStringSubmatch(s); m != nil && !isImperative(lang, s) && isImperative(lang, capitalize(m[1])) {
		// "In the Service field, leave Personal selected": where, then
		// the instruction
		return capitalize(s)
	}
	if len(strings.Fields(s)) < 2 || !isImperative(lang, s) {
		if lang == langEN && conditionThenInstruction(s) {
			return capitalize(s)
		}
		return ""
	}
	return capitalize(s)
}

// conditionThenInstruction says whether an English sentence opens on a
// condition or a time without its comma and goes on with an instruction
// ("When you have made your selection go to the cart tab", "When your
// job is done you need to contact us by email").
func conditionThenInstruction(s string) bool {
	ws := strings.Fields(s)
	if len(ws) < 5 || !enCondOpen[strings.ToLower(ws[0])] {
		return false
	}
	for k := 3; k < len(ws) && k <= 12; k++ {
		if strings.ContainsAny(ws[k-1], ",;:.") {
			return false // the condition ends on its comma: instructionAfterComma's
		}
		rest := strings.Join(ws[k:], " ")
		if youMust.MatchString(rest) {
			return true
		}
		if prev := strings.ToLower(ws[k-1]); !enNotBeforeVerb[prev] && isImperative(langEN, capitalize(rest)) {
			return true
		}
	}
	return false
}

var (
	enCondOpen = toSet(`when once after before if`)
	// enNotBeforeVerb are words after which an instruction verb is no
	// instruction ("if you call", "to book", "we collect", "your pick up")
	enNotBeforeVerb = toSet(`you we they i he she it to will can may must should would could and or not don't please your my our their his her its the a an this that these those`)
)

var (
	// optionalMark opens a step that may be skipped ("(optional) Type …").
	optionalMark = regexp.MustCompile(`^(?i:\((?:optional|facultatif|optionnel|opcional)\)\s*)`)
	// placeClause is a step's place or time before its instruction ("In
	// the Repeats field, select Weekly", "Dans l'onglet Profil, cliquez
	// …", "Tras tu evento, devuelve …").
	placeClause = regexp.MustCompile(`^(?i:in|on|from|under|at|within|after|before|dans|sur|depuis|après|avant|en|desde|tras|antes de|después de|im|unter|auf|nach|vor)\s[^,]{2,60},\s+(.+)$`)
)

// instruction is instructionIn for English.
func instruction(s string) string { return instructionIn(langEN, s) }

// splitInstruction cuts "Open Team, click the dots and choose Remove."
// into one step per instruction, where every piece is itself one.
func splitInstruction(lang, s string) []string {
	end := ""
	if strings.HasSuffix(s, ".") {
		end = "."
	}
	body := strings.TrimSuffix(s, ".")
	locs := thenSplit.FindAllStringIndex(body, -1)
	if len(locs) == 0 {
		return []string{s}
	}
	lists := enumeration.FindAllStringIndex(body, -1)
	var pieces []string
	last := 0
	for _, l := range locs {
		if slices.ContainsFunc(lists, func(e []int) bool { return l[0] >= e[0] && l[0] < e[1] }) {
			// "either by phone, email, or through …", "your name, contact
			// details, and the type …": the items of a list, no
			// instructions however their first word reads
			continue
		}
		rest := body[l[1]:]
		if instructionIn(lang, capitalize(rest)) == "" {
			continue
		}
		if piece := body[last:l[0]]; ourVoice.MatchString(piece) && instructionIn(lang, capitalize(piece)) == "" && !instructionAfterComma(lang, piece) {
			// "If you go ahead, we will repair, clean, and adjust your
			// camera, and let you know": what follows a clause in which
			// the business speaks carries on its subject ("we"), not
			// the reader's
			break
		}
		pieces = append(pieces, body[last:l[0]])
		last = l[1]
	}
	pieces = append(pieces, body[last:])
	if len(pieces) == 1 {
		return []string{s}
	}
	for i, p := range pieces {
		pieces[i] = capitalize(strings.TrimRight(strings.TrimSpace(p), ".,;")) + end
	}
	return pieces
}

// enumeration is the middle of a list of things in a sentence: a comma,
// an item of one or two words, and a comma before the last item's "and"
// or "or" (", email, or", ", contact details, and").
var enumeration = regexp.MustCompile(`(?i),\s+[^\s,]+(?:\s+[^\s,]+)?,\s+(?:and|or|et|ou|und|oder|y|o|e|u)\s`)

// ourVoice is the business speaking of what it does ("we will", "nous",
// "wir", "nosotros").
var ourVoice = regexp.MustCompile(`(?i)\b(?:we|we'll|nous|wir|nosotros|nosotras)\b`)

// instructionAfterComma says whether a head ends on an instruction after
// its condition ("If you want to cancel, open Settings").
func instructionAfterComma(lang, head string) bool {
	i := strings.LastIndex(head, ", ")
	return i >= 0 && instructionIn(lang, capitalize(head[i+2:])) != ""
}

// stepList is a candidate procedure.
type stepList struct {
	unit
	steps []string
	lead  []block // what precedes the list in its part
	after []block // what follows the list in its part
}

// stepLists finds procedures: ordered lists, and unordered lists whose
// items are mostly instructions, of at least MinSteps items.
func (c *corpus) stepLists() []stepList {
	var out []stepList
	for pi, p := range c.parts {
		for i := 0; i < len(p.blocks); {
			b := p.blocks[i]
			if b.kind == para {
				i++
				continue
			}
			j := i
			var items []string
			imperative, sequel := 0, 0
			for j < len(p.blocks) && p.blocks[j].list == b.list && p.blocks[j].kind != para {
				items = append(items, p.blocks[j].text)
				if instructionIn(c.lang, p.blocks[j].text) != "" {
					imperative++
				} else if sequelStart.MatchString(p.blocks[j].text) {
					sequel++
				}
				j++
			}
			// (a numbered list that opens with an instruction and goes on
			// with what happens next, "3. Once we have all the
			// information we will prepare an invoice …", "4. Once payment
			// has cleared a shipping label will be emailed …", is a
			// procedure told partly in the business's voice)
			told := b.kind == step && sequel >= 2 && instructionIn(c.lang, items[0]) != "" && (imperative+sequel)*2 >= len(items)
			// A numbered list is a procedure when at least half its items are
			// instructions (a numbered list of rules is not); a bulleted one
			// when most are, and they do not all start alike ("Cancel more
			// than 2 weeks ahead ...", "Cancel with 1-2 weeks' notice ..." are
			// alternatives, not steps). Longer than MaxSteps: never cut.
			procedure := b.kind == step && (imperative*2 >= len(items) || b.staged || told) ||
				b.kind != step && imperative*3 >= 2*len(items) && distinctStarts(items) >= len(items)-1
			if len(items) >= MinSteps && len(items) <= MaxSteps && procedure && !repeatsStep(items) {
				text := strings.Join(items, " ")
				out = append(out, stepList{unit: unit{doc: c.docOf[pi], pos: pi, part: pi, score: c.passageScore(pi, text)},
					steps: items, lead: p.blocks[:i], after: p.blocks[j:]})
			}
			i = j
		}
	}
	return out
}

// sequelStart opens a step that says what happens once the step before
// it is done ("Once payment has cleared …", "Une fois la commande reçue
// …", "Sobald die Zahlung eingegangen ist …", "Una vez recibido …").
var sequelStart = regexp.MustCompile(`^(?i:once|after|as soon as|when|then|next|finally|une fois|dès que|après|ensuite|puis|enfin|sobald|nachdem|danach|anschließend|dann|una vez|cuando|después|luego|en cuanto|finalmente)\b`)

// repeatsStep says whether a step only says again what a step before it
// says (a page pasted twice into one list): the document's sentence
// dedupe would empty it, leaving a procedure with a step missing.
func repeatsStep(items []string) bool {
	seen := map[string]bool{}
	for _, it := range items {
		ss := sentences(it)
		repeated := len(ss) > 0
		for _, s := range ss {
			repeated = repeated && seen[strings.ToLower(s)]
		}
		if repeated {
			return true
		}
		for _, s := range ss {
			seen[strings.ToLower(s)] = true
		}
	}
	return false
}

// bestSteps prefers the list that best matches the purpose, then the
// longest, then the first.
func (c *corpus) bestSteps() (stepList, bool) {
	lists := c.stepLists()
	if len(lists) == 0 {
		return c.sentenceSteps()
	}
	best := lists[0]
	for _, l := range lists[1:] {
		if l.score > best.score || l.score == best.score && len(l.steps) > len(best.steps) {
			best = l
		}
	}
	if best.score == 0 && c.hasPurpose() {
		if s, ok := c.sentenceSteps(); ok && s.score > 0 {
			return s, true
		}
	}
	return best, true
}

// sentenceSteps gathers instructions written as sentences, when the
// sources have no list of steps: the longest run of consecutive
// instruction sentences of one section ("Click Edit, then choose the new
// dates. Click Check availability."), so that the steps are a sequence the
// sources tell, never instructions gathered from all over a page.
func (c *corpus) sentenceSteps() (stepList, bool) {
	var best, run []unit
	flush := func() {
		texts := make([]string, len(run))
		for i, u := range run {
			texts[i] = u.text
		}
		if len(run) >= MinSteps && len(run) > len(best) && distinctStarts(texts) >= len(run)-1 {
			best = run
		}
		run = nil
	}
	last := -1
	for _, u := range c.sentenceUnits() {
		if u.part != last {
			flush()
			last = u.part
		}
		var ins []unit
		if !u.item {
			for _, s := range splitInstruction(c.lang, u.text) {
				if in := instructionIn(c.lang, s); in != "" {
					v := u
					v.text = in
					ins = append(ins, v)
				}
			}
		}
		if len(ins) == 0 {
			flush()
			continue
		}
		run = append(run, ins...)
	}
	flush()
	if len(best) == 0 {
		return stepList{}, false
	}
	l := stepList{unit: best[0]}
	for _, u := range best {
		l.steps = append(l.steps, u.text)
		l.score = max(l.score, u.score)
	}
	return l, true
}

// distinctStarts counts the different first words of items.
func distinctStarts(items []string) int {
	seen := map[string]bool{}
	for _, it := range items {
		first, _, _ := strings.Cut(strings.ToLower(it), " ")
		seen[first] = true
	}
	return len(seen)
}

// dedupeSteps drops a step that says nearly what an earlier one says.
func (c *corpus) dedupeSteps(steps []string) []string {
	var out []string
	var seen []map[string]bool
	for _, s := range steps {
		ts := map[string]bool{}
		for _, t := range langTerms(c.lang, s) {
			ts[t] = true
		}
		dup := false
		for _, o := range seen {
			inter := 0
			for t := range ts {
				if o[t] {
					inter++
				}
			}
			if union := len(ts) + len(o) - inter; union > 0 && float64(inter)/float64(union) >= 0.8 {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, s)
			seen = append(seen, ts)
		}
	}
	return out
}

func (c *corpus) howTo(req Request) (*Document, error) {
	l, ok := c.bestSteps()
	if ok {
		l.steps = c.dedupeSteps(l.steps)
		ok = len(l.steps) >= MinSteps
	}
	if !ok {
		return nil, notEnough("a how-to: the sources hold no procedure (a numbered list of at least %d and at most %d steps, or instructions that follow one another such as \"Open Settings. Click Billing. Choose Update card.\")",
			MinSteps, MaxSteps)
	}
	if p := strings.TrimSpace(req.Purpose); p != "" && l.score == 0 {
		// a purpose that no procedure matches: say so rather than
		// present another procedure under its name
		return nil, notEnough("a how-to about %q: none of the procedures in the sources is about it (the closest is %q); generate it without a purpose, or add a document with that procedure",
			truncateText(p, 80), c.procedureName(l))
	}
	lx := lex(c.lang)
	p := c.parts[l.part]
	topic := c.procedureName(l)
	if m := tipsTo.FindStringIndex(topic); m != nil && c.lang == langEN && isImperative(langEN, topic[m[1]:]) {
		// "Tips to reset your password" titles the steps "How to reset
		// your password"
		topic = "How to " + lowerFirst(topic[m[1]:])
	}
	title := topic
	if m := askedTopic.FindStringSubmatch(topic); m != nil && !strings.HasSuffix(topic, "?") {
		// "Cómo puedo cambiar mi contraseña" (a question without its
		// marks) is titled as the question it is, not "…: paso a paso"
		title = questionMarks(c.lang, topic)
	} else if !howToHead.MatchString(topic) && !strings.HasSuffix(topic, "?") && !namesSteps.MatchString(topic) {
		title = fmt.Sprintf(lx.howToTitle, topic) // a question ("How can I edit my email address?") is a title as it is
	}
	d := &Document{Title: truncateText(title, MaxTitleLen), Subtitle: c.subtitle(req, "")}
	for _, s := range l.steps {
		c.mark(s)
	}
	intro := c.introSentence(p.heading)
	if lead := c.leadText(l); lead != "" && intro == lx.introAny {
		// the guide's own opening ("Learn how to change the email
		// address of your account.") says more than "Here are the
		// steps, one at a time.", which would only stand before it
		intro = lead
	} else if lead != "" {
		intro += "\n\n" + lead
	}
	if n := len(l.lead); n > 0 && l.lead[n-1].kind == para && ourStepsLead.MatchString(l.lead[n-1].text) {
		// the business's own steps keep the sentence that says so ("Once
		// we have your camera in hand we will:"), last before them:
		// without it they would read as the reader's instructions (a
		// lead-in that would take over half the intro is left out)
		if said := l.lead[n-1].text; utf8.RuneCountInString(said) <= MaxIntroLen/2 {
			intro = truncateText(intro, MaxIntroLen-utf8.RuneCountInString(said)-2) + "\n\n" + said
		}
	}
	d.Sections = append(d.Sections, Section{Heading: lx.overview, Body: truncateText(intro, MaxIntroLen)})

	lines := make([]string, len(l.steps))
	for i, s := range l.steps {
		lines[i] = strconv.Itoa(i+1) + ". " + s
	}
	d.Sections = append(d.Sections, Section{Heading: lx.steps, Body: strings.Join(lines, "\n")})

	if next := c.nextSteps(l); next != "" {
		d.Sections = append(d.Sections, Section{Heading: lx.next, Body: next})
	}
	return d, nil
}

// guideHeading is a heading that only says steps follow.
var guideHeading = regexp.MustCompile(`(?i)^(?:step[- ]by[- ]step(?: guide)?|steps|instructions|guide|procedure|étapes|étape par étape|schritte|schritt für schritt|anleitung|pasos|paso a paso|instrucciones)$`)

// procedureName is the heading of the procedure's section, else its
// source's name, as a reader sees it.
func (c *corpus) procedureName(l stepList) string {
	p := c.parts[l.part]
	topic := p.heading
	if topic == "" || strings.HasSuffix(topic, "?") && c.lang != langEN && !askedTopic.MatchString(topic) || guideHeading.MatchString(topic) ||
		words(topic) >= 7 && statementHeading.MatchString(topic) && !howToHead.MatchString(topic) {
		// (nor a sentence read as a heading: "A Regular Consignor signs up
		// first until we are full")
		// "Step by Step Guide" says nothing of what the steps do, nor a
		// question other than how ("¿Qué pasa si …?"): the source's name
		// does. A question that asks how ("Comment modifier la date … ?")
		// names the procedure in every language.
		topic = p.doc
	}
	return capitalize(topic)
}

// statementHeading finds a sentence's verb or person in a heading: a long
// heading with one states something rather than naming a procedure.
var statementHeading = regexp.MustCompile(`(?i)\b(?:is|are|will|must|we|you|est|sont|nous|vous|ist|sind|wir|es|son|nosotros)\b`)

// introSentence is the guide's own first sentence, from the heading of the
// steps' section.
func (c *corpus) introSentence(heading string) string {
	lx := lex(c.lang)
	h := strings.TrimRight(strings.TrimSpace(heading), ".:")
	h = tipsTo.ReplaceAllString(h, "")
	switch {
	case h == "" || strings.HasSuffix(h, "?"):
		return lx.introAny
	case c.lang == langEN && howToHead.MatchString(h):
		return fmt.Sprintf(lx.introHow, toCustomerYou(howToHead.FindStringSubmatch(h)[1]))
	case c.lang == langEN && isImperative(langEN, h):
		return fmt.Sprintf(lx.introHow, lowerFirst(tidyHeading(c.lang, h, "")))
	case c.lang == langEN && gerundStart.MatchString(strings.ToLower(h)):
		return fmt.Sprintf(lx.introFor, lowerFirst(tidyHeading(c.lang, h, ""))) // "the steps for booking a table"
	case c.lang == langEN:
		// "Here are the steps for tips to reset ..." is not English: a
		// heading that is not an instruction or a gerund gets the neutral sentence
		return lx.introAny
	}
	if c.lang == langFR || c.lang == langES {
		if !infinitiveStart[c.lang].MatchString(h) {
			// "Estos son los pasos a seguir: Suscripción desde un
			// dispositivo iOS." reads badly: a noun phrase gets the
			// neutral sentence
			return lx.introAny
		}
		// "Voici les étapes à suivre : envoyer une demande de
		// modification." (an infinitive keeps no capital after the colon)
		h = lowerFirst(h)
	}
	return fmt.Sprintf(lx.introFor, h)
}

// askedTopic is a heading or source name that asks how to do something
// but lost its question marks ("Cómo puedo cambiar mi contraseña").
var askedTopic = regexp.MustCompile(`^(?i:(?:¿\s*)?(?:cómo|comment|wie|how (?:do|can|should) (?:i|we|you)))\s+\S+`)

// questionMarks writes a question with the language's marks: "¿…?" in
// Spanish, " ?" in French, "?" otherwise.
func questionMarks(lang, q string) string {
	q = strings.TrimRight(strings.TrimSpace(q), ".:;!")
	switch lang {
	case langES:
		if !strings.HasPrefix(q, "¿") {
			q = "¿" + q
		}
		return q + "?"
	case langFR:
		return q + " ?"
	}
	return q + "?"
}

// infinitiveStart is a heading that opens with an infinitive ("Envoyer
// une demande", "Cambiar la contraseña").
var infinitiveStart = map[string]*regexp.Regexp{
	langFR: regexp.MustCompile(`^\p{Lu}\p{Ll}+(?:er|ir|re)\s`),
	langES: regexp.MustCompile(`^\p{Lu}\p{Ll}+(?:ar|er|ir)(?:se|lo|la)?\s`),
}

var tipsTo = regexp.MustCompile(`^(?i:tips (?:to|for|on)|a guide to|guide to)\s+`)

// toCustomerYou keeps a how-to topic in the second person.
func toCustomerYou(s string) string { return lowerFirst(s) }

// leadText is the introduction the sources give to the steps: the
// paragraphs before the list in its section, at most two sentences, not
// starting mid-reference.
func (c *corpus) leadText(l stepList) string {
	lead := l.lead
	if l.lead == nil && len(l.steps) > 0 {
		lead = nil
	}
	var paras []block
	for _, b := range lead {
		if b.kind == para {
			paras = append(paras, b)
		}
	}
	for _, b := range paras {
		gs, headless := c.groups(b.text)
		var keep []string
		for i, g := range gs {
			if i == 0 && headless || leadIn(g) || c.isUsed(g) {
				continue
			}
			keep = append(keep, g)
			if len(keep) == 2 {
				break
			}
		}
		if len(keep) > 0 {
			s := strings.Join(keep, " ")
			c.mark(s)
			return s
		}
	}
	return ""
}

// nextSteps is what follows the steps in their section, or a later
// section of the same document whose heading speaks of next steps.
func (c *corpus) nextSteps(l stepList) string {
	if after := withoutOrphanAnswers(l.after); len(after) > 0 {
		if s, used := c.compose(after, 600); s != "" && !midRef(c.lang, s) {
			for _, u := range used {
				c.mark(u)
			}
			return s
		}
	}
	for pi := l.part + 1; pi < len(c.parts) && c.docOf[pi] == l.doc; pi++ {
		if nextHeading.MatchString(c.parts[pi].heading) {
			if s, used := c.compose(c.parts[pi].blocks, 600); s != "" && !midRef(c.lang, s) {
				for _, u := range used {
					c.mark(u)
				}
				return s
			}
		}
	}
	return ""
}

// namesSteps is a heading that already names its steps or stages ("The 10
// stages of your custom order", "Unser Ablauf in 5 Schritten"): "…: step by
// step" after it would say it twice.
var namesSteps = regexp.MustCompile(`(?i)\b(?:steps|stages|phases|step by step|étapes|schritte[n]?|phasen|schritt für schritt|pasos|etapas|fases|paso a paso)\b`)
