package gendocs

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/knowledge"
)

// lexicon is the fixed wording of the documents in one language.
type lexicon struct {
	defaultName                  string
	faqTitle, focus, drawnFrom   string // formats with one %s
	howToTitle                   string
	overview, steps, next        string
	introHow, introFor, introAny string
	offers, who, keyPoints       string
	contact, glance              string
	howWorks, pricing            string
	and                          string
	factCost, factWhat           string // questions about a list or table fact (%s: its label)
	generic                      string // a question about a heading (%s: the heading)
}

var lexicons = map[string]*lexicon{
	langEN: {defaultName: DefaultGenieName, faqTitle: "Frequently asked questions about %s", focus: "Focus: %s",
		drawnFrom: "Answers drawn from: %s", howToTitle: "%s: step by step", overview: "Overview", steps: "Steps",
		next: "Next steps", introHow: "Here is how to %s, step by step.", introFor: "Here are the steps for %s.",
		introAny: "Here are the steps, one at a time.", offers: "What %s offers", who: "Who it is for",
		keyPoints: "Key points", contact: "How to get in touch", glance: "%s at a glance", and: "and",
		howWorks: "How it works", pricing: "Prices and policies",
		factCost: "How much does the %s cost?", factWhat: "What is the %s?", generic: "What should I know about %s?"},
	langFR: {defaultName: "votre entreprise", faqTitle: "Questions fréquentes sur %s", focus: "Objectif : %s",
		drawnFrom: "Réponses tirées de : %s", howToTitle: "%s : étape par étape", overview: "Présentation", steps: "Étapes",
		next: "Et ensuite", introHow: "Voici comment faire, étape par étape : %s.", introFor: "Voici les étapes à suivre : %s.",
		introAny: "Voici les étapes à suivre, une par une.", offers: "Ce que propose %s", who: "Pour qui",
		keyPoints: "Points clés", contact: "Nous contacter", glance: "%s en bref", and: "et",
		howWorks: "Comment ça marche", pricing: "Tarifs et conditions",
		factCost: "%s : quel est le tarif ?", factWhat: "%s : de quoi s'agit-il ?", generic: "%s : que faut-il savoir ?"},
	langDE: {defaultName: "Ihr Unternehmen", faqTitle: "Häufige Fragen: %s", focus: "Schwerpunkt: %s",
		drawnFrom: "Antworten aus: %s", howToTitle: "%s: Schritt für Schritt", overview: "Überblick", steps: "Schritte",
		next: "Nächste Schritte", introHow: "So geht es Schritt für Schritt: %s.", introFor: "So gehen Sie vor: %s.",
		introAny: "Folgen Sie diesen Schritten der Reihe nach.", offers: "Das bietet %s", who: "Für wen es gedacht ist",
		keyPoints: "Das Wichtigste", contact: "Kontakt", glance: "%s auf einen Blick", and: "und",
		howWorks: "So funktioniert es", pricing: "Preise und Bedingungen",
		factCost: "%s – was kostet das?", factWhat: "Was gilt beim Thema %s?", generic: "%s – was sollte ich wissen?"},
	langES: {defaultName: "su negocio", faqTitle: "Preguntas frecuentes: %s", focus: "Enfoque: %s",
		drawnFrom: "Respuestas extraídas de: %s", howToTitle: "%s: paso a paso", overview: "Introducción", steps: "Pasos",
		next: "Próximos pasos", introHow: "Así se hace, paso a paso: %s.", introFor: "Estos son los pasos a seguir: %s.",
		introAny: "Siga estos pasos, uno por uno.", offers: "Lo que ofrece %s", who: "Para quién es",
		keyPoints: "Puntos clave", contact: "Contacto", glance: "%s de un vistazo", and: "y",
		howWorks: "Cómo funciona", pricing: "Precios y condiciones",
		factCost: "%s: ¿cuánto cuesta?", factWhat: "%s: ¿qué es?", generic: "%s: ¿qué debo saber?"},
}

func lex(lang string) *lexicon {
	if l := lexicons[lang]; l != nil {
		return l
	}
	return lexicons[langEN]
}

// frameText is every fixed word of every language's documents: the words
// a document may use beside the sources' own.
func frameText() string {
	var b strings.Builder
	b.WriteString(frameWords)
	for _, l := range lexicons {
		for _, s := range []string{l.defaultName, l.faqTitle, l.focus, l.drawnFrom, l.howToTitle, l.overview, l.steps, l.next,
			l.introHow, l.introFor, l.introAny, l.offers, l.who, l.keyPoints, l.contact, l.glance, l.and, l.factCost, l.factWhat, l.generic,
			l.howWorks, l.pricing} {
			b.WriteString(" " + strings.ReplaceAll(s, "%s", ""))
		}
	}
	return b.String()
}

// genieName is the business's name for the documents: the caller's, or the
// language's "your business".
func genieName(req Request, lang string) string {
	if req.GenieName == "" || req.GenieName == DefaultGenieName {
		return lex(lang).defaultName
	}
	return req.GenieName
}

// tidyHeading makes a heading read inside a sentence: "&" becomes the
// language's "and", and Title Case words that the sources do not write
// with a capital inside a sentence are lower-cased (names, acronyms and,
// in German, nouns keep their capital).
func tidyHeading(lang, h, context string) string {
	h = strings.Join(strings.Fields(strings.ReplaceAll(h, "&", " "+lex(lang).and+" ")), " ")
	if lang == langDE {
		return h
	}
	words := strings.Fields(h)
	for i, w := range words {
		// "Cancellation/Late" is two words of a title
		pieces := strings.Split(w, "/")
		for k, piece := range pieces {
			core := strings.Trim(piece, "()\"'«»¿?¡!,.:;")
			r, _ := utf8.DecodeRuneInString(core)
			if !unicode.IsUpper(r) || isAcronym(core) || hasInnerCapital(core) || len(words) == 1 && utf8.RuneCountInString(core) == 1 || core == "I" || strings.HasPrefix(core, "I'") || strings.HasPrefix(core, "I’") {
				continue
			}
			if (i > 0 || k > 0) && capitalInSentence(core, context) {
				continue
			}
			if i == 0 && k == 0 && (capitalInSentence(core, context) || strings.HasSuffix(core, "'s") || strings.HasSuffix(core, "’s")) {
				continue
			}
			pieces[k] = strings.Replace(piece, core, strings.ToLower(core[:len(string(r))])+core[len(string(r)):], 1)
		}
		words[i] = strings.Join(pieces, "/")
	}
	return strings.Join(words, " ")
}

// titleCased reports whether a heading is in Title Case, as "What
// Permissions Need to be Set?": after its first word, at least two words
// start with a capital and none does with a small letter but the small
// words Title Case leaves small ("to", "be", "of", …).
func titleCased(h string) bool {
	upper := 0
	for i, w := range strings.Fields(h) {
		core := strings.Trim(w, "()\"'«»¿?¡!,.:;")
		r, _ := utf8.DecodeRuneInString(core)
		switch {
		case i == 0 || core == "I" || !unicode.IsLetter(r):
		case unicode.IsUpper(r):
			upper++
		case !smallTitleWords[strings.ToLower(core)]:
			return false
		}
	}
	return upper >= 2
}

var smallTitleWords = toSet(`a an the to be of in on at for and or nor but by with from as per via vs is are de la le les du des et ou à en el los las y o con por para der die das und oder von zu mit im am`)

func isAcronym(w string) bool {
	n := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n > 1
}

func hasInnerCapital(w string) bool {
	for i, r := range w {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// capitalInSentence reports whether the text writes w with its capital
// after a lower-case word (so w is a name there, not a sentence start).
// Capitalised words before w belong to the same run ("contact Acme
// Store" is a name; "… policy. Cancellation Policy: If you …" is a
// label at a sentence's start, no name).
func capitalInSentence(w, text string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		if midSentence(text[:j]) {
			end := j + len(w)
			if end == len(text) {
				return true
			}
			n, _ := utf8.DecodeRuneInString(text[end:])
			if !unicode.IsLetter(n) {
				return true
			}
		}
		i = j + len(w)
	}
}

// midSentence says whether text ends inside a sentence: on a lower-case
// word or a figure, before any run of capitalised words.
func midSentence(text string) bool {
	for {
		before := strings.TrimRight(text, " ,;")
		if len(before) == len(text) || before == "" {
			return false
		}
		r, _ := utf8.DecodeLastRuneInString(before)
		if unicode.IsLower(r) || unicode.IsDigit(r) {
			start := strings.LastIndexAny(before, " ,;") + 1
			f, _ := utf8.DecodeRuneInString(before[start:])
			if !unicode.IsUpper(f) {
				return true
			}
			text = before[:start] // a capitalised word: look before it
			continue
		}
		return false
	}
}

// qNumber is the numbering of a question in a list of questions ("1- ",
// "1.2. ", "3) ").
var qNumber = regexp.MustCompile(`^(?:\d{1,2}(?:\.\d{1,2})*\s*[.)-]?|[a-z][.)])\s+`)

var (
	askWord     = regexp.MustCompile(`^(?i:what|how|when|where|which|who|whom|can|do|does|is|are|will|should|may)\b`)
	askWordFR   = regexp.MustCompile(`^(?i:que|quel|quelle|quels|quelles|comment|quand|où|pourquoi|combien|est-ce|puis-je|peut-on|faut-il)\b`)
	askWordDE   = regexp.MustCompile(`^(?i:was|wie|wann|wo|wer|welche|welcher|welches|warum|kann|muss|darf|gibt|brauche)\b`)
	askWordES   = regexp.MustCompile(`^(?i:qué|que|cómo|cuándo|dónde|cuál|cuáles|quién|por qué|cuánto|cuánta|puedo|se puede|hay)\b`)
	imperativeF = regexp.MustCompile(`^\p{L}+ez\b`)
)

// headingQuestionIn turns a heading into a customer question in the
// language; context is the text under the heading.
// headingAbout opens a heading with "regarding" in the four languages,
// which the question does without ("Regarding excessive lateness").
var headingAbout = regexp.MustCompile(`^(?i:regarding|concerning|with regard to|concernant|au sujet d[eu']|bezüglich|betreffend|respecto a(?:l)?|en cuanto a(?:l)?)\s+`)

// topicQuestionNot is a short question without its verb that is a
// question already ("Any weather restrictions?", "Need help?", "At what
// age are children charged?"), not a topic with a question mark.
var topicQuestionNot = regexp.MustCompile(`(?i)^(?:any|need|at|in|on|for|with|from|to|could|would|have|has|still|got)\b|\b(?:what|how|when|where|which|who|why)\b`)

// conditionHeading is a heading that names a case ("If Safety Issues
// Arise", "Si le temps est mauvais", "Wenn der Kurs ausfällt", "Si llueve"):
// the group is the case after its conjunction.
var conditionHeading = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^(?i:if)\s+(\p{L}.{2,60})$`),
	langFR: regexp.MustCompile(`^(?i:si|s['’])\s*(\p{L}.{2,60})$`),
	langDE: regexp.MustCompile(`^(?i:wenn|falls)\s+(\p{L}.{2,60})$`),
	langES: regexp.MustCompile(`^(?i:si)\s+(\p{L}.{2,60})$`),
}

// conditionHeadingQuestion asks what happens in the case a heading names:
// "What happens if safety issues arise?", "Que se passe-t-il si … ?",
// "Was passiert, wenn …?", "¿Qué pasa si …?"; "" for other headings.
func conditionHeadingQuestion(lang, h string) string {
	re, ok := conditionHeading[lang]
	if !ok || strings.ContainsAny(h, "?.!") {
		return ""
	}
	m := re.FindStringSubmatch(strings.TrimSpace(h))
	if m == nil {
		return ""
	}
	c := m[1]
	switch lang {
	case langEN:
		return "What happens if " + toCustomer(lowerFirst(c)) + "?"
	case langFR:
		return frElide("Que se passe-t-il si " + lowerFirst(c) + " ?")
	case langDE:
		return "Was passiert, wenn " + c + "?"
	case langES:
		return "¿Qué pasa si " + lowerFirst(c) + "?"
	}
	return ""
}

func headingQuestionIn(lang, h, context string) string {
	h = strings.TrimSpace(strings.TrimRight(h, ":"))
	for _, dots := range []string{"...", "…"} {
		if first, rest, ok := strings.Cut(h, dots); ok && words(first) >= 1 && words(rest) >= 1 && !strings.HasSuffix(h, "?") {
			// "WAIVER...PLEASE READ & SIGN IT": the title before the
			// dots, the page's plea after them
			h = strings.TrimSpace(first)
		}
	}
	if rest := headingAbout.ReplaceAllString(h, ""); rest != h && len(strings.Fields(rest)) >= 1 && !strings.HasSuffix(h, "?") {
		h = capitalize(rest) // "Regarding excessive lateness" is a heading on "excessive lateness"
	}
	if h == "" {
		return ""
	}
	if strings.HasSuffix(h, "?") {
		q := capitalize(qNumber.ReplaceAllString(qPrefix.ReplaceAllString(h, ""), ""))
		if titleCased(q) {
			// "What Permissions Need to be Set?" is asked "What
			// permissions need to be set?" (names keep their capital)
			q = capitalize(tidyHeading(lang, q, context))
		}
		if lang == langEN && words(q) <= 6 && !askWord.MatchString(q) && !strings.ContainsAny(q, ",;") && !topicQuestionNot.MatchString(q) {
			// "Tipping?", "Car Seats?": a topic with a question mark
			// asks "What about tipping?"
			return "What about " + lowerFirst(tidyHeading(lang, strings.TrimSuffix(q, "?"), context)) + "?"
		}
		if lang == langES && !strings.Contains(q, "¿") {
			// (a question after its condition keeps its own mark: "Si no
			// encuentro el producto, ¿puedo solicitarlo …?")
			q = "¿" + q
		}
		return q
	}
	if q := beforeAfterQuestion(lang, h); q != "" {
		return q
	}
	if q := conditionHeadingQuestion(lang, tidyHeading(lang, h, context)); q != "" {
		return q
	}
	if lang == langEN {
		t := tidyHeading(lang, h, context)
		if ws := strings.Fields(strings.ToLower(h)); len(ws) > 2 && nounCompound(h, ws, ws[len(ws)-1]) {
			// "Call Reminder Services" names services (tidied, its
			// capitals are gone): "What are your call reminder
			// services?", not "How do I call reminder services?"
			return "What are your " + toCustomer(lowerFirst(t)) + "?"
		}
		return headingQuestion(t)
	}
	t := tidyHeading(lang, h, context)
	switch lang {
	case langFR:
		if askWordFR.MatchString(t) {
			return capitalize(t) + " ?"
		}
	case langDE:
		if q := deWhClause(t); q != "" {
			return q
		}
		if askWordDE.MatchString(t) {
			return capitalize(t) + "?"
		}
	case langES:
		if askWordES.MatchString(t) {
			return "¿" + capitalize(t) + "?"
		}
	}
	if _, rest, ok := strings.Cut(t, ": "); ok && words(rest) >= 2 && startsLetter(strings.TrimSpace(rest)) {
		// "Cas exceptionnel : annulation pour raison médicale" asks
		// about what follows its label
		t = strings.TrimSpace(rest)
	}
	return fmt.Sprintf(lex(lang).generic, capitalize(t))
}

func startsLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

// sentenceQuestionIn derives the question a sentence answers in the
// language, or "".
func sentenceQuestionIn(lang, s string) string {
	if q := contactQuestionOf(lang, s); q != "" {
		return q
	}
	switch lang {
	case langFR:
		return shortQuestion(sentenceQuestionFR(s))
	case langDE:
		return shortQuestion(sentenceQuestionDE(s))
	case langES:
		return shortQuestion(sentenceQuestionES(s))
	}
	return shortQuestion(sentenceQuestion(s))
}

var (
	frYouCan = regexp.MustCompile(`^(?i:vous)\s+(?:pouvez|pourrez)\s+(.+)$`)
	frWe     = regexp.MustCompile(`^(?i:nous)\s+(\p{L}+ons|sommes)\s+(.+)$`)
	deYouCan = regexp.MustCompile(`^Sie\s+(können|dürfen|müssen)\s+(.+)$`)
	deDuCan  = regexp.MustCompile(`^(?:Du|du)\s+(kannst|darfst|musst|sollst)\s+(\p{Ll}.+)$`)
	// deDuModal are the "du" modals asked in the first person, deDuYours
	// the customer's "du" words and their own.
	deDuModal = map[string]string{"kannst": "Kann", "darfst": "Darf", "musst": "Muss", "sollst": "Soll"}
	deDuYours = map[string]string{"dein": "mein", "deine": "meine", "deinen": "meinen", "deinem": "meinem", "deiner": "meiner", "dich": "mich", "dir": "mir"}
	// esNuestro are the business's Spanish "nuestro" words, the customer's
	// "su".
	esNuestro = map[string]string{"nuestro": "su", "nuestra": "su", "nuestros": "sus", "nuestras": "sus"}
	// dePleaseNo is a request not to bring or do a thing, its infinitive
	// last ("Bitte keine Leckerlies für die Tiere mitbringen").
	dePleaseNo = regexp.MustCompile(`^(?i:bitte)\s+(?:keine|keinen|kein)\s+(.{3,80}?)\s+(\p{Ll}{3,}en)$`)
	deWe       = regexp.MustCompile(`^(?i:wir)\s+(\p{Ll}\p{L}*en)\s+(.+)$`) // a verb, in lower case: "Wir Menschen sind …" is no "we" rule
	esYouCan   = regexp.MustCompile(`^(?i:puede|puedes|usted puede)\s+(.+)$`)
	esWe       = regexp.MustCompile(`^(\p{Lu}\p{Ll}+)(amos|emos|imos)\s+(.+)$`)
	esWeGive   = regexp.MustCompile(`^(?i:(te|le|les))\s+(\p{Ll}+)(amos|emos|imos)\s+(.+)$`)
	esPlease   = regexp.MustCompile(`^(?i:por favor),?\s+(\p{Ll}{2,})a\s+(.+)$`)
)

func words(s string) int { return len(strings.Fields(s)) }

func questionBody(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") || words(s) < 4 || words(s) > 40 {
		return "", false
	}
	return strings.TrimRight(firstClause(strings.TrimRight(s, ".!")), " ,"), true
}

// deWhClause turns a German heading that is an indirect question in the
// business's voice, its verb last ("Warum wir feste Behandlungszeiten
// einplanen"), into the direct question a customer asks ("Warum planen
// Sie feste Behandlungszeiten ein?"), or "". The verb's form for "wir"
// is the one for "Sie"; a separable prefix goes to the end. A heading
// that speaks of the customer ("Sie", "Ihnen", "uns") is left alone:
// its case decides the customer's word.
func deWhClause(h string) string {
	ws := strings.Fields(h)
	if len(ws) < 3 || !deWhWords[strings.ToLower(ws[0])] || ws[1] != "wir" {
		return ""
	}
	verb := ws[len(ws)-1]
	if startsUpper(verb) || !strings.HasSuffix(verb, "n") || len(verb) < 4 {
		return ""
	}
	middle := ws[2 : len(ws)-1]
	for _, w := range middle {
		switch strings.Trim(w, ",;:") {
		case "Sie", "Ihnen", "uns", "wir":
			return ""
		}
	}
	prefix := ""
	for _, p := range deSeparable {
		rest, ok := strings.CutPrefix(verb, p)
		if ok && len(rest) >= 5 && strings.HasSuffix(rest, "en") && !deNotSeparable[verb] &&
			!(len(p) == 2 && strings.HasSuffix(rest, "ieren")) {
			verb, prefix = rest, p
			break
		}
	}
	out := []string{capitalize(strings.ToLower(ws[0])), verb, "Sie"}
	out = append(out, strings.Fields(swapWords(swapWords(strings.Join(middle, " "), deYours), deOurs))...)
	if prefix != "" {
		out = append(out, prefix)
	}
	return strings.Join(out, " ") + "?"
}

var (
	deWhWords = toSet(`warum wie wann wo was wofür wozu weshalb wieso welche`)
	// deSeparable are the prefixes a finite verb leaves at the end, the
	// longest first ("zurückgeben" → "geben … zurück"). (The knowledge
	// model's germanSeparable, for past participles, is wider: "durch",
	// "über" and the like are often inseparable in a finite verb.)
	deSeparable    = []string{"zurück", "zusammen", "fest", "frei", "nach", "ein", "auf", "aus", "mit", "vor", "weg", "ab", "an", "um", "zu"}
	deNotSeparable = toSet(`antworten beantworten anworten umarmen`)
	// deYours are the customer's words in the business's voice and the
	// customer's own for them ("Wie wir Ihre Daten schützen" asks "Wie
	// schützen Sie meine Daten?"); deYou the customer as the subject of an
	// instruction turned into a question ("Sie" → "ich"), with its
	// reflexive ("Wenden Sie sich …" → "Muss ich mich … wenden?").
	deYours = map[string]string{"Ihr": "mein", "Ihre": "meine", "Ihren": "meinen", "Ihrem": "meinem", "Ihrer": "meiner", "Ihres": "meines", "Ihnen": "mir"}
	deYou   = map[string]string{"Sie": "ich", "sich": "mich"}
	// frOurs are the business's "nos", "notre", asked by the customer as
	// "vos", "votre".
	frOurs = map[string]string{"nos": "vos", "notre": "votre"}
)

func swapWords(s string, m map[string]string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		core := strings.TrimRight(w, ",;:")
		if r, ok := m[core]; ok {
			ws[i] = r + w[len(core):]
		}
	}
	return strings.Join(ws, " ")
}

func sentenceQuestionFR(s string) string {
	if q := frWeNotQuestion(refusal(s)); q != "" {
		return q // (a long one too: its question stops before its first comma)
	}
	body, ok := questionBody(s)
	if !ok {
		return ""
	}
	if m := frYouCan.FindStringSubmatch(body); m != nil && !regexp.MustCompile(`\b(votre|vos|vous)\b`).MatchString(m[1]) {
		return "Puis-je " + swapWords(m[1], frOurs) + " ?"
	}
	if m := frWe.FindStringSubmatch(body); m != nil && !regexp.MustCompile(`\b(votre|vos|vous)\b`).MatchString(m[2]) {
		verb := strings.ToLower(m[1])
		switch verb {
		case "sommes":
			verb = "êtes"
		default:
			verb = strings.TrimSuffix(verb, "ons") + "ez"
		}
		return capitalize(verb) + "-vous " + swapWords(m[2], map[string]string{"nos": "vos", "notre": "votre", "nous": "vous"}) + " ?"
	}
	return ""
}

func sentenceQuestionDE(s string) string {
	if q := deWeNotQuestion(refusal(s)); q != "" {
		return q // (a long one too: its question stops before its first comma)
	}
	body, ok := questionBody(s)
	if !ok {
		return ""
	}
	mine := map[string]string{"Ihre": "meine", "Ihren": "meinen", "Ihrem": "meinem", "Ihrer": "meiner", "Ihr": "mein", "Ihnen": "mir", "Sie": "ich", "sich": "mich"}
	if m := deYouCan.FindStringSubmatch(body); m != nil {
		modal := map[string]string{"können": "Kann", "dürfen": "Darf", "müssen": "Muss"}[m[1]]
		return modal + " ich " + swapWords(m[2], mine) + "?"
	}
	if m := deDuCan.FindStringSubmatch(body); m != nil {
		// "Du kannst auf der Wiese neben dem Hof parken" (a page that
		// says "du") asks "Kann ich auf der Wiese neben dem Hof parken?"
		return deDuModal[strings.ToLower(m[1])] + " ich " + swapWords(m[2], deDuYours) + "?"
	}
	if m := dePleaseNo.FindStringSubmatch(asideInQuestion.ReplaceAllString(strings.TrimRight(strings.TrimSpace(sentences(s)[0]), ".! "), "")); m != nil && !strings.ContainsAny(m[1], ",;:") {
		// "Bitte keine Handtaschen auf die Wanderung mitnehmen." asks
		// "Darf ich Handtaschen auf die Wanderung mitnehmen?"
		return "Darf ich " + m[1] + " " + m[2] + "?"
	}
	if m := deWe.FindStringSubmatch(body); m != nil && !strings.Contains(m[2], "Sie") {
		if strings.HasPrefix(strings.ToLower(m[1]), "bitte") {
			return "" // "Wir bitten um Ihre Voranmeldung.": a request, which asks nothing
		}
		rest, _, _ := strings.Cut(m[2], ", sondern ") // "nicht als …, sondern …" asks the first part
		if r, ok := strings.CutPrefix(rest, "uns "); ok {
			rest = "sich " + r // "Wir verstehen uns …": "Verstehen Sie sich …?"
		}
		return capitalize(m[1]) + " Sie " + swapWords(rest, map[string]string{"unser": "Ihr", "unsere": "Ihre", "unseren": "Ihren", "unserem": "Ihrem", "uns": "Sie"}) + "?"
	}
	return ""
}

func sentenceQuestionES(s string) string {
	if q := esWeNotQuestion(refusal(s)); q != "" {
		return q // (a long one too: its question stops before its first comma)
	}
	body, ok := questionBody(s)
	if !ok {
		return ""
	}
	if m := esYouCan.FindStringSubmatch(body); m != nil && !strings.HasSuffix(strings.Fields(m[1])[0], "se") {
		return "¿Puedo " + swapWords(m[1], map[string]string{"su": "mi", "sus": "mis", "tu": "mi", "tus": "mis"}) + "?"
	}
	if m := esWeGive.FindStringSubmatch(body); m != nil && !esNotAsked[strings.ToLower(m[2]+m[3])] {
		// "Te damos una tolerancia de 10 minutos …" asks "¿Me dan una
		// tolerancia de 10 minutos …?"
		end := "an"
		if m[3] != "amos" {
			end = "en"
		}
		return "¿Me " + strings.ToLower(m[2]) + end + " " + swapWords(firstClause(m[4]), map[string]string{"tu": "mi", "tus": "mis"}) + "?"
	}
	if m := esPlease.FindStringSubmatch(body); m != nil {
		// "Por favor, confirma tu cita 24 horas antes." asks "¿Tengo que
		// confirmar mi cita 24 horas antes?" (tú imperatives of -ar verbs)
		return "¿Tengo que " + strings.ToLower(m[1]) + "ar " + swapWords(firstClause(m[2]), map[string]string{"tu": "mi", "tus": "mis"}) + "?"
	}
	if m := esWe.FindStringSubmatch(body); m != nil && !esNotAsked[strings.ToLower(m[1]+m[2])] {
		return "¿" + esTheyVerb(m[1], m[2]) + " " + swapWords(m[3], esNuestro) + "?"
	}
	return ""
}

// The business's own refusals ("Nous n'acceptons pas les chèques", "No
// aceptamos pagos con tarjeta", "Wir nehmen keine Schecks an", "Chaque
// billet est unique et nous ne pouvons pas en délivrer de duplicata") ask
// whether it does the thing: "Acceptez-vous les chèques ?", "¿Aceptan
// pagos con tarjeta?", "Nehmen Sie Schecks an?", "Pouvez-vous délivrer
// un duplicata ?". The answer, the whole sentence, says no and gives any
// exception. (English has its own: "We do not …", "We cannot …".)
var (
	frWeNot = regexp.MustCompile(`^(?:[^,;:]{3,80}?\set\s)?(?i:nous)\s+(?:ne\s+|n['’])(\p{Ll}+ons)\s+(?:pas|plus|jamais)\s+(\p{Ll}.*)$`)
	esWeNot = regexp.MustCompile(`^(?:[^,;:]{3,80}?\sy\s)?(?i:no)\s+(\p{Ll}+?)(amos|emos|imos)\s+(\p{Ll}.*)$`)
	deWeNot = regexp.MustCompile(`^(?i:wir)\s+(\p{Ll}+(?:en|ern|eln))\s+(?:leider\s+|grundsätzlich\s+|derzeit\s+|aktuell\s+)*(nicht|kein|keine|keinen|keinem|keiner)\s+(.+)$`)
	// frPartitive is the partitive after a negation that becomes an
	// article in the question ("pas de duplicata" → "un duplicata").
	frPartitive = regexp.MustCompile(`^(?:en\s+)?(?:(\p{Ll}+(?:er|ir|re))\s+)?(?:de\s+|d['’])(\p{L}+)`)
	// frFeminine are endings of feminine French nouns ("séance",
	// "visite", "location"), frMasculine endings that are masculine
	// whatever comes before them ("stage", "paiement").
	frFeminine    = regexp.MustCompile(`(?:e|ion|té)$`)
	frMasculine   = regexp.MustCompile(`(?:age|ment|isme|eau|ège|ème|ste|ice|ique|ole|ôle|que|re|pe|be|me)$`)
	frFeminineToo = regexp.MustCompile(`(?:ure|aison|oison|sson|^valeur|^couleur|^chaleur|^peur|^fleur|^largeur|^hauteur|^longueur|^profondeur|^douleur|^odeur|^saveur)$`)
	// frIrregularYou are the "vous" forms of French verbs that do not
	// follow "-ons" → "-ez".
	frIrregularYou = map[string]string{"faisons": "faites", "disons": "dites", "sommes": "êtes"}
	// esStem are Spanish verbs whose stem changes from "we" to "they".
	esStem = map[string]string{"pod": "pued", "quer": "quier", "ten": "tien", "devolv": "devuelv", "volv": "vuelv",
		"cerr": "cierr", "empez": "empiez", "serv": "sirv", "pref": "prefier", "ofr": "ofr", "encontr": "encuentr", "recomend": "recomiend", "mostr": "muestr", "sol": "suel", "pens": "piens", "entend": "entiend"}
	// deFeminineNoun are endings of German feminine nouns, which are
	// singular after "keine" ("keine Rückerstattung" → "eine
	// Rückerstattung"; "keine Schecks" → "Schecks").
	deFeminineNoun = regexp.MustCompile(`(?:ung|heit|keit|schaft|ion|tät|ur|ei|ik|enz|anz)$`)
)

// refusal is the sentence s as the refusals' expressions read it: not a
// question, without its final stop.
func refusal(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") {
		return ""
	}
	return strings.TrimRight(s, ".! ")
}

// frWeNotQuestion is the question of a French refusal in the business's
// "nous", or "".
func frWeNotQuestion(body string) string {
	m := frWeNot.FindStringSubmatch(body)
	if m == nil || regexp.MustCompile(`\b(votre|vos|vous)\b`).MatchString(m[2]) {
		return ""
	}
	verb := strings.ToLower(m[1])
	if v, ok := frIrregularYou[verb]; ok {
		verb = v
	} else {
		verb = strings.TrimSuffix(verb, "ons") + "ez"
	}
	rest, _, _ := strings.Cut(firstClause(m[2]), ",") // (the exception after a comma is the answer's: ", sauf en cas de vol")
	rest = strings.TrimSpace(rest)
	if p := frPartitive.FindStringSubmatchIndex(rest); p != nil {
		inf := ""
		if p[2] >= 0 {
			inf = rest[p[2]:p[3]] + " "
		}
		rest = inf + frIndefinite(rest[p[4]:p[5]]) + rest[p[4]:]
	} else if strings.HasPrefix(rest, "en ") || rest == "" {
		return "" // "nous n'en vendons pas" names its thing before: the question would say nothing
	}
	return capitalize(verb) + "-vous " + swapWords(rest, map[string]string{"nos": "vos", "notre": "votre", "nous": "vous"}) + " ?"
}

// frIndefinite is the indefinite article a French noun takes after a
// negation's partitive is turned round ("pas de duplicata" → "un
// duplicata", "pas de livraison" → "une livraison", "pas d'animaux" →
// "des animaux"), with its space; the gender is read from the noun's
// ending.
func frIndefinite(noun string) string {
	switch {
	case strings.HasSuffix(noun, "s") || strings.HasSuffix(noun, "x"):
		return "des "
	case frFeminine.MatchString(noun) && !frMasculine.MatchString(noun) || frFeminineToo.MatchString(noun):
		return "une "
	}
	return "un "
}

// esTheyVerb is the "ustedes" form of a Spanish "nosotros" verb given as
// its stem and ending ("Hac"+"emos" → "Hacen", "Sol"+"emos" → "Suelen",
// "Est"+"amos" → "Están"), the stem's capital kept.
func esTheyVerb(stem, ending string) string {
	low := strings.ToLower(stem)
	if low == "est" {
		return stem + "án"
	}
	if s, ok := esStem[low]; ok {
		if startsUpper(stem) {
			s = capitalize(s)
		}
		stem = s
	}
	if ending == "amos" {
		return stem + "an"
	}
	return stem + "en"
}

// esWeNotQuestion is the question of a Spanish refusal in the business's
// "nosotros", or "".
func esWeNotQuestion(body string) string {
	m := esWeNot.FindStringSubmatch(body)
	if m == nil || esNotAsked[strings.ToLower(m[1]+m[2])] {
		return ""
	}
	// (a negation's "ni" is the question's "o": "No hacemos envíos a
	// Canarias ni Islas Baleares" asks "¿Hacen envíos a Canarias o Islas
	// Baleares?")
	rest := strings.ReplaceAll(strings.TrimRight(firstClause(m[3]), " ,"), " ni ", " o ")
	return "¿" + esTheyVerb(capitalize(m[1]), m[2]) + " " + swapWords(rest, esNuestro) + "?"
}

// deWeNotQuestion is the question of a German refusal in the business's
// "wir", or "".
func deWeNotQuestion(body string) string {
	m := deWeNot.FindStringSubmatch(body)
	if m == nil || strings.Contains(m[3], "Sie") || strings.Contains(m[3], ",") {
		return ""
	}
	rest := m[3]
	switch neg := m[2]; neg {
	case "nicht":
	case "keine":
		if first := strings.Fields(rest)[0]; deFeminineNoun.MatchString(first) {
			rest = "eine " + rest
		}
	default:
		rest = strings.TrimPrefix(neg, "k") + " " + rest // "keinen Hund" → "einen Hund"
	}
	return capitalize(m[1]) + " Sie " + swapWords(rest, map[string]string{"unser": "Ihr", "unsere": "Ihre", "unseren": "Ihren", "unserem": "Ihrem", "uns": "Sie"}) + "?"
}

// esNotAsked are "we" verbs that state a courtesy, not a service
// ("Sabemos que surgen imprevistos.", "Agradecemos tu comprensión.").
// Requests and advice ("Te pedimos que …", "Te recomendamos reservar
// …") are the business's words to the customer, not a service asked
// about (and their verbs change their stem: "piden", "recomiendan").
var esNotAsked = toSet(`sabemos entendemos agradecemos esperamos lamentamos comprendemos deseamos pedimos rogamos recomendamos aconsejamos sugerimos invitamos`)

var (
	factLabel = regexp.MustCompile(`^((?:[^:—]|:\d){2,80}?)\s*(?::\D|—)\s*(.*)$`) // (a time's colon, "15:00", is no label's)
	// moneyLike: an amount with its currency, or a bare amount in a
	// table's price column ("Entgelt: 1,50", "Price: 12.00", "Tarif :
	// 8,50", "Precio: 4")
	moneyLike = regexp.MustCompile(`[$€£¥]|\d\s*(?:€|eur|usd|gbp|dollars?|euros?|pounds?)\b|(?i:\b(?:price|prices|fee|fees|cost|charge|prix|tarif|tarifs|preis|preise|entgelt|gebühr|kosten|precio|precios|tarifa|tarifas)\s?:\s*\d)`)
)

// modeLabel is a label that names a way of having the service, opened by
// a preposition ("Por prendas", "Par téléphone", "Per E-Mail", "By post").
var modeLabel = regexp.MustCompile(`^(?i:por|para|par|pour|per|by|via|über|mit|con|avec|with)\s`)

// factQuestion is the question a list item or table row of the form
// "Label: value" answers, or "".
func factQuestion(lang, item, context string) string {
	m := factLabel.FindStringSubmatch(item)
	if m == nil || words(m[1]) > 7 || strings.ContainsAny(m[1], ".?!") {
		return ""
	}
	label := strings.TrimSpace(m[1])
	if businessVoice[lang] != nil && businessVoice[lang].MatchString(label) {
		// "En el coworking apelamos al sentido común: Sé amable …": a
		// sentence of the business's before its colon, no thing's name
		// ("… apelamos al sentido común: ¿qué es?")
		return ""
	}
	if modeLabel.MatchString(label) {
		// "Por prendas: selección de un número mínimo de 20 prendas",
		// "Par téléphone : …": a way of having the service, which its
		// heading's question covers with the others ("Por prendas: ¿qué
		// es?" asks nothing a customer would)
		return ""
	}
	if v := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m[2]), "- ")); !moneyLike.MatchString(m[2]) &&
		(knowledge.ScheduleLine(m[2]) || knowledge.ScheduleLine(strings.SplitN(v, " - ", 2)[0])) {
		// (or the first of days given as a list: "- Lunes a viernes:
		// 08:00 – 13:00 … - Sábados y domingos: …")
		// "Fr: 14.00 - 19.00 Uhr": a day's hours ask nothing of their
		// own ("Fr – was ist das?"); the hours' topic asks them all
		return ""
	}
	if lang == langEN {
		label = tidyHeading(lang, label, context)
		label = lowerFirst(label)
		if moneyLike.MatchString(m[2]) {
			q := fmt.Sprintf(lex(lang).factCost, label)
			if last := strings.Fields(label); pluralNoun.MatchString(last[len(last)-1]) {
				q = strings.Replace(q, "does", "do", 1)
			}
			return q
		}
		return fmt.Sprintf(lex(lang).factWhat, label)
	}
	if q := namedMeasureQuestion(lang, label); q != "" {
		return q // "Durée de la visite : environ 50 minutes"
	}
	if q := latePaymentQuestion[lang]; q != "" && latePayment.MatchString(label) {
		return q // "Taux de pénalité de retard : 11 %" is no price asked
	}
	if q := topicQuestionFor(lang, label); q != "" && !moneyLike.MatchString(m[2]) {
		return q // "Ouverture du site — Avril: 11h à 17h15; …" asks the hours
	}
	label = capitalize(tidyHeading(lang, label, context))
	if moneyLike.MatchString(m[2]) {
		return fmt.Sprintf(lex(lang).factCost, label)
	}
	return fmt.Sprintf(lex(lang).factWhat, label)
}

// namedMeasureQuestion asks the measure a heading or label names with its
// thing ("Durée de la visite" asks "Combien de temps dure la visite ?",
// "Température des grottes" "Quelle est la température des grottes ?",
// "Duration of the tour" "How long does the tour last?", "Duración de la
// visita" "¿Cuánto dura la visita?"), or "".
func namedMeasureQuestion(lang, h string) string {
	h = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(h), ":"))
	for _, m := range namedMeasures[lang] {
		if g := m.re.FindStringSubmatch(h); g != nil && words(g[1]) <= 5 {
			thing := g[1]
			if m.article != nil {
				thing = m.article.Replace(thing)
			}
			return fmt.Sprintf(m.q, thing)
		}
	}
	return ""
}

// namedMeasures are the measures a heading names, with the question that
// asks them of its thing and the articles that question puts before it.
var namedMeasures = map[string][]struct {
	re      *regexp.Regexp
	q       string
	article *strings.Replacer
}{
	langFR: {
		{regexp.MustCompile(`^(?i:durée)\s+((?:de la|de l['’]|du|des)\s*\p{L}.*)$`), "Combien de temps dure %s ?",
			strings.NewReplacer("de la ", "la ", "de l'", "l'", "de l’", "l’", "du ", "le ", "des ", "les ")},
		{regexp.MustCompile(`^(?i:température)\s+((?:de la|de l['’]|du|des)\s*\p{L}.*)$`), "Quelle est la température %s ?", nil},
	},
	langEN: {
		{regexp.MustCompile(`^(?i:duration|length)\s+of\s+((?:the|a|your)\s+\p{L}.*)$`), "How long does %s last?", nil},
		{regexp.MustCompile(`^(?i:temperature)\s+of\s+((?:the|a)\s+\p{L}.*)$`), "What is the temperature of %s?", nil},
	},
	langES: {
		{regexp.MustCompile(`^(?i:duración)\s+((?:de la|de los|de las|del)\s+\p{L}.*)$`), "¿Cuánto dura %s?",
			strings.NewReplacer("de la ", "la ", "de los ", "los ", "de las ", "las ", "del ", "el ")},
		{regexp.MustCompile(`^(?i:temperatura)\s+((?:de la|de los|de las|del)\s+\p{L}.*)$`), "¿Cuál es la temperatura %s?", nil},
	},
}

// rulesQuestion asks the rules a heading names ("House Rules", "Normas
// de conducta", "Règles de sécurité", "Hausordnung"), once an annex's
// number is off it ("Anexo I – Normas de conducta"): "What are the house
// rules?", not "What should I know about house rules?". "" for any other
// heading.
func rulesQuestion(lang, h string) string {
	h = strings.TrimSpace(annexNumber.ReplaceAllString(strings.TrimRight(strings.TrimSpace(h), ":"), ""))
	re, ok := rulesHeading[lang]
	if !ok || !re.MatchString(h) {
		return ""
	}
	l := strings.ToLower(h)
	switch lang {
	case langEN:
		if strings.HasPrefix(l, "code") {
			return "What is the " + l + "?"
		}
		return "What are the " + l + "?"
	case langFR:
		if strings.HasPrefix(l, "règlement") {
			return "Que dit le " + l + " ?"
		}
		return "Quelles sont les " + l + " ?"
	case langDE:
		if strings.HasSuffix(l, "ordnung") {
			return "Was steht in der " + h + "?"
		}
		return "Welche " + h + " gelten?"
	case langES:
		if strings.HasPrefix(l, "reglamento") {
			return "¿Qué dice el " + l + "?"
		}
		return "¿Cuáles son las " + l + "?"
	}
	return ""
}

// categoryQuestion asks what a heading naming a kind of rule or offer in
// the plural lists ("Interdictions", "Modes de pêche autorisés",
// "Obligaciones", "Requirements"): "Quelles sont les interdictions ?",
// "Quels sont les modes de pêche autorisés ?". Its first word is one of
// categoryNouns, which gives the article's gender; at most five words.
// "" for any other heading.
func categoryQuestion(lang, h string) string {
	h = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(h), ":"))
	if scope, cat, ok := strings.Cut(h, " – "); ok && !strings.Contains(cat, " – ") {
		// "Règlement du Carpodrôme – Interdictions": the category under
		// its part's title, which scopes the question as the others are
		if q := categoryQuestion(lang, cat); q != "" {
			sep := ": "
			if lang == langFR {
				sep = " : "
			}
			return strings.TrimSpace(scope) + sep + lowerFirst(q)
		}
		return ""
	}
	ws := strings.Fields(h)
	if len(ws) == 0 || len(ws) > 5 || strings.ContainsAny(h, ":;,.?!()") {
		return ""
	}
	l := strings.ToLower(h)
	feminine, ok := categoryNouns[lang][strings.ToLower(ws[0])]
	if !ok {
		return ""
	}
	switch lang {
	case langEN:
		return "What are the " + l + "?"
	case langFR:
		if feminine {
			return "Quelles sont les " + l + " ?"
		}
		return "Quels sont les " + l + " ?"
	case langES:
		if feminine {
			return "¿Cuáles son las " + l + "?"
		}
		return "¿Cuáles son los " + l + "?"
	}
	return ""
}

// categoryNouns are the plural nouns that name a kind of rule or offer,
// each with its gender (true: feminine).
var categoryNouns = map[string]map[string]bool{
	langEN: {"prohibitions": false, "obligations": false, "requirements": false, "restrictions": false, "conditions": false},
	langFR: {"interdictions": true, "obligations": true, "conditions": true, "modalités": true, "consignes": true, "recommandations": true,
		"restrictions": true, "formules": true, "prestations": true, "modes": false, "équipements": false, "documents": false},
	langES: {"prohibiciones": true, "obligaciones": true, "condiciones": true, "modalidades": true, "restricciones": true,
		"recomendaciones": true, "requisitos": false, "documentos": false},
}

// annexNumber is an annex's number before its title ("Anexo I – ",
// "Annexe 2 : ", "Appendix A. ").
var annexNumber = regexp.MustCompile(`^(?i:anexo|annexe|anhang|annex|appendix|apéndice)\s+[\dIVXA-Z]{1,4}\s*[–—:.-]\s*`)

// rulesHeading is a heading that names a set of rules.
var rulesHeading = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^(?i:(?:house |club |general |safety |park |pool |gym |studio )?rules(?: (?:of|for) \p{L}+(?: \p{L}+){0,3})?|code of conduct)$`),
	langFR: regexp.MustCompile(`^(?i:(?:règles|consignes)(?: (?:de|du|des|d['’]) ?\p{L}+(?: \p{L}+){0,3})?|règlement intérieur)$`),
	langDE: regexp.MustCompile(`^(?:\p{Lu}\p{Ll}*ordnung|Regeln|Verhaltensregeln|Sicherheitsregeln)$`), // Hausordnung, Hallenordnung, Badeordnung …
	langES: regexp.MustCompile(`^(?i:(?:normas|reglas)(?: (?:de|del|para) \p{L}+(?: \p{L}+){0,3})?|reglamento interno|reglamento)$`),
}

// businessVoice finds the business speaking in the first person plural ("we",
// "nous", "wir", a Spanish verb in "-amos", "-emos", "-imos" after the
// first word).
var businessVoice = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`(?i)\bwe\b`),
	langFR: regexp.MustCompile(`(?i)\bnous\b`),
	langDE: regexp.MustCompile(`(?i)\bwir\b`),
	langES: regexp.MustCompile(`(?i:\bnosotros\b)|\s\p{Ll}{3,}(?:amos|emos|imos)\b`), // (not a first word: "Préstamos")
}

// A heading that is a time around the visit ("Before Your Appointment",
// "Avant votre séance", "Vor Ihrem Termin", "Antes de tu cita") asks
// what to do then.
var beforeAfterHead = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^(?i)(before|after|during)\s+(?:your|the|my)\s+(\p{L}+(?:\s+\p{L}+)?)$`),
	langFR: regexp.MustCompile(`^(?i)(avant|après|pendant)\s+(?:votre|la|le|ma|mon|ton|ta)\s+(\p{L}+(?:\s+\p{L}+)?)$`),
	langDE: regexp.MustCompile(`^(?i)(vor|nach|während)\s+(?:ihrem|ihrer|dem|der|deinem|deiner)\s+(\p{L}+)$`),
	langES: regexp.MustCompile(`^(?i)(antes|después|durante)\s+(?:de\s+)?(?:tu|su|la|el|mi)\s+(\p{L}+(?:\s+\p{L}+)?)$`),
}

// beforeAfterQuestion asks what to do before (after, during) a visit named
// by a heading, or "".
func beforeAfterQuestion(lang, h string) string {
	re := beforeAfterHead[lang]
	if re == nil {
		return ""
	}
	m := re.FindStringSubmatch(strings.TrimSpace(h))
	if m == nil {
		return ""
	}
	when, what := strings.ToLower(m[1]), m[2]
	if lang != langDE {
		what = strings.ToLower(what)
	}
	switch lang {
	case langEN:
		return "What should I do " + when + " my " + what + "?"
	case langFR:
		my := "mon "
		if frFeminine.MatchString(what) {
			my = "ma "
		}
		if strings.ContainsRune("aeiouéèêh", []rune(what)[0]) {
			my = "mon "
		}
		return "Que dois-je faire " + when + " " + my + what + " ?"
	case langDE:
		// the dative after "vor", "nach", "während" (genitive, read as
		// dative as spoken): "meinem" for a masculine or neuter noun,
		// "meiner" for a feminine one
		my := "meinem "
		if deFeminine.MatchString(what) || strings.HasSuffix(strings.ToLower(m[0]), "ihrer "+strings.ToLower(what)) || strings.HasSuffix(strings.ToLower(m[0]), "der "+strings.ToLower(what)) {
			my = "meiner "
		}
		return "Was sollte ich " + when + " " + my + capitalize(what) + " tun?"
	case langES:
		return "¿Qué debo hacer " + when + " de mi " + what + "?"
	}
	return ""
}

// latePayment is a label of what paying late costs ("Taux de pénalité de
// retard", "Verzugszinsen", "Intereses de demora"), and
// latePaymentQuestion what a customer asks of it.
var (
	latePayment         = regexp.MustCompile(`(?i)p[ée]nalit[ée]s?\s+de\s+retard|retard\s+de\s+paiement|verzugszins|mahngebühr|intereses?\s+de\s+demora|recargo\s+por\s+demora`)
	latePaymentQuestion = map[string]string{langFR: "Que se passe-t-il si je paie en retard ?", langDE: "Was passiert, wenn ich zu spät zahle?", langES: "¿Qué pasa si pago con retraso?"}
)
