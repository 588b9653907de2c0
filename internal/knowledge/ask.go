package knowledge

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Thresholds and weights of Ask, set on the evaluation's tuning sets only
// (testdata/eval/tune*; docs/knowledge.md says how). A passage answers when
// its score (mostly the idf-weighted share of the question it covers) is at
// least minScore, its BM25 at least minBM25, and no question word it lacks
// weighs missingRatio times what it matches.
const (
	minScore      = 0.4
	minBM25       = 1.0
	missingRatio  = 1.0
	outerCoverage = 0.75 // how much a word only in an outer heading of a block covers
	maxQuestion   = 2000 // bytes of a question looked at
	maxPassages   = 5
	bm25K1        = 1.2
	bm25B         = 0.5
	askedBonus    = 0.1 // a question heading that asks what the question asks is strong evidence
	// askedMissingRatio: how much more than what it matches a missing word
	// may weigh when the question heading asks all of it (1.5 answered an
	// unanswerable question of the read sets; 1.25 did not)
	askedMissingRatio = 1.25
	// unknownCap: the words of a question that no document has weigh
	// together at most this many times the rarest word (capUnknown; 1.5
	// kept one unknown word in full and answered 17 more questions of
	// the read sets for 1 more wrong answer and 3 more unanswerable ones
	// answered, before the answer types below took 2 of those back; 1
	// answered 15 more unanswerable ones)
	unknownCap = 1.5
	// typeMargin: how far below the best a passage that gives what the
	// question asks may score and still answer in its place (givesAsked;
	// 0.15 rather than 0.1 answered 2 more questions of the twenty read
	// sets and 1 of heldout16, and lost none)
	typeMargin = 0.15
)

// queryTerm is one distinct term of the question and what it matches.
type queryTerm struct {
	weight  float64
	matches []match
	generic bool // weighed down: a generic word, or a relative no document names
}

// hit is a block's score for the question.
type hit struct {
	doc, block int
	bm25       float64
	covered    float64 // sum of the weights of the query terms matched, times their factors
	score      float64
	missing    float64 // the greatest weight of a query term the block does not match
	mask       uint64  // the query terms (the first 64) the block matches
	asked      float64 // sum of the weights of the query terms its question heading matches
	// full: the block has every word of the question, and the question
	// heading it answers asks at least half of them (as a curated Q/A
	// pair matched). It is not refused for a low BM25: in a small base
	// about one subject every word is frequent, so idf and BM25 are low
	// however well a block matches. (Every word in a body alone, "how late
	// can I be for my appointment" against a cancellation rule, is not
	// enough.)
	full bool

	// the query term being summed and its best match so far
	term                int
	termBM25, termCover float64
	termAsked           bool
}

// Ask answers a question from the base only. Answered is false when the
// best passage is not good enough; Passages are still filled then.
func (b *Base) Ask(question string) Answer {
	if len(question) > maxQuestion {
		question = strings.ToValidUTF8(question[:maxQuestion], "")
	}
	qlang, sure := detectAmong(question, b.langs)
	ans := Answer{Language: qlang}
	if !sure && len(b.docs) > 0 {
		ans.Language = b.lang
	}
	sc := b.takeScratch()
	defer b.scratch.Put(sc)
	hits := b.search(sc, question, qlang, sure)
	if len(hits) == 0 {
		return ans
	}
	order := b.breakTie(hits, top(hits, maxPassages), questionCue(words(strings.ToLower(question))))
	order, misfits := b.nearestAge(hits, order, words(strings.ToLower(question)))
	order, misfits = b.rowForQuantity(hits, order, question, misfits)
	for _, i := range order {
		h := hits[i]
		d := b.docs[h.doc]
		text := d.blocks[h.block].text
		ans.Passages = append(ans.Passages, Passage{Citation: d.cite(h.block, text), Text: text, Score: h.score})
	}
	best := hits[order[0]]
	ans.Score = best.score
	if refuse(best) {
		return ans
	}
	qw := words(strings.ToLower(question))
	// A question whether the business has or offers something ("gibt es
	// Parkplätze", "teneis clases para embarazadas") that names a thing
	// no document names is not answered by what the documents say of
	// its other words: the thing asked about is not in them.
	if asksExistence(qw) {
		// (the question itself: the customer's story after it, "is there
		// a max weight? my husband's quite a big guy", names things the
		// documents need not)
		asked, _, _ := strings.Cut(question, "?")
		if qs, _ := b.query(asked, b.docs[best.doc].lang, qlang, sure); hasUnknown(qs) {
			return ans
		}
	}
	// Answer type: a passage that does not give what the question asks
	// (a price, an age, a time) does not answer it; the next passage
	// scoring within typeMargin of the best that does answers instead.
	for k, i := range order {
		h := hits[i]
		if k > 0 && (h.score < best.score-typeMargin || refuse(h) || misfits[i]) {
			continue
		}
		d := b.docs[h.doc]
		text := d.answerText(h.block, Terms(question, d.lang))
		if !givesAsked(qw, text, strings.Join(d.blocks[h.block].heading, " ")) {
			continue
		}
		ans.Answered, ans.Text = true, text
		ans.Sources = []Citation{d.cite(h.block, text)}
		if k > 0 {
			// the passage answered comes first
			ans.Passages[0], ans.Passages[k] = ans.Passages[k], ans.Passages[0]
			ans.Score = h.score
		}
		return ans
	}
	return ans
}

// givesAsked says whether a passage's text gives what the question (its
// lower-case words) asks for, when it asks for a type of answer: a price
// ("how much is a full groom for a poodle" is not answered by what a full
// groom includes), an age ("ab welchem Alter …", "how old …"), a time of
// day ("à quelle heure …"), opening hours (under its heading) or a
// temperature.
func givesAsked(qw []string, text, heading string) bool {
	if priceQuestion(qw) && !statesPrice(text) {
		return false
	}
	if at, asks := questionAges(qw); asks && len(at) == 0 && !statesAge(words(strings.ToLower(text))) {
		return false
	}
	if asksTemperature(qw) && !statesTemperature(text) {
		return false
	}
	if asksDuration(qw) && !statesDuration(text) {
		return false
	}
	clock := asksClock(qw)
	if clock && !statesClock(text) {
		return false
	}
	// a question of opening asked with a time before or after an event
	// ("les portes ouvrent à quelle heure avant le spectacle") is
	// answered by a time relative to it ("30 minutes avant le début"),
	// which statesClock takes; "what time do you close on a saturday" is
	// not
	return !asksHours(qw) || statesHours(text, heading) || clock && anyOf(qw, beforeAfter)
}

// anyOf says whether one of ws is in set.
func anyOf(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

// refuse says whether the best passage is not good enough to answer: too
// little of the question covered, a weak match of only part of it, or one
// word of the question, missing from the passage, weighing more than all
// it matches ("is there a sauna in the hotel" against "the hotel's
// policies"). When the missing word weighs exactly as much as what is
// matched (one rare word found, one word the documents lack), the question
// heading decides: a Q/A pair whose question asks what is matched answers
// ("kann ich einen Gutschein kaufen" under "Gibt es Gutscheine?"), the
// same word in a body does not.
func refuse(h hit) bool {
	const eps = 1e-9
	switch {
	case h.score < minScore, h.bm25 < minBM25 && !h.full:
		return true
	case h.missing > missingRatio*h.covered+eps:
		// a curated Q/A pair whose question asks all that is matched
		// outweighs a missing word up to askedMissingRatio times it
		// ("je veux prendre 12 places" under "Combien de places par
		// commande ?")
		return !(h.asked >= h.covered-eps && h.missing <= askedMissingRatio*h.covered)
	case h.missing >= missingRatio*h.covered-eps:
		return h.asked < h.covered-eps
	}
	return false
}

// takeScratch returns work arrays for one question; Ask puts them back.
func (b *Base) takeScratch() *scratch {
	if sc, ok := b.scratch.Get().(*scratch); ok {
		return sc
	}
	return &scratch{slot: make([]int32, b.blocks)}
}

// search scores the blocks of the base for the question, in no order, in
// sc's arrays (valid until sc is put back).
func (b *Base) search(sc *scratch, question, qlang string, sure bool) []hit {
	sc.hits = sc.hits[:0]
	for _, lang := range b.langs {
		qs, total := b.query(question, lang, qlang, sure)
		if total == 0 {
			continue
		}
		b.score(sc, lang, qs, total)
	}
	return sc.hits
}

// ranks says whether hits[i] ranks before hits[j]: a higher score, then a
// higher BM25, then the one found first.
func ranks(hits []hit, i, j int) bool {
	x, y := &hits[i], &hits[j]
	if x.score != y.score {
		return x.score > y.score
	}
	if x.bm25 != y.bm25 {
		return x.bm25 > y.bm25
	}
	return i < j
}

// top returns the indexes of the best k hits, best first. Only these and
// breakTie's candidates are ever looked at, so the hits are not sorted:
// sorting every block a common word matches was a fifth of an ask's CPU on
// a 2 MB base.
func top(hits []hit, k int) []int {
	best := make([]int, 0, k+1)
	for i := range hits {
		if len(best) == k && !ranks(hits, i, best[k-1]) {
			continue
		}
		best = append(best, i)
		for j := len(best) - 1; j > 0 && ranks(hits, best[j], best[j-1]); j-- {
			best[j], best[j-1] = best[j-1], best[j]
		}
		best = best[:min(len(best), k)]
	}
	return best
}

// breakTie puts first the best-ranked passage, among those scoring within
// cueMargin of the best, whose type is what the question's cue asks for (a
// number, a procedure), when the best one is not of that type; the others
// keep their order. best holds the best maxPassages hits in rank order.
func (b *Base) breakTie(hits []hit, best []int, c cue) []int {
	if c == cueNone || b.fits(hits[best[0]], c) {
		return best
	}
	floor := hits[best[0]].score - cueMargin
	pick := -1
	for i := range hits {
		if hits[i].score >= floor && b.fits(hits[i], c) && (pick < 0 || ranks(hits, i, pick)) {
			pick = i
		}
	}
	if pick < 0 {
		return best
	}
	order := append(make([]int, 0, len(best)+1), pick)
	for _, i := range best {
		if i != pick {
			order = append(order, i)
		}
	}
	return order[:min(len(order), maxPassages)]
}

// fits says whether a passage is of the type the cue asks for.
func (b *Base) fits(h hit, c cue) bool {
	bl := &b.docs[h.doc].blocks[h.block]
	if c == cueSteps {
		return bl.kind == kindProcedure
	}
	return bl.kind != kindProcedure && hasNumber(bl.text) // not a step's number
}

// query returns the question's terms in a documents' language with what
// they match, and the sum of their weights. Words that are stop words of
// the question's own language are left out too.
func (b *Base) query(question, lang, qlang string, sure bool) ([]queryTerm, float64) {
	seen := map[string]bool{}
	var qs []queryTerm
	total := 0.0
	lower := strings.ToLower(question)
	ws := phraseWords(words(lower))
	// A question that gives or asks an age matches the blocks that state
	// one (termAge): its age itself ("mon fils a 8 ans") stands for the
	// age, which the page states as a limit ("plus de 6 ans"), not as the
	// customer's number.
	var ages []int
	byAge := false
	if b.df(termAge) > 0 {
		ages, byAge = questionAges(ws)
	}
	// A time of day in the question ("um 15 Uhr") likewise matches the
	// blocks that give times of day (termClock), not its number.
	var clock map[string]bool
	hours := false
	if b.df(termClock) > 0 {
		clock = clockWords(lower)
		// and a question about opening hours or a time of day finds the
		// blocks that give times of day through its opening word, its day
		// and its part of the day ("bis wann habt ihr abends offen" and
		// "Täglich von 07:00 bis 21:30 Uhr", "abrís los domingos" and
		// "Abrimos todos los días de 8:00 a 22:00")
		hours = asksHours(ws) || asksClock(ws) || asksOpenOn(ws)
	}
	// A question which means it may pay with finds the blocks that name
	// one (termPayment) through its paying and means words.
	payment := b.df(termPayment) > 0 && asksPayment(ws)
	// A quantity with its unit ("80 euro", "8 knives") matches the table
	// rows stating quantities of that unit (termQuantity), its number
	// standing for the quantity and its unit's word matching them too.
	quantities := b.questionQuantities(lang, lower)
	quantityUnit := ""
	for i, w := range ws {
		if sure && (stopwords[qlang][w] || questionFillers[qlang][w]) {
			continue
		}
		t, ok := term(lang, w)
		if !ok || seen[t] {
			continue
		}
		seen[t] = true
		ms := b.matches(lang, t)
		isGeneric := generic[qlang][w] || generic[lang][w] || genericStems[lang][t]
		if lang == DE {
			// "bringt", "gemacht", "abgesagt": Snowball leaves German
			// inflected verb forms whole; their infinitive is the word
			for _, v := range germanVerbForms(w, true) {
				if vt, ok := term(DE, v); ok && genericStems[DE][vt] {
					isGeneric = true
				}
			}
			for _, v := range germanVerbForms(w, len(ms) == 0) {
				vt, ok := term(DE, v)
				if !ok || vt == t || (len(ms) > 0 && ms[0].factor == 1) {
					continue
				}
				// the infinitive's own word, or, when the form itself
				// matches nothing, the compounds holding it ("gebissen"
				// → "biss" in "Bissverletzungen")
				if vm := b.matches(DE, vt); len(vm) > 0 && (vm[0].factor == 1 || len(ms) == 0) && !seen[vt] {
					t, ms = vt, vm
					seen[vt] = true
				}
			}
		}
		if (priceWords[qlang][w] || priceWords[lang][w]) && b.df(termPrice) > 0 {
			ms = append(ms, match{term: termPrice, factor: factorSynonym})
		}
		if payment && (meansWords[w] || payWords[qlang][w] || payWords[lang][w]) {
			ms = append(ms, match{term: termPayment, factor: factorSynonym})
		}
		if u, ok := quantities[w]; ok && b.df(termQuantity+u) > 0 && !clock[w] && !(byAge && slices.Contains(ages, i)) {
			// (the number itself still matches a text giving it: "Sie
			// leihen sich 300 €")
			ms, quantityUnit = append(ms, match{term: termQuantity + u, factor: 1}), u
		} else if quantityUnit != "" && i > 0 && quantities[ws[i-1]] == quantityUnit && (t == quantityUnit || currencies[w] || w == "euro") {
			ms = append(ms, match{term: termQuantity + quantityUnit, factor: factorSynonym})
		}
		switch {
		case clock[w]:
			ms = []match{{term: termClock, factor: 1}}
		case byAge && slices.Contains(ages, i):
			ms = []match{{term: termAge, factor: 1}}
		case byAge && (ageUnits[w] || ageMarkers[w]):
			ms = append(ms, match{term: termAge, factor: factorSynonym})
		case hours && (openWords[w] || partsOfDay[w] || dayNames[w] || calendarWords[w]),
			len(clock) > 0 && (partsOfDay[w] || dayTimes[w]):
			ms = append(ms, match{term: termClock, factor: factorSynonym})
		}
		// A word of the documents weighs its idf; a misspelt one what the
		// word it stands for weighs; a word in no document what the
		// rarest word of the documents weighs (1 block): it still counts
		// against an answer, since the question is then about something
		// the documents may not cover.
		weight := b.idf(max(b.df(t), 1))
		if len(ms) > 0 && ms[0].factor < 1 {
			weight = 0
			for _, m := range ms {
				weight = max(weight, b.idf(b.df(m.term)))
			}
		}
		if len(ms) > 0 && sameMatches(qs, ms) {
			continue // "cuánto cuesta": two words for one thing count once
		}
		// A count of time in the customer's story ("im 20 weeks pregnant",
		// "enceinte de 4 mois") is no figure a page gives: its number
		// weighs as a generic word, so that "20 minutes" or "4 temps"
		// elsewhere do not answer for it. (Its unit keeps its weight:
		// "3 meses", "14 mois" are what a freeze or a voucher's
		// validity is about.)
		story := storyCount(ws, i) && len(ms) > 0 && ms[0].term == t
		light := isGeneric || story || len(ms) == 0 && (sideWords[qlang][w] || sideWords[lang][w] || dayNames[w] || calendarWords[w])
		if light {
			weight *= genericWeight
		}
		qs = append(qs, queryTerm{weight: weight, matches: ms, generic: light})
		total += weight
	}
	// The days the question names or means ("un martes", "am
	// Wochenende") match the blocks covering them (termDay), as a generic
	// word weighs: the row of a table for that day, among its others.
	if days, any := daysIn(lower); any {
		if q, ok := b.coveredQuery(days[:], termDay); ok {
			qs, total = append(qs, q), total+q.weight
		}
	}
	// and, in a question of price, the hours it gives or means ("a las
	// 11", "por la tarde") the same way: the row of the hours' rate (in
	// other questions an hour is mostly the customer's story: "he slept
	// all evening")
	if priceQuestion(ws) {
		if hours, any := questionHours(lower); any {
			if q, ok := b.coveredQuery(hours[:], termHour); ok {
				qs, total = append(qs, q), total+q.weight
			}
		}
	}
	total = capUnknown(qs, total, unknownCap*b.idf(1))
	return qs, total
}

// storyCount says whether ws[i] is the number of a count of time that is
// not what the question asks: a number before a unit of duration (not of
// age: "my son is 10 years old" is read as an age), in a question that
// does not ask how long.
func storyCount(ws []string, i int) bool {
	return isDigits(ws[i]) && i+1 < len(ws) && durationUnits[ws[i+1]] && !ageUnits[ws[i+1]] && !asksDuration(ws)
}

// capUnknown scales down the words of the question that no document has
// so that together they weigh at most limit, and returns the new total.
// A customer's story around a question ("my fiance and my mum want to come
// to the tasting, how much is that") brings words no page has; one such
// word may be what the question is about ("do you sell sunglasses") and
// weighs in full, but several together are mostly the story's.
func capUnknown(qs []queryTerm, total, limit float64) float64 {
	unknown := 0.0
	for _, q := range qs {
		if len(q.matches) == 0 {
			unknown += q.weight
		}
	}
	if unknown <= limit {
		return total
	}
	f := limit / unknown
	total = 0
	for i := range qs {
		if len(qs[i].matches) == 0 {
			qs[i].weight *= f
		}
		total += qs[i].weight
	}
	return total
}

// hasUnknown says whether a question has a word that no document has,
// nor its synonyms, nor a misspelling or compound of it, and that is no
// generic word nor the customer's relative.
func hasUnknown(qs []queryTerm) bool {
	for _, q := range qs {
		if !q.generic && !slices.ContainsFunc(q.matches, func(m match) bool { return !m.head }) {
			return true
		}
	}
	return false
}

// sameMatches says whether a term already in qs matches exactly ms.
func sameMatches(qs []queryTerm, ms []match) bool {
	for _, q := range qs {
		if len(q.matches) != len(ms) {
			continue
		}
		same := true
		for i := range ms {
			if q.matches[i] != ms[i] {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// score is BM25 over the blocks of the language's documents, with each
// query term counted once per block through its best match.
func (b *Base) score(sc *scratch, lang string, qs []queryTerm, total float64) {
	// the hits of other languages come before; slot holds a block's index
	// in hits, plus one
	first := len(sc.hits)
	hits, slot := sc.hits[first:], sc.slot
	for qi, q := range qs {
		for _, m := range q.matches {
			for di, d := range b.docs {
				if d.lang != lang {
					continue
				}
				for _, p := range d.postings[m.term] {
					g := b.offsets[di] + int(p.block)
					if slot[g] == 0 {
						hits = append(hits, hit{doc: di, block: int(p.block), term: -1})
						slot[g] = int32(len(hits))
					}
					h := &hits[slot[g]-1]
					if h.term != qi {
						h.flush(qs)
						h.term = qi
					}
					tf := float64(p.tf)
					norm := tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*float64(d.blocks[p.block].length)/b.avgLen))
					// being under a section about a word covers it less
					// than saying it
					f := m.factor
					if p.outer {
						f *= outerCoverage
					}
					h.termBM25 = max(h.termBM25, q.weight*m.factor*norm)
					h.termCover = max(h.termCover, f)
					h.termAsked = h.termAsked || (p.asked && m.factor == 1)
				}
			}
		}
	}
	for i := range hits {
		h := &hits[i]
		h.flush(qs)
		for qi, q := range qs {
			if qi < 64 && h.mask&(1<<qi) == 0 {
				h.missing = max(h.missing, q.weight)
			}
		}
		cov := h.covered / total
		h.full = cov >= 0.999 && h.asked >= 0.5*total
		// confidence: mostly how much of the question the block covers,
		// a little how strongly (BM25 saturates towards 1), and a little
		// more when the question heading the block answers asks it too
		// (field-aware, as a curated Q/A pair matched is strong evidence)
		h.score = min(1, 0.85*cov+0.15*cov*(h.bm25/(h.bm25+total))+askedBonus*h.asked/total)
	}
	for _, h := range hits {
		slot[b.offsets[h.doc]+h.block] = 0
	}
	sc.hits = append(sc.hits[:first], hits...)
}

// flush adds the best match of the current query term to the hit's sums.
func (h *hit) flush(qs []queryTerm) {
	if h.term < 0 {
		return
	}
	h.bm25 += h.termBM25
	h.covered += qs[h.term].weight * h.termCover
	if h.termAsked {
		h.asked += qs[h.term].weight
	}
	if h.term < 64 {
		h.mask |= 1 << h.term
	}
	h.term, h.termBM25, h.termCover, h.termAsked = -1, 0, 0, false
}

// cite is the citation of a quote from block i.
func (d *doc) cite(i int, quote string) Citation {
	return Citation{DocumentID: d.id, DocumentName: d.name, Heading: strings.Join(d.blocks[i].heading, " > "), Quote: quote}
}

// Answer shapes: a paragraph of up to maxWholeWords words is quoted
// whole, a longer one by its best window of sentences; a list of up to
// maxListItems items and maxListWords words is quoted whole.
const (
	maxWholeWords = 70
	maxWindow     = 2
	maxListItems  = 12
	maxListWords  = 220
)

// answerText is the text quoted from block i for a question with terms
// qt: whole sentences, the whole list or the whole procedure.
func (d *doc) answerText(i int, qt []string) string {
	bl := d.blocks[i]
	switch bl.kind {
	case kindItem:
		l := d.lists[bl.group]
		words := len(strings.Fields(l.lead))
		for _, it := range l.items {
			words += len(strings.Fields(it))
		}
		var parts []string
		if l.lead != "" {
			parts = append(parts, l.lead)
		}
		if len(l.items) <= maxListItems && words <= maxListWords {
			for _, it := range l.items {
				parts = append(parts, "- "+it)
			}
		} else {
			parts = append(parts, "- "+bl.text)
		}
		return strings.Join(parts, "\n")
	case kindParagraph, kindQA:
		if len(strings.Fields(bl.text)) <= maxWholeWords || len(bl.sentences) <= maxWindow {
			return bl.text
		}
		return bestWindow(bl.sentences, qt, d.lang)
	}
	return bl.text
}

// bestWindow returns the sentence with most of the question's terms (the
// earliest on a tie), with the next one when that adds terms too or the
// best one announces it (ends with ":"); at most maxWindow sentences.
func bestWindow(sentences []string, qt []string, lang string) string {
	want := map[string]bool{}
	for _, t := range qt {
		want[t] = true
		if n, ok := numberTerms[lang][t]; ok {
			want[n] = true // "4 of us" and "a party of four"
		}
	}
	hits := make([]int, len(sentences))
	best := 0
	for i, s := range sentences {
		seen := map[string]bool{}
		for _, t := range Terms(s, lang) {
			if want[t] && !seen[t] {
				seen[t] = true
				hits[i]++
			}
		}
		if hits[i] > hits[best] {
			best = i
		}
	}
	end := best + 1
	for end < len(sentences) && end-best < maxWindow && (hits[end] > 0 || strings.HasSuffix(sentences[end-1], ":")) {
		end++
	}
	return strings.Join(sentences[best:end], " ")
}

// An ageFit is how an age a passage states fits the age a question
// gives: within the passage's range or limit ("à partir de 3 ans" for 5),
// and how far from its nearest end (a limit nearer the age is the more
// specific: "à partir de 10 ans" before "à partir de 3 ans" for 14).
type ageFit struct {
	fits  bool
	gap   int
	limit bool // it does not fit a limit ("over the age of 18" for 17)
}

// better says whether f fits better than g: it fits and g does not, or
// both fit or neither and f's gap is smaller.
func (f ageFit) better(g ageFit) bool {
	if f.fits != g.fits {
		return f.fits
	}
	return f.gap < g.gap
}

// fitAge is how the age a fits the age ws[i] states: its range ("de 4 à 7
// ans", "6–12 Jahre", "ages 3 to 5"), its lower limit ("à partir de 3
// ans", "from 8", "ab 14 Jahren", "mayores de 16"), its upper limit
// ("under 13", "moins de 6 ans", "bis 12 Jahre", "hasta 12 años"), or the
// age alone.
func fitAge(ws []string, i, a int) ageFit {
	n, _ := strconv.Atoi(ws[i])
	lo, hi := n, n
	num := func(j int) (int, bool) {
		if j < 0 || j >= len(ws) || !ageNumber(ws[j]) {
			return 0, false
		}
		v, _ := strconv.Atoi(ws[j])
		return v, true
	}
	open := 0 // 1: a lower limit, -1: an upper one
before:
	for j := i - 1; j >= max(0, i-4); j-- {
		switch {
		case ageFrom[ws[j]]:
			open = 1
			break before
		case ageUnder[ws[j]]:
			open = -1
			break before
		}
	}
	// after it: "17 or younger", "ages 3 and up", "18 ans et plus", "ab 16
	// Jahren und älter", "65 años o más"
	for j := i + 1; j+1 < len(ws) && j <= i+3 && open == 0; j++ {
		if ageUnits[ws[j]] || ws[j] == "old" {
			continue
		}
		if ageOr[ws[j]] {
			switch {
			case ageOrLess[ws[j+1]]:
				open = -1
			case ageOrMore[ws[j+1]]:
				open = 1
			}
		}
		break
	}
	if m, ok := num(i + 1); ok && m > n {
		hi = m // "6–12 Jahre", "à partir de 10-11 ans"
	} else if m, ok := num(i + 2); ok && m > n && ageTo[ws[i+1]] {
		hi = m // "de 4 à 7 ans"
	} else if m, ok := num(i - 1); ok && m < n {
		lo = m
	} else if m, ok := num(i - 2); ok && m < n && ageTo[ws[i-1]] {
		lo = m
	}
	switch open {
	case 1:
		hi = math.MaxInt
	case -1:
		lo = 0
	}
	switch {
	case a < lo:
		return ageFit{gap: lo - a, limit: open != 0}
	case a > hi:
		return ageFit{gap: a - hi, limit: open != 0}
	case open == 1:
		return ageFit{fits: true, gap: a - lo}
	case open == -1:
		return ageFit{fits: true, gap: hi - a}
	}
	return ageFit{fits: true, gap: min(a-lo, hi-a)}
}

// Words before an age that make it a limit, and between two ages that
// make them a range.
var (
	ageFrom  = folded(toSet(`from partir dès ab desde over older plus más mas über mindestens least minimum mínimo minimo mayores`))
	ageUnder = folded(toSet(`under below younger moins jusqu unter bis hasta menores menos maximum max`))
	ageTo    = folded(toSet(`to à a bis y et and und`))
	// "or younger", "and up", "ou plus", "und älter", "o más" after an age
	ageOr     = folded(toSet(`or and ou et und oder o y`))
	ageOrLess = folded(toSet(`younger under below less moins jünger menos menores`))
	ageOrMore = folded(toSet(`older up over more plus älter mehr más mayores`))
)

// adultsOnly says whether the age groups ws names are adults' alone and
// every age asked a child's (under 16).
func adultsOnly(ws []string, asked []int) bool {
	for _, a := range asked {
		if a >= 16 {
			return false
		}
	}
	adults := false
	for _, w := range ws {
		if !ageGroups[w] {
			continue
		}
		if !adultWords[w] {
			return false
		}
		adults = true
	}
	return adults
}

// childGap is how far a rule for children is taken to be from a child's
// age it holds: farther than any limit a number states.
const childGap = 100

// childrenOnly says whether the age groups ws names are children's alone
// and every age asked a child's (under 14).
func childrenOnly(ws []string, asked []int) bool {
	for _, a := range asked {
		if a >= 14 {
			return false
		}
	}
	children := false
	for _, w := range ws {
		if !ageGroups[w] {
			continue
		}
		if !childWords[w] {
			return false
		}
		children = true
	}
	return children
}

// childWords are the age groups of children.
var childWords = folded(toSet(`child children kid kids enfant enfants kind kinder kindern niño niños niña niñas`))

// adultWords are the age groups of adults.
var adultWords = folded(toSet(`adult adults adulte adultes erwachsene erwachsenen erwachsener adulto adultos`))

// limitMargin is how far below the best, when the best is a limit the
// age is outside, a passage holding the age may score and still answer.
const limitMargin = 0.15

// ageSlack is how far a limit a passage states may be from the age a
// question gives for nearestAge to prefer it.
const ageSlack = 2

// ageMargin is how far below the best a passage stating the nearest age
// may score and still answer in its place.
const ageMargin = 0.5

// nearestAge puts first, among the passages scoring within ageMargin of
// the best, the one stating the age nearest to the age the question gives
// ("mi hijo tiene 13 años, puede entrar a jugar?": "niños de hasta 12
// años", not "menores de 3 años"), when it is within ageSlack of it and
// nearer than the best's.
func (b *Base) nearestAge(hits []hit, order []int, qw []string) ([]int, map[int]bool) {
	at, _ := questionAges(qw)
	if len(at) == 0 || len(order) < 2 {
		return order, nil
	}
	// (an age with its unit, "13 años", "my 16 year old": "only 6 kids"
	// and "mide 1,20" give counts and heights)
	var asked []int
	for _, i := range at {
		if i+1 < len(qw) && ageUnits[qw[i+1]] {
			n, _ := strconv.Atoi(qw[i])
			asked = append(asked, n)
		}
	}
	if len(asked) == 0 {
		return order, nil
	}
	wordsOf := func(h hit) []string {
		// (amounts are no ages: "15 € par enfant")
		return words(withoutAmounts(strings.ToLower(b.docs[h.doc].blocks[h.block].text)))
	}
	groups := false // the best states no age but a group's: groups decide
	fitOf := func(h hit) ageFit {
		ws := wordsOf(h)
		f := ageFit{gap: math.MaxInt}
		for _, i := range agesAt(ws) {
			for _, a := range asked {
				if g := fitAge(ws, i, a); g.better(f) {
					f = g
				}
			}
		}
		if f.gap == math.MaxInt && groups && childrenOnly(ws, asked) {
			// "Séance enfant au cabinet" for a son of 9: a group that
			// holds the age, coarser than any number
			f = ageFit{fits: true, gap: childGap}
		}
		return f
	}
	best := hits[order[0]]
	pick, near := 0, fitOf(best)
	groups = near.gap == math.MaxInt
	if ws := words(strings.ToLower(b.docs[best.doc].blocks[best.block].text)); near.gap == math.MaxInt && statesAge(ws) && !adultsOnly(ws, asked) {
		// the best states a rule for an age group ("nicht für Kinder und
		// Jugendliche"), which may be the age's; not "General (adultos)"
		// for a child of 2
		return order, nil
	}
	fits := make([]ageFit, len(order))
	fits[0] = near
	for k := 1; k < len(order); k++ {
		h := hits[order[k]]
		fits[k] = fitOf(h)
		if h.score < best.score-ageMargin || refuse(h) {
			continue
		}
		if fits[0].limit && fits[k].fits && h.score < best.score-limitMargin {
			// the best is a limit the age is outside ("Alcohol is only sold
			// to customers over the age of 18" for 17): it answers, with a
			// no, unless a passage that holds the age scores about as well
			// (the rows of a table by age)
			continue
		}
		if f := fits[k]; f.better(near) && (f.fits || f.gap <= ageSlack) {
			pick, near = k, f
		}
	}
	if pick == 0 {
		return order, nil
	}
	// Once a passage fits the age, the passages stating other ages do
	// not answer in its place (the answer's type may pass over it: the
	// rule for under-4s gives no price, "General (adultos) … 18,95
	// euros" does, for the wrong age).
	var misfits map[int]bool
	if near.fits {
		misfits = map[int]bool{}
		for k, f := range fits {
			if !f.fits && (f.gap != math.MaxInt || adultsOnly(wordsOf(hits[order[k]]), asked)) {
				misfits[order[k]] = true
			}
		}
	}
	out := append([]int{order[pick]}, order[:pick]...)
	return append(out, order[pick+1:]...), misfits
}
