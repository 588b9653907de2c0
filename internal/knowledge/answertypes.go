package knowledge

import (
	"strings"
	"unicode"
)

// Answer types, as in classic question answering: a question about a price
// ("how much", "was kostet", "combien", "cuánto cuesta") is answered by a
// passage with an amount of money, whether or not the passage uses the
// question's word for it. Blocks with an amount carry the virtual term
// termPrice, and the question's price words match it as a synonym. (The
// same for "when" questions and times or durations was tried and dropped:
// on the tuning sets it picked passages with a number of days that were
// not the answer more often than it found the right one.)
const termPrice = "_price"

// priceWords ask for a price (lower case, accents as typed and folded).
var priceWords = foldedAll(map[string]map[string]bool{
	EN: toSet(`cost costs price prices fee fees charge charges expensive much`),
	FR: toSet(`prix coût coûte coûtent combien tarif tarifs frais cher`),
	DE: toSet(`kosten kostet preis preise gebühr gebühren teuer`),
	ES: toSet(`precio precios cuesta cuestan cuánto cuánta coste costo tarifa caro`),
})

var currencies = toSet(`€ $ £ eur euro euros usd chf gbp dollars`)

// answerTypes returns the virtual terms of a text: termPrice when it has
// an amount of money ("4.90 EUR", "$10", "5 €").
func answerTypes(text string) []string {
	if strings.IndexFunc(text, unicode.IsDigit) < 0 {
		return nil
	}
	fields := strings.Fields(strings.ToLower(text))
	for i, f := range fields {
		if strings.IndexFunc(f, unicode.IsDigit) < 0 {
			continue
		}
		next, prev := "", ""
		if i+1 < len(fields) {
			next = strings.Trim(fields[i+1], ".,;:!?()")
		}
		if i > 0 {
			prev = strings.Trim(fields[i-1], ".,;:!?()")
		}
		if strings.ContainsAny(f, "€$£") || currencies[next] || currencies[prev] {
			return []string{termPrice}
		}
	}
	return nil
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

// strongPriceWords ask for a price whatever follows them ("combien",
// "much", "cuánto" also ask for a duration or a quantity).
var strongPriceWords = foldedAll(map[string]map[string]bool{
	EN: toSet(`cost costs price prices fee fees charge charges expensive`),
	FR: toSet(`prix coût coûte coûtent tarif tarifs frais cher payant`),
	DE: toSet(`kosten kostet preis preise gebühr gebühren teuer`),
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
func priceQuestion(ws []string) bool {
	for i, w := range ws {
		for _, set := range strongPriceWords {
			if set[w] {
				return true
			}
		}
		if w == "combien" && i > 0 && (ws[i-1] == "est" || ws[i-1] == "fait") ||
			(w == "cuanto" || w == "cuánto") && i+1 < len(ws) && priceAfterCuanto[ws[i+1]] {
			// "c'est combien une séance", "cuánto es la señal", "cuánto
			// hay que dejar"; not "combien de temps", "cuánto tarda"
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
	if len(answerTypes(text)) > 0 {
		return true
	}
	for _, w := range words(strings.ToLower(text)) {
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
