package gendocs

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/knowledge"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// Embedded is the default generator: deterministic and extractive, in pure
// Go. It builds the document from the sources' own sentences, headings and
// lists, so everything it writes is grounded in them; the only words of its
// own are titles, fixed headings and the customer-voice wording of
// questions, in the sources' language. When the sources do not give enough
// material for a template's counts it returns a VALIDATION_ERROR on
// documentIds ("not enough content for ...").
type Embedded struct{}

// Name implements Generator.
func (Embedded) Name() string { return "embedded" }

// Generate implements Generator.
func (Embedded) Generate(ctx context.Context, req Request) (*Document, error) {
	lang := req.Lang
	if lang == "" {
		var err error
		if lang, err = sourceLanguage(req.Sources); err != nil {
			return nil, err
		}
	}
	c := newCorpus(req, lang)
	var (
		d   *Document
		err error
	)
	switch req.Template {
	case FAQ:
		d, err = c.faq(req)
	case HowTo:
		d, err = c.howTo(req)
	case OnePager:
		d, err = c.onePager(req)
	default:
		return nil, apperr.Invalid("template", "template must be one of faq, how-to, one-pager")
	}
	if err != nil {
		return nil, err
	}
	d.Template = req.Template
	return d, nil
}

var aboutPrefix = regexp.MustCompile(`^(?i:about|à propos de|über|acerca de|sobre)\s+`)

func notEnough(format string, args ...any) error {
	return apperr.Invalid("documentIds", "not enough content for "+format, args...)
}

func (c *corpus) subtitle(req Request, fallback string) string {
	if p := strings.TrimSpace(req.Purpose); p != "" {
		return truncateText(fmt.Sprintf(lex(c.lang).focus, p), MaxSubtitleLen)
	}
	return truncateText(fallback, MaxSubtitleLen)
}

// sourceNames lists the sources' names that read as titles ("Booking a
// table", a page's title without its site's name after "|"); a one-word or file-like name ("forms", "store-policies") is an
// internal name, not shown to a reader.
func sourceNames(req Request) string {
	var names []string
	for _, s := range req.Sources {
		if n := readableName(s.Name); strings.Contains(n, " ") && n == s.Name {
			if page, _, ok := strings.Cut(n, " | "); ok && strings.TrimSpace(page) != "" {
				// "Frequently Asked Questions | Nashville Hot Tub
				// Rentals": a browser's title, the page's own before
				// the site's name
				n = strings.TrimSpace(page)
			}
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// qa is a candidate question and answer. tier orders the kinds: questions
// the sources ask themselves, then headings, then sentences, then list
// and table facts, then document names. The answer is composed when the
// candidate is chosen, from the sentences not used yet.
type qa struct {
	unit
	tier     int
	heading  bool // asked from a heading: its answer must open with the heading's first sentence
	question string
	blocks   []block
}

const (
	maxAnswer       = 700 // characters
	sentenceFAQFill = 10  // sentence-derived questions only fill up to this many pairs
)

func (c *corpus) faqCandidates() []qa {
	f := &faqFinder{c: c, pos: map[int]int{}, topicAsked: map[string]bool{}}
	for pi, p := range c.parts {
		if f.explicit(pi, p) {
			continue
		}
		context := ""
		for _, b := range p.blocks {
			context += " " + b.text
		}
		if p.heading != "" {
			f.fromHeading(pi, p, context)
		}
		if strings.HasSuffix(p.heading, "?") && len(p.blocks) == 1 && p.blocks[0].kind == para && words(sentences(p.blocks[0].text)[0]) <= 2 {
			// a question heading answered "Yes." or "No." and why: the
			// reason belongs to that answer and asks nothing of its own
			// (an echo question would take "Your latest export can be
			// downloaded …" from "Can I still download my export …? Yes.")
			continue
		}
		f.fromRules(pi, p, context)
	}
	return dropEchoes(f.out)
}

// noteHeadings title notes, not topics: no one asks "What should I know
// about good to know?".
var noteHeadings = map[string]bool{"important": true, "note": true, "notes": true, "attention": true, "remarque": true,
	"remarques": true, "nota": true, "wichtig": true, "hinweis": true, "hinweise": true, "importante": true,
	"à savoir": true, "bon à savoir": true, "good to know": true, "please note": true, "gut zu wissen": true,
	"a tener en cuenta": true, "ten en cuenta": true, "tenga en cuenta": true, "important reminder": true, "reminder": true,
	"reminders": true, "rappel": true, "rappel important": true, "erinnerung": true, "recordatorio": true,
	"please read": true, "please note the following": true, "important information": true, "à lire": true, "a lire": true,
	"wichtige hinweise": true, "bitte beachten": true, "léase": true, "importante leer": true}

// leadBefore is the paragraph right before the list that holds block bi,
// or "".
func leadBefore(bs []block, bi int) string {
	for i := bi - 1; i >= 0; i-- {
		if bs[i].kind == para {
			return bs[i].text
		}
		if bs[i].list != bs[bi].list {
			return ""
		}
	}
	return ""
}

// feeItemQuestion asks about a fee listed under a lead-in that names fees
// ("The fees are:" over "Dentist Appointments: $150" asks "What is the fee
// for dentist appointments?", not what the appointment costs), or "".
// English only: the labels of the other languages are often cases
// ("Mitgliedskarte vergessen"), which their "– was kostet das?" asks.
func feeItemQuestion(lang, item, lead, context string) string {
	if lang != langEN {
		return ""
	}
	m := factLabel.FindStringSubmatch(item)
	if m == nil || !strings.HasSuffix(strings.TrimSpace(lead), ":") || !feeLead.MatchString(lastSentence(lead)) || !moneyLike.MatchString(m[2]) {
		return ""
	}
	return "What is the fee for " + strings.ToLower(tidyHeading(lang, strings.TrimSpace(m[1]), context)) + "?"
}

func lastSentence(s string) string {
	ss := sentences(s)
	return ss[len(ss)-1]
}

// feeLead is a lead-in that names fees ("The fees are:").
var feeLead = regexp.MustCompile(`(?i)\b(?:fees?|charges?|penalt(?:y|ies))\b`)

// dropEchoes drops a rule's question that asks again what its topic's
// question asks ("What if I am late?" beside "What happens if I am
// late?" of the part "Late Arrivals"): the topic's question answers with
// all of the part's rules, not with what the echo leaves.
func dropEchoes(cands []qa) []qa {
	type topic struct {
		part int
		key  string
	}
	topics := map[topic]bool{}
	for _, q := range cands {
		if q.tier == 4 {
			topics[topic{q.part, sameQuestionKey(q.question)}] = true
		}
	}
	out := cands[:0]
	for _, q := range cands {
		if q.tier >= 2 && q.tier < 4 && topics[topic{q.part, sameQuestionKey(q.question)}] {
			continue
		}
		out = append(out, q)
	}
	return out
}

// sameQuestionKey is a question's key for telling two wordings of it
// apart: "What happens if …" and "What if …" ask the same.
func sameQuestionKey(q string) string {
	k := strings.ToLower(strings.TrimSpace(q))
	for _, p := range [][2]string{{"what happens if ", "what if "}, {"que se passe-t-il si ", "et si "}, {"¿qué pasa si ", "¿y si "}} {
		if r, ok := strings.CutPrefix(k, p[0]); ok {
			return p[1] + r
		}
	}
	return k
}

// faqFinder gathers the FAQ candidates of a corpus, part by part.
type faqFinder struct {
	c          *corpus
	out        []qa
	pos        map[int]int // the next candidate's position in its document
	topicAsked map[string]bool
	labelParts map[string]int // a label of list items: the parts that use it (sharedLabel)
}

// acceptsTerms is a sentence saying that ordering or booking accepts the
// terms it stands in.
var acceptsTerms = regexp.MustCompile(`(?i)\b(?:(?:accept(?:s|ed|ance)?|agree(?:s|ment)?)\s+(?:of\s+|to\s+|with\s+)?(?:these|our|the|all)\s+(?:terms|policies|conditions)|acceptation\s+(?:totale\s+|pleine\s+)?(?:des|de\s+nos|de\s+ces)\s+(?:présentes\s+)?(?:conditions|cgv)|aceptaci[óo]n\s+(?:total\s+|plena\s+)?de\s+(?:estas|las|nuestras)\s+(?:políticas|condiciones)|(?:anerkennung|akzeptanz)\s+(?:der|dieser|unserer)\s+(?:agb|geschäftsbedingungen|bedingungen))`)

// docAbout is a sentence about the document itself ("Este documento
// recoge las condiciones …", "This page sets out …").
var docAbout = regexp.MustCompile(`^(?i:this (?:document|page)|these terms|ce document|cette page|ces conditions|este documento|esta página|estas condiciones|dieses dokument|diese seite|diese bedingungen)\b`)

// add keeps a question with its answer, scoped to its unit ("Casas
// Rurales: ...") and scored against the purpose.
func (f *faqFinder) add(pi, tier int, q string, bs []block) {
	c := f.c
	d := c.docOf[pi]
	q = strings.TrimSpace(danglingMark.ReplaceAllString(strings.TrimSpace(q), "$1?"))
	if c.lang == langEN && tier >= 2 {
		q = quantityQuestion(q) // a rule's yes/no question that restates a quantity asks it
	}
	if bare := asideInQuestion.ReplaceAllString(q, ""); words(bare) >= 4 {
		// the details in parentheses are the answer's ("¿Las citas se
		// pueden pedir por teléfono (91 154 14 26)?")
		q = bare
	}
	if sc := c.parts[pi].scope; sc != "" && q != "" && !strings.Contains(strings.ToLower(q), strings.ToLower(sc)) {
		q = sc + ": " + q // "Casas Rurales: ¿La cancelación es gratuita ...?"
		if c.lang == langFR {
			q = sc + " : " + lowerFirst(strings.TrimPrefix(q, sc+": "))
		}
	}
	if len(bs) == 1 && acceptsTerms.MatchString(bs[0].text) && !slices.ContainsFunc(sentences(bs[0].text), func(s string) bool {
		return !acceptsTerms.MatchString(s) && !announces(s) && !docAbout.MatchString(s)
	}) {
		// "Realizar la compra supone la aceptación total de estas
		// políticas.", "Toute réservation emporte acceptation des
		// présentes conditions": the terms' own boilerplate, no answer
		return
	}
	if q == "" || len(bs) == 0 || utf8.RuneCountInString(q) > MaxHeadingLen || exampleHeading.MatchString(c.parts[pi].heading) {
		// (an example, "Beispiel: Obstanlieferung im Herbst 2020" over
		// its dates, shows a rule stated before it: it asks nothing)
		return
	}
	text := q
	for _, b := range bs {
		text += " " + b.text
	}
	f.out = append(f.out, qa{unit: unit{doc: d, pos: f.pos[d], part: pi, score: c.passageScore(pi, text)}, tier: tier, question: q, blocks: bs})
	f.pos[d]++
}

// identityPart says whether a part is a company's legal identity: a
// registration number among its lines, and most of them labels with
// their values or the company's form ("SARL au capital de 5 000€").
func identityPart(p part) bool {
	ids, labelled := 0, 0
	for _, b := range p.blocks {
		if legalID.MatchString(b.text) || companyForm.MatchString(b.text) {
			ids++
		}
		if label, _, ok := strings.Cut(b.text, ":"); ok && words(label) <= 3 {
			labelled++
		}
	}
	return ids >= 1 && 2*(ids+labelled) >= 2*len(p.blocks)-1 && len(p.blocks) >= 2
}

// companyForm is a company's legal form and capital ("SARL au capital de
// 5 000€", "GmbH", "S.L.").
var companyForm = regexp.MustCompile(`(?i)\b(?:sarl|sas|sasu|eurl|gmbh|s\.l\.|s\.a\.|ltd|llc)\b.*\b(?:capital|stammkapital)\b|\bau capital de\b`)

// exampleHeading is the label of an example ("Beispiel:", "Example:",
// "Exemple :", "Ejemplo:", "Por ejemplo:").
var exampleHeading = regexp.MustCompile(`^(?i:beispiel|example|for example|exemple|par exemple|ejemplo|por ejemplo)\s*:`)

// asideInQuestion is a remark in parentheses after a word of a question.
var asideInQuestion = regexp.MustCompile(`\s+\([^()]{2,80}\)`)

// danglingMark is punctuation left before the question mark by a clause
// the question ends on ("… vor allem zu hoher Gewichte,?").
var danglingMark = regexp.MustCompile(`[\s,;:]*[,;:](\s?)\?$`)

// explicit adds the part's own questions (a paragraph that opens with a
// question, answered by the rest of it or by what follows) and reports
// whether it has any: such a part asks nothing else.
func (f *faqFinder) explicit(pi int, p part) bool {
	explicit := false
	for bi, b := range p.blocks {
		if b.kind != para {
			continue
		}
		ss := sentences(b.text)
		q := qPrefix.ReplaceAllString(ss[0], "")
		if !strings.HasSuffix(q, "?") {
			continue
		}
		if anyQuestions.MatchString(q) {
			// "Des questions? On repond à tout: info@…": the page's
			// invitation to write, no question of its own
			continue
		}
		explicit = true
		if len(ss) > 1 {
			f.add(pi, 0, q, []block{{kind: para, text: aPrefix.ReplaceAllString(strings.Join(ss[1:], " "), "")}})
		} else if bi+1 < len(p.blocks) {
			f.add(pi, 0, q, answerBlocks(p.blocks[bi+1:]))
		}
	}
	return explicit
}

// anyQuestions is a page's invitation to ask ("Any questions?", "Des
// questions ?", "Noch Fragen?", "¿Dudas?").
var anyQuestions = regexp.MustCompile(`^(?i:¿?\s*(?:any|more|other|got|still have|des|d'autres|encore des|vous avez des|noch|weitere|haben sie|tienes|tiene|más|alguna|otras)?\s*(?:questions?|fragen|dudas|preguntas)\s*\?)$`)

// introParagraph reports whether a paragraph introduces the page or what
// follows: a question answered by a sentence about the page itself ("Not
// sure what to do to get ready for your appointment? No need to worry,
// this article covers all the important things you need to know."), or by
// an exclamation only ("Ready to Make Your Reservation? Fantastic!"). It says nothing of
// the business: no question asks it, no answer holds it.
func introParagraph(text string) bool {
	ss := sentences(text)
	if len(ss) < 2 || len(ss) > 3 || !strings.HasSuffix(ss[0], "?") {
		return false
	}
	exclaims := true
	for _, s := range ss[1:] {
		if aboutPage.MatchString(s) {
			return true
		}
		exclaims = exclaims && strings.HasSuffix(s, "!") && words(s) <= 3
	}
	return exclaims // "Ready to Make Your Reservation? Fantastic!"
}

// aboutPage is a sentence about the page itself ("this article covers
// …", "read on", "ce guide explique …").
var aboutPage = regexp.MustCompile(`(?i)\b(?:this (?:article|page|guide|post|blog post)|the (?:tips|steps) below|read on|(?:cet|notre) article|cette page|ce guide|dieser (?:artikel|beitrag|leitfaden)|diese seite|este (?:artículo|post)|esta (?:página|guía))\b`)

// faqTitle is a heading that names the page as questions and answers
// ("FAQ: Frequently Asked Questions" too).
var faqTitle = regexp.MustCompile(`^(?i:(?:faqs?\s*[:–—-]\s*)?(?:frequently asked questions|faqs?|questions and answers|questions fréquentes|foire aux questions|questions-réponses|häufig gestellte fragen|häufige fragen|fragen und antworten|preguntas frecuentes|preguntas y respuestas))$`)

// fromHeading asks the part's heading as a question, answered by the part.
func (f *faqFinder) fromHeading(pi int, p part, context string) {
	c := f.c
	if faqTitle.MatchString(p.heading) {
		return // "Frequently asked questions" titles the page: no one asks it
	}
	if datedNote.MatchString(p.heading) {
		// "Update 2021" over "Availability and costs of repair parts are
		// very fluid.": a dated note, whose rules ask their own questions
		// ("How do I update 2021?" would ask the label)
		return
	}
	if identityPart(p) {
		// "Billes de Choc" over "SARL au capital de 5 000€", "SIRET : …",
		// "Siège social : …": the seller's legal identity, which no
		// customer asks about as a topic
		return
	}
	tier := 1
	if strings.HasSuffix(p.heading, "?") {
		tier = 0
	}
	q := headingQuestionIn(c.lang, p.heading, context)
	answer := p.blocks
	if stepsHeadings[strings.ToLower(strings.Trim(p.heading, " :"))] && pi > 0 && c.parts[pi-1].doc == p.doc {
		// "How to Enter a Rent Payment", its lead-in ("… follow the
		// instructions below"), then "Instructions" over the steps: the
		// steps answer the title's question
		if hq := headingQuestionIn(c.lang, c.parts[pi-1].heading, context); howQuestion.MatchString(hq) {
			q, tier = hq, 0
			// the title's own pair answered by its lead-in alone goes
			f.out = slices.DeleteFunc(f.out, func(o qa) bool { return o.part == pi-1 && o.question == hq })
		}
	}
	if genericQuestion(c.lang, q) {
		// "What should I know about deposits?" is not how a customer
		// asks. A topic whose first rule gives a question asks it,
		// answered by that rule (the topic's other rules answer
		// questions of their own); else the customer's question
		// about a usual topic ("What is your cancellation policy?",
		// once a document), answered by what the other questions
		// leave; else the generic question, only when the rules
		// give too few.
		switch cq, first := c.topicQuestion(p); {
		case cq != "" && first != "":
			q, answer = cq, []block{{kind: para, text: first}}
		case cq != "" && !f.topicAsked[cq]:
			q, tier = cq, 4
			if labelled, usual := labelledTopic(c, p); labelled && usual {
				// "Horarios" over "Mañanas: …" and "Tardes: …": its
				// items ask nothing of their own (fromRules), so the
				// topic's question is their only one, and ranks as a
				// heading's
				tier = 1
			}
			f.topicAsked[cq] = true
		default:
			if noteHeadings[strings.ToLower(strings.Trim(p.heading, " :!"))] {
				return // "À savoir", "Good to know": its rules ask their own questions
			}
			tier = 4
			if c.lang == langDE {
				q = deTopicQuestion(p.heading, q)
			}
			if rq := rulesQuestion(c.lang, p.heading); rq != "" {
				q = rq // "Normas de conducta" asks "¿Cuáles son las normas de conducta?"
			} else if cq := categoryQuestion(c.lang, p.heading); cq != "" {
				q = cq // "Obligations :" asks "Quelles sont les obligations ?"
			}
			if mq := namedMeasureQuestion(c.lang, p.heading); mq != "" {
				q = mq // "Durée de la visite" asks "Combien de temps dure la visite ?"
			}
			if hq := statedHeadingQuestion(c.lang, p.heading); hq != "" {
				q = hq // "Reservations are Required" asks "Are reservations required?"
			}
			if priceTopic(p) {
				// "2 heures avec la préparation de l'âne comprise" over
				// "1er âne 35€", "2ème âne 30€": what it costs
				q = priceTopicQuestion(c.lang, p.heading, context)
			}
		}
	}
	n := len(f.out)
	f.add(pi, tier, q, answer)
	if len(f.out) > n {
		f.out[n].heading = true
	}
}

// fromRules asks a question of each fact or rule of the part's blocks.
func (f *faqFinder) fromRules(pi int, p part, context string) {
	c := f.c
	labelled, usual := labelledTopic(c, p)
	if labelled && usual {
		// "Horarios" over "Mañanas: De 10.00 a 14.00 horas" and "Tardes:
		// De 16.00 a 20.00 horas": the topic's question ("¿Cuál es el
		// horario?") answers with the whole list; "Mañanas: ¿qué es?"
		// asks nothing a customer asks
		return
	}
	procedures := procedureLists(c.lang, p.blocks)
	// items labelled by kinds of one thing ("Hourly Session:",
	// "Project/Package Session:"): the labels' last words, counted
	units := map[string]int{}
	labels := make([]string, len(p.blocks))
	for bi, b := range p.blocks {
		if labels[bi] = itemLabel(b); labels[bi] != "" {
			units[lastWord(labels[bi])]++
		}
	}
	// under a question heading, the first sentence answers that question:
	// it asks no echo of its own
	answered := strings.HasSuffix(p.heading, "?")
	skip := -1 // rows up to this one answer with the row before them
	for bi, b := range p.blocks {
		if bi <= skip {
			continue
		}
		if b.kind == para && strings.HasSuffix(b.text, ":") && bi+1 < len(p.blocks) && p.blocks[bi+1].kind == bullet && !answered {
			// "Horaires de l'atelier durant la manifestation 2019 :" over
			// its days: a lead-in naming a usual topic asks its question
			// ("Quels sont vos horaires ?"), answered by it and its list
			lead := strings.TrimSpace(strings.TrimSuffix(b.text, ":"))
			q := topicQuestionFor(c.lang, lead)
			if q == "" && words(lead) > 4 {
				q = topicQuestionFor(c.lang, firstWord(lead)) // (a long lead-in names its topic first)
			}
			if q != "" {
				bs := []block{b}
				for k := bi + 1; k < len(p.blocks) && p.blocks[k].kind == bullet && p.blocks[k].list == p.blocks[bi+1].list; k++ {
					bs = append(bs, p.blocks[k])
				}
				f.add(pi, 1, q, bs)
			}
		}
		gs, headless := c.groups(b.text)
		if answered && bi == 0 && b.kind == para {
			headless = true
		}
		inProc := b.kind == step && procedures[b.list]
		if lead := strings.TrimSpace(leadBefore(p.blocks, bi)); (b.kind == step || b.kind == bullet && theseItems.MatchString(lead)) && answered && strings.HasSuffix(lead, ":") {
			// "Why does my chimney need a cap?" over "… for these
			// reasons:" and its steps, "Welche Bedingungen gelten bei der
			// Obstanlieferung?" over "… an diesen Merkmalen:" and its
			// bullets: the items are the question's answer, whole; one
			// asked alone would cut it
			continue
		}
		if b.kind == bullet && knowledge.AmountLine(b.text) {
			// "Le 2eme forfait … le prix est de 850 Euro": a price list's
			// line answers with its list, under the topic's question
			continue
		}
		if b.kind == bullet && periodItem(b.text) && topicQuestionFor(c.lang, p.heading) != "" {
			// "En semaine : 48h" under "Durée de location": a period's
			// value answers the topic's question ("Combien de temps dure
			// la location ?") with the list; "En semaine : de quoi
			// s'agit-il ?" asks nothing
			continue
		}
		if b.kind != para {
			// a list item or row: its fact or first rule answers with the
			// whole item, as a paragraph ("1." would open the answer);
			// when a later sentence states a rule of its own, the item
			// holds several facts and each answers its own question
			q := feeItemQuestion(c.lang, b.text, leadBefore(p.blocks, bi), context)
			if q == "" && !(labelled && (!labelPrice(b.text) || f.sharedLabel(b.text))) {
				// (under another topic, a label's value asks only
				// what it costs: "Plata: 8 días" under "Antelación de
				// la reserva" is no "Plata: ¿qué es?"; and a label the
				// lists of other topics use too names a kind of
				// customer, not a thing with a price: "No socios: 15€"
				// under a penalty is no "No socios: ¿cuánto cuesta?")
				q = itemQuestion(c.lang, b.text, context, inProc)
			}
			if q != "" {
				answer := b.text
				for _, g := range gs[1:] {
					if !leadIn(g) && !followUp(g) && c.ruleQuestionOf(g, inProc) != "" {
						answer = gs[0]
						break
					}
				}
				bs := []block{{kind: para, text: answer}}
				if more := sameRowLabel(p.blocks, bi); more > 0 && answer == b.text {
					// "PKW — Zusatzinfo: Kofferraum; Entgelt: 6,00" and
					// the row under it that left its first cell empty,
					// "PKW — Zusatzinfo: Kofferraum bei umgeklappter
					// Rückbank; Entgelt: 8,50": one question, both rows
					bs = slices.Clone(p.blocks[bi : bi+1+more])
					skip = bi + more
				}
				f.add(pi, 3, q, bs)
			}
			headless = true
		}
		if inProc && b.staged && len(gs) > 1 && c.lang == langEN {
			// "Step 1. How to make an Order. You send a scan …": a stage
			// the page named asks its own question, answered by the
			// stage's text (when the whole procedure answers "How does it
			// work?", its sentences are used and this pair is not made)
			// ("CONTRACT SIGNATURE": a title in capitals, in small letters
			// but for the words the stage's text writes so, "JULIE")
			title := unshoutIn(strings.TrimSuffix(gs[0], "."), strings.Join(gs[1:], " "))
			// "Site Survey (if applicable)": the stage is the site survey
			title = strings.TrimSpace(trailingParen.ReplaceAllString(title, ""))
			// "Booking the Appointment" asks about booking the appointment
			// (names, capitalised in the stage's text too, keep theirs)
			title = capitalize(tidyHeading(c.lang, title, strings.Join(gs[1:], " ")))
			answer := []block{{kind: para, text: strings.Join(gs[1:], " ")}}
			if m := howToTitle.FindStringSubmatch(title); m != nil {
				f.add(pi, 2, "How do I "+toCustomer(lowerFirst(m[1]))+"?", answer)
			} else if first := strings.ToLower(firstWord(title)); strings.HasSuffix(first, "ing") && len(first) >= 6 && words(title) <= 6 && !strings.ContainsAny(title, ",;:?!") &&
				(words(title) == 1 || determiners[strings.ToLower(strings.Fields(title)[1])]) {
				// "Estimating the cost." asks "How does estimating the
				// cost work?": a determiner after the gerund ("Permitting
				// Deposit" is a deposit, named by a noun)
				f.add(pi, 2, "How does "+toCustomer(lowerFirst(title))+" work?", answer)
			} else if words(title) <= 5 && !strings.ContainsAny(title, ",;:?!()") && instructionIn(c.lang, title) == "" && !isImperative(c.lang, title) {
				// a stage named by a noun ("Deposit Payment.", "Estimate.")
				// asks what happens at it ("How does estimate work?"
				// would need an article the noun may or may not take)
				f.add(pi, 2, "What happens at the "+toCustomer(lowerFirst(title))+" stage?", answer)
			}
		}
		if inProc {
			// a step's sentences are the procedure's ("Click Save. The
			// new card is charged from your next invoice."): a question
			// taking one would cut the procedure where it stands
			continue
		}
		for i, g := range gs {
			if i == 0 && headless || leadIn(g) || i > 0 && followUp(g) {
				continue
			}
			if q := c.ruleQuestionOf(g, inProc); q != "" {
				if label := labels[bi]; i > 0 && label != "" && units[lastWord(label)] >= 2 && !strings.Contains(strings.ToLower(q), strings.ToLower(label)) {
					// "Hourly Session: … If you contact us with less than
					// 48 hours, … your deposit will be forfeited.": the
					// rule keeps the kind of thing it applies to
					q = label + ": " + q
					if c.lang == langEN {
						q = label + ": " + lowerFirst(strings.TrimPrefix(q, label+": "))
					}
					if c.lang == langFR {
						q = label + " : " + lowerFirst(strings.TrimPrefix(q, label+": "))
					}
				}
				f.add(pi, 2, q, []block{{kind: para, text: g}})
			}
		}
	}
}

// danglingLead is a question's last words when they announce a list the
// question no longer holds.
var danglingLead = regexp.MustCompile(`\s+(?:including(?:\s+but\s+not\s+limited\s+to)?|such as|like|namely|as follows)\s*\?$`)

// trailingParen is a parenthesis ending a title ("Site Survey (if
// applicable)").
var trailingParen = regexp.MustCompile(`\s*\([^()]*\)\s*$`)

// periodItem says whether a list item is a period of the week and its
// value ("En semaine : 48h", "Weekends: 3 days", "Am Wochenende: …").
func periodItem(text string) bool {
	m := factLabel.FindStringSubmatch(text)
	return m != nil && periodLabel.MatchString(strings.TrimSpace(m[1]))
}

var periodLabel = regexp.MustCompile(`^(?i:(?:en |la |le |the |on |am |el |entre |los |les )?(?:semaine|week-?ends?|weekdays?|semana|fines? de semana|fin de semana|werktags|wochentags|wochenende|wochenenden|jours? de semaine|jours? fériés|sonn- und feiertags|feiertags|holidays|festivos))$`)

// sameRowLabel is how many table rows after bs[i] in its list have its
// label ("PKW — …" under "PKW — …": a row whose first cell was empty or a
// ditto mark takes the label of the row above it).
func sameRowLabel(bs []block, i int) int {
	label, _, ok := strings.Cut(bs[i].text, " — ")
	if !ok || bs[i].kind != bullet {
		return 0
	}
	n := 0
	for k := i + 1; k < len(bs) && bs[k].kind == bullet && bs[k].list == bs[i].list && strings.HasPrefix(bs[k].text, label+" — "); k++ {
		n++
	}
	return n
}

// statedHeadingQuestion is the question of a heading that states a rule
// ("Reservations are Required", "Damage Deposit Required"): the rule's
// own question, or "".
func statedHeadingQuestion(lang, h string) string {
	if lang != langEN {
		return ""
	}
	m := statedHeading.FindStringSubmatch(strings.TrimSpace(h))
	if m == nil {
		return ""
	}
	verb := "Is"
	if strings.EqualFold(m[2], "are") || m[2] == "" && strings.HasSuffix(strings.ToLower(m[1]), "s") {
		verb = "Are"
	}
	return verb + " " + strings.ToLower(m[1]) + " " + strings.ToLower(m[3]) + "?"
}

// statedHeading is an English heading that states a rule: a thing, "is"
// or "are" or nothing, and required, mandatory, allowed, included and the
// like.
var statedHeading = regexp.MustCompile(`^(?i:([\p{L}\- ]{3,40}?)\s+(?:(is|are)\s+)?(required|mandatory|compulsory|allowed|permitted|prohibited|forbidden|included|optional|recommended|refundable|non-refundable))$`)

// theseItems is a lead-in that announces its list as one whole ("… an
// diesen Merkmalen:", "… for these reasons:", "… les critères suivants
// :"), not as a list of facts each asked about.
var theseItems = regexp.MustCompile(`(?i)\b(?:these|the following|diesen|diese|folgenden|folgende|ces|suivants|suivantes|estos|estas|siguientes)\b`)

// howToTitle names a stage of a procedure by what it does ("How to make
// an Order").
var howToTitle = regexp.MustCompile(`^(?i:how to)\s+([^,;:.?!]{3,60})$`)

// howQuestion asks how to do something.
var howQuestion = regexp.MustCompile(`^(?:How (?:do|can) I|Comment|Wie|¿Cómo)\s`)

// stepsHeadings title a procedure without naming it.
var stepsHeadings = map[string]bool{"instructions": true, "steps": true, "the steps": true, "procedure": true,
	"étapes": true, "les étapes": true, "procédure": true, "marche à suivre": true,
	"anleitung": true, "schritte": true, "vorgehensweise": true,
	"instrucciones": true, "pasos": true, "los pasos": true, "procedimiento": true}

// followUp is a short sentence of the business's that only goes on from
// the one before it ("We may ask for proof.", "Nous pouvons vous
// rappeler."): it answers with that sentence and asks nothing alone.
func followUp(s string) bool {
	ws := strings.Fields(strings.ToLower(s))
	return len(ws) >= 3 && len(ws) <= 6 && followUpSubjects[ws[0]] && followUpModals[ws[1]] ||
		len(ws) >= 3 && len(ws) <= 10 && followUpRequest.MatchString(s)
}

// followUpRequest asks something of the customer about what the sentence
// before it says ("Wir bitten hier um Ihre telefonische Voranmeldung.").
var followUpRequest = regexp.MustCompile(`^(?i:wir bitten|we (?:kindly )?ask (?:that|you)|nous vous (?:prions|demandons)|l[eo]s? rogamos)\b`)

var (
	followUpSubjects = toSet(`we nous wir`)
	followUpModals   = toSet(`may might can could will would pouvons pourrons pourrions allons können könnten werden dürfen`)
)

// lastWord is s's last word, in small letters.
func lastWord(s string) string {
	ws := strings.Fields(strings.ToLower(s))
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// itemLabel is the label a list item opens on ("Hourly Session: We
// require …"), of at most four words, or "".
func itemLabel(b block) string {
	if b.kind != bullet {
		return ""
	}
	m := factLabel.FindStringSubmatch(b.text)
	if m == nil || words(m[1]) > 4 || noteHeadings[strings.ToLower(strings.TrimSpace(m[1]))] {
		return ""
	}
	return strings.TrimSpace(m[1])
}

// labelledTopic reports whether a part's blocks are all short "Label:
// value" list items (or labels of their own over some of them, "L-V
// Tardes:"), and whether its heading is a usual topic (opening hours,
// prices: topicQuestion asks it).
func labelledTopic(c *corpus, p part) (labelled, usual bool) {
	if p.heading == "" || len(p.blocks) < 2 {
		return false, false
	}
	for _, b := range p.blocks {
		if b.kind == para && strings.HasPrefix(b.text, "(") && strings.HasSuffix(b.text, ")") {
			continue // a remark on the list ("(los sábados y domingos no habrá servicio de ludoteca)")
		}
		if b.kind == para {
			return false, false
		}
		if strings.HasSuffix(b.text, ":") && words(b.text) <= 10 || knowledge.ScheduleLine(b.text) {
			continue // a label over the items after it; a schedule's line ("Los viernes, de 17.30 a 20.30 horas")
		}
		if m := factLabel.FindStringSubmatch(b.text); m == nil || words(m[1]) > 4 || words(b.text) > 16 {
			return false, false
		}
	}
	q, first := c.topicQuestion(p)
	return true, q != "" && first == "" && !genericQuestion(c.lang, q)
}

// sharedLabel reports whether the label of a "Label: value" item labels
// items of two parts or more.
func (f *faqFinder) sharedLabel(item string) bool {
	if f.labelParts == nil {
		f.labelParts = map[string]int{}
		for _, p := range f.c.parts {
			seen := map[string]bool{}
			for _, b := range p.blocks {
				if m := factLabel.FindStringSubmatch(b.text); b.kind != para && m != nil {
					seen[strings.ToLower(strings.TrimSpace(m[1]))] = true
				}
			}
			for l := range seen {
				f.labelParts[l]++
			}
		}
	}
	m := factLabel.FindStringSubmatch(item)
	return m != nil && f.labelParts[strings.ToLower(strings.TrimSpace(m[1]))] > 1
}

// priceTopic reports whether a part's blocks are all short lines of
// prices (at least two).
func priceTopic(p part) bool {
	if len(p.blocks) < 2 {
		return false
	}
	for _, b := range p.blocks {
		if words(b.text) > 12 || !moneyLike.MatchString(b.text) {
			return false
		}
	}
	return true
}

// priceTopicQuestion asks what a heading over prices costs.
func priceTopicQuestion(lang, heading, context string) string {
	if lang == langEN {
		return "How much does " + toCustomer(lowerFirst(tidyHeading(lang, heading, context))) + " cost?"
	}
	return fmt.Sprintf(lex(lang).factCost, capitalize(tidyHeading(lang, heading, context)))
}

// labelPrice reports whether a "Label: value" item's value is a price.
func labelPrice(item string) bool {
	m := factLabel.FindStringSubmatch(item)
	return m != nil && moneyLike.MatchString(m[2])
}

// deTopicQuestion asks about a German topic as "Was gilt bei …?" where
// its heading can follow "bei" without an article ("Weitervermietung",
// "Versäumte Stunden" → "Was gilt bei versäumten Stunden?"), as "Was gilt
// für …?" for a plural ("Schuhe", "Getränke und Verpflegung"), and times
// as "Was sind die Spielzeiten …?"; else q.
func deTopicQuestion(heading, q string) string {
	ws := strings.Fields(heading)
	noun := ws[len(ws)-1]
	feminine := deFeminine.MatchString(noun)
	switch {
	case strings.HasSuffix(strings.ToLower(ws[0]), "zeiten") && len(ws) <= 5:
		// "Spielzeiten auf den Courts", "Öffnungszeiten"
		return "Was sind die " + heading + "?"
	case len(ws) == 1 && feminine:
		return "Was gilt bei " + noun + "?"
	case len(ws) == 1 && startsUpper(noun) && dePluralNoun(noun):
		return "Was gilt für " + noun + "?" // "Schuhe", "Handys"
	case len(ws) == 3 && (ws[1] == "und" || ws[1] == "oder") && startsUpper(ws[0]) && startsUpper(noun) && dePluralNoun(ws[0]):
		return "Was gilt für " + heading + "?" // "Getränke und Verpflegung"
	case len(ws) == 2 && strings.HasSuffix(ws[0], "e") && startsUpper(noun) && (feminine || strings.HasSuffix(noun, "en")):
		ending := "n" // dative plural: "versäumten Stunden"
		if feminine {
			ending = "r" // dative feminine: "monatlicher Zahlung"
		}
		return "Was gilt bei " + strings.ToLower(ws[0]) + ending + " " + noun + "?"
	}
	return q
}

// dePluralNoun is a German noun that is most often a plural ("Leistungen",
// "Handys", "Schuhe", "Getränke"), read with no article after "für": an
// "-en" that is no infinitive with "zu" ("Mitzubringen") and no "-uen",
// an English plural, or one of the usual plurals in "-e" (most "-e" nouns
// are feminine singulars: "Rückgabe", "Teilnahme").
func dePluralNoun(w string) bool {
	if !startsUpper(w) {
		return false
	}
	low := strings.ToLower(w)
	if strings.Contains(low[1:], "zu") && strings.HasSuffix(low, "en") {
		return false // "Mitzubringen": an infinitive
	}
	for _, end := range dePluralEnds {
		if strings.HasSuffix(low, end) {
			return true
		}
	}
	return false
}

var dePluralEnds = strings.Fields(`ungen ys os schuhe getränke erwachsene tiere hunde preise kurse gutscheine termine gäste regeln kosten zeiten karten`)

// deFeminine ends a German feminine noun in the singular.
var deFeminine = regexp.MustCompile(`\p{Ll}(?:ung|heit|keit|schaft|tion|ität)$`)

// answerBlocks returns the blocks that answer an explicit question: up to
// the next question.
func answerBlocks(bs []block) []block {
	for i, b := range bs {
		if b.kind == para && strings.HasSuffix(qPrefix.ReplaceAllString(sentences(b.text)[0], ""), "?") {
			return bs[:i]
		}
	}
	return bs
}

// faq chooses the questions. When long answers leave too few questions,
// it tries again with shorter answers (whole sentences still), so that
// the sentences a long answer would take can answer questions of their
// own.
func (c *corpus) faq(req Request) (*Document, error) {
	cands := c.faqCandidates()
	sortUnits(cands, func(q qa) unit {
		u := q.unit
		// among equal relevance, the kind of question decides before the place
		u.pos += q.tier * 10000
		return u
	}, preferred)
	// a generic question ("What should I know about …?") only fills,
	// whatever its relevance: its topic's rules come first
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].tier < 4 && cands[b].tier == 4 })
	// in source order (the purpose aside), a second try when the purpose's
	// order leaves too few: the best match's long answer may have taken
	// the sentences of several questions
	inOrder := append([]qa(nil), cands...)
	sort.SliceStable(inOrder, func(a, b int) bool {
		ua, ub := inOrder[a], inOrder[b]
		if ua.tier != ub.tier {
			return ua.tier < ub.tier
		}
		if ua.pos != ub.pos {
			return ua.pos < ub.pos
		}
		return ua.doc < ub.doc
	})
	var chosen []faqPair
	base := c.used
	for _, order := range [][]qa{cands, inOrder} {
		for _, limit := range []int{maxAnswer, 320, 160} {
			c.used = map[string]bool{}
			for k := range base {
				c.used[k] = true
			}
			chosen = c.chooseFAQ(order, limit)
			if len(chosen) >= MinFAQ {
				break
			}
		}
		if len(chosen) >= MinFAQ {
			break
		}
	}
	if len(chosen) < MinFAQ {
		return nil, notEnough("an FAQ: the sources give %s, at least %d are needed; add documents with more topics (headings, questions or statements such as \"We deliver on Sundays.\")",
			plural(len(chosen), "question", "questions"), MinFAQ)
	}
	sortUnits(chosen, func(p faqPair) unit { return p.unit }, readingOrder)
	name := genieName(req, c.lang)
	l := lex(c.lang)
	d := &Document{Title: truncateText(fmt.Sprintf(l.faqTitle, name), MaxTitleLen),
		Subtitle: c.subtitle(req, "")}
	if names := sourceNames(req); names != "" && strings.TrimSpace(req.Purpose) == "" {
		d.Subtitle = truncateText(fmt.Sprintf(l.drawnFrom, names), MaxSubtitleLen)
	}
	for _, p := range chosen {
		d.Sections = append(d.Sections, Section{Heading: p.q, Body: p.a})
	}
	return d, nil
}

// firstListLen is the length of the list that opens an answer's blocks
// (with the paragraph that leads into it), or 0 when none does.
func firstListLen(blocks []block) int {
	n, items := 0, 0
	for i, b := range blocks {
		if b.kind == para {
			if i > 0 {
				break
			}
		} else {
			items++
		}
		n += len(b.text) + 4
	}
	if items == 0 {
		return 0
	}
	return n
}

type faqPair struct {
	unit
	q, a string
}

func (c *corpus) chooseFAQ(cands []qa, limit int) []faqPair {
	var chosen []faqPair
	seenQ := map[string]bool{}
	derived := 0
	for _, q := range cands {
		if len(chosen) >= MaxFAQ {
			break
		}
		if q.tier >= 2 && derived >= max(sentenceFAQFill, MinFAQ) {
			continue
		}
		key := strings.ToLower(q.question)
		if seenQ[key] {
			continue
		}
		if q.heading && c.isUsed(sentences(q.blocks[0].text)[0]) {
			// another question took the text the heading introduces: what
			// is left would answer the heading with an unrelated sentence
			continue
		}
		compose, most := c.compose, limit
		if q.tier == 0 {
			// a question the page answers with a list keeps the list whole
			// in every pass: five of the eight items a prescription must
			// give would mislead
			compose, most = c.composeAnswer, min(maxAnswer, max(limit, firstListLen(q.blocks)))
		}
		a, used := compose(q.blocks, most)
		if q.heading && q.tier > 0 && policyQuestion.MatchString(q.question) && !statesRule.MatchString(a) {
			// "What is your cancellation policy? — As a small business our
			// time matters …": what the rules' questions left of a policy
			// is its preamble, which states no rule
			continue
		}
		if strings.HasSuffix(a, ":") {
			// "How does scheduling my pickup work? — Please follow the
			// steps below:": the steps did not fit, and the lead-in alone
			// answers nothing
			continue
		}
		if a == "" || midRef(c.lang, a) && q.tier != 0 || q.tier == 4 && thinAnswer(a) {
			// a topic's question answered by what its rules' questions
			// left ("What happens if I am late? — Please be on time.")
			// is no pair
			continue
		}
		if q.tier > 0 && knowledge.AsksPrice(c.lang, q.question) && !knowledge.StatesPrice(a) {
			// "What are your kids haircut prices? — 12 years old and
			// younger.": the page lost the price the heading promises
			continue
		}
		a = dropLabel(a)
		seenQ[key] = true
		for _, s := range used {
			c.mark(s)
		}
		if q.tier >= 2 {
			derived++
		}
		chosen = append(chosen, faqPair{unit: q.unit, q: q.question, a: a})
	}
	return chosen
}

// policyQuestion asks for a whole policy ("What is your cancellation
// policy?", "Quelles sont vos conditions d'annulation ?").
var policyQuestion = regexp.MustCompile(`(?i)^(?:what (?:is|are) your .*polic(?:y|ies)|quelles? (?:est|sont) (?:votre|vos) (?:politique|conditions)|was (?:ist|sind) ihre .*(?:regel|bedingung)|¿?cuál(?:es)? (?:es|son) (?:su|sus) (?:política|condiciones))`)

// statesRule says whether a text states a rule: a figure, or a word of
// obligation, charge or time.
var statesRule = regexp.MustCompile(`(?i)\d|\b(?:must|need|needs|required|require|charge|charged|fee|fees|refund|refunded|notice|cancel\w*|doit|doivent|frais|rembours\w*|annul\w*|préavis|muss|müssen|gebühr\w*|erstatt\w*|absag\w*|storn\w*|debe|deben|cargo|reembols\w*|cancela\w*|antelación)\b`)

// dropLabel drops the label before an answer's first sentence ("Late
// Arrival: If you arrive late, …"): the question asks what the label
// named. A label before a value ("Deposit: 50%", "Cupcakes: $36 per
// dozen") stays, as the value alone would not say what it is.
func dropLabel(a string) string {
	m := answerLabel.FindStringSubmatchIndex(a)
	if m == nil || words(a[:m[3]]) > 4 || words(sentences(a[m[4]:])[0]) < 5 {
		return a // "Check-in: From 16:00." keeps its label
	}
	return a[m[4]:]
}

// answerLabel is a short label, a colon and a sentence that starts with a
// capital word (not a figure).
var answerLabel = regexp.MustCompile(`^(\p{Lu}[^:.!?\n]{0,40}):\s+(\p{Lu}\p{Ll})`)

// thinAnswer reports whether an answer is one short sentence without a
// figure ("Please be on time.", "There are three roles."): too little for
// the question about a whole topic.
func thinAnswer(a string) bool {
	return len(sentences(a)) == 1 && words(a) < 6 && !strings.ContainsAny(a, "0123456789")
}

// itemQuestion is the question a list item or table row answers: a time
// or range label ("Between 29 and 15 days before arrival: ..."), a fact
// ("Annual plan: $780"), or the rule it states; or "".
func itemQuestion(lang, item, context string, inProc bool) string {
	if inProc {
		// a step of a procedure ("Open your account settings: click …")
		// is no fact; the procedure is asked about by its heading
		return ""
	}
	m := factLabel.FindStringSubmatch(item)
	if m != nil && noteHeadings[strings.ToLower(strings.TrimSpace(m[1]))] {
		// "Please note: we do not give refunds …" is the rule alone
		return ruleSentenceQuestion(lang, capitalize(strings.TrimSpace(m[2])), inProc)
	}
	if m != nil {
		if q := labelQuestion(lang, m[1]); q != "" {
			return q
		}
		if lang != langEN && !moneyLike.MatchString(m[2]) && words(m[2]) >= 4 {
			if q := ruleQuestion(lang, capitalize(m[2])); q != "" {
				return q
			}
		}
		if lang == langEN && !moneyLike.MatchString(m[2]) && words(m[2]) >= 5 && strings.HasSuffix(strings.TrimSpace(m[2]), ".") {
			// "Late Arrival: If you arrive late, your session may be
			// shortened …" is a rule: it asks "What if I arrive late?",
			// not "What is the late arrival?"
			if q := ruleSentenceQuestion(lang, capitalize(strings.TrimSpace(m[2])), false); q != "" {
				return q
			}
			if label := strings.TrimSpace(m[1]); words(label) <= 4 {
				// a topic and its rule ("Refunds: Missed appointments …
				// are not refunded.")
				return fmt.Sprintf(lex(lang).generic, lowerFirst(tidyHeading(lang, label, context)))
			}
		}
	}
	if q := factQuestion(lang, item, context); q != "" {
		return q
	}
	return ruleSentenceQuestion(lang, item, inProc)
}

// genericQuestion reports whether q is the language's fallback question
// about a heading ("What should I know about ...?").
func genericQuestion(lang, q string) bool {
	pre, post, _ := strings.Cut(lex(lang).generic, "%s")
	return strings.HasPrefix(q, pre) && strings.HasSuffix(q, post)
}

// definition is an English sentence that defines its topic: "Orders placed
// less than 7 days ahead are rush orders."
var definition = regexp.MustCompile(`^\S.*\s(?:is an?|are)\s+(.+?)\.?$`)

// enOrdinal opens a heading that names the nth time of a case ("Second
// No Show", "3rd late arrival").
var enOrdinal = regexp.MustCompile(`^(?i:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+\p{L}`)

// topicQuestion is the question of a topic's first rule and that rule: a
// sentence that defines the topic asks what it is ("What are rush
// orders?"), else the first sentence group's own question
// (ruleSentenceQuestion); else, with first "", the customer's question
// about a usual topic (topicQuestionFor), or "".
func (c *corpus) topicQuestion(p part) (q, first string) {
	b := p.blocks[0]
	if b.kind != para {
		return topicQuestionFor(c.lang, p.heading), ""
	}
	gs, headless := c.groups(b.text)
	if headless || leadIn(gs[0]) {
		return topicQuestionFor(c.lang, p.heading), ""
	}
	g := gs[0]
	if q := labelQuestion(c.lang, p.heading); q != "" && c.lang != langEN {
		// a heading that is a time or a case ("Plus de 7 jours avant le
		// rendez-vous :") is the condition of the rules under it: the
		// question asks what applies then, not each rule without it, and
		// its answer is all of them. (English headings such as "Less Than
		// 24 Hours' Notice" keep their rules' own questions, "What if I
		// cannot give you 24 hours' notice?", which read better than
		// "What applies less than …?")
		return q, strings.Join(gs, " ")
	}
	if c.lang == langEN && enOrdinal.MatchString(p.heading) {
		// "Second No Show" over "100% of the service fee is due": the
		// rule of a repeated case
		return "What happens after a " + lowerFirst(tidyHeading(c.lang, p.heading, c.context())) + "?", strings.Join(gs, " ")
	}
	s := sentences(g)[0]
	if label, rest, ok := strings.Cut(s, ": "); ok && notTopic[strings.ToLower(label)] {
		s = capitalize(rest) // "Gratis: la cancelación es gratuita …"
	}
	if c.lang == langEN {
		if m := definition.FindStringSubmatch(s); m != nil && strings.EqualFold(m[1], p.heading) {
			verb := "is"
			if pluralNoun.MatchString(strings.ToLower(p.heading)) {
				verb = "are"
			}
			return "What " + verb + " " + lowerFirst(tidyHeading(c.lang, p.heading, c.context())) + "?", g
		}
	}
	if c.lang == langEN && strings.HasPrefix(strings.ToLower(s), strings.ToLower(p.heading)+" is a") {
		return "What is " + p.heading + "?", g // "tidyq is a small command-line tool …"
	}
	if q := c.ruleQuestionOf(s, false); q != "" {
		if tq := topicQuestionFor(c.lang, p.heading); tq != "" && sameOpening(q, tq) && namesHeading(tq, p.heading) {
			// "Mascotas" over "Se admiten perros pequeños con un
			// suplemento …": the topic's question ("¿Se admiten
			// mascotas?") asks the same of the general thing
			return tq, g
		}
		return q, g
	}
	return topicQuestionFor(c.lang, p.heading), ""
}

// namesHeading says whether a question names its heading's thing (a word
// of the heading, "mascotas" in "¿Se admiten mascotas?"; not "Was kostet
// es?").
func namesHeading(q, heading string) bool {
	for _, w := range strings.Fields(strings.ToLower(heading)) {
		if len(w) >= 4 && strings.Contains(strings.ToLower(q), w) {
			return true
		}
	}
	return false
}

// sameOpening says whether two questions open on the same two words.
func sameOpening(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	return len(fa) > 2 && len(fb) > 2 && strings.EqualFold(fa[0], fb[0]) && strings.EqualFold(fa[1], fb[1])
}

// context is the sources' text, for telling names from Title Case words.
func (c *corpus) context() string {
	var sb strings.Builder
	for _, p := range c.parts {
		for _, b := range p.blocks {
			sb.WriteString(" " + b.text)
		}
	}
	return sb.String()
}

// ruleQuestionOf is ruleSentenceQuestion in the corpus's language,
// remembered: a sentence group is asked about as a topic's first rule, as
// part of a list item and on its own.
func (c *corpus) ruleQuestionOf(g string, inProc bool) string {
	key := g
	if inProc {
		key = "\x00" + g
	}
	if q, ok := c.ruleQs[key]; ok {
		return q
	}
	if c.ruleQs == nil {
		c.ruleQs = map[string]string{}
	}
	q := ruleSentenceQuestion(c.lang, asBusiness(c.selfName, g), inProc)
	// "… full ownership of all products and materials including but not
	// limited to: …" cut at its colon asks of the products and materials
	q = danglingLead.ReplaceAllString(q, "?")
	if quotedTrail.MatchString(q) {
		// "We do not consider any "....they said it would be $XX.XX...."":
		// a quotation trailing off is no question's subject
		q = ""
	}
	c.ruleQs[key] = q
	return q
}

// datedNote is a note's heading with its year ("Update 2021",
// "Nouveauté 2024"; not a topic's, "Precios 2024").
var datedNote = regexp.MustCompile(`^(?i:update|updated|news|note|notice|nouveauté|nouveautés|mise à jour|actualité|aktualisierung|hinweis|neu|actualización|novedad|novedades|aviso)\s?:?\s(?:19|20)\d\d$`)

// quotedTrail is a quotation that trails off or holds a placeholder
// ("....they said it would be $XX.XX....").
var quotedTrail = regexp.MustCompile(`["“«„][^"”»“]*(?:\.\.\.|…|XX)`)
