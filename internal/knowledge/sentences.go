package knowledge

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentence boundaries are found by rule rather than by a trained Punkt
// model. The Go Punkt port, github.com/neurosnap/sentences v1.1.2 (2023),
// was run on this file's test cases: its German model splits "Zahlen Sie
// z. B. mit PayPal." after "z." and after "B.", its French and Spanish
// models split after "Mr." and "5 p.m.", its English model after "bzw.",
// and only the English model is compiled in (the others are JSON files to
// ship and load). A boundary is a run of ".", "!", "?" or "…" (with any
// closing quotes or brackets) followed by a space and a word that may
// start a sentence, unless the word before the full stop is a known
// abbreviation, a single letter (an initial, "z. B."), or a day number
// before a month ("am 1. März").

// abbreviations are lower-case words that end in a full stop without
// ending a sentence, in the four languages. Inner full stops are kept
// ("e.g", "p.m", "d.h").
var abbreviations = toSet(`
	e.g i.e mr mrs ms dr prof st sr jr vs approx dept est inc ltd co corp no nos fig min max tel ext incl excl
	a.m p.m u.s u.k jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun
	z.b bzw ca usw evtl ggf inkl zzgl exkl d.h u.a o.ä s.o s.u vgl nr str hr fr mio mrd bzgl abs tel std
	lt od u.s.w ev ärztl z.t i.d.r u.v.m tägl mtl ggü gem lfd sog bspw ggfs insb pers zul sogen ltr einschl allg zzt
	mme mlle mm cf env av bd apr.-j.-c j.-c p.ex ex hab qqch qqn
	sra srta sres dña ud uds vd vds pág págs núm aprox dcha izq avda c.p tfno
`)

// months are month names in the four languages (lower case), so that
// "1. März" is read as a date, not a sentence end.
var months = toSet(`january february march april may june july august september october november december
	janvier février mars avril mai juin juillet août septembre octobre novembre décembre
	januar februar märz april mai juni juli august september oktober november dezember
	enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre`)

// Sentences splits text into sentences, each trimmed; their
// concatenation with single spaces is the text with its spaces collapsed.
func Sentences(text string) []string {
	if collapsed := strings.Join(strings.Fields(text), " "); collapsed != text {
		text = collapsed
	} // else the sentences are substrings of text, sharing its memory
	var out []string
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r != '.' && r != '!' && r != '?' && r != '…' {
			i += size
			continue
		}
		end := i + size
		for end < len(text) {
			r2, s2 := utf8.DecodeRuneInString(text[end:])
			if !strings.ContainsRune(".!?…\"'”’»)]", r2) {
				break
			}
			end += s2
		}
		if end >= len(text) || text[end] != ' ' {
			i = end
			continue
		}
		if isBoundary(text[start:i], r, text[end+1:]) && !inBrackets(text[start:end]) && !inQuote(text[start:end], text[end:]) {
			out = append(out, text[start:end])
			start = end + 1
		}
		i = end
	}
	if rest := strings.TrimSpace(text[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// isBoundary says whether the punctuation mark p, after the text before
// and followed by a space and next, ends a sentence.
func isBoundary(before string, p rune, next string) bool {
	first, _ := utf8.DecodeRuneInString(next)
	if unicode.IsLower(first) {
		return false
	}
	if !unicode.IsUpper(first) && !unicode.IsDigit(first) && !strings.ContainsRune("\"'“‘«¿¡([", first) {
		return false
	}
	if p != '.' {
		return true
	}
	word := lastWord(before)
	lw := strings.ToLower(word)
	switch {
	case abbreviations[lw]:
		return false
	case utf8.RuneCountInString(word) == 1 && unicode.IsLetter([]rune(word)[0]):
		return false // an initial, or "z. B."
	case isDigits(word) && len(word) <= 2 && months[strings.ToLower(firstWord(next))]:
		return false // "am 1. März"
	case isDigits(word) && len(word) <= 2 && ordinalBefore[strings.ToLower(lastWord(strings.TrimSpace(strings.TrimSuffix(before, word))))]:
		return false // a German ordinal: "bis zum 3. Werktag", "ab dem 2. Monat"
	case isDigits(word) && len(word) <= 2 && ordinalRange(strings.TrimSpace(strings.TrimSuffix(before, word))):
		return false // the end of a range of ordinals: "von der 21. bis 25. Person"
	}
	return true
}

// ordinalRange says whether text ends on the start of a range of ordinals
// and its "bis" ("von der 21. bis"): the number after is an ordinal too.
func ordinalRange(s string) bool {
	rest, ok := strings.CutSuffix(s, " bis")
	if !ok {
		return false
	}
	rest, ok = strings.CutSuffix(rest, ".")
	w := lastWord(rest)
	return ok && isDigits(w) && len(w) <= 2
}

// inBrackets says whether a sentence so far ends inside brackets opened
// at most maxBracketed bytes before: "(238 € für 6 Übernachtungen,
// Freizeitprogr. lt. Plan)" is one remark, whatever its full stops. A
// bracket left open longer ago is a stray one and no longer holds.
func inBrackets(s string) bool {
	// read back from the end, at most maxBracketed bytes (a check costs
	// that much however long the sentence): an open bracket with no
	// closing one after it
	closes := 0
	for i := len(s) - 1; i >= 0 && len(s)-i <= maxBracketed; i-- {
		switch s[i] {
		case ')':
			closes++
		case '(':
			if closes == 0 {
				return true
			}
			closes--
		}
	}
	return false
}

const maxBracketed = 200

// inQuote says whether a sentence so far ends inside a quotation opened
// with a curly or angle quote that closes soon after (“The minimum call
// out charge … covers the first hour. Hourly rates are $75 …” as the
// answer Google gives): the quotation's full stops are its own. Within
// maxBracketed bytes either side; straight quotes, which open and close
// alike, are left alone.
func inQuote(s, after string) bool {
	for _, q := range [...][2]string{{"“", "”"}, {"«", "»"}} {
		open := strings.LastIndex(s, q[0])
		if open < 0 || len(s)-open > maxBracketed || strings.Contains(s[open:], q[1]) {
			continue
		}
		if close := strings.Index(after, q[1]); close >= 0 && close <= maxBracketed && !strings.Contains(after[:close], q[0]) {
			return true
		}
	}
	return false
}

// ordinalBefore are the German words a number written as an ordinal
// follows ("zum 3. Werktag"): after them the full stop is the ordinal's.
var ordinalBefore = toSet(`am zum zur vom im beim dem den der des ab`)

// lastWord is the last run of letters, digits and inner full stops of s.
func lastWord(s string) string {
	i := len(s)
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '-' {
			break
		}
		i -= size
	}
	return strings.Trim(s[i:], ".-")
}

func firstWord(s string) string {
	f := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
