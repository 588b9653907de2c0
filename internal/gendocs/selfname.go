package gendocs

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// selfNameOf returns the name a page of terms calls its business by when
// it writes of it in the third person ("DFW Christmas Lights Install will
// test all of the lighting …", "… keeps full ownership …"): two to six
// words, each capitalised, that open at least two sentences and are
// followed by a lower-case word. "" when no name does.
func selfNameOf(parts []part) string {
	count := map[string]int{} // by nameKey
	first := map[string]string{}
	for _, p := range parts {
		for _, b := range p.blocks {
			for _, sent := range sentences(b.text) {
				if name := nameSubject(sent); name != "" {
					k := nameKey(name)
					if count[k]++; first[k] == "" {
						first[k] = name
					}
				}
			}
		}
	}
	best := ""
	for k, n := range count {
		if n >= 2 && (best == "" || n > count[best] || n == count[best] && k < best) {
			best = k
		}
	}
	return first[best]
}

// nameSubject returns the capitalised words opening a sentence before its
// first lower-case word, when they are two to six and that word may be a
// verb (no article, preposition or conjunction).
func nameSubject(sent string) string {
	ws := strings.Fields(sent)
	k := 0
	for k < len(ws) && k < 7 {
		r, _ := utf8.DecodeRuneInString(ws[k])
		if !unicode.IsUpper(r) || strings.ContainsAny(ws[k], ",;:.!?()") {
			break
		}
		k++
	}
	if k < 2 || k > 6 || k == len(ws) || !businessVerbs[ws[k]] {
		return ""
	}
	return strings.Join(ws[:k], " ")
}

// businessVerbs are what a business's name is the subject of in its
// terms ("… will test", "… keeps full ownership", "… reserves the
// right"): a capitalised run before another word ("Drop Off times are
// …") is no name.
var businessVerbs = map[string]bool{"will": true, "can": true, "may": true, "must": true, "shall": true, "cannot": true,
	"does": true, "is": true, "has": true, "keeps": true, "offers": true, "provides": true, "reserves": true,
	"charges": true, "accepts": true, "requires": true, "uses": true, "sells": true, "rents": true, "guarantees": true,
	"agrees": true, "assumes": true, "retains": true, "owns": true, "supplies": true, "installs": true, "delivers": true,
	"collects": true, "schedules": true, "strives": true, "works": true, "makes": true, "tests": true, "gives": true, "would": true, "should": true}

// asBusiness writes a sentence whose subject is the business's own name
// (name) as the business's own words: "DFW Lights Install keeps full
// ownership …" is "We keep full ownership …", which the rule questions
// read ("Do you keep …?").
func asBusiness(name, s string) string {
	if name == "" {
		return s
	}
	// (the page's slips name it a little otherwise: "DFW Christmas Light
	// Install" for "DFW Christmas Lights Install")
	said := nameSubject(s)
	if said == "" || said != name && nameKey(said) != nameKey(name) {
		return s
	}
	rest := strings.Fields(s[len(said)+1:])
	if len(rest) == 0 {
		return s
	}
	rest[0] = firstPluralVerb(rest[0])
	return "We " + strings.Join(rest, " ")
}

// firstPluralVerb is a verb of the third person singular in the first person
// plural ("keeps" keep, "is" are, "has" have, "carries" carry; "will"
// as it is).
func firstPluralVerb(v string) string {
	switch v {
	case "is":
		return "are"
	case "has":
		return "have"
	case "does":
		return "do"
	case "was":
		return "were"
	case "will", "can", "may", "must", "shall", "should", "would", "could", "cannot", "might":
		return v
	}
	switch {
	case strings.HasSuffix(v, "ies") && len(v) > 4:
		return v[:len(v)-3] + "y"
	case strings.HasSuffix(v, "sses"), strings.HasSuffix(v, "shes"), strings.HasSuffix(v, "ches"), strings.HasSuffix(v, "xes"), strings.HasSuffix(v, "zes"):
		return v[:len(v)-2]
	case strings.HasSuffix(v, "s") && !strings.HasSuffix(v, "ss") && len(v) > 2:
		return v[:len(v)-1]
	}
	return v
}

// nameKey is a name with each word's plural "s" dropped.
func nameKey(name string) string {
	ws := strings.Fields(strings.ToLower(name))
	for i, w := range ws {
		ws[i] = strings.TrimSuffix(w, "s")
	}
	return strings.Join(ws, " ")
}
