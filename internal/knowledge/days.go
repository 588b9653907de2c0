package knowledge

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Days of the week. A block that gives a range of days ("de lunes a
// viernes", "Mo–Fr", "du lundi au vendredi", "weekends") has a virtual
// term for each day it covers (termDay), and a question that names a day
// or a group of days ("un martes", "am Samstag", "en semaine") matches
// the blocks covering it: "cuánto cuesta la pista un martes" finds the
// price row "de lunes a viernes de 10:00 a 17:00", which names no
// Tuesday. The match weighs as a generic word: it tells apart the rows of
// one table, not a question's subject.

// termDay is the virtual term of a block that covers day d (0 Monday … 6
// Sunday).
func termDay(d int) string { return "_day" + string(rune('0'+d)) }

// dayOf numbers the days by their names and plurals, in the four
// languages (accents folded too).
var dayOf = foldedDays(map[string]int{
	"monday": 0, "mondays": 0, "tuesday": 1, "tuesdays": 1, "wednesday": 2, "wednesdays": 2, "thursday": 3, "thursdays": 3,
	"friday": 4, "fridays": 4, "saturday": 5, "saturdays": 5, "sunday": 6, "sundays": 6,
	"lundi": 0, "lundis": 0, "mardi": 1, "mardis": 1, "mercredi": 2, "mercredis": 2, "jeudi": 3, "jeudis": 3,
	"vendredi": 4, "vendredis": 4, "samedi": 5, "samedis": 5, "dimanche": 6, "dimanches": 6,
	"montag": 0, "montags": 0, "dienstag": 1, "dienstags": 1, "mittwoch": 2, "mittwochs": 2, "donnerstag": 3, "donnerstags": 3,
	"freitag": 4, "freitags": 4, "samstag": 5, "samstags": 5, "sonnabend": 5, "sonntag": 6, "sonntags": 6,
	"lunes": 0, "martes": 1, "miércoles": 2, "jueves": 3, "viernes": 4, "sábado": 5, "sábados": 5, "domingo": 6, "domingos": 6,
})

// dayAbbrevs are short names, read only as the ends of a range ("Mo–Fr",
// "lun.-ven.", "Mon to Fri"): alone, "mar", "do" or "so" are other words.
var dayAbbrevs = foldedDays(map[string]int{
	"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
	"lun": 0, "mar": 1, "mer": 2, "jeu": 3, "ven": 4, "sam": 5, "dim": 6,
	"mo": 0, "di": 1, "mi": 2, "do": 3, "fr": 4, "sa": 5, "so": 6,
	"mié": 2, "mie": 2, "jue": 3, "vie": 4, "sáb": 5, "sab": 5, "dom": 6,
})

func foldedDays(m map[string]int) map[string]int {
	for w, d := range m {
		m[fold(w)] = d
	}
	return m
}

// dayGroups are words and phrases for the working week and the weekend.
var (
	weekdayWords = regexp.MustCompile(`\b(?:weekdays?|week days|en semaine|jours ouvrables|werktags?|werktage[n]?|wochentags?|wochentage[n]?|unter der woche|entre semana|laborables|días laborables|dias laborables)\b`)
	weekendWords = regexp.MustCompile(`\b(?:weekends?|week-ends?|fins? de semaine|wochenenden?|wochenends|fines? de semana)\b`)
)

// rangeWords join the two ends of a range of days ("monday to friday",
// "du lundi au vendredi", "Montag bis Freitag", "de lunes a viernes").
var rangeWords = map[string]bool{"to": true, "through": true, "thru": true, "till": true, "until": true,
	"au": true, "à": true, "a": true, "al": true, "bis": true, "hasta": true}

// daysIn returns the days a lower-case text covers: its ranges (two names
// or short names joined by a dash or a word: "Mo.–Fr.", "lundi au
// vendredi"), its groups of days and the days it names alone.
func daysIn(lower string) (days [7]bool, any bool) {
	mark := func(d int) { days[d], any = true, true }
	markRange := func(a, b int) {
		for d := a; ; d = (d + 1) % 7 {
			mark(d)
			if d == b {
				break
			}
		}
	}
	// a dash between two names, or nothing but spaces around a word
	dash := func(gap string) bool {
		g := strings.TrimSpace(strings.TrimLeft(gap, "."))
		return g == "-" || g == "–" || g == "—" || g == "/"
	}
	spaces := func(gap string) bool { return gap != "" && strings.TrimSpace(strings.TrimLeft(gap, ".")) == "" }
	// the runs of letters, read once without keeping them: the last two,
	// each with the text before it
	type run struct {
		w, gap string
		day    int // weekday(w), or -1
	}
	var prev, prev2 run
	prev.day, prev2.day = -1, -1
	last := 0
	for i := 0; i < len(lower); {
		r, size := utf8.DecodeRuneInString(lower[i:])
		if !unicode.IsLetter(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(lower) {
			r, size := utf8.DecodeRuneInString(lower[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += size
		}
		cur := run{w: lower[i:j], gap: lower[last:i], day: -1}
		if d, ok := weekday(cur.w); ok {
			cur.day = d
			if d, ok := dayOf[cur.w]; ok {
				mark(d)
			}
			switch {
			case prev.day >= 0 && dash(cur.gap) && prev.day != d:
				markRange(prev.day, d)
			case prev2.day >= 0 && rangeWords[prev.w] && spaces(prev.gap) && spaces(cur.gap) && prev2.day != d:
				markRange(prev2.day, d)
			}
		}
		prev2, prev = prev, cur
		last, i = j, j
	}
	if strings.Contains(lower, "week") || strings.Contains(lower, "sema") || strings.Contains(lower, "woche") ||
		strings.Contains(lower, "werk") || strings.Contains(lower, "labor") || strings.Contains(lower, "ouvrable") {
		if weekdayWords.MatchString(lower) {
			for d := range 5 {
				mark(d)
			}
		}
		if weekendWords.MatchString(lower) {
			mark(5)
			mark(6)
		}
	}
	return days, any
}

// weekday reads a day's name or short name.
func weekday(w string) (int, bool) {
	if d, ok := dayOf[w]; ok {
		return d, true
	}
	d, ok := dayAbbrevs[w]
	return d, ok
}

// dayTerms returns the virtual terms of the days a text covers.
func dayTerms(lower string) []string {
	days, _ := daysIn(lower)
	return coveredTerms(days[:], termDay)
}

// coveredTerms returns the virtual terms, named by name, of the indexes
// set in on (the days or hours a block covers).
func coveredTerms(on []bool, name func(int) string) []string {
	var out []string
	for i, set := range on {
		if set {
			out = append(out, name(i))
		}
	}
	return out
}

// coveredQuery is the query term of the days or hours a question means
// (the indexes set in on): it matches the blocks with their virtual
// terms, named by name, and weighs as a generic word of the rarest of
// them. False when no block has one.
func (b *Base) coveredQuery(on []bool, name func(int) string) (queryTerm, bool) {
	var ms []match
	weight := 0.0
	for _, t := range coveredTerms(on, name) {
		if df := b.df(t); df > 0 {
			ms = append(ms, match{term: t, factor: 1})
			weight = max(weight, b.idf(df))
		}
	}
	if len(ms) == 0 {
		return queryTerm{}, false
	}
	return queryTerm{weight: weight * genericWeight, matches: ms, generic: true}, true
}
