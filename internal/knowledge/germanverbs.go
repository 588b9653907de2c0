package knowledge

import "strings"

// germanSeparable are the separable verb prefixes of German, before which
// a past participle puts its "ge" ("ab-ge-sagt", "zurück-ge-geben").
var germanSeparable = []string{"", "ab", "an", "auf", "aus", "bei", "ein", "mit", "nach", "vor", "weg", "zu", "zurück", "durch", "um", "los", "her", "hin", "fest", "frei", "vorbei", "weiter"}

// germanVerbForms returns the infinitives that a German word may be an
// inflected form of: a past participle ge-…-t, ge-…-en, also after a
// separable prefix ("gemacht" → "machen", "abgesagt" → "absagen",
// "zurückgegeben" → "zurückgeben"), and with present a present form in
// -e, -t, -et, -st ("bezahle" → "bezahlen", "bringt" → "bringen",
// "kostet" → "kosten") and, for a verb made of a noun with -ieren, the
// noun ("transportiere" → "transport"). The Snowball stemmer removes endings of
// nouns and adjectives but leaves these forms whole, so a customer's "was
// wird gemacht" would not find "machen". The candidates are only looked
// up: a form that is no verb ("Zeit" → "zeien") finds nothing.
func germanVerbForms(w string, present bool) []string {
	if len([]rune(w)) < 5 {
		return nil
	}
	var out []string
	for _, p := range germanSeparable {
		rest, ok := strings.CutPrefix(w, p+"ge")
		if !ok || len([]rune(rest)) < 3 {
			continue
		}
		switch {
		case strings.HasSuffix(rest, "en"):
			out = append(out, p+rest)
		case strings.HasSuffix(rest, "et"):
			out = append(out, p+strings.TrimSuffix(rest, "et")+"en")
		case strings.HasSuffix(rest, "t"):
			out = append(out, p+strings.TrimSuffix(rest, "t")+"en")
		}
	}
	if !present {
		return out
	}
	// a verb made of a noun with -ieren ("transportiere", "reserviert"):
	// the noun ("Transport" in "Transportkorb")
	for _, end := range []string{"ieren", "iere", "ierst", "iert"} {
		if root, ok := strings.CutSuffix(w, end); ok && len([]rune(root)) >= 4 {
			out = append(out, root)
			break
		}
	}
	switch {
	case strings.HasSuffix(w, "e"):
		out = append(out, w+"n")
	case strings.HasSuffix(w, "et"):
		out = append(out, strings.TrimSuffix(w, "et")+"en", strings.TrimSuffix(w, "t")+"n")
	case strings.HasSuffix(w, "st"):
		out = append(out, strings.TrimSuffix(w, "st")+"en")
	case strings.HasSuffix(w, "t"):
		out = append(out, strings.TrimSuffix(w, "t")+"en")
	}
	return out
}
