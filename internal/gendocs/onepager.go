package gendocs

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Cues of the sentences that fit each one-pager section, per language.
var (
	offerCue = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`(?i)(\bwe (?:offer|provide|sell|make|bake|serve|host|run|deliver|build|design|repair|teach|create|cater|clean|rent|have \w+ ways)\b|\b(?:offers|provides|sells|serves|specialis|specializ)\w*\b|\bour (?:services|products|menu|range)\b|^\S+(?: \S+){0,3} (?:is|are) an? (?:\S+ ){0,4}(?:tool|service|shop|store|restaurant|bakery|caf[eé]|hotel|library|clinic|practice|app|platform|company|business|studio|gym|team)\b)`),
		langFR: regexp.MustCompile(`(\b(?i:nous (?:proposons|offrons|vendons|servons|fabriquons|louons))\b|\b(?:propose|offre|vend|sert)\b|^(?:\p{Lu}[\p{L}'’&-]*\s+){1,3}est une? )`),
		langDE: regexp.MustCompile(`(\b(?i:wir (?:bieten|verkaufen|verleihen|vermieten|servieren|machen))\b|\b(?:bietet|verkauft|verleiht|vermietet)\b|^Wir sind )`), // "X ist ein ..." also opens "Bei Urlaub ist eine Ruhezeit ..."
		langES: regexp.MustCompile(`(\b(?i:ofrecemos|vendemos|servimos|alquilamos|ofrece)\b|^(?:Somos|(?:\p{Lu}[\p{L}'’&-]*\s+){1,3}es una? ))`),
	}
	// offerWhen is an offer's verb telling when or where, not what ("We
	// deliver between 9am & 6pm", "We serve from 11 am"): hours, no offer.
	// (nor an effort: "We make every effort to keep scheduled walks
	// going whatever the weather")
	// (and a sentence opening on when it happens, "After each rental
	// period we run a concentrated sanitizer through the system", tells
	// how the business works, not what it offers)
	offerWhen   = regexp.MustCompile(`(?i)\bwe (?:deliver|serve|run|host|clean|teach)\s+(?:only\s+)?(?:between|from|until|till|on|at|in|within|daily|every|weekdays|weekends|\d)|^(?:during|over) the (?:week|weekend)\b|\bwe make (?:every|an?|all|no|sure|our best|the effort)\b|\bwe deliver\b[^.]*\bfor\s+(?:[$€£]\s?\d|\d+(?:[.,]\d+)?\s?(?:€|eur|euros?|dollars?))|^(?:after|before|once|when|whenever|between) (?:each|every|the|a|an|your) [^,]{2,60},? we\b`)
	audienceCue = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`(?i)\b(for (?:anyone|everyone|people|families|businesses|companies|teams|customers|clients|students|beginners|those|small|local|busy|young|older|new)\b[^'’]|ideal for|perfect for|designed for|made for|built for|suited to|suitable for|aimed at|whether you|who (?:want|need|love|like|live|work|study))\b`),
		langFR: regexp.MustCompile(`(?i)\b(pour (?:les|tous|toutes|chaque)|idéal pour|parfait pour|destiné|adapté|que vous soyez)\b`),
		langDE: regexp.MustCompile(`(?i)\b(für (?:alle|jeden|familien|kinder|gruppen|anfänger|unternehmen)|ideal für|geeignet für|gedacht für)\b`),
		langES: regexp.MustCompile(`(?i)\b(para (?:todos|todas|familias|niños|grupos|empresas|principiantes)|ideal para|perfecto para|pensado para|cada socio)\b`),
	}
	// audienceStrong are cues that name an audience whatever else the
	// sentence says; the other cues ("for new", "pour les", "für alle")
	// also open rules ("A $50 fee applies for new members.", "Les frais
	// pour les annulations …"), so a sentence with only those is an
	// audience only when it states no rule or advice and is not about
	// "all other" cases (audienceRule: "Für alle anderen Gründe einer
	// Verhinderung empfehlen wir …")
	audienceStrong = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`(?i)\b(ideal for|perfect for|designed for|made for|built for|suited to|suitable for|aimed at|whether you|we welcome)\b`),
		langFR: regexp.MustCompile(`(?i)\b(idéal pour|parfait pour|destiné|que vous soyez|nous accueillons)\b`),
		langDE: regexp.MustCompile(`(?i)\b(ideal für|geeignet für|gedacht für|richtet sich an)\b`),
		langES: regexp.MustCompile(`(?i)\b(ideal para|perfecto para|pensado para|dirigido a)\b`),
	}
	audienceRule = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`(?i)(\b(must|need|needs|required?|cancel\w*|refund\w*|fees?|charged?|deposit|policy|not|no|only|may|cannot|allowed|responsible|safety|safe|involved|other|recommend\w*)\b|\d)`),
		langFR: regexp.MustCompile(`(?i)(\b(doit|doivent|obligatoire|annul\w*|rembours\w*|frais|acompte|pas|interdit\w*|seulement|uniquement|sécurité|autres|recommand\w*|conseill\w*)\b|\d)`),
		langDE: regexp.MustCompile(`(?i)(\b(muss|müssen|pflicht|storn\w*|erstatt\w*|gebühr\w*|kaution|nicht|kein\w*|verboten|nur|sicherheit|anderen|übrigen|weiteren|empfehlen|versicherung\w*)\b|\d)`),
		langES: regexp.MustCompile(`(?i)(\b(debe|deben|obligatori\w*|cancela\w*|reembols\w*|tarifa|depósito|fianza|no|prohibid\w*|solo|sólo|seguridad|demás|otros|otras|recomend\w*)\b|\d)`),
	}
	audienceNoun = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`(?i)\b(anyone|everyone|customers|guests|patients|members|families|children|kids|groups|teams|businesses|students|visitors|owners|admins|beginners|adults|homes|offices|users|people|parents|professionals|companies|clients|couples)\b`),
		langFR: regexp.MustCompile(`(?i)\b(clients|familles|enfants|groupes|personnes|adultes|visiteurs|membres)\b`),
		langDE: regexp.MustCompile(`\b(Kinder|Familien|Gruppen|Kunden|Gäste|Erwachsene|Besucher|Mitglieder)\b`),
		langES: regexp.MustCompile(`(?i)\b(socios?|clientes|niños|familias|grupos|invitados?|adultos|visitantes|miembros)\b`),
	}
	contactCue = regexp.MustCompile(`(?i)(\b(call us|phone us|ring us|e-?mail us|contact us|reach us|visit us|find us|our address|whatsapp|appelez|contactez|rufen sie|kontaktieren|llámenos|contáctenos)\b|\S@[a-z0-9-]+\.|\+?\(?\d[\d ()-]{7,}\d)`)
)

// conditionStart opens a sentence with the case a rule applies to.
var conditionStart = regexp.MustCompile(`^(?i:if|when|should|in case|sollten?|wenn|falls|bei|si|en cas|lorsque|cuando|en caso)\b`)

// contactAddress is a phone number or an email address.
var contactAddress = regexp.MustCompile(`(?i)\S@[a-z0-9-]+\.|\+?\(?\d[\d ()-]{7,}\d`)

// contactSentence reports whether a sentence tells how to get in touch. A
// rule's condition that says to contact the business ("Sollten
// unvorhergesehene Umstände Ihre Anreise unmöglich machen, kontaktieren
// Sie uns.", "For parties of more than 8 people, please call us.") stays
// with its rule, unless it gives the number or address or the case is
// having a question.
func contactSentence(s string) bool {
	if !contactCue.MatchString(s) || legalID.MatchString(s) || (whoContact.MatchString(s) || contactAbout.MatchString(s)) && !contactAddress.MatchString(s) {
		return false
	}
	return !conditionStart.MatchString(s) && !caseStart.MatchString(s) || contactAddress.MatchString(s) || questionCase.MatchString(s)
}

// whoContact speaks of people who get in touch ("Many customers who call
// us … find the process confusing"), which tells no one how to.
var whoContact = regexp.MustCompile(`(?i)\b(?:who|that)\s+(?:\w+\s+)?(?:call|phone|ring|e-?mail|contact|reach)\s+us\b`)

// contactAbout asks to get in touch about a case ("Contact us right away
// about any discrepancies or damaged items."): a rule for that case.
var contactAbout = regexp.MustCompile(`(?i)\b(?:contact|call|e-?mail|phone) us\s+(?:(?:right away|immediately|at once|as soon as possible)\s+)?(?:about|regarding|if|when|in case|for)\b|\b(?:documents?|items?|parcels?|packages?|orders?|goods|it|they|payments?|forms?|devices?|bags?|boxes)\s+(?:safely\s+)?reach(?:es)?\s+us\b|\byou have \d+\s+\w+\s+to\s+(?:contact|call|e-?mail)\b|\b(?:nicht|no need to|do not need to|don't need to|pas besoin de|no hace falta)\b[^.]*\b(?:kontaktieren|contact|contacter|contactar)`)

// yesNoStart opens the answer to a question ("Oui toutes nos descentes
// sont encadrées …", "Yes, we …"): it says what the question asked, not
// what the business offers.
var yesNoStart = regexp.MustCompile(`^(?i:oui|non|yes|no|ja|nein|sí)\b`)

// whoOffers is someone else's offer ("Anyone who … offers a $29 service
// call is almost certainly …"), not the business's.
var whoOffers = regexp.MustCompile(`(?i)\b(?:anyone|someone|who)\b[^.;:]*\b(?:offers|provides|sells)\b`)

// legalID is a company's registration number, whose digits are no phone
// number ("Siret : 928 515 931 000 30").
var legalID = regexp.MustCompile(`(?i)\b(siret|siren|rcs|ust-?idnr|handelsregister|cif|nif|company number|vat number|n° tva)\b`)

// caseStart opens a sentence with the case it is about ("For parties of
// more than 8 people, please call us directly."): a rule for that case,
// not how to get in touch.
var caseStart = regexp.MustCompile(`^(?i:for|für|pour|para)\s[^,.]{3,60},`)

// questionCase is the condition of a contact sentence proper: "If you
// have any questions, contact us."
var questionCase = regexp.MustCompile(`(?i)\b(questions?|help|doubts?|preguntas?|dudas?|ayuda|aide|Fragen?|Hilfe)\b`)

// audienceSentence reports whether a sentence says whom the business is
// for: a strong cue ("ideal for"), or a weaker one ("for families") in a
// sentence that states no rule.
func audienceSentence(lang, s string) bool {
	if lang == langFR {
		// "pour les attraper": "les" a pronoun before a verb, no people
		s = frPronounVerb.ReplaceAllString(s, " ")
	}
	if !audienceCue[lang].MatchString(s) {
		return false
	}
	if whetherDevice.MatchString(s) {
		return false // "whether you are on your smartphone or on a computer": where, not who
	}
	if loc := audienceStrong[lang].FindStringIndex(s); loc != nil {
		// "suited to", "made for" name an audience when people follow
		// ("ideal for families", "designed for beginners"), not a thing
		// ("a room suited to their guest count")
		after := s[loc[1]:min(len(s), loc[1]+60)]
		return !audienceThing[lang].MatchString(s[loc[0]:loc[1]]) || audienceNoun[lang].MatchString(after) || audiencePronoun.MatchString(after)
	}
	// a weaker cue names an audience when people follow it ("pour les
	// familles"), not a service ("Pour les cours particuliers ou
	// l'assistance personnalisée")
	return !audienceRule[lang].MatchString(s) && (audienceNoun[lang].MatchString(s) || audiencePronoun.MatchString(s))
}

// frPronounVerb is "pour" with a pronoun and an infinitive ("pour les
// attraper", "pour les préparer").
var frPronounVerb = regexp.MustCompile(`(?i)\bpour (?:les|la|le|leur|l['’])\s*\p{L}+(?:er|ir|re)\b`)

// whetherDevice is "whether you" before where or with what, not who.
var whetherDevice = regexp.MustCompile(`(?i)\bwhether you(?:'re|’re| are)?\s+(?:on|at|in|using|use)\b`)

// audienceThing are the strong cues that also say what a thing suits
// ("suited to their guest count"); audiencePronoun are the words that
// name people after them.
var (
	audienceThing = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`(?i)suited to|suitable for|designed for|made for|built for|ideal for|perfect for`),
		langFR: regexp.MustCompile(`(?i)idéal pour|parfait pour|destiné`),
		langDE: regexp.MustCompile(`(?i)ideal für|geeignet für|gedacht für`),
		langES: regexp.MustCompile(`(?i)ideal para|perfecto para|pensado para`),
	}
	audiencePronoun = regexp.MustCompile(`(?i)\b(you|those|anyone|everyone|beginners|experts|couples|seniors|teens|all ages|vous|ceux|celles|tous|toutes|débutants|couples|seniors|ados|sie|alle|jeden|anfänger|einsteiger|fortgeschrittene|jugendliche|senioren|paare|quienes|todos|todas|ti|usted|principiantes|parejas|jóvenes|mayores)\b`)
)

const (
	maxOnePagerBody = 700 // characters a section
	maxKeyPoints    = 5
	maxPriceLine    = 500 // characters of a topic's line in prices and policies
)

// onePager builds sections only where the sources have material that
// fits them, chosen by what the sentences say, never by their position:
// with a purpose, first the sources' section that best matches it; then
// what the business offers (sentences that say so: "we offer", "X is a
// ... service"), who it is for (sentences that name an audience: "ideal
// for", "for families"), how it works (a whole procedure of the sources),
// prices and policies (sentences and items with a price, a percentage or
// a fee, deposit, refund or cancellation rule), sections of the sources'
// own topics, and how to get in touch when the sources give a phone
// number, an email address or "call us". A section without fitting
// material is left out; 4 to 6 sections, else a refusal. No sentence
// appears twice; the fixed headings are the only words of its own.
func (c *corpus) onePager(req Request) (*Document, error) {
	saved := make(map[string]bool, len(c.used))
	for k := range c.used {
		saved[k] = true
	}
	d, err := c.buildOnePager(req, true)
	if err != nil {
		// the prices and policies section gathers topics into one; when
		// that leaves too few sections, the topics stand on their own
		c.used = saved
		d, err = c.buildOnePager(req, false)
	}
	return d, err
}

func (c *corpus) buildOnePager(req Request, withPricing bool) (*Document, error) {
	lx := lex(c.lang)
	name := genieName(req, c.lang)
	all := c.sentenceUnits()
	var sections []Section
	add := func(heading string, us []unit) {
		if len(us) > 0 {
			sections = append(sections, Section{Heading: heading, Body: truncateText(c.joinSentences(us), maxOnePagerBody)})
		}
	}
	notInstr := func(u unit) bool { return instructionIn(c.lang, u.text) == "" && !u.item }
	fixed := []string{fmt.Sprintf(lx.offers, name), lx.who, lx.howWorks, lx.pricing, lx.keyPoints, lx.contact}
	if c.hasPurpose() {
		sections = append(sections, c.topics(1, fixed)...)
	}
	audience := pick(c.unused(all, func(u unit) bool { return audienceSentence(c.lang, u.text) && notInstr(u) }), 2, self)
	isAudience := map[string]bool{}
	for _, u := range audience {
		isAudience[u.text] = true
	}
	offers := pick(c.unused(all, func(u unit) bool {
		return offerCue[c.lang].MatchString(u.text) && notInstr(u) && !isAudience[u.text] && !articleStart.MatchString(u.text) && !offerWhen.MatchString(u.text) && !yesNoStart.MatchString(u.text) &&
			(c.lang != langEN || !whoOffers.MatchString(u.text))
	}), 3, self)
	add(fmt.Sprintf(lx.offers, name), offers)
	add(lx.who, audience)
	if l, ok := c.bestSteps(); ok && len(l.steps) <= MaxSteps && (!c.hasPurpose() || l.score > 0) && !c.isUsed(l.steps[0]) {
		lines := make([]string, len(l.steps))
		for i, st := range l.steps {
			lines[i] = strconv.Itoa(i+1) + ". " + st
			c.mark(st)
		}
		sections = append(sections, Section{Heading: lx.howWorks, Body: strings.Join(lines, "\n")})
	}
	contact := pick(c.unused(all, func(u unit) bool { return contactSentence(u.text) }), 3, self)
	for _, u := range contact {
		c.mark(u.text) // kept for the last section
	}
	if withPricing {
		if body := c.pricing(); body != "" {
			sections = append(sections, Section{Heading: lx.pricing, Body: body})
		}
	}
	room := MaxOnePager - len(sections) - boolInt(len(contact) > 0)
	taken := []string{}
	for _, s := range sections {
		taken = append(taken, s.Heading)
	}
	sections = append(sections, c.topics(room, append(taken, fixed...))...)
	if len(sections)+boolInt(len(contact) > 0) < MinOnePager {
		if points := c.keyPoints(all); len(points) > 0 {
			sections = append(sections, Section{Heading: lx.keyPoints, Body: bulletList(points)})
		}
	}
	if len(contact) > 0 && len(sections) < MaxOnePager {
		texts := make([]string, len(contact))
		for i, u := range contact {
			texts[i] = u.text
		}
		sections = append(sections, Section{Heading: lx.contact, Body: truncateText(strings.Join(texts, " "), maxOnePagerBody)})
	}
	if len(sections) < MinOnePager {
		// a page that is mostly one process told in named stages ("Pre-Sale",
		// "Sale", "Post-Sale") gives a section a stage rather than one
		// "How it works"
		for i, sec := range sections {
			if sec.Heading != lx.howWorks {
				continue
			}
			if stages := stageSections(c.lang, sec.Body); len(stages) > 0 && len(sections)-1+len(stages) >= MinOnePager {
				rest := append(append([]Section(nil), stages...), sections[i+1:]...)
				sections = append(sections[:i:i], rest...)
				if len(sections) > MaxOnePager {
					sections = sections[:MaxOnePager]
				}
			}
			break
		}
	}
	if len(sections) < MinOnePager {
		return nil, notEnough("a one-pager: the sources give material for %s (what is offered, who it is for, how it works, prices and policies, contact, or topics of their own), at least %d are needed; add documents with more to say",
			plural(len(sections), "section", "sections"), MinOnePager)
	}
	return &Document{Title: truncateText(capitalize(fmt.Sprintf(lx.glance, name)), MaxTitleLen), Subtitle: c.subtitle(req, ""), Sections: sections}, nil
}

// stageSections splits a "How it works" body of named stages ("1.
// Pre-Sale. In the Pre-Sale phase, we meet you …") into a section a
// stage, the stage's name its heading; nil unless every step opens on a
// name of at most six words that is no instruction.
func stageSections(lang, body string) []Section {
	var out []Section
	for _, line := range strings.Split(body, "\n") {
		_, step, ok := strings.Cut(line, ". ")
		if !ok {
			return nil
		}
		name, text, ok := strings.Cut(step, ". ")
		if !ok || words(name) > 6 || strings.TrimSpace(text) == "" || instructionIn(lang, name) != "" || strings.ContainsAny(name, ",;:?!") {
			return nil
		}
		out = append(out, Section{Heading: name, Body: truncateText(text, maxOnePagerBody)})
	}
	return out
}

// pricing is the prices and policies section: the sources' topics about
// prices, fees, deposits, refunds and cancellations, each as its own
// "Topic: rule" line, so that a rule keeps the unit or case it applies to
// ("12-Month contracts: Cancelling needs 30 days' notice. ..."), or "".
func (c *corpus) pricing() string {
	type cand struct {
		unit
		line string
		used []string
	}
	var cands []cand
	for _, u := range c.sentenceUnits() {
		// a page without headings: its sentences about prices stand alone
		if c.parts[u.part].heading == "" && !c.isUsed(u.text) && pricingCue[c.lang].MatchString(u.text) && len(u.text) <= 300 {
			cands = append(cands, cand{unit: u, line: u.text, used: []string{u.text}})
		}
	}
	for pi, p := range c.parts {
		if p.heading == "" {
			continue
		}
		if strings.HasSuffix(p.heading, "?") {
			// an answer without its question loses what it is about ("Yes,
			// a security deposit is taken …"): a question stands as a
			// section of its own
			continue
		}
		// a topic's line holds all its rules, or the topic stands as a
		// section of its own: never some rules here and the rest there
		// (nor the rest of a topic whose first sentence another section
		// took: "How to Cancel: If needed, you may leave a voicemail")
		if len(p.blocks) == 0 || c.isUsed(sentences(p.blocks[0].text)[0]) {
			continue
		}
		body, used := c.composeSection(p.blocks, maxOnePagerBody, false)
		if len(body) > maxPriceLine {
			continue
		}
		if body == "" || strings.Contains(body, "\n") || midRef(c.lang, body) || !pricingCue[c.lang].MatchString(p.heading+" "+body) {
			continue
		}
		if strings.HasSuffix(body, ":") {
			// "… a $120.00 per hour fee will apply to repairs that result
			// from the following:": the lead-in of a list the line cannot
			// hold; the topic stands as a section of its own
			continue
		}
		line := p.heading + ": " + body
		cands = append(cands, cand{unit: unit{doc: c.docOf[pi], pos: pi, part: pi, score: c.partScore[pi]}, line: line, used: used})
	}
	chosen := pick(cands, 4, func(x cand) unit { return x.unit })
	if len(chosen) < 2 {
		return ""
	}
	sortUnits(chosen, func(x cand) unit { return x.unit }, sourceOrder)
	lines := make([]string, len(chosen))
	for i, x := range chosen {
		lines[i] = x.line
		for _, s := range x.used {
			c.mark(s)
		}
	}
	return bulletList(lines)
}

// articleStart matches a sentence that opens with an article: its subject
// is a thing ("Die Clubkarte ist eine ..."), not the business.
var articleStart = regexp.MustCompile(`^(?:The|A|An|Le|La|Les|L'|Un|Une|Der|Die|Das|Ein|Eine|El|Los|Las|Un|Una)\s`)

// pricingCue matches sentences about prices (a figure with a currency or
// a percentage), fees, deposits, refunds and cancellations, per language;
// the word "price" alone is not enough ("at the best price").
var pricingCue = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`(?i)([$€£]\s?\d|\d\s?(%|€|eur\b|usd\b)|\b(fees?|deposits?|refund\w*|cancel\w*)\b)`),
	langFR: regexp.MustCompile(`(?i)([$€£]\s?\d|\d\s?(%|€|eur\b)|\b(frais|acomptes?|arrhes|rembours\w*|annul\w*)\b)`),
	langDE: regexp.MustCompile(`(?i)([$€£]\s?\d|\d\s?(%|€|eur\b)|(gebühr|storn|kaution|erstatt|vertragsstrafe)\p{L}*)`),
	langES: regexp.MustCompile(`(?i)([$€£]\s?\d|\d\s?(%|€|eur\b)|\b(dep[oó]sitos?|reembols\w*|cancela\w*|fianza)\b)`),
}

func self(u unit) unit { return u }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keyPoints are short facts not used yet: sentences and list items with
// figures (prices, times) first, then the rest, best matches of the
// purpose first.
func (c *corpus) keyPoints(all []unit) []string {
	short := c.unused(all, func(u unit) bool {
		return len(u.text) <= 240 && len(strings.Fields(u.text)) >= 3 && instructionIn(c.lang, u.text) == "" && !c.inProcedure(u)
	})
	for i := range short {
		if strings.IndexAny(short[i].text, "0123456789") >= 0 {
			short[i].score += 0.01
		}
	}
	chosen := pick(short, maxKeyPoints, self)
	out := make([]string, 0, len(chosen))
	for _, u := range chosen {
		if c.isUsed(u.text) {
			continue
		}
		out = append(out, u.text)
		c.mark(u.text)
	}
	return out
}

// topics are sections named by the sources' own headings, best matches of
// the purpose first, with their text not yet used.
func (c *corpus) topics(n int, have []string) []Section {
	if n <= 0 {
		return nil
	}
	taken := map[string]bool{}
	for _, h := range have {
		taken[strings.ToLower(h)] = true
	}
	type topic struct {
		unit
		heading string
		blocks  []block
	}
	var cands []topic
	for pi, p := range c.parts {
		key := strings.ToLower(p.heading)
		if p.heading == "" || taken[key] || faqTitle.MatchString(p.heading) {
			continue
		}
		body, _ := c.composeSection(p.blocks, maxOnePagerBody, false)
		if body == "" {
			continue
		}
		taken[key] = true
		cands = append(cands, topic{unit: unit{doc: c.docOf[pi], pos: pi, part: pi, score: c.partScore[pi]}, heading: p.heading, blocks: p.blocks})
	}
	// best first; a topic whose text earlier ones already said (the same
	// sentences under another heading) gives way to the next
	key := func(t topic) unit { return t.unit }
	sortUnits(cands, key, preferred)
	type chosen struct {
		topic
		body string
	}
	var got []chosen
	for _, t := range cands {
		if len(got) == n {
			break
		}
		taken := len(t.blocks) > 0 && c.isUsed(sentences(t.blocks[0].text)[0])
		// under a question the sources ask, the first sentence answers it
		// ("Does the price depend on the type of locks?" "It can, but …")
		body, used := c.composeSection(t.blocks, maxOnePagerBody, strings.HasSuffix(t.heading, "?"))
		if body == "" || midRef(c.lang, body) || taken && len(sentences(body)) == 1 && words(body) <= 12 && !strings.ContainsAny(body, "0123456789") {
			// (what another section left of a topic, when it is one
			// short sentence, is a fragment: "How to Cancel Your
			// Appointment — We will call you back as soon as we can.")
			continue
		}
		for _, s := range used {
			c.mark(s)
		}
		if strings.HasSuffix(t.heading, "?") {
			body = dropLabel(body) // "Answer: We are open all year round …"
		}
		got = append(got, chosen{t, body})
	}
	sortUnits(got, func(x chosen) unit { return x.unit }, readingOrder)
	out := make([]Section, len(got))
	for i, x := range got {
		out[i] = Section{Heading: x.heading, Body: x.body}
	}
	return out
}

// inProcedure reports whether a unit is an item of an ordered list.
func (c *corpus) inProcedure(u unit) bool {
	if !u.item {
		return false
	}
	for _, b := range c.parts[u.part].blocks {
		if b.text == u.text {
			return b.kind == step
		}
	}
	return false
}
