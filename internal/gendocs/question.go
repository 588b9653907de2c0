package gendocs

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/knowledge"
)

// Questions are written in the customer's voice from the source's own
// words: a heading becomes "What are your opening hours?", a sentence
// "You can pay by card." becomes "Can I pay by card?". Nothing is added
// that the source does not say; the answer is the source text itself.

var (
	qPrefix = regexp.MustCompile(`^(?i:q(?:uestion)?\s*[:.-]\s*)`)
	aPrefix = regexp.MustCompile(`^(?i:a(?:nswer)?\s*[:.-]\s*)`)
	// a heading saying what the business's service includes, "All of our
	// installation include", "Our packages include" (its noun, one or two
	// words)
	includesHead = regexp.MustCompile(`(?i)^(?:all\s+of\s+)?(?:our|the)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:include|includes)\s*:?$`)
	howToHead    = regexp.MustCompile(`^(?i:how\s+to)\s+(.+)$`)
	youModal     = regexp.MustCompile(`^(?i:you)\s+(can|cannot|can't|may|should|must|need to|have to|will need to)\s+(.+)$`)
	weVerb       = regexp.MustCompile(`^(?i:we)\s+(are|can|will|may|also)?\s*(.+)$`)
	ourIs        = regexp.MustCompile(`^(?i:our)\s+((?:\S+\s+){0,3}?\S+)\s+(is|are)\s+\S`)
	ifClause     = regexp.MustCompile(`^(?i:if)\s+you\s+([^,]{3,80}),\s*\S`)
	toClause     = regexp.MustCompile(`^(?i:to)\s+([^,]{3,60}),\s*\S`)
	canClause    = regexp.MustCompile(`^((?:\S+\s+){0,2}?\S+)\s+can\s+(\S.+)$`)
	costClause   = regexp.MustCompile(`^((?:\S+\s+){0,4}?\S+)\s+costs?\s+\S`)
	// costs a noun: "Availability and costs of repair parts are …",
	// "EXPECT parts costs to vary …"
	costNoun    = regexp.MustCompile(`^\s+costs?\s+(?:of|to|and|are|is|will|may|can|vary|varies)\b`)
	pluralNoun  = regexp.MustCompile(`[^s]s$`)
	gerundStart = regexp.MustCompile(`^\S+ing\b`)
	whenIs      = regexp.MustCompile(`^(\p{Lu}[\p{L}-]*(?:\s[\p{Ll}-]+)?)\s+is\s+(?:at|from|between|until|before)\s+\d`)
	availableOn = regexp.MustCompile(`^(\S+(?:\s\S+){0,5}?)\s+(is|are)\s+available\b(.*)$`)
	// headEnd is where a heading's head noun ends: before a preposition
	headEnd = regexp.MustCompile(`\s(?:of|to|for|in|on|with|at|from|about)\s`)
)

// vagueObject is a verb whose object names nothing ("give anything back"):
// its question would not say what it asks about.
var vagueObject = regexp.MustCompile(`^\S+\s+(?:anything|something|everything|it|that|this)\b`)

// cutAny cuts the first of the prefixes s starts with.
func cutAny(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest, true
		}
	}
	return s, false
}

// notVerbs are words after "We" that do not start a plain present verb
// phrase ("We were", "We'd"): no question is formed from them.
var notVerbs = toSet(`were was had did would could might do don't didn't won't can't 've 'll 'd understand know hope appreciate
	thank believe look regret apologise apologize intend aim strive want wish love value`)

// singularTopics read naturally as "What is your X?", pluralTopics as
// "What are your X?" when the heading is that one word.
var (
	singularTopics = toSet(`policy price pricing fee cost address menu schedule process warranty guarantee
	minimum deposit order plan info information`)
	pluralTopics = toSet(`prices hours rates fees terms services products times charges periods options plans rules policies details`)
	contactHead  = regexp.MustCompile(`^(?i:contact(?:\s+us)?|get\s+in\s+touch|contact\s+details)$`)
	locationHead = regexp.MustCompile(`^(?i:location|where\s+to\s+find\s+us|find\s+us|how\s+to\s+find\s+us|getting\s+here)$`)
)

// nounVerbs are imperatives that are also nouns heading a topic ("Order
// changes" is about changes to orders, not how to order them).
// infoObject ends a heading that names information, not an action:
// "Contact Info" is no instruction to contact info, "Pick Up Policy" none
// to pick up a policy.
var infoObject = toSet(`info information details form forms page policy policies hours fee fees rules terms conditions times`)

var nounVerbs = toSet(`order book change return transfer deposit ship payment account booking call email text`)

// nounCompound reports whether a heading that opens on a word that is
// also a verb names things rather than tells what to do: "Email
// Reminders", or a compound in capitals of up to four words ending on a
// plural ("Call Reminder Services", "Text Message Reminder Services"), not
// "Check Your Orders".
func nounCompound(h string, words []string, lastWord string) bool {
	if !nounVerbs[words[0]] || !pluralNoun.MatchString(lastWord) {
		return false
	}
	if len(words) == 2 {
		return true
	}
	if len(words) > 4 || determiners[words[1]] {
		return false
	}
	for _, w := range strings.Fields(h) {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// determiners open an instruction's object ("Check Your Orders").
var determiners = toSet(`your the a an my our this these all`)

// readmeQuestions are the questions of a README's usual headings.
var readmeQuestions = map[string]string{
	"installation": "How do I install it?", "install": "How do I install it?", "installing": "How do I install it?",
	"quick start": "How do I get started?", "quickstart": "How do I get started?", "getting started": "How do I get started?",
	"usage": "How do I use it?", "requirements": "What do I need to use it?", "prerequisites": "What do I need to use it?",
	"contributing": "How can I contribute?", "license": "What is the license?", "licence": "What is the licence?",
	"configuration": "How do I configure it?", "support": "Where can I get help?",
}

// headingQuestion turns a heading into a customer question.
func headingQuestion(h string) string {
	h = strings.TrimSpace(strings.TrimRight(h, ":"))
	if label, items, ok := strings.Cut(h, ": "); ok && label != "" && strings.Contains(items, ", ") && !strings.HasSuffix(h, "?") {
		// "Dogs: DHPP, rabies, bordetella" is a label and its items: the
		// question is of the label ("What should I know about dogs?")
		h = label
	}
	if h == "" {
		return ""
	}
	if strings.HasSuffix(h, "?") {
		return capitalize(qPrefix.ReplaceAllString(h, ""))
	}
	if q := readmeQuestions[strings.ToLower(h)]; q != "" {
		return q
	}
	switch {
	case contactHead.MatchString(h):
		return "How can I contact you?"
	case locationHead.MatchString(h):
		return "Where can I find you?"
	}
	if m := whatIsHead.FindStringSubmatch(h); m != nil {
		// "What this is", "How it works at checkout": a heading worded as
		// the answer's clause, asked as its question
		return "What " + strings.ToLower(m[2]) + " " + toCustomer(lowerFirst(m[1])) + "?"
	}
	if m := howWorksHead.FindStringSubmatch(h); m != nil {
		aux := "does"
		if m[2] == "work" {
			aux = "do"
		}
		return "How " + aux + " " + toCustomer(lowerFirst(m[1])) + " work" + m[3] + "?"
	}
	if m := howToHead.FindStringSubmatch(h); m != nil {
		return "How do I " + toCustomer(lowerFirst(m[1])) + "?"
	}
	if m := includesHead.FindStringSubmatch(h); m != nil {
		// "All of our installation include:" over what it includes
		noun, aux := strings.ToLower(m[1]), "does"
		if strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ss") {
			aux = "do"
		}
		return "What " + aux + " the " + noun + " include?"
	}
	if caseHead.MatchString(h) {
		// "When the recipient is not home" is a case: "What happens when
		// the recipient is not home?"
		return "What happens " + toCustomer(lowerFirst(h)) + "?"
	}
	topic := toCustomer(lowerFirst(h))
	words := strings.Fields(strings.ToLower(h))
	lastWord := words[len(words)-1]
	if len(words) > 1 && words[0] == "the" {
		// "The Process": "What is your process?", not "What is your the
		// process?"
		topic = toCustomer(lowerFirst(strings.Join(strings.Fields(h)[1:], " ")))
	}
	if loc := headEnd.FindStringIndex(strings.ToLower(h)); loc != nil && loc[0] > 0 {
		// the head noun of "Changes of address" or "Changes to my order"
		// is "changes": not "What is your changes to my order?"
		hw := strings.Fields(strings.ToLower(h)[:loc[0]])
		lastWord = hw[len(hw)-1]
	}
	if q := whClauseQuestion(words, h); q != "" {
		return q
	}
	switch {
	case askWord.MatchString(h) && len(words) > 1 && words[1] != "we" && words[1] != "you":
		return capitalize(h) + "?"
	case knowledge.Imperative(langEN, words[0]) && len(words) > 1 && !strings.Contains(h, "/") && !nounCompound(h, words, lastWord) &&
		!infoObject[lastWord] && !pickupAndDelivery.MatchString(h):
		return "How do I " + topic + "?"
	case len(words) <= 5 && singularTopics[lastWord]:
		return "What is your " + topic + "?"
	case len(words) <= 4 && pluralTopics[lastWord] && !strings.Contains(h, " and "):
		return "What are your " + topic + "?"
	case len(words) >= 3 && gerundBase[words[0]] != "" && gerundObject[words[1]] && !strings.Contains(h, " and "):
		// "Preparing for your Lash Appointment": "How do I prepare for
		// my lash appointment?"
		return "How do I " + gerundBase[words[0]] + " " + toCustomer(strings.ToLower(strings.Join(words[1:], " "))) + "?"
	case gerundStart.MatchString(strings.ToLower(h)) && len(words) <= 5 && !strings.Contains(h, " and "):
		return "How does " + topic + " work?"
	}
	if enOrdinal.MatchString(topic) || strings.HasPrefix(strings.ToLower(topic), "next ") || strings.HasPrefix(strings.ToLower(topic), "last ") {
		return "What should I know about my " + topic + "?" // "my first visit"
	}
	return "What should I know about " + topic + "?"
}

// nounCosts says whether the "cost" or "costs" after a subject is a noun
// (costNoun), not the verb.
func nounCosts(rest string) bool { return costNoun.MatchString(rest) }

// caseHead is a heading that names a case by a clause ("When the
// Recipient Is Not Home", "If You Are Late").
var caseHead = regexp.MustCompile(`^(?i:when|if)\s+(?i:the|a|an|my|your|you|i|we|someone|somebody|nobody|no\s)\S*\s+\S`)

// subordinate opens a sentence with a clause of condition or time.
var subordinate = regexp.MustCompile(`^(?i:if|when|unless|once|after|before|while|because|although|as soon as|whenever)\s`)

// unshoutIn writes a title wholly in capitals ("MATERIAL ORDERING (IF
// APPLICABLE)") in small letters, but for the words its context writes in
// capitals too ("SCHEDULE JULIE MARKINGS" over "We call JULIE …": "Schedule
// JULIE markings").
func unshoutIn(title, context string) string {
	if strings.ToUpper(title) != title || strings.ToLower(title) == title || len(strings.Fields(title)) < 2 {
		return title
	}
	ws := strings.Fields(title)
	for i, w := range ws {
		core := strings.Trim(w, ",.;:!?()\"'")
		if len(core) >= 2 && containsWord(context, core) {
			continue
		}
		ws[i] = strings.ToLower(w)
	}
	return capitalize(strings.Join(ws, " "))
}

// containsWord says whether s has w as a word of its own.
func containsWord(s, w string) bool {
	for i := strings.Index(s, w); i >= 0; {
		end := i + len(w)
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[end:])
		if (i == 0 || !unicode.IsLetter(before)) && (end == len(s) || !unicode.IsLetter(after)) {
			return true
		}
		j := strings.Index(s[end:], w)
		if j < 0 {
			break
		}
		i = end + j
	}
	return false
}

// unshout writes in small letters a run of two or more words in capitals
// ("We WILL NOT contact you" → "We will not contact you"), and a single
// word of emphasis ("If you DO have more appointments"); another single
// word in capitals ("ID", "SMS") may be an acronym and stays.
func unshout(s string) string {
	upper := 0
	for _, r := range s {
		if unicode.IsUpper(r) {
			upper++
		}
	}
	if upper < 3 {
		return s // an emphasis needs two capitals and the sentence's first: most sentences, no work
	}
	ws := strings.Fields(s)
	caps := func(w string) bool {
		core := strings.Trim(w, ",.;:!?()\"'")
		return len(core) >= 2 && strings.ToUpper(core) == core && strings.ToLower(core) != core
	}
	for i := 0; i < len(ws); i++ {
		j := i
		// (an article "A" inside a run of capitals is the run's: "IF YOU
		// ARE DRIVING A JET SKI")
		for j < len(ws) && (caps(ws[j]) || ws[j] == "A" && j > i && j+1 < len(ws) && caps(ws[j+1])) {
			j++
		}
		if j-i >= 2 || j-i == 1 && i > 0 && emphasis[strings.Trim(ws[i], ",.;:!?()\"'")] {
			for k := i; k < j; k++ {
				ws[k] = strings.ToLower(ws[k])
			}
			if i == 0 {
				ws[0] = capitalize(ws[0])
			}
		}
		i = j
	}
	return strings.Join(ws, " ")
}

// emphasis are words written in capitals to stress them, never acronyms.
var emphasis = toSet(`DO DOES DID NOT MUST WILL ONLY NEVER ALWAYS ALL ANY EACH EVERY NO
	NE PAS JAMAIS TOUJOURS TOUS SEULEMENT DOIT
	NICHT KEIN KEINE KEINEN NIE IMMER NUR MUSS MÜSSEN ALLE
	NUNCA SIEMPRE SOLO TODOS DEBE`)

// sentenceQuestion derives the question a sentence answers, or "" when
// the sentence has no shape that gives one.
func sentenceQuestion(s string) string {
	s = unshout(strings.TrimSpace(s))
	body := strings.TrimRight(s, ".!")
	if strings.HasSuffix(s, "?") || len(strings.Fields(s)) < 4 || len(strings.Fields(s)) > 40 {
		return ""
	}
	if m := ifClause.FindStringSubmatch(body); m != nil {
		if condHasQuestions.MatchString(m[1]) || condRefersBack(langEN, m[1]) {
			return "" // "If you have any questions, please contact us."; "If you leave it instead, …" goes on from the sentence before
		}
		return "What if " + toCustomer("you "+m[1]) + "?"
	}
	if subordinate.MatchString(body) {
		// "If no neighbor is available, we bring …" has no subject
		// before its verb: ruleQuestion asks what happens then
		return ""
	}
	if m := toClause.FindStringSubmatch(body); m != nil && !strings.Contains(m[1], " you ") {
		return "How do I " + toCustomer(m[1]) + "?"
	}
	if m := youModal.FindStringSubmatch(body); m != nil {
		rest := toCustomer(firstClause(m[2]))
		switch strings.ToLower(m[1]) {
		case "can", "may", "cannot", "can't":
			return "Can I " + rest + "?"
		case "should":
			return "Should I " + rest + "?" // "You should expect to stay until 10:00am."
		default:
			return "Do I need to " + rest + "?"
		}
	}
	if m := whenIs.FindStringSubmatch(body); m != nil && !pronoun.MatchString(m[1]) {
		// "Check-in is at 4 pm and check-out is at 11 am."
		return "When is " + lowerFirst(m[1]) + "?"
	}
	if m := availableOn.FindStringSubmatch(body); m != nil && !pronoun.MatchString(m[1]) {
		// "SSO with Okta is available on the Business plan."
		return strings.TrimSpace(capitalize(strings.ToLower(m[2]))+" "+toCustomer(lowerFirst(m[1]))+" available "+toCustomer(firstClause(m[3]))) + "?"
	}
	if m := ourIs.FindStringSubmatch(body); m != nil && infoNoun(m[1]) {
		verb := "is"
		if strings.EqualFold(m[2], "are") {
			verb = "are"
		}
		return "What " + verb + " your " + m[1] + "?"
	}
	if m := canClause.FindStringSubmatch(body); m != nil && !pronoun.MatchString(m[1]) && !notSubject[strings.ToLower(strings.Fields(m[1])[0])] {
		return "Can " + toCustomer(lowerFirst(m[1])) + " " + toCustomer(firstClause(m[2])) + "?"
	}
	if m := costClause.FindStringSubmatch(body); m != nil && !strings.HasPrefix(strings.ToLower(m[1]), "it ") && !nounCosts(body[len(m[1]):]) {
		if i := strings.LastIndexByte(m[1], ' '); i > 0 && costModals[lastWord(m[1])] {
			// "A lockout will cost slightly more …" asks "How much will a
			// lockout cost?"
			return "How much " + lastWord(m[1]) + " " + toCustomer(lowerFirst(m[1][:i])) + " cost?"
		}
		if strings.HasPrefix(body[len(m[1]):], " cost ") {
			return "How much do " + toCustomer(lowerFirst(m[1])) + " cost?"
		}
		return "How much does " + toCustomer(lowerFirst(m[1])) + " cost?"
	}
	if m := iRequire.FindStringSubmatch(body); m != nil {
		// "I require that you leave your instrument with me while …"
		// asks "Do I have to leave my instrument with you …?"
		rest, _, _ := strings.Cut(firstClause(m[1]), " while ")
		rest = strings.ReplaceAll(" "+toCustomer(rest)+" ", " me ", " you ")
		return "Do I have to " + strings.TrimSpace(rest) + "?"
	}
	if m := iCharge.FindStringSubmatch(body); m != nil && words(m[2]) <= 6 {
		// "I charge $90 per/hr for most work." asks what
		return "How much do you charge for " + toCustomer(strings.TrimRight(m[2], ". ")) + "?"
	}
	if m := iNegative.FindStringSubmatch(body); m != nil && !vagueObject.MatchString(m[2]) {
		// (the business's own "if I am not sure" and asides in brackets
		// stay in the answer)
		rest := strings.TrimSpace(asideInQuestion.ReplaceAllString(firstClause(m[2]), ""))
		rest, _, _ = strings.Cut(rest, " if ")
		rest, _, _ = strings.Cut(rest, " unless ")
		if strings.HasSuffix(m[1], "right to") || strings.HasPrefix(m[1], "can") {
			return "Can you " + toCustomer(rest) + "?"
		}
		return "Do you " + toCustomer(rest) + "?"
	}
	if m := thereIsNo.FindStringSubmatch(body); m != nil && words(m[2]) <= 8 {
		return capitalize(m[1]) + " there " + toCustomer(m[2]) + "?"
	}
	if m := weVerb.FindStringSubmatch(body); m != nil {
		if rest, ok := cutAny(m[2], "do not ", "don't ", "don’t "); ok && m[1] == "" && !vagueObject.MatchString(rest) {
			// "We do not give refunds because a recipient was not home."
			// asks "Do you give refunds …?", the answer saying no
			return "Do you " + toCustomer(firstClause(rest)) + "?"
		}
		first, _, _ := strings.Cut(m[2], " ")
		if notVerbs[strings.ToLower(first)] || strings.HasPrefix(m[2], "'") {
			return ""
		}
		if _, neg := cutAny(m[2], "do not ", "don't ", "don’t "); neg {
			return "" // "We don’t do that.": the negation of a thing named before
		}
		rest := firstClause(m[2])
		if loc := weSecondVerb.FindStringIndex(rest); loc != nil {
			// "We cannot store projects and will charge $20 per week …"
			// asks the first ("Can you store projects?"); the answer
			// holds the second
			rest = rest[:loc[0]]
		}
		rest = toCustomer(rest)
		if r, ok := strings.CutPrefix(rest, "reserve the right to "); ok {
			m[1], rest = "can", r // "We reserve the right to refuse …" → "Can you refuse …?"
		}
		if r, ok := strings.CutPrefix(rest, "not "); ok && m[1] != "" {
			// "We cannot accept rush orders" asks "Can you accept rush
			// orders?", the answer saying no
			rest = r
		}
		switch strings.ToLower(m[1]) {
		case "may": // "We may refuse to board …" asks "Can you refuse to board …?", not "Do you may …?"
			return "Can you " + rest + "?"
		case "are":
			return "Are you " + rest + "?"
		case "can":
			return "Can you " + rest + "?"
		case "will":
			return "Will you " + rest + "?"
		}
		if strings.HasSuffix(first, "s") && !strings.HasSuffix(first, "ss") {
			return "" // "We offers" is not a verb phrase we can turn round
		}
		switch strings.ToLower(first) {
		case "must":
			// "We must receive this payment when you book." asks "Do
			// you need to receive this payment when I book?", not "Do
			// you must …?"
			if r, ok := strings.CutPrefix(rest, first+" "); ok {
				return "Do you need to " + r + "?"
			}
			return ""
		case "should", "shall", "would", "could", "might", "need", "have", "had":
			return "" // no "Do you should …?"
		}
		return "Do you " + rest + "?"
	}
	return ""
}

// costModals stand between a cost's subject and "cost" ("A lockout will
// cost …").
var costModals = toSet(`will would can could may might should`)

// iNegative is the business's own "I" refusing something ("I do not make
// urgent orders"), or keeping a right ("I leave the right to refuse …"):
// a one-person business writes as "I" where others write "we".
var iNegative = regexp.MustCompile(`^I\s+(do not|don't|don’t|cannot|can not|can't|can’t|leave the right to|reserve the right to)\s+(\p{Ll}.+)$`)

// iRequire is the business requiring something of the customer ("I
// require that you leave …", "We require that you …"), and iCharge its
// rate ("I charge $90 per/hr for most work").
var (
	iRequire = regexp.MustCompile(`^(?:I|We)\s+require\s+that\s+you\s+(\p{Ll}.{3,})$`)
	iCharge  = regexp.MustCompile(`^(?:I|We)\s+charge\s+(\S*\d\S*(?:\s+\S+){0,3}?)\s+for\s+(\p{Ll}.+)$`)
)

// thereIsNo states that something is not offered ("There is no parking on
// site.", "There are no bulk discounts, because …"): the question asks
// whether there is.
var thereIsNo = regexp.MustCompile(`^There\s+(is|are)\s+no\s+([^,;:()]{3,60}?)(?:[,;:(].*)?$`)

var clauseBreak = regexp.MustCompile(`(?i)(;\s|, (and|but|or|so|however) |, while | but )`)

// firstClause cuts a compound sentence at its first clause break, so that
// a question asks one thing.
func firstClause(s string) string {
	for _, loc := range clauseBreak.FindAllStringIndex(s, -1) {
		if listBeforeAnd(s[:loc[0]], s[loc[0]:loc[1]]) {
			continue // "fully pieced, pressed, and ready to quilt": a list's last item
		}
		return strings.TrimSpace(s[:loc[0]])
	}
	return s
}

// listBeforeAnd says whether a ", and" or ", or" break ends a list of
// short items ("pieced, pressed, and …"): the text before it holds a
// comma, and its last item is one or two words.
func listBeforeAnd(before, brk string) bool {
	b := strings.TrimSpace(brk)
	if b != ", and" && b != ", or" {
		return false
	}
	i := strings.LastIndex(before, ", ")
	return i >= 0 && len(strings.Fields(before[i+2:])) <= 2
}

// infoNoun reports whether a phrase ends in a noun that names information
// a customer asks for ("opening hours", "phone number").
func infoNoun(phrase string) bool {
	words := strings.Fields(strings.ToLower(phrase))
	last := words[len(words)-1]
	return singularTopics[last] || pluralTopics[last] || infoNouns[last]
}

var infoNouns = toSet(`number name email phone website hours times policies address menu`)

// pronounSwap turns the business's voice into the customer's: "you" (the
// customer) becomes "I"/"me", "we"/"our" (the business) become "you"/"your".
var pronounSwap = map[string]string{
	"your": "my", "yours": "mine", "yourself": "myself",
	"we": "you", "our": "your", "ours": "yours", "us": "you",
}

// objectAfter are words after which "you" is an object ("me"): verbs that
// take the customer as object, and prepositions.
var objectAfter = toSet(`to for with at from by about of send sends give gives tell tells show shows call calls email
emails help helps ask asks let lets contact contacts remind reminds text texts charge charges see sees invite invites
notify notifies welcome welcomes serve serves`)

// iVerb fixes the verb after a "you" that became "I".
var iVerb = map[string]string{"are": "am", "were": "was", "aren't": "am not", "weren't": "wasn't"}

func toCustomer(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		core := strings.TrimRight(w, ",;:")
		tail := w[len(core):]
		low := strings.ToLower(core)
		if low == "you" {
			if i > 0 && objectAfter[strings.ToLower(words[i-1])] {
				words[i] = "me" + tail
				continue
			}
			words[i] = "I" + tail
			if i+1 < len(words) && tail == "" {
				if v, ok := iVerb[strings.ToLower(words[i+1])]; ok {
					words[i+1] = v
				}
			}
			continue
		}
		if r, ok := pronounSwap[low]; ok {
			words[i] = r + tail
		}
	}
	return strings.Join(words, " ")
}

// whAux are the verbs a question keeps before its subject ("Why are you
// closed?"); any other verb takes "do".
var whAux = toSet(`can will are is should must may`)

// whClauseQuestion turns a heading that is an indirect question in the
// business's voice ("Why we have this policy", "How we use your data")
// into the direct question a customer asks ("Why do you have this
// policy?"), or "".
func whClauseQuestion(words []string, h string) string {
	if len(words) < 3 || !whWords[words[0]] || words[1] != "we" && words[1] != "you" {
		return ""
	}
	subj := toCustomer(words[1])
	rest := strings.Fields(h)[2:]
	if whAux[words[2]] {
		verb := words[2]
		if subj == "I" && verb == "are" {
			verb = "am"
		}
		return capitalize(words[0]) + " " + verb + " " + subj + " " + toCustomer(strings.Join(rest[1:], " ")) + "?"
	}
	return capitalize(words[0]) + " do " + subj + " " + toCustomer(strings.Join(rest, " ")) + "?"
}

var whWords = toSet(`why how when where what which who`)

// gerundObject are the words after a gerund heading's verb that make it
// the customer's task ("Preparing for your visit", "Getting to the
// studio").
var gerundObject = toSet(`for to your a an the my in with on into`)

// whatIsHead and howWorksHead are headings worded as an answer's clause
// ("What this is", "What deposits are", "How it works at checkout").
var (
	whatIsHead   = regexp.MustCompile(`^(?i:what)\s+(\S+(?:\s+\S+){0,3})\s+(is|are)$`)
	howWorksHead = regexp.MustCompile(`^(?i:how)\s+(\S+(?:\s+\S+){0,3}?)\s+(works|work)((?:\s+\S+){0,4})$`)
)

// pickupAndDelivery is a heading on two services, the first a phrasal
// verb's noun ("Pick up & delivery", "Drop off and collection"): no
// instruction to ask "How do I …?" of.
var pickupAndDelivery = regexp.MustCompile(`(?i)^(?:pick[- ]?up|drop[- ]?off|set[- ]?up)\s+(?:&|and)\s+\p{L}+$`)

// weSecondVerb is a second verb of the business's sentence, joined by
// "and" ("… and will charge …").
var weSecondVerb = regexp.MustCompile(`\s(?:and|but)\s+(?:will|can|cannot|can't|may|must|do|don't|are|is)\s`)
