package knowledge

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Answer types, as in classic question answering: a question about a price
// ("how much", "was kostet", "combien", "cuánto cuesta") is answered by a
// passage with an amount of money, whether or not the passage uses the
// question's word for it. Blocks with an amount carry the virtual term
// termPrice, and the question's price words match it as a synonym; ages
// likewise (termAge, below). (The
// same for "when" questions and times or durations was tried and dropped:
// on the tuning sets it picked passages with a number of days that were
// not the answer more often than it found the right one.)
const termPrice = "_price"

// priceWords ask for a price (lower case, accents as typed and folded).
var priceWords = foldedAll(map[string]map[string]bool{
	EN: toSet(`cost costs price prices fee fees charge charges expensive much`),
	FR: toSet(`prix coût coûte coûtent combien tarif tarifs frais cher`),
	DE: toSet(`kosten kostet preis preise gebühr gebühren teuer wiehoch`),
	ES: toSet(`precio precios cuesta cuestan cuánto cuánta coste costo tarifa caro`),
})

var currencies = toSet(`€ $ £ eur euro euros usd chf gbp dollars`)

// termAge is the virtual term of a block that states an age ("Children
// under 13 must be supervised", "Il faut avoir plus de 6 ans", "Kinder bis
// 12 Jahre"): a question that gives or asks an age ("mon fils a 8 ans",
// "my son is 17, can he …", "wie alt", "qué edad") matches it, whether or
// not the block has the question's number. Customers ask about their
// child's case; pages state the limit.
const termAge = "_age"

// ageUnits follow a number of years ("6 ans", "12 Jahre"); "an" and "yo"
// are left out ("$5 an hour", Spanish "yo").
var ageUnits = folded(toSet(`year years yr yrs ans jahr jahre jahren jährig jährige jährigen jähriger año años`))

// ageMarkers say that a number near them is an age.
var ageMarkers = folded(toSet(`age ages aged âge âgé âgée âgés âgées old alter alt mindestalter altersgrenze edad
	mayor mayores menor menores minderjährig minderjährige minderjährigen volljährig adult adults adulte adultes
	erwachsene erwachsenen erwachsener adulto adultos avoir youngest`))

// agePersons are the people whose age a question gives or a rule limits.
var agePersons = folded(toSet(`son sons daughter daughters kid kids child children boy boys girl girls teen teens teenager
	teenagers nephew niece grandson granddaughter minor minors
	fils fille filles enfant enfants ado ados adolescent adolescents neveu nièce garçon mineur mineurs
	sohn tochter kind kinder kindern neffe nichte enkel enkelin junge mädchen jugendliche jugendlichen
	hijo hija hijos hijas niño niña niños niñas sobrino sobrina nieto nieta adolescente adolescentes`))

// ageLittle are the words for a small child ("mon petit de 5 ans", "my
// little one is 3", "el peque tiene 4 años"): a number after them is an
// age only with its unit ("un petit groupe de 5" is a count).
var ageLittle = folded(toSet(`petit petite petits petites bébé bébés baby babies toddler toddlers little one
	peque peques pequeño pequeña pequeños pequeñas bebé bebés kleine kleiner kleinen baby`))

// ageNumber says whether a word is a number of years a person may be.
func ageNumber(w string) bool {
	if w == "" || len(w) > 3 || strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return false
	}
	n, _ := strconv.Atoi(w)
	return n >= 1 && n <= 120
}

// agesAt returns the indexes of the words of ws that are ages: numbers
// followed by a unit of years in a text about people or ages, or numbers
// with a person or an age word at most three words before or after them
// ("Children under 13", "mon fils a 8 ans", "meine 14 jährige Tochter").
func agesAt(ws []string) []int {
	var at []int
	context := false
	for _, w := range ws {
		if agePersons[w] || ageMarkers[w] || ageLittle[w] {
			context = true
			break
		}
	}
	if !context {
		return nil
	}
	for i, w := range ws {
		if !ageNumber(w) {
			continue
		}
		near := false
		for j := max(0, i-3); j <= min(len(ws)-1, i+3); j++ {
			if j != i && (agePersons[ws[j]] || ageMarkers[ws[j]]) {
				near = true
			}
		}
		if near || i+1 < len(ws) && ageUnits[ws[i+1]] {
			at = append(at, i)
		}
	}
	return at
}

// ageGroups are the words of a rule that holds for an age group without
// a number ("for adults only", "nicht für Kinder und Jugendliche
// geeignet").
var ageGroups = folded(toSet(`adult adults adulte adultes erwachsene erwachsenen erwachsener adulto adultos
	child children kid kids minor minors enfant enfants mineur mineurs kind kinder kindern jugendliche jugendlichen
	minderjährige minderjährigen niño niños niña niñas menores`))

// eachWord calls f with each word of s (runs of letters and digits), in
// lower case when it has a capital, until f returns true.
func eachWord(s string, f func(w string) bool) {
	call := func(w string) bool {
		if strings.IndexFunc(w, unicode.IsUpper) >= 0 {
			w = strings.ToLower(w)
		}
		return f(w)
	}
	start := -1
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && call(s[start:i]) {
			return
		}
		start = -1
	}
	if start >= 0 {
		call(s[start:])
	}
}

// anyWord says whether one of the words of s (as eachWord reads them), in
// lower case, is in set.
func anyWord(s string, set map[string]bool) bool {
	found := false
	eachWord(s, func(w string) bool {
		found = set[w]
		return found
	})
	return found
}

// statesAge says whether a text (its lower-case words) states an age or a
// rule for an age group.
func statesAge(ws []string) bool {
	for _, w := range ws {
		if ageGroups[w] {
			return true
		}
	}
	return len(agesAt(ws)) > 0
}

// measureUnits follow a number that is no age ("I'm 5 minutes late").
var measureUnits = folded(toSet(`minute minutes min mins hour hours hr hrs day days week weeks month months
	minuten stunde stunden tag tage tagen woche wochen monat monate
	heure heures jour jours semaine semaines mois
	minuto minutos hora horas día días semana semanas mes meses
	euro euros eur km kilo kilos kg people persons personnes personen personas`))

// ownAge returns the indexes of the numbers by which a question gives
// the asker's own age ("tengo 17", "j'ai 16 ans", "ich bin 17", "I'm 17",
// "I am 20"), not followed by another unit ("I'm 5 minutes late").
func ownAge(ws []string) []int {
	var at []int
	for i, w := range ws {
		if i == 0 || !ageNumber(w) || i+1 < len(ws) && measureUnits[ws[i+1]] {
			continue
		}
		prev, before := ws[i-1], ""
		if i >= 2 {
			before = ws[i-2]
		}
		switch {
		case prev == "tengo", prev == "im",
			prev == "ai" && before == "j", prev == "bin" && before == "ich",
			prev == "m" && before == "i", prev == "am" && before == "i":
			at = append(at, i)
		}
	}
	return at
}

// asksAge says whether a question (its lower-case words) gives or asks an
// age: an age in it (agesAt), or "how old", "quel âge", "wie alt", "qué
// edad", "minimum age".
func asksAge(ws []string) bool {
	_, asks := questionAges(ws)
	return asks
}

// questionAges returns the indexes of the ages a question gives (agesAt,
// ownAge) and whether it gives or asks one (asksAge).
func questionAges(ws []string) (at []int, asks bool) {
	if at = append(agesAt(ws), ownAge(ws)...); len(at) > 0 {
		return at, true
	}
	for i, w := range ws {
		switch w {
		case "age", "âge", "age?", "alter", "edad", "youngest", "altersgrenze", "mindestalter":
			return nil, true
		case "old", "alt":
			if i > 0 && (ws[i-1] == "how" || ws[i-1] == "wie") {
				return nil, true
			}
		}
	}
	return nil, false
}

// termClock is the virtual term of a block that gives a time of day
// ("Spieltermine nur um 14:00, 16:00 und 18:00 Uhr", "open 9am to 6pm",
// "de 9h à 18h", "a las 22:00"): a question that names one ("kann man um
// 15 Uhr spielen", "can I come at 7pm") matches it, its own time standing
// for a time of day, not for its number ("innerhalb von 15 Minuten").
const termClock = "_clock"

// clockTimes find times of day in lower-case text: "14:00", "6:30 pm",
// "9am", "10.00am", "20 uhr", "14.30 uhr", "18h30", "9h-18h", "à 18h",
// "a las 9".
// A colon needs two digits after it ("1:1 supervision" is no time), a
// point needs "am", "pm" or "uhr" ("10.00 eur" is a price), "h" alone a
// word before it ("24h à l'avance" is a duration), "las 7" to end the
// clause ("las 2 clases" is a number of classes).
var clockTimes = regexp.MustCompile(`\b(?:(?:[01]?\d|2[0-3]):[0-5]\d|(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?\s?(?:am|pm|a\.m\.|p\.m\.)|(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?\s?uhr\b|(?:[01]?\d|2[0-3])h[0-5]\d\b|(?:[01]?\d|2[0-3])\s?h\s?[-–]\s?(?:[01]?\d|2[0-3])\s?h\b)|(?:\b(?:à|a|dès|des|vers|jusqu'à|de|et|entre)\s(?:[01]?\d|2[0-3])\s?h\b)|(?:\blas\s(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?(?:$|[^\p{L}\d]*$|\s*[,.;?!]))`)

// hasClock says whether lower-case text has a time of day (clockTimes),
// reading the text once before the regular expression: a time has a
// digit followed (after at most one space) by ":", ".", "a", "p", "u" or
// "h", or follows "las ".
func hasClock(lower string) bool {
	return (strings.Contains(lower, "las ") || timeMark(lower)) && clockTimes.MatchString(lower)
}

// timeMark says whether lower-case text has digits followed, after at
// most one space, by a mark a time of day may have (clockAfter): what a
// time or a range of hours needs, found without a regular expression.
func timeMark(lower string) bool {
	for i := 0; i < len(lower); i++ {
		if lower[i] < '0' || lower[i] > '9' {
			continue
		}
		j := i + 1
		for j < len(lower) && lower[j] >= '0' && lower[j] <= '9' {
			j++
		}
		if j < len(lower) && lower[j] == ' ' {
			j++
		}
		if j < len(lower) && clockAfter(lower[j:]) {
			return true
		}
		i = j - 1
	}
	return false
}

// clockAfter says whether what follows a number may make it a time of
// day: ":" or "." and a digit, "am", "pm", "a.m.", "p.m.", "uhr", or "h"
// not starting a word ("14h", "14h30", "9 h –").
func clockAfter(rest string) bool {
	next := func(k int) byte {
		if k < len(rest) {
			return rest[k]
		}
		return ' '
	}
	letter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 0x80 }
	switch rest[0] {
	case ':', '.':
		return next(1) >= '0' && next(1) <= '9'
	case 'a', 'p':
		return next(1) == 'm' && !letter(next(2)) || next(1) == '.' && next(2) == 'm'
	case 'u':
		return strings.HasPrefix(rest, "uhr")
	case 'h':
		return !letter(next(1))
	}
	return false
}

// clockWords returns the words of the times of day in a lower-case
// question ("15" and "uhr" of "um 15 uhr"), which stand for termClock.
func clockWords(q string) map[string]bool {
	var out map[string]bool
	for _, m := range clockTimes.FindAllString(q, -1) {
		for _, w := range words(m) {
			switch w {
			case "à", "a", "dès", "des", "vers", "jusqu", "de", "et", "entre", "las":
				continue // the preposition keeps its own reading
			}
			if out == nil {
				out = map[string]bool{}
			}
			out[w] = true
		}
	}
	return out
}

// answerTypes returns the virtual terms of a text: termPrice when it has
// an amount of money ("4.90 EUR", "$10", "5 €"), termAge when it states an
// age (agesAt).
func answerTypes(text string) []string {
	var types []string
	// (one pass over the words for the three sets: this runs on every
	// block)
	payment, card, group := false, false, false
	eachWord(text, func(w string) bool {
		payment = payment || paymentNames[w]
		card = card || cards[w]
		group = group || ageGroups[w]
		return payment && group
	})
	if payment || card && statesPayment(text) {
		types = append(types, termPayment)
	}
	lower := strings.ToLower(text)
	types = append(types, dayTerms(lower)...)
	types = append(types, hourTerms(lower)...)
	if strings.IndexFunc(text, unicode.IsDigit) < 0 {
		// no number: an age group is all it may state besides (read
		// without building the list of words: this runs on every block)
		if group {
			types = append(types, termAge)
		}
		return types
	}
	if statesAge(words(lower)) {
		types = append(types, termAge)
	}
	if hasClock(lower) {
		types = append(types, termClock)
	}
	if hasAmount(lower) {
		types = append(types, termPrice)
	}
	return types
}

// Payment means: a block that names one ("Wir akzeptieren Visa,
// Mastercard und PayPal", "Par chèque ou par virement", "bar oder mit
// EC-Karte") has the virtual term termPayment, and a question that asks
// which means it may pay with ("kann ich mit PayPal zahlen", "do you take
// amex", "vous prenez les chèques ou le liquide ?") matches it through its
// paying and means words. A card alone is no means ("10er-Karte", "gift
// card", "carte de fidélité"): a bank card is named with its kind. (Also
// refusing a passage that names no means lost more right answers than it
// kept wrong ones: "bar", "überweisen" and "en efectivo" in running text,
// and the doctor's "Überweisung".)
const termPayment = "_payment"

var (
	// paymentNames name a means of payment on their own
	paymentNames = folded(toSet(`visa mastercard maestro amex paypal cash cheque cheques chèque chèques contactless
		espèces virement virements bargeld barzahlung überweisung lastschrift girocard kreditkarte kreditkarten ec-karte
		efectivo metálico transferencia bizum twint klarna giropay`))
	// cardKinds make a card a bank card: "credit card", "carte bancaire",
	// "EC-Karte", "tarjeta de crédito"
	cardKinds = folded(toSet(`credit debit bank bancaire bleue crédit ec kredit crédito débito`))
	cards     = folded(toSet(`card cards carte cartes karte karten tarjeta tarjetas`))
	// meansWords name a means in a question, where a card is the bank's
	meansWords = folded(toSet(`card cards visa mastercard maestro amex paypal cash cheque cheques check checks contactless transfer
		carte cb espèces liquide chèque chèques virement
		karte ec bar bargeld überweisung lastschrift paypal
		tarjeta efectivo metálico transferencia bizum`))
	payWords = foldedAll(map[string]map[string]bool{
		EN: toSet(`pay paying payment payments take accept`),
		FR: toSet(`payer paie paye payé paiement paiements régler règle prenez acceptez`),
		DE: toSet(`zahlen bezahlen zahle bezahle zahlung zahlungsart zahlungsarten nehmt akzeptiert`),
		ES: toSet(`pagar pago pagos aceptáis aceptan cogéis`),
	})
)

// statesPayment says whether a text names a means of payment.
func statesPayment(text string) bool {
	if anyWord(text, paymentNames) {
		return true
	}
	if !anyWord(text, cards) {
		return false
	}
	ws := words(strings.ToLower(text))
	for i, w := range ws {
		if cards[w] && (i > 0 && cardKinds[ws[i-1]] || i+1 < len(ws) && cardKinds[ws[i+1]] ||
			i+2 < len(ws) && cardKinds[ws[i+2]]) {
			return true
		}
	}
	return false
}

// asksPayment says whether a question (its lower-case words) asks which
// means it may pay with: a means with a word of paying or taking, or a
// means of payment named alone ("paypal?").
func asksPayment(ws []string) bool {
	means, pay := false, false
	for _, w := range ws {
		if meansWords[w] {
			means = true
		}
		for _, set := range payWords {
			if set[w] {
				pay = true
			}
		}
		if paymentNames[w] {
			return true
		}
	}
	return means && pay
}

// hasAmount says whether lower-case text has an amount of money: a number
// with a currency sign or word in it or next to it ("4.90 eur", "$10",
// "5 €").
func hasAmount(lower string) bool {
	if strings.IndexFunc(lower, unicode.IsDigit) < 0 {
		return false
	}
	fields := strings.Fields(lower)
	for i := range fields {
		if amountAt(fields, i) {
			return true
		}
	}
	return false
}

// amountAt says whether fields[i] is an amount of money: a number with a
// currency's sign in it or a currency's word or sign beside it.
func amountAt(fields []string, i int) bool {
	f := fields[i]
	if strings.IndexFunc(f, unicode.IsDigit) < 0 {
		return false
	}
	next, prev := "", ""
	if i+1 < len(fields) {
		next = strings.Trim(fields[i+1], ".,;:!?()")
	}
	if i > 0 {
		prev = strings.Trim(fields[i-1], ".,;:!?()")
	}
	return strings.ContainsAny(f, "€$£") || currencies[next] || currencies[prev]
}

// withoutAmounts is lower-case text with its amounts of money ("15 €",
// "$20", "18,95 euros") left out.
func withoutAmounts(lower string) string {
	if !hasAmount(lower) {
		return lower
	}
	fields := strings.Fields(lower)
	out := make([]string, 0, len(fields))
	for i, f := range fields {
		if !amountAt(fields, i) {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// Question cues, used only to break near ties between passages: a
// question about a time, a duration or a quantity ("how long", "wann",
// "combien de jours", "cuántos") prefers a passage with a number; a
// question about how to do something ("how do I", "comment", "wie kann
// ich", "cómo") prefers a procedure. As a term of the score they chose
// wrong passages (a number of days that was not the answer); as a tie
// breaker they only decide between passages that answer about as well.
type cue int

const (
	cueNone cue = iota
	cueNumber
	cueSteps
)

// cueMargin is how far below the best score a passage with the cue's type
// may be and still be preferred.
const cueMargin = 0.3

var numberCues = map[string]bool{
	"when": true, "how long": true, "how many": true, "how fast": true, "how soon": true, "how late": true,
	"how early": true, "how old": true, "what time": true, "what hours": true, "which hours": true, "until when": true,
	"quand": true, "combien de": true, "quelle heure": true, "quel âge": true, "quel age": true, "délai": true, "delai": true,
	"wann": true, "wie lange": true, "wie viele": true, "wie viel": true, "wieviel": true, "wieviele": true, "wie schnell": true, "wie alt": true, "uhrzeit": true,
	"cuándo": true, "cuánto": true, "cuanto": true, "cuántos": true, "cuantos": true, "cuántas": true, "cuantas": true,
	"qué hora": true, "que hora": true, "plazo": true,
}

var stepsCues = map[string]bool{
	"how do": true, "how can": true, "how to": true, "comment": true,
	"wie kann": true, "wie funktioniert": true, "cómo": true, "como puedo": true, "como hago": true,
}

// questionCue reads the question's lower-case words for a cue, in its
// first three words ("do I get an email when..." is not a "when"
// question).
func questionCue(ws []string) cue {
	for i, w := range ws {
		if i == 3 {
			break
		}
		two := ""
		if i+1 < len(ws) {
			two = w + " " + ws[i+1]
		}
		switch {
		case numberCues[w] || numberCues[two]:
			return cueNumber
		case stepsCues[w] || stepsCues[two]:
			return cueSteps
		}
	}
	return cueNone
}

var numberWords = toSet(`two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
	deux trois quatre cinq six sept huit neuf dix douze quinze vingt trente
	zwei drei vier fünf sechs sieben acht neun zehn zwölf fünfzehn zwanzig dreißig
	dos tres cuatro cinco seis siete ocho nueve diez doce quince veinte treinta`)

// hasNumber says whether a text holds a number, in digits or words.
func hasNumber(text string) bool {
	if strings.IndexFunc(text, unicode.IsDigit) >= 0 {
		return true
	}
	for _, w := range words(strings.ToLower(text)) {
		if numberWords[w] {
			return true
		}
	}
	return false
}

// priceAfterCuanto follow "cuánto" when it asks for a price.
var priceAfterCuanto = toSet(`es son sale vale valen cobráis cobrais cobran cobras hay pago pagar`)

// chargeBeforeCombien are the verbs of a charge before "combien" ("vous
// prenez combien", "ça vaut combien"; not "je paie combien", which may
// ask for a number of months).
var chargeBeforeCombien = folded(toSet(`prenez prends prend prennent demandez demandes demande facturez factures facture
	vaut valent revient reviennent`))

// payHow follow "paga" when it asks how, not whether, one pays.
var payHow = toSet(`con en por al antes después despues online como`)

// payWho before "paga" make it ask how or who, not whether, one pays.
var payWho = toSet(`se quien quién como cómo donde dónde cuando cuándo`)

// strongPriceWords ask for a price whatever follows them ("combien",
// "much", "cuánto" also ask for a duration or a quantity).
var strongPriceWords = foldedAll(map[string]map[string]bool{
	EN: toSet(`cost costs price prices fee fees charge charges expensive`),
	FR: toSet(`prix coût coûte coûtent tarif tarifs frais cher payant`),
	DE: toSet(`kosten kostet preis preise gebühr gebühren teuer entgelt entgelte`),
	ES: toSet(`precio precios cuesta cuestan coste costo tarifa caro`),
})

// freeWords say that something costs nothing or is included.
var freeWords = foldedAll(map[string]map[string]bool{
	EN: toSet(`free included includes`),
	FR: toSet(`gratuit gratuite gratuits gratuites gratuitement inclus incluse compris offert offerte`),
	DE: toSet(`kostenlos kostenfrei gratis inklusive inbegriffen enthalten umsonst zuzahlungsbefreit`),
	ES: toSet(`gratis gratuito gratuita incluido incluida incluye`),
})

// germanPriceParts are the parts of German compounds that name a price
// ("Tagesmietpreis", "Versandkosten", "Bearbeitungsgebühr").
var germanPriceParts = []string{"preis", "kosten", "gebühr", "gebuhr", "tarif"}

// priceQuestion says whether the question's lower-case words ask for a
// price: a price word ("was kostet", "combien coûte", "precio"), or "how
// much" followed by "is", "are", "does", "do" or "for".
func priceQuestion(ws []string) bool { return priceQuestionIn(ws, "") }

// priceQuestionIn is priceQuestion with the price words of one language
// only, or of all four when lang is "" (a customer's question may mix
// them; a generated question is in its document's language, where
// "prise en charge" asks no price).
func priceQuestionIn(ws []string, lang string) bool {
	for i, w := range ws {
		for l, set := range strongPriceWords {
			if (lang == "" || l == lang) && set[w] {
				return true
			}
		}
		if w == "combien" && i > 0 && (ws[i-1] == "est" || ws[i-1] == "fait" || chargeBeforeCombien[ws[i-1]]) && (i+1 == len(ws) || ws[i+1] != "de" && ws[i+1] != "d") ||
			(w == "cuanto" || w == "cuánto") && i+1 < len(ws) && priceAfterCuanto[ws[i+1]] {
			// "c'est combien une séance", "cuánto es la señal", "cuánto
			// hay que dejar"; not "combien de temps", "c'est combien de
			// dons", "cuánto tarda"
			return true
		}
		if (w == "paga" || w == "pagan") && (i == 0 || !payWho[ws[i-1]]) && (i+1 == len(ws) || !payHow[ws[i+1]]) {
			// "el bebé de 2 años paga?", "¿los niños pagan entrada?": whether
			// someone is charged; not "se paga con tarjeta", "paga en
			// efectivo", "paga como adulta", "quién paga la devolución"
			return true
		}
		if w == "much" && i > 0 && ws[i-1] == "how" && i+1 < len(ws) {
			switch ws[i+1] {
			case "is", "are", "does", "do", "for", "will", "would":
				return true
			}
		}
	}
	return false
}

// statesPrice says whether a text speaks of a price: an amount of money,
// a word of price ("fee", "Tagesmietpreis", "tarif") or a word saying it
// is free or included.
func statesPrice(text string) bool {
	low := strings.ToLower(text)
	if hasAmount(low) || percentOf.MatchString(text) && depositWord.MatchString(low) {
		return true
	}
	for _, w := range words(low) {
		for lang := range strongPriceWords {
			if strongPriceWords[lang][w] || freeWords[lang][w] || priceWords[lang][w] && w != "much" && w != "combien" && w != "cuánto" && w != "cuanto" {
				return true
			}
		}
		for _, p := range germanPriceParts {
			if len(w) > len(p) && strings.Contains(w, p) {
				return true
			}
		}
	}
	return false
}

// percentOf is a share of a price; with a deposit's word ("a
// non-refundable 50% deposit", "un acompte de 30 %") it answers how much
// is paid up front as an amount does. (A share alone is often a
// reduction: "un 30% menos de matrícula" is no price of the enrolment.)
var (
	percentOf   = regexp.MustCompile(`\d\s?%`)
	depositWord = regexp.MustCompile(`deposit|acompte|arrhes|anzahlung|señal|depósito|anticipo`)
)

// businessHours names the hours a time falls in without a clock ("en
// horario comercial", "during business hours", "aux heures d'ouverture",
// "zu den Geschäftszeiten"): an answer to "at what time".
var businessHours = regexp.MustCompile(`horario comercial|horario de (?:apertura|oficina)|business hours|opening hours|office hours|heures d['’]ouverture|heures de bureau|geschäftszeiten|öffnungszeiten|bürozeiten`)

// clockAsks are the word pairs by which a question asks for a time of day:
// "what time", "à quelle heure", "a qué hora", "wie viel Uhr", "welche
// Uhrzeit" (lower-case, accents as typed or not).
var clockAsks = map[[2]string]bool{
	{"what", "time"}: true, {"which", "time"}: true,
	{"quelle", "heure"}: true, {"quelles", "heures"}: true,
	{"qué", "hora"}: true, {"que", "hora"}: true, {"qué", "horas"}: true, {"que", "horas"}: true,
	{"viel", "uhr"}: true, {"wieviel", "uhr"}: true, {"welche", "uhrzeit"}: true, {"welcher", "uhrzeit"}: true,
}

// asksClock says whether a question (its lower-case words) asks for a
// time of day.
func asksClock(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if clockAsks[[2]string{ws[i-1], ws[i]}] {
			return true
		}
	}
	return false
}

// partsOfDay are the parts of a day a question may name ("abends",
// "le matin"); words that also mean tomorrow or late ("morgen",
// "mañana", "tarde") are left out.
var partsOfDay = folded(toSet(`morning mornings evening evenings afternoon afternoons night nights lunchtime
	matin matins soir soirs soirée après-midi nuit
	morgens vormittags mittags nachmittags abends nachts abend nacht
	noche noches mediodía madrugada`))

// dayTimes are the words that give a time of day without a number.
var dayTimes = folded(toSet(`noon midday midnight midi minuit mittag mittags mitternacht mediodía medianoche`))

// hourRanges are French ranges of hours, "11h-19h", "9h à 18h".
var hourRanges = regexp.MustCompile(`\b(?:[01]?\d|2[0-3])h(?:[0-5]\d)?\s?(?:-|–|à)\s?(?:[01]?\d|2[0-3])h\b`)

// timeOfDay says whether lower-case text gives a time of day: a clock
// time, a range of hours or noon or midnight in words.
func timeOfDay(lower string) bool {
	return hasClock(lower) || hourRanges.MatchString(lower) || anyWord(lower, dayTimes)
}

// timeUnits are the units of a time before or after something ("10
// minutes before", "une heure avant").
var timeUnits = folded(toSet(`minute minutes min mins hour hours heure heures minuten stunde stunden minuto minutos hora horas`))

// statesClock says whether a text gives a time of day: a clock time
// (hasClock, "11h-19h"), noon or midnight in words ("a las doce del
// mediodía"), or a time relative to another ("10 minutos antes").
func statesClock(text string) bool {
	lower := strings.ToLower(text)
	if timeOfDay(lower) || businessHours.MatchString(lower) {
		return true
	}
	ws := words(lower)
	for i := 1; i < len(ws); i++ {
		if !timeUnits[ws[i]] || !isDigits(ws[i-1]) && !numberWords[ws[i-1]] {
			continue
		}
		for _, w := range ws[i+1 : min(i+3, len(ws))] {
			if beforeAfter[w] {
				return true
			}
		}
	}
	return false
}

// beforeAfter are the words of a time relative to another ("10 minutes
// before", "15 Minuten vorher", "10 minutos antes").
var beforeAfter = folded(toSet(`before after early earlier ahead prior avant après plus tôt vorher vor nachher nach früher antes después`))

// Opening hours: a question about them ("wann habt ihr geöffnet", "are you
// open on sundays", "horarios") is answered by a passage that gives times
// or days, not by one that only says "open" or "closed" of something
// else ("the side entrance is closed").
var (
	openWords = folded(toSet(`open opens opening close closes closing
		ouvert ouverte ouverts ouvre ouvrez ouvrent ouverture fermé fermée fermés ferme fermez ferment fermeture
		geöffnet offen öffnet öffnen schließt schließen geschlossen aufhaben zuhaben
		abierto abiertos abre abren abrís abrimos abrir cierra cierran cerráis cerramos cerrado`))
	hoursNouns = folded(toSet(`hours horaires horaire öffnungszeiten öffnungszeit horario horarios`))
	whenWords  = folded(toSet(`time wann uhr heure heures hora horas`))
	// asking words that are conjunctions too ("where do I return books
	// when it is closed"): they ask only at the start of the question
	whenFirst = folded(toSet(`when quand cuándo cuando`))
	dayNames  = folded(toSet(`monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays
		weekday weekdays weekend weekends daily
		lundi mardi mercredi jeudi vendredi samedi dimanche lundis mardis mercredis jeudis vendredis samedis dimanches semaine
		montag dienstag mittwoch donnerstag freitag samstag sonntag montags dienstags mittwochs donnerstags freitags samstags sonntags
		wochenende werktags täglich feiertag feiertags feiertagen
		lunes martes miércoles jueves viernes sábado domingo sábados domingos diario festivo festivos`))
	// calendar words a question whether the business is open may name:
	// months and holidays ("abrís también en agosto y en Navidad?"; with
	// them it finds the blocks that give times, but it needs none: "two
	// weeks off at Christmas" answers "are you open over Christmas")
	calendarWords = folded(toSet(`january february march april may june july august september october november december
		christmas easter holidays holiday
		janvier février mars avril mai juin juillet août septembre octobre novembre décembre noël pâques vacances férié fériés
		januar februar märz april mai juni juli august september oktober november dezember weihnachten ostern ferien
		enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre navidad navidades pascua semana santa vacaciones`))
	// every day, as pages write it
	everyDay = []string{"every day", "everyday", "daily", "7 days a week", "24/7", "tous les jours", "7 jours sur 7", "7j/7",
		"täglich", "jeden tag", "todos los días", "todos los dias", "a diario"}
)

// asksHours says whether a question (its lower-case words) asks when the
// business is open: an opening word with a word of time or a day ("are
// you open on sundays"), or a word for opening hours ("horarios?").
func asksHours(ws []string) bool {
	opens, when := false, false
	for i, w := range ws {
		switch {
		case hoursNouns[w] && w != "hours":
			return true
		case openWords[w]:
			opens = true
		case whenWords[w] || dayNames[w] || w == "hours" || i == 0 && whenFirst[w]:
			when = true
		}
	}
	return opens && when
}

// statesHours says whether a text, under its heading, gives opening
// hours: a time of day (not a time relative to another: "1-2 hours" is no
// opening hour), a day of the week, or every day, with a word of opening
// or of opening hours in the text or its heading ("Abrimos todos los
// días de 8:00 a 22:00", "Öffnungszeiten: täglich 7 bis 21 Uhr"; not
// "orders received before 17:00 are delivered the same day").
func statesHours(text, heading string) bool {
	lower := strings.ToLower(text)
	if !anyWord(lower, openWords) && !anyWord(lower, hoursNouns) {
		h := strings.ToLower(heading)
		if !anyWord(h, openWords) && !anyWord(h, hoursNouns) {
			return false
		}
	}
	if timeOfDay(lower) || anyWord(lower, dayNames) {
		return true
	}
	for _, e := range everyDay {
		if strings.Contains(lower, e) {
			return true
		}
	}
	return false
}

// Temperatures: a question that asks how hot or cold something is ("wie
// heiß ist die finnische Sauna", "what temperature is the pool", "quelle
// est la température de l'eau", "a qué temperatura") is answered by a
// passage that gives degrees, not by one that only says "hot".
var (
	temperatureWords = folded(toSet(`temperature temperatures température températures temperatur temperaturen temperatura temperaturas`))
	hotColdWords     = folded(toSet(`hot cold warm heiß heiss kalt warm chaud chaude froid froide caliente fría frío`))
	howWords         = folded(toSet(`how wie combien quelle quel cuánto cuanto qué que`))
	degreeWords      = folded(toSet(`degree degrees grad degré degrés grado grados`))
)

// asksTemperature says whether a question (its lower-case words) asks a
// temperature: a word for it, or "how" before "hot" or "cold".
func asksTemperature(ws []string) bool {
	for i, w := range ws {
		if temperatureWords[w] || hotColdWords[w] && i > 0 && howWords[ws[i-1]] {
			return true
		}
	}
	return false
}

// statesTemperature says whether a text gives a temperature: "°", or a
// number before a word for degrees.
func statesTemperature(text string) bool {
	if strings.Contains(text, "°") {
		return true
	}
	ws := words(strings.ToLower(text))
	for i := 1; i < len(ws); i++ {
		if degreeWords[ws[i]] && isDigits(ws[i-1]) {
			return true
		}
	}
	return false
}

// existenceStarts are the openings of a question whether the business has
// or offers something ("do you have …", "gibt es …", "il y a …", "tenéis
// …"), lower-case words.
var existenceStarts = [][]string{
	{"do", "you", "have"}, {"do", "you", "sell"}, {"do", "you", "offer"}, {"do", "you", "do"}, {"is", "there"}, {"are", "there"}, {"have", "you", "got"},
	{"gibt", "es"}, {"gibts"}, {"habt", "ihr"}, {"haben", "sie"}, {"bietet", "ihr"}, {"bieten", "sie"}, {"verkauft", "ihr"},
	{"vous", "avez"}, {"avez", "vous"}, {"il", "y", "a"}, {"y", "a", "t", "il"}, {"vous", "vendez"}, {"vous", "proposez"}, {"vous", "faites"}, {"est", "ce", "qu", "il", "y", "a"},
	{"tienen"}, {"tenéis"}, {"teneis"}, {"hay"}, {"venden"}, {"vendéis"}, {"vendeis"}, {"ofrecen"}, {"ofrecéis"}, {"haceis"}, {"hacéis"},
}

// asksExistence says whether a question (its lower-case words) asks
// whether the business has or offers something.
func asksExistence(ws []string) bool {
	for _, st := range existenceStarts {
		if len(ws) >= len(st) && slices.Equal(ws[:len(st)], st) {
			return true
		}
	}
	return false
}

// asksOpenOn says whether a question (its lower-case words) asks whether
// the business is open at a time of the year: an opening word and a month
// or holiday.
func asksOpenOn(ws []string) bool {
	opens, when := false, false
	for _, w := range ws {
		opens = opens || openWords[w]
		when = when || calendarWords[w]
	}
	return opens && when
}

// Durations: a question that asks how long something takes or lasts
// ("how long do i leave her for the trial", "combien de temps", "wie
// lange", "cuánto tiempo", "how many days") is answered by a passage that
// gives a length of time — a number before a unit of time, at most one
// word between ("1-2 business days", "vier Monate", "48 heures", "una
// semana") — or says it has no limit ("zeitlich unbegrenzt gültig"), not
// by one that only speaks of the thing ("every dog spends a trial day").
var (
	durationUnits = folded(toSet(`minute minutes min mins hour hours hr hrs day days week weeks month months year years night nights
		heure heures h jour jours semaine semaines mois an ans année années nuit nuits
		minuten stunde stunden std tag tage tagen werktag werktage werktagen arbeitstag arbeitstage arbeitstagen woche wochen monat monate monaten jahr jahre jahren nacht nächte
		minuto minutos hora horas día días semana semanas mes meses año años noche noches`))
	articles = folded(toSet(`a an one un une ein eine einen einem einer una uno`))
	// adjectives of amount between an article and a unit of time ("une
	// petite heure", "a good hour", "eine knappe Stunde", "una buena hora")
	durationAdjectives = folded(toSet(`good full whole short long half bonne petite grande demi gute knappe ganze halbe gut buena larga media`))
	durationNumbers    = folded(toSet(`one two three four five six seven eight nine ten eleven twelve fourteen fifteen twenty thirty
		deux trois quatre cinq six sept huit neuf dix douze quinze vingt trente
		zwei drei vier fünf sechs sieben acht neun zehn zwölf vierzehn fünfzehn zwanzig dreißig
		dos tres cuatro cinco seis siete ocho nueve diez doce quince veinte treinta`))
	unlimitedWords = folded(toSet(`unlimited indefinitely illimité illimitée illimités illimitées unbegrenzt unbefristet ilimitado ilimitada ilimitados`))
	// the pairs of words that ask how long ("how long", "combien [de]
	// temps", "cuánto dura")
	durationAsks = map[[2]string]bool{
		{"how", "long"}: true, {"combien", "temps"}: true, {"wie", "lange"}: true, {"wie", "lang"}: true,
		{"cuanto", "tiempo"}: true, {"cuánto", "tiempo"}: true, {"cuanto", "dura"}: true, {"cuánto", "dura"}: true,
		{"cuanto", "duran"}: true, {"cuánto", "duran"}: true,
	}
	// "how many" before a unit of time asks how long
	manyWords = folded(toSet(`many combien wie viele cuántos cuántas cuantos cuantas`))
)

// asksDuration says whether a question (its lower-case words) asks a
// length of time.
func asksDuration(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if durationAsks[[2]string{ws[i-1], ws[i]}] || i > 1 && ws[i-1] == "de" && durationAsks[[2]string{ws[i-2], ws[i]}] {
			return true
		}
		// "how many days", "combien de jours", "wie viele Tage", "cuántos días"
		if durationUnits[ws[i]] && (manyWords[ws[i-1]] || i > 1 && ws[i-1] == "de" && manyWords[ws[i-2]]) {
			return true
		}
	}
	return false
}

// statesDuration says whether a passage gives a length of time.
func statesDuration(text string) bool {
	ws := words(strings.ToLower(text))
	for i, w := range ws {
		if unlimitedWords[w] {
			return true
		}
		if !durationUnits[w] || i == 0 {
			continue
		}
		// "a day", "une semaine": an article right before the unit; a
		// figure or another number word one word further ("1-2 business
		// days", "vier ganze Monate"), not "a trial day"
		if articles[ws[i-1]] || i > 1 && articles[ws[i-2]] && durationAdjectives[ws[i-1]] {
			// ("une petite heure", "a good hour": an adjective of
			// amount between; "a trial day" is no length)
			return true
		}
		for j := i - 1; j >= max(0, i-2); j-- {
			if durationNumbers[ws[j]] || strings.ContainsFunc(ws[j], unicode.IsDigit) {
				return true
			}
		}
	}
	return false
}
