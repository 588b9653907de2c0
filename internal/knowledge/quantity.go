package knowledge

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A numRange is a quantity a table row states in one of its cells: a
// range ("6 to 9 inches", "50–100 €"), a limit ("bis 15 €", "up to 5
// knives", "über 300 €", or a number under a header that says "bis
// einschließlich"), or a number alone. A question that gives a quantity of
// the same unit ("wenn ich mir 80 euro leihe", "i have 8 knives") picks
// the row of the table whose quantity holds it (rowForQuantity).
type numRange struct {
	lo, hi float64 // ±Inf for an open end
	unit   string  // unitMoney, unitSize, a unit's symbol (unitNames) or the unit word's stem
	table  int32   // the block index of the table's first row
}

// termQuantity, followed by a unit, is the virtual term of a table row
// stating a range or limit of that unit: a question's quantity of the
// unit ("80 euro", "8 knives") matches it besides its number, which the
// row does not have (it has the limit).
const termQuantity = "_q"

// questionQuantities maps the numbers of a question that have a unit, as
// words gives them, to their unit in a documents' language, when a table
// row of the base has a range or limit of that unit holding them ("35
// euros" names a service in "Intervención sencilla — 35 €", not a row of
// "de 3 a 5 €").
func (b *Base) questionQuantities(lang, lower string) map[string]string {
	var out map[string]string
	for _, q := range quantitiesOf(lang, lower) {
		n := lower[q.start:q.end]
		if q.unit == unitSize || strings.ContainsAny(n, " \u00a0\u202f") {
			// "8x10" is one word; "30 by 40 inches" and "420 000" stand
			// in their first
			n = firstOf(words(n))
		}
		if !isDigits(n) && q.unit != unitSize {
			continue
		}
		u := unitOf(lang, q, lower)
		if !b.holdsQuantity(u, q.value) {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[n] = u
	}
	return out
}

// firstOf is the first of ws, or "".
func firstOf(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// holdsQuantity says whether a table row of the base has a range or limit
// of the unit holding v.
func (b *Base) holdsQuantity(unit string, v float64) bool {
	for _, d := range b.docs {
		for _, rs := range d.ranges {
			for _, r := range rs {
				if _, ok := r.holds(v); ok && r.unit == unit && r.lo != r.hi {
					return true
				}
			}
		}
	}
	return false
}

// unitWord is the unit a lower-case word names: a unit's symbol for its
// names in the four languages ("12 kilos" and "10 kg", "30 Kilometer" and
// "30 km", "1500 liter" and "1.500 l"), else the word's stem.
func unitWord(lang, w string) string {
	w = fold(w)
	if u, ok := unitNames[w]; ok {
		return u
	}
	return stem(lang, w)
}

// unitNames are the names of the units customers and pages write both
// ways.
var unitNames = func() map[string]string {
	m := map[string]string{}
	for u, names := range map[string]string{
		"kg": `kg kgs kilo kilos kilogram kilograms kilogramm kilogramme kilogrammes kilogramo kilogramos`,
		"km": `km kms kilometer kilometern kilometers kilometre kilometres kilomètre kilomètres kilómetro kilómetros`,
		"l":  `l liter litern liters litre litres litro litros`,
	} {
		for _, n := range strings.Fields(names) {
			m[fold(n)] = u
		}
	}
	return m
}()

// unitMoney is the unit of an amount of money, whatever its currency.
const unitMoney = "¤"

// The words that make a number a limit, before it in its cell or in its
// column's header: an upper one ("bis 15 €", "up to 5 knives",
// "Darlehen bis einschließlich") or a lower one ("über 300 €", "from 6
// inches", "à partir de 10 kg").
var (
	upperWords = folded(toSet(`bis up upto jusqu jusque hasta max maxi maximum until till through einschließlich inclusive inclus incluso`))
	lowerWords = folded(toSet(`ab from plus partir dès des desde minimum mini min`))
	// limits that leave their own number out ("under 13", "larger than
	// 24×36\"", "über 300 €")
	underWords    = folded(toSet(`under unter moins menos below smaller less fewer`))
	overWords     = folded(toSet(`über uber over más mas mehr more above larger bigger greater größer grösser mayor mayores`))
	qtyRangeWords = folded(toSet(`to à a bis y and und et au al up`))
)

// quantityNumber finds the numbers of a text: digits with a decimal comma
// or point, or thousands separated by a point, a comma or a space ("420
// 000 €").
var quantityNumber = regexp.MustCompile(`\d{1,3}(?:[ \x{a0}\x{202f}]\d{3})+(?:,\d+)?\b|\d+(?:[.,]\d+)*`)

// rowRanges reads the quantities of a table row's cells, each under its
// column's header.
func rowRanges(lang string, header, row []string, table int32) []numRange {
	var out []numRange
	for i, cell := range row {
		hint := 0
		if i < len(header) {
			hint = boundOf(words(strings.ToLower(header[i])))
		}
		for _, r := range cellRanges(lang, cell, hint) {
			r.table = table
			out = append(out, r)
		}
	}
	return out
}

// boundOf says whether words make a limit: -1 an upper one, 1 a lower
// one, -2 and 2 the same leaving their number out, 0 none.
func boundOf(ws []string) int {
	for _, w := range ws {
		switch {
		case upperWords[w]:
			return -1
		case lowerWords[w]:
			return 1
		case underWords[w]:
			return -2
		case overWords[w]:
			return 2
		}
	}
	return 0
}

// quantity is a number found in a text with its unit.
type quantity struct {
	value      float64
	unit       string
	start, end int // the number's bytes in the text
}

// unitSize is the unit of a size given as two dimensions ("8x10", "24 ×
// 36 in", "30 by 40 inches"), whose value is their product: a piece's
// size picks the row of sizes that holds its area.
const unitSize = "×"

// sizeDims finds sizes of two dimensions: "8x10", "5×7\"", "30 by 40
// inches", "11 x 14 cm".
var sizeDims = regexp.MustCompile(`(\d+(?:[.,]\d+)?)\s*(?:"|″|in\b|cm\b|ft\b|')?\s*(?:x|×|by|par|mal|por)\s*(\d+(?:[.,]\d+)?)(?:\s*(?:"|″|inches\b|inch\b|in\b|cm\b|ft\b|feet\b|'|zoll\b|pouces\b|pulgadas\b))?`)

// quantitiesOf finds the numbers of a text that have a unit: a currency
// before or after them ("$20", "100 €", "80 euro"), or the word after
// them ("5 knives", "2 kg"), and sizes of two dimensions ("8x10": the
// product, unitSize). Times ("10:30") and fractions ("1/3") are none.
func quantitiesOf(lang, text string) []quantity {
	var out []quantity
	var sizes [][]int
	for _, m := range sizeDims.FindAllStringSubmatchIndex(text, -1) {
		if before, _ := utf8.DecodeLastRuneInString(text[:m[0]]); m[0] > 0 && (unicode.IsLetter(before) || unicode.IsDigit(before)) {
			continue
		}
		a, ok1 := parseAmount(text[m[2]:m[3]])
		b, ok2 := parseAmount(text[m[4]:m[5]])
		if !ok1 || !ok2 || a == 0 || b == 0 {
			continue
		}
		out = append(out, quantity{value: a * b, unit: unitSize, start: m[0], end: m[1]})
		sizes = append(sizes, m[:2])
	}
	inSize := func(s int) bool {
		for _, sz := range sizes {
			if s >= sz[0] && s < sz[1] {
				return true
			}
		}
		return false
	}
	for _, loc := range quantityNumber.FindAllStringIndex(text, -1) {
		s, e := loc[0], loc[1]
		if inSize(s) {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(text[:s])
		after, _ := utf8.DecodeRuneInString(text[e:])
		if after == 'x' || after == '×' || before == 'x' || before == '×' || after == ':' || before == ':' || after == '/' || before == '/' ||
			(s > 0 && unicode.IsLetter(before)) {
			continue
		}
		v, ok := parseAmount(text[s:e])
		if !ok {
			continue
		}
		unit := ""
		rest := strings.TrimLeft(text[e:], " \u00a0")
		switch {
		case strings.ContainsRune("$£", before) || strings.HasPrefix(rest, "€") || strings.HasPrefix(rest, "$") || strings.HasPrefix(rest, "£"):
			unit = unitMoney
		default:
			w := firstWordOf(rest)
			lw := strings.ToLower(w)
			switch {
			case lw == "":
			case currencies[lw] || lw == "euro" || lw == "dollar":
				unit = unitMoney
			case durationUnits[lw] || ageUnits[lw] || durationUnits[fold(lw)]:
				// a time or an age: other rules read them (a waiting
				// period, an age limit)
			case !stopwords[lang][lw] && !isDigits(lw):
				unit = unitWord(lang, lw)
			}
		}
		if unit != "" {
			out = append(out, quantity{value: v, unit: unit, start: s, end: e})
		}
	}
	slices.SortFunc(out, func(a, b quantity) int { return a.start - b.start })
	return out
}

// firstWordOf is the letters that open s.
func firstWordOf(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		return s
	}
	return s[:end]
}

// parseAmount reads "1,00", "2.50", "1.500" and "1,500" (thousands),
// "12".
func parseAmount(s string) (float64, bool) {
	s = strings.NewReplacer(" ", "", "\u00a0", "", "\u202f", "").Replace(s)
	if i := strings.LastIndexAny(s, ".,"); i >= 0 {
		if len(s)-i-1 == 3 && !strings.ContainsAny(s[:i], ".,") {
			s = s[:i] + s[i+1:] // "1.500", "1,500": thousands (a price's decimals are two)
		} else {
			intPart := strings.NewReplacer(".", "", ",", "").Replace(s[:i])
			s = intPart + "." + s[i+1:]
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// cellRanges reads a cell's quantities: two numbers joined by a range's
// word or a dash, the second with its unit ("6 to 9 inches", "50 – 100
// €"), are a range; a number with its unit after a limit's word ("bis 15
// €", "über 300 €") or before one ("1,500 gallons or less"), or under a
// header saying so (hint), a limit; a number with its unit alone itself.
func cellRanges(lang, cell string, hint int) []numRange {
	qs := quantitiesOf(lang, cell)
	if len(qs) == 0 {
		return nil
	}
	var out []numRange
	used := map[int]bool{} // quantities read as a range's end
	// a range opens on a size ("5×7\" up to 8×10\"") or a number
	type opener struct {
		loc []int
		lo  float64
	}
	var openers []opener
	for _, q := range qs {
		if q.unit == unitSize {
			openers = append(openers, opener{[]int{q.start, q.end}, q.value})
		}
	}
	for _, loc := range quantityNumber.FindAllStringIndex(cell, -1) {
		inSize := slices.ContainsFunc(qs, func(q quantity) bool { return q.unit == unitSize && loc[0] >= q.start && loc[0] < q.end })
		if v, ok := parseAmount(cell[loc[0]:loc[1]]); ok && !inSize {
			openers = append(openers, opener{loc, v})
		}
	}
	for _, o := range openers {
		loc := o.loc
		if m, ok := rangeEnd(cell, loc, o.lo, qs); ok && !used[m] {
			out = append(out, numRange{lo: o.lo, hi: qs[m].value, unit: qs[m].unit})
			used[m] = true
			for k := range qs {
				if qs[k].start == loc[0] {
					used[k] = true // "50 € – 100 €": its first end too
				}
			}
		}
	}
	for k, q := range qs {
		if used[k] {
			continue
		}
		bound := boundOf(lastWords(cell[:q.start], 3))
		if bound == 0 {
			bound = boundAfter(cell[q.end:])
		}
		if bound == 0 {
			bound = hint
		}
		r := numRange{lo: q.value, hi: q.value, unit: q.unit}
		switch bound {
		case -1:
			r.lo = math.Inf(-1)
		case -2:
			r.lo, r.hi = math.Inf(-1), math.Nextafter(q.value, math.Inf(-1))
		case 1:
			r.hi = math.Inf(1)
		case 2:
			r.lo, r.hi = math.Nextafter(q.value, math.Inf(1)), math.Inf(1)
		}
		out = append(out, r)
	}
	return out
}

// rangeEnd finds the quantity (its index in qs) that ends a range opening
// on the number at loc: after the number (and its currency, "50 € – 100
// €"), a dash or a range's word, then a greater number with its unit.
func rangeEnd(cell string, loc []int, lo float64, qs []quantity) (int, bool) {
	rest := strings.TrimLeft(cell[loc[1]:], " \u00a0")
	for _, sym := range []string{"€", "$", "£"} {
		rest = strings.TrimPrefix(rest, sym)
	}
	rest = strings.TrimLeft(rest, " \u00a0")
	switch w := strings.ToLower(firstWordOf(rest)); {
	case strings.HasPrefix(rest, "-"), strings.HasPrefix(rest, "–"), strings.HasPrefix(rest, "—"):
	case w != "" && qtyRangeWords[w]:
	default:
		return 0, false
	}
	at := len(cell) - len(rest) // where the joining dash or word starts
	for k, q := range qs {
		if q.start > loc[1] && q.start <= at+12 && q.value > lo {
			return k, true
		}
	}
	return 0, false
}

// boundAfter reads a limit after a number and its unit: "1,500 gallons or
// less", "3 and up", "ou plus", "oder mehr", "o menos".
func boundAfter(rest string) int {
	ws := words(strings.ToLower(rest))
	for i := 0; i+1 < len(ws) && i < 3; i++ {
		if !ageOr[ws[i]] {
			continue
		}
		switch {
		case orLess[ws[i+1]]:
			return -1
		case orMore[ws[i+1]]:
			return 1
		}
		return 0
	}
	return 0
}

// Words after "or" that make the number before a limit.
var (
	orLess = folded(toSet(`less fewer under below smaller moins weniger menos`))
	orMore = folded(toSet(`more up over above larger plus mehr más mas`))
)

// lastWords is the last n lower-case words of s.
func lastWords(s string, n int) []string {
	ws := words(strings.ToLower(s))
	if len(ws) > n {
		ws = ws[len(ws)-n:]
	}
	return ws
}

// rowForQuantity puts first, when the question gives a quantity and one
// of the best passages is a table row stating quantities of its unit, the
// row of that table whose quantity holds it best: a range holding it, the
// smallest upper limit above it, the greatest lower limit below it, or
// its very number ("80 euro" finds "Darlehen bis einschließlich 100 € —
// Gebühr pro Monat: 2,50 €" among the limits 15 € to 300 €). The table's
// other rows of that unit do not answer in its place (misfits).
func (b *Base) rowForQuantity(hits []hit, order []int, question string, misfits map[int]bool) ([]int, map[int]bool) {
	if len(order) == 0 {
		return order, misfits
	}
	lower := strings.ToLower(question)
	qs := quantitiesOf(b.docs[hits[order[0]].doc].lang, lower)
	if len(qs) == 0 {
		return order, misfits
	}
	best := hits[order[0]].score
	if top := b.docs[hits[order[0]].doc]; top.ranges[int32(hits[order[0]].block)] == nil {
		// the best passage gives the question's very quantity ("pour une
		// maison vendue 180 000 € net vendeur, les honoraires sont de
		// 7 %, soit 12 600 €"): a worked example answers before the row
		for _, tq := range quantitiesOf(top.lang, strings.ToLower(top.blocks[hits[order[0]].block].text)) {
			for _, q := range qs {
				if tq.value == q.value && tq.unit == unitOf(top.lang, q, lower) {
					return order, misfits
				}
			}
		}
	}
	for _, oi := range order {
		h := hits[oi]
		d := b.docs[h.doc]
		rs := d.ranges[int32(h.block)]
		if h.score < best-ageMargin || len(rs) == 0 {
			continue
		}
		for _, q := range qs {
			q.unit = unitOf(d.lang, q, lower)
			table := int32(-1)
			for _, r := range rs {
				if r.unit == q.unit {
					table = r.table
				}
			}
			if table < 0 {
				continue
			}
			pick, gap := -1, math.Inf(1)
			var others []int
			for i := range hits {
				if hits[i].doc != h.doc {
					continue
				}
				for _, r := range d.ranges[int32(hits[i].block)] {
					if r.table != table || r.unit != q.unit {
						continue
					}
					others = append(others, i)
					if g, ok := r.holds(q.value); ok && g < gap {
						pick, gap = i, g
					}
				}
			}
			if pick < 0 || hits[pick].score < best-ageMargin || refuse(hits[pick]) {
				continue
			}
			if misfits == nil {
				misfits = map[int]bool{}
			}
			for _, i := range others {
				if i != pick {
					misfits[i] = true
				}
			}
			out := append(make([]int, 0, len(order)+1), pick)
			for _, i := range order {
				if i != pick {
					out = append(out, i)
				}
			}
			return out[:min(len(out), maxPassages)], misfits
		}
	}
	return order, misfits
}

// unitOf is the unit of a question's quantity in a documents' language
// (the question may be in another: its money is money in any); lower is
// the lower-case question q was found in.
func unitOf(lang string, q quantity, lower string) string {
	if q.unit == unitMoney || q.unit == unitSize {
		return q.unit
	}
	return unitWord(lang, firstWordOf(strings.TrimLeft(lower[q.end:], " \u00a0")))
}

// holds says whether a range holds v, and how far its nearest limit is
// (0 for its very number or a closed range).
func (r numRange) holds(v float64) (float64, bool) {
	if v < r.lo || v > r.hi {
		return 0, false
	}
	switch {
	case math.IsInf(r.lo, -1) && math.IsInf(r.hi, 1):
		return math.Inf(1), true
	case math.IsInf(r.lo, -1):
		return r.hi - v, true
	case math.IsInf(r.hi, 1):
		return v - r.lo, true
	}
	return 0, true
}
