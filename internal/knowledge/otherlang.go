package knowledge

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The model reads English, French, German and Spanish. Texts in other
// languages are told apart so that callers can say so (the document
// generator refuses them): the function words of five more languages
// written in Latin letters, and any other script.

// otherStopwords are function words of languages the model does not read.
var otherStopwords = map[string]map[string]bool{
	"it": toSet(`il lo la gli le di del della e è un una per con che non sono si al alla dei delle siamo nel anche ma ci
		sulla dalle dal alle vostre vostro questo`),
	"pt": toSet(`o a os as de do da dos das e é um uma para com que não em no na se por mais você seu sua são pelo pela
		nosso nossa também`),
	"nl": toSet(`de het een en van is in op te dat die niet met voor zijn je u we wij ook aan er bij of worden wordt kunt
		onze ons naar`),
	"pl": toSet(`i w na z się nie do to jest że o jak za od po dla ale czy są lub przez może jeśli oraz tylko można`),
	"sv": toSet(`och att det som en är på för med av den till inte har om ett vi du kan ni vår våra eller från`),
}

// coreStopwords are the commonest function words of the four languages the
// model reads, as short as otherStopwords' lists, so that the counts
// compare (the model's own stop word lists hold question fillers too).
var coreStopwords = map[string]map[string]bool{
	EN: toSet(`the and of to a in is you your for are on with we our can be at by this that it or from as not will have
		an if there they their do does when which what how all any us was were been has had more than`),
	FR: toSet(`le la les de des du et est un une vous nous votre vos pour dans en sur pas que qui au aux avec par sont ne
		il ce cette ou se plus notre nos être sans leur même peut faut`),
	DE: toSet(`der die das und ist nicht sie ich wir ein eine zu den mit von für auf im dem des bei sich auch es werden wird
		ihr ihre oder können kann sind uns unser unsere einen einem nur vor nach wie`),
	ES: toSet(`el la los las de del y es un una en que para por con su sus no se al lo como más puede pueden o le
		nuestro nuestra nuestros este esta hay son usted desde hasta cada`),
}

// detectOrder breaks ties between languages.
var detectOrder = []string{EN, FR, DE, ES, "it", "pt", "nl", "pl", "sv"}

// DetectSupported returns the language of the texts and whether the model
// reads it: "en", "fr", "de" or "es" and true; "it", "pt", "nl", "pl" or
// "sv" and false when that language's function words are the commonest; ""
// and false for a text mostly in another script. A text with too few
// function words to tell is English.
func DetectSupported(texts ...string) (string, bool) {
	counts := map[string]int{}
	latin, other := 0, 0
	for _, t := range texts {
		for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
			if r, _ := utf8.DecodeRuneInString(w); unicode.Is(unicode.Latin, r) {
				latin++
			} else {
				other++
			}
			for _, sets := range []map[string]map[string]bool{coreStopwords, otherStopwords} {
				for l, set := range sets {
					if set[w] {
						counts[l]++
					}
				}
			}
		}
	}
	if other > latin {
		return "", false
	}
	best, bestN := EN, 0
	for _, l := range detectOrder {
		if counts[l] > bestN {
			best, bestN = l, counts[l]
		}
	}
	if bestN < 3 {
		return EN, true
	}
	_, supported := coreStopwords[best]
	return best, supported
}
