package gendocs

import (
	"math"
	"sort"

	"github.com/geniehq/genie/internal/knowledge"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// Language detection is a stopword-frequency score: the sources' words
// are counted against the most frequent function words of each language
// below, and the language with the most hits wins. Nine languages are
// known so that a source in one the generator does not support is named
// and refused instead of being misread as English; text mostly in a
// non-Latin script is refused too. Text with too few function words to
// judge (a price list) counts as English.

// Supported languages.
const (
	langEN = "en"
	langFR = "fr"
	langDE = "de"
	langES = "es"
)

var langNames = map[string]string{"en": "English", "fr": "French", "de": "German", "es": "Spanish", "it": "Italian",
	"pt": "Portuguese", "nl": "Dutch", "pl": "Polish", "sv": "Swedish"}

// detectLanguage returns the language of the texts, and whether the
// generator supports it (knowledge.DetectSupported: English, French,
// German and Spanish; Italian, Portuguese, Dutch, Polish and Swedish are
// recognised to be refused by name).
func detectLanguage(texts ...string) (string, bool) { return knowledge.DetectSupported(texts...) }

// unsupportedLanguage is the VALIDATION_ERROR for sources in a language the
// generator does not support.
func unsupportedLanguage(lang string) error {
	name := langNames[lang]
	what := "the sources are in a language that is not supported"
	if name != "" {
		what = "the sources are in " + name + ", which is not supported"
	}
	return apperr.Invalid("documentIds", "documentIds: %s; generated documents support English, French, German and Spanish sources", what)
}

// sourceLanguage detects the language of the request's sources, or returns
// the error for an unsupported one.
func sourceLanguage(sources []Source) (string, error) {
	texts := make([]string, 0, len(sources))
	for _, s := range sources {
		texts = append(texts, s.Content)
	}
	lang, ok := detectLanguage(texts...)
	if !ok {
		return "", unsupportedLanguage(lang)
	}
	return lang, nil
}

// langTerms returns the terms of s in the language as the knowledge model
// reads them (knowledge.Terms: lower case, stop words and one-letter words
// out, accents folded, Snowball stems: answers and generated documents
// rank passages on the same terms), without the words every request for a
// document has (extraStop: "questions", "customers", "guide").
func langTerms(lang, s string) []string {
	var out []string
	for _, t := range knowledge.Terms(s, lang) {
		if !extraStopStems[lang][t] {
			out = append(out, t)
		}
	}
	return out
}

// extraStopStems are extraStop's words as terms.
var extraStopStems = func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for lang, set := range extraStop {
		out[lang] = map[string]bool{}
		for w := range set {
			for _, t := range knowledge.Terms(w, lang) {
				out[lang][t] = true
			}
		}
	}
	return out
}()

// extraStop are words of a purpose that say what kind of document is
// wanted rather than what it is about.
var extraStop = map[string]map[string]bool{
	langEN: toSet(`questions question faq guide customers customer new ask asked people information know`),
	langFR: toSet(`questions question guide clients client nouveaux informations savoir sur comment quoi`),
	langDE: toSet(`fragen frage anleitung kunden kunde neue informationen wissen über wie was`),
	langES: toSet(`preguntas pregunta guía clientes cliente nuevos información saber sobre cómo qué`),
}

// bm25 scores passages against a query with Okapi BM25 (k1 1.2, b 0.75).
type bm25 struct {
	query []string
	df    map[string]int
	n     int
	avgdl float64
	docs  [][]string
}

// newBM25 indexes the documents (already turned into terms).
func newBM25(query []string, docs [][]string) *bm25 {
	m := &bm25{df: map[string]int{}, n: len(docs), docs: docs}
	seenQ := map[string]bool{}
	for _, q := range query {
		if !seenQ[q] {
			seenQ[q] = true
			m.query = append(m.query, q)
		}
	}
	sort.Strings(m.query)
	total := 0
	for _, d := range docs {
		total += len(d)
		seen := map[string]bool{}
		for _, t := range d {
			if seenQ[t] && !seen[t] {
				seen[t] = true
				m.df[t]++
			}
		}
	}
	if len(docs) > 0 {
		m.avgdl = float64(total) / float64(len(docs))
	}
	return m
}

// score is document i's BM25 score.
func (m *bm25) score(i int) float64 {
	return m.scoreTerms(m.docs[i])
}

// scoreTerms scores any passage with the index's statistics.
func (m *bm25) scoreTerms(d []string) float64 {
	if len(m.query) == 0 || m.avgdl == 0 {
		return 0
	}
	tf := map[string]int{}
	for _, t := range d {
		tf[t]++
	}
	const k1, b = 1.2, 0.75
	s := 0.0
	for _, q := range m.query {
		f := float64(tf[q])
		if f == 0 {
			continue
		}
		df := float64(m.df[q])
		idf := math.Log(1 + (float64(m.n)-df+0.5)/(df+0.5))
		s += idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(len(d))/m.avgdl))
	}
	return s
}
