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
