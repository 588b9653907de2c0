package knowledge

import (
	"math"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Base is the knowledge base of one genie: its documents, parsed. It is
// immutable and safe for concurrent use.
type Base struct {
	docs    []*doc
	offsets []int   // the index of each document's first block among all blocks
	blocks  int     // number of blocks
	avgLen  float64 // mean block length in terms
	lang    string  // the language most blocks are in
	langs   []string
	// byFirst holds the documents' terms once each, by language and first
	// byte, for the typo search (a term is in many documents).
	byFirst map[string]map[byte][]string
	// scratch holds the per-question work arrays (*scratch), reused: a
	// question on a large base touches thousands of blocks.
	scratch sync.Pool
}

// scratch is one question's work: the hits and each block's place among
// them (plus one; zero when the block has none), left all zero after use.
type scratch struct {
	hits []hit
	slot []int32
}

func newBase(docs []*doc) *Base {
	b := &Base{docs: docs, lang: EN}
	total := 0.0
	perLang := map[string]int{}
	for _, d := range docs {
		b.offsets = append(b.offsets, b.blocks)
		b.blocks += len(d.blocks)
		total += d.totalLen
		perLang[d.lang] += len(d.blocks)
	}
	if b.blocks > 0 {
		b.avgLen = total / float64(b.blocks)
	}
	b.byFirst = map[string]map[byte][]string{}
	seen := map[string]map[string]bool{} // per language (a key of language and term would be an allocation a term)
	for _, d := range docs {
		if b.byFirst[d.lang] == nil {
			b.byFirst[d.lang] = map[byte][]string{}
			seen[d.lang] = map[string]bool{}
		}
		byFirst, seenLang := b.byFirst[d.lang], seen[d.lang]
		for t := range d.postings {
			if !seenLang[t] {
				seenLang[t] = true
				byFirst[t[0]] = append(byFirst[t[0]], t)
			}
		}
	}
	best := 0
	for _, l := range Languages {
		if perLang[l] > 0 {
			b.langs = append(b.langs, l)
		}
		if perLang[l] > best {
			b.lang, best = l, perLang[l]
		}
	}
	return b
}

// df is the number of blocks that contain the term.
func (b *Base) df(t string) int {
	n := 0
	for _, d := range b.docs {
		n += len(d.postings[t])
	}
	return n
}

func (b *Base) idf(df int) float64 {
	n := float64(b.blocks)
	return math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
}

// match is a term of the index that a query term matches, with the
// weight of that match (1 for the term itself).
type match struct {
	term   string
	factor float64
	head   bool // a compound of the same head only (factorHead)
}

// Match factors: a typo, a prefix (German compounds, a word cut short)
// and a synonym count less than the word itself, so exact matches rank
// first as in Meilisearch.
const (
	factorTypo1   = 0.8
	factorTypo2   = 0.6
	factorPrefix  = 0.6
	factorSynonym = 0.75
	// a German compound of the question word's head ("laufschuh" and
	// "tennisschuh"), times the compound's factor: a thing of the same
	// kind, which does not make the question's thing known (hasUnknown)
	factorHead = 0.74
)

// matches returns the index terms that the query term q matches in the
// language's documents: itself and its synonyms, else its typo variants
// (one typo from 5 letters, two from 9, as Meilisearch's defaults, counted
// on the stem) and its prefix extensions.
func (b *Base) matches(lang, q string) []match {
	var out []match
	if b.df(q) > 0 {
		out = append(out, match{term: q, factor: 1})
	}
	// a specific word the documents do not have, where they have a
	// sibling of it, is not matched through the general word: a page
	// about dogs that says "pets" does not answer about cats
	outOfScope := len(out) == 0 && b.hasAny(siblings[lang][q])
	for _, s := range synonyms[lang][q] {
		if b.df(s) > 0 && !outOfScope {
			out = append(out, match{term: s, factor: factorSynonym})
		}
	}
	// "4" and "four": the same number, as a synonym
	if n, ok := numberTerms[lang][q]; ok && b.df(n) > 0 {
		out = append(out, match{term: n, factor: factorSynonym})
	}
	if lang == DE {
		out = append(out, b.compounds(q, factorPrefix)...)
		for _, s := range synonyms[lang][q] {
			out = append(out, b.compounds(s, factorSynonym*factorPrefix)...)
		}
		out = bestMatches(out)
	}
	if len(out) == 0 && !isDigits(q) {
		// only a word the documents do not have, nor its synonyms, is
		// read as misspelt
		out = b.fuzzy(lang, q)
	}
	return out
}

// hasAny says whether the documents have one of the terms.
func (b *Base) hasAny(terms []string) bool {
	for _, t := range terms {
		if b.df(t) > 0 {
			return true
		}
	}
	return false
}

// fuzzy finds the index terms within the typo budget of q, or extending
// it (q at least 4 letters: "versand" finds "versandkost"). Like
// Meilisearch, which counts a typo on the first letter double, it looks
// only at terms with q's first letter.
func (b *Base) fuzzy(lang, q string) []match {
	n := utf8.RuneCountInString(q)
	budget := 0
	switch {
	case n >= 9:
		budget = 2
	case n >= 5:
		budget = 1
	}
	best := map[string]float64{}
	for _, t := range b.byFirst[lang][q[0]] {
		switch {
		case len(q) >= 4 && len(t) > len(q) && t[:len(q)] == q:
			best[t] = factorPrefix
		case len(t) >= 5 && len(q) > len(t) && q[:len(t)] == t:
			// the stemmer cut one form shorter: "devolu" (devolución)
			// for "devolucion" typed without its accent
			best[t] = factorPrefix
		case budget > 0 && abs(len(t)-len(q)) <= budget:
			switch d := distString(q, t, budget); {
			case d > budget || d == 0:
			case d == 1:
				best[t] = factorTypo1
			default:
				best[t] = factorTypo2
			}
		}
	}
	out := make([]match, 0, len(best))
	for t, f := range best {
		out = append(out, match{term: t, factor: f})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].term < out[j].term })
	return out
}

// distString is dist on strings, without converting ASCII ones.
func distString(a, b string, max int) int {
	if isASCII(a) && isASCII(b) && len(a) < 64 && len(b) < 64 {
		var ra, rb [64]rune
		for i := 0; i < len(a); i++ {
			ra[i] = rune(a[i])
		}
		for i := 0; i < len(b); i++ {
			rb[i] = rune(b[i])
		}
		return dist(ra[:len(a)], rb[:len(b)], max)
	}
	return dist([]rune(a), []rune(b), max)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// compounds returns the German index terms that start or end with q (at
// least 4 letters): "versand" finds "versandkost", "kost" finds
// "versandkost"; and those of at least 4 letters that q starts or ends
// with. German writes compounds as one word, which Snowball does not split.
func (b *Base) compounds(q string, factor float64) []match {
	if utf8.RuneCountInString(q) < 4 {
		return nil
	}
	seen := map[string]bool{q: true}
	var out []match
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, match{term: t, factor: factor})
		}
	}
	for _, d := range b.docs {
		if d.lang != DE {
			continue
		}
		for _, t := range d.compoundsOf(q) {
			add(t)
		}
		// and the parts of a compound question word the documents have:
		// "flughafentransfer" finds "transfer", "eincheck" finds "check"
		for k := 2; k+4 <= len(q); k++ {
			if k >= 4 && len(d.postings[q[:k]]) > 0 {
				add(q[:k])
			}
			// a separable prefix is 2 or 3 letters: "eincheck" finds "check"
			// ("un" is a negation, no part: "ungefähr" is no "Gefahr")
			if len(d.postings[q[k:]]) > 0 && q[:k] != "un" {
				add(q[k:])
			}
		}
	}
	// and the document's compounds of the same head ("laufschuh" finds
	// "tennisschuh" and "hallenschuh": the same thing of another kind), at
	// less than a part's weight
	for k := 3; k+5 <= len(q); k++ {
		head := q[k:]
		r := reverse(head)
		for _, d := range b.docs {
			if d.lang != DE {
				continue
			}
			for i := sort.SearchStrings(d.rvocab, r); i < len(d.rvocab) && strings.HasPrefix(d.rvocab[i], r); i++ {
				// (a part of 3 letters or more before the head in both:
				// "gefahr" is no compound of "efahr")
				if t := reverse(d.rvocab[i]); len(t) >= len(head)+3 && !seen[t] {
					seen[t] = true
					out = append(out, match{term: t, factor: factor * factorHead, head: true})
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].term < out[j].term })
	return out
}

// bestMatches keeps each term once, with its best factor, in term order.
func bestMatches(ms []match) []match {
	best := map[string]match{}
	for _, m := range ms {
		if b, ok := best[m.term]; !ok || m.factor > b.factor {
			best[m.term] = m
		}
	}
	out := make([]match, 0, len(best))
	for _, m := range best {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].factor != out[j].factor {
			return out[i].factor > out[j].factor
		}
		return out[i].term < out[j].term
	})
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dist is the Damerau–Levenshtein (optimal string alignment) distance of
// a and b, or max+1 when it is more than max.
func dist(a, b []rune, max int) int {
	if abs(len(a)-len(b)) > max {
		return max + 1
	}
	var buf [3 * 65]int
	rows := buf[:]
	if len(b) >= 65 {
		rows = make([]int, 3*(len(b)+1))
	}
	w := len(b) + 1
	prev2, prev, cur := rows[:w], rows[w:2*w], rows[2*w:3*w]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(b)] > max {
		return max + 1
	}
	return prev[len(b)]
}
