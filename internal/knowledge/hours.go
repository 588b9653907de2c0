package knowledge

import (
	"regexp"
	"strconv"
	"strings"
)

// Hours of the day, as days (days.go): a block that gives a range of
// hours ("de 10:00 a 17:00", "9am–5pm", "von 8 bis 12 Uhr") has a virtual
// term for each hour it covers (termHour), and a question that gives a
// time of day or a part of it ("a las 11", "at 7pm", "um 15 Uhr", "por la
// mañana", "in the evening") matches the blocks covering it: the off-peak
// row of a price table for a morning, the evening row for a night.
// The match weighs as a generic word.

// termHour is the virtual term of a block that covers hour h (0 to 23).
func termHour(h int) string { return "_hour" + strconv.Itoa(h) }

// hourRange is a range of times: two times, each a number of hours with
// minutes or a mark of the hour ("10:00", "9h", "9 am", "15 Uhr"; one
// end may be a bare number when the other is marked), joined by a dash
// or a word.
var hourRange = regexp.MustCompile(`\b([01]?\d|2[0-4])(?:[:.h]([0-5]\d))?\s?(h\b|uhr\b|am\b|pm\b|a\.m\.|p\.m\.)?(?:\s*[-–—]\s*|\s+(?:to|until|till|à|a|bis|hasta|jusqu'à)\s+)([01]?\d|2[0-4])(?:[:.h]([0-5]\d))?\s?(h\b|uhr\b|am\b|pm\b|a\.m\.|p\.m\.)?`)

// hoursIn returns the hours a lower-case text's ranges of hours cover.
func hoursIn(lower string) (hours [24]bool, any bool) {
	if !timeMark(lower) {
		return hours, false // (no end of a range can be a time: most texts)
	}
	for _, m := range hourRange.FindAllStringSubmatch(lower, -1) {
		from, _ := strconv.Atoi(m[1])
		to, _ := strconv.Atoi(m[4])
		// a time on at least one end: minutes or a mark
		if m[2] == "" && m[3] == "" && m[5] == "" && m[6] == "" {
			continue
		}
		from, to = clockHour(from, m[3]), clockHour(to, m[6])
		if m[3] == "" && isPM(m[6]) && from+12 <= to {
			from += 12 // "1–3pm": the start's afternoon is the end's
		}
		if to == 0 && m[5] == "" {
			to = 24 // "18h-0h", "bis 24 Uhr"
		}
		if m[5] != "" && m[5] != "00" {
			to++ // "until 17:30" covers the hour from 17
		}
		if from >= to || to > 24 {
			continue
		}
		for h := from; h < to; h++ {
			hours[h], any = true, true
		}
	}
	return hours, any
}

// clockHour reads an hour with its mark ("pm", "a.m.", "h", "uhr" or
// none).
func clockHour(h int, mark string) int {
	switch {
	case isPM(mark) && h < 12:
		return h + 12
	case mark != "" && !isPM(mark) && strings.HasPrefix(mark, "a") && h == 12:
		return 0
	}
	return h
}

// isPM says whether a mark is "pm" or "p.m.".
func isPM(mark string) bool { return mark == "pm" || mark == "p.m." }

// partOfDayHours are the hours a part of the day means, as customers say
// it.
var partOfDayHours = []struct {
	re       *regexp.Regexp
	from, to int
}{
	{regexp.MustCompile(`\b(?:morning|mornings|matin|matinée|morgens|vormittags|vormittag|por la mañana|de la mañana|en la mañana|por las mañanas)\b`), 8, 12},
	{regexp.MustCompile(`\b(?:afternoon|afternoons|après-midi|nachmittags|nachmittag|por la tarde|de la tarde|por las tardes|en la tarde)\b`), 13, 18},
	{regexp.MustCompile(`\b(?:evening|evenings|tonight|soir|soirée|abends|abend|por la noche|de la noche)\b`), 18, 22},
}

// questionHours returns the hours a lower-case question means: the time
// of day it gives ("a las 11", "at 7pm", "um 15 uhr", "à 14h"), else the
// part of the day it names.
func questionHours(lower string) (hours [24]bool, any bool) {
	for _, m := range clockTimes.FindAllString(lower, -1) {
		if h, ok := leadingHour(m); ok {
			hours[h], any = true, true
		}
	}
	for _, m := range lasHour.FindAllStringSubmatch(lower, -1) {
		// "a las 11 de la mañana", "a las 8 de la tarde"
		h, _ := strconv.Atoi(m[1])
		if (m[2] == "tarde" || m[2] == "noche") && h < 12 {
			h += 12
		}
		if h < 24 {
			hours[h], any = true, true
		}
	}
	if any {
		return hours, true
	}
	for _, p := range partOfDayHours {
		if p.re.MatchString(lower) {
			for h := p.from; h < p.to; h++ {
				hours[h], any = true, true
			}
		}
	}
	return hours, any
}

// lasHour is a Spanish time of day with its part of the day.
var lasHour = regexp.MustCompile(`\blas\s([01]?\d|2[0-3])(?:[:.][0-5]\d)?(?:\s*h)?\s+de\s+la\s+(mañana|tarde|noche)`)

// leadingHour reads the first number of a time of day (clockTimes's
// match), with its am or pm.
func leadingHour(t string) (int, bool) {
	i := strings.IndexAny(t, "0123456789")
	if i < 0 {
		return 0, false
	}
	j := i
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	h, err := strconv.Atoi(t[i:j])
	if err != nil || h > 24 {
		return 0, false
	}
	rest := strings.ReplaceAll(t[j:], ".", "")
	switch {
	case strings.Contains(rest, "pm") && h < 12:
		h += 12
	case strings.Contains(rest, "am") && h == 12:
		h = 0
	}
	return h % 24, true
}

// hourTerms returns the virtual terms of the hours a text's ranges cover.
func hourTerms(lower string) []string {
	hours, _ := hoursIn(lower)
	return coveredTerms(hours[:], termHour)
}
