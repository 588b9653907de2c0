package knowledge

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestDetectLanguage(t *testing.T) {
	cases := []struct{ text, want string }{
		{"how long does shipping take", EN},
		{"can i return my order", EN},
		{"combien de temps pour être livré ?", FR},
		{"je veux annuler ma commande", FR},
		{"wie lange dauert der Versand", DE},
		{"kann ich mit PayPal bezahlen", DE},
		{"¿cuánto tarda el envío?", ES},
		{"quiero devolver mi pedido", ES},
		{"", EN},
		{"12345", EN},
	}
	for _, c := range cases {
		if got := DetectLanguage(c.text); got != c.want {
			t.Errorf("DetectLanguage(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestTerms(t *testing.T) {
	cases := []struct {
		text, lang string
		want       []string
	}{
		{"How long does shipping take?", EN, []string{"long", "ship", "take"}},
		{"Shipped and shipping", EN, []string{"ship", "ship"}},
		{"Où est ma commande ?", FR, []string{"command"}},
		{"Livraison et livré", FR, []string{"livraison", "livr"}},
		{"Wie hoch sind die Versandkosten?", DE, []string{"wiehoch", "versandkost"}}, // "wie hoch" asks an amount (priceWords)
		{"Rückerstattung", DE, []string{"ruckerstatt"}},
		{"devolución", ES, []string{"devolucion"}},
		{"devolucion", ES, []string{"devolucion"}},
		{"Order 12345 within 14 days", EN, []string{"order", "12345", "within", "14", "day"}},
		{"the and of", EN, nil},
		{"Hello, unknown language", "xx", []string{"unknown", "languag"}},
	}
	for _, c := range cases {
		if got := Terms(c.text, c.lang); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Terms(%q, %q) = %q, want %q", c.text, c.lang, got, c.want)
		}
	}
}

func TestDist(t *testing.T) {
	cases := []struct {
		a, b string
		max  int
		want int
	}{
		{"ship", "ship", 1, 0},
		{"retrun", "return", 1, 1}, // a transposition is one typo
		{"pasword", "password", 1, 1},
		{"abcdef", "abcxyz", 2, 3},
		{"abc", "abcdef", 2, 3},
	}
	for _, c := range cases {
		if got := dist([]rune(c.a), []rune(c.b), c.max); got != c.want {
			t.Errorf("dist(%q, %q, %d) = %d, want %d", c.a, c.b, c.max, got, c.want)
		}
	}
}

func TestAnswerTypes(t *testing.T) {
	cases := []struct {
		text  string
		price bool
	}{
		{"Shipping costs 4.90 EUR.", true},
		{"A freeze costs $10 per month.", true},
		{"Des frais de 5 € peuvent s’appliquer.", true},
		{"Zustellbett: 10,00 EUR pro Nacht", true},
		{"Delivery takes 3-5 days.", false},
		{"Free for orders.", false},
	}
	for _, c := range cases {
		if got := len(answerTypes(c.text)) > 0; got != c.price {
			t.Errorf("answerTypes(%q) price = %v, want %v", c.text, got, c.price)
		}
	}
}

func TestAppendWordsMatchesWords(t *testing.T) {
	for _, s := range []string{"Hello, World!", "l'Été à Paris — 3,50 €", "ÜBER straße", "", "  x  ", "e-mail 24/7"} {
		got := appendWords(nil, s)
		want := words(strings.ToLower(s))
		if len(got) != len(want) {
			t.Errorf("appendWords(%q) = %q, want %q", s, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("appendWords(%q) = %q, want %q", s, got, want)
				break
			}
		}
	}
}

func TestDetectSupported(t *testing.T) {
	cases := []struct {
		text string
		want string
		ok   bool
	}{
		{"We are open every day. You can book a table online and pay by card.", "en", true},
		{"Nous sommes ouverts tous les jours. Vous pouvez réserver une table en ligne et payer par carte.", "fr", true},
		{"Wir haben jeden Tag geöffnet. Sie können einen Tisch online reservieren und mit Karte bezahlen.", "de", true},
		{"Abrimos todos los días. Puede reservar una mesa en línea y pagar con tarjeta en el local.", "es", true},
		{"Siamo aperti tutti i giorni. Si può prenotare un tavolo online e pagare con la carta della banca.", "it", false},
		{"Jesteśmy otwarci codziennie i można zarezerwować stolik przez internet lub zapłacić kartą, jeśli jest to wygodne.", "pl", false},
		{"Мы открыты каждый день. Вы можете заказать столик онлайн.", "", false},
		{"Price list: 6 inch $45, 8 inch $65", "en", true},
	}
	for _, c := range cases {
		got, ok := DetectSupported(c.text)
		if got != c.want || ok != c.ok {
			t.Errorf("DetectSupported(%q) = %q, %v; want %q, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// Forms of "to be" and fillers are no terms: "somos dos hermanos" asks
// about brothers, "do you guys fix" about fixing.
func TestFillerWordsAreNoTerms(t *testing.T) {
	for _, c := range []struct{ lang, w string }{{ES, "somos"}, {ES, "estamos"}, {ES, "soy"}, {EN, "guys"}, {EN, "folks"}} {
		if tm, ok := term(c.lang, c.w); ok {
			t.Errorf("term(%s, %q) = %q, want no term", c.lang, c.w, tm)
		}
	}
	if tm, ok := term(ES, "hermanos"); !ok || tm == "" {
		t.Errorf("term(es, hermanos) = %q, %v; want a term", tm, ok)
	}
}

func TestStemExceptions(t *testing.T) {
	if stem(EN, "parking") == stem(EN, "parks") {
		t.Errorf("parking and parks share the stem %q", stem(EN, "parks"))
	}
	if stem(ES, "solo") == stem(ES, "sol") || stem(ES, "sólo") != stem(ES, "solo") {
		t.Errorf("solo %q, sólo %q, sol %q", stem(ES, "solo"), stem(ES, "sólo"), stem(ES, "sol"))
	}
	if stem(EN, "parks") != stem(EN, "park") {
		t.Errorf("parks %q and park %q differ", stem(EN, "parks"), stem(EN, "park"))
	}
	// mobility is no mobile phone ("por teléfono" found "personas con
	// movilidad reducida" through "móvil")
	for _, c := range [][3]string{{ES, "movilidad", "móvil"}, {ES, "dañado", "dan"}, {ES, "recibo", "recibir"}, {FR, "débutants", "début"}} {
		if stem(c[0], c[1]) == stem(c[0], c[2]) {
			t.Errorf("%s: %q and %q share the stem %q", c[0], c[1], c[2], stem(c[0], c[1]))
		}
	}
}

// TestGermanZuInfinitive: a separable verb's zu-infinitive is the verb
// ("abzumelden" is "abmelden"); a compound that only looks like one is
// left alone ("Umzugskosten").
func TestGermanZuInfinitive(t *testing.T) {
	for w, want := range map[string]string{"abzumelden": "abmelden", "mitzubringen": "mitbringen", "einzuhalten": "einhalten",
		"zurückzugeben": "zurückgeben", "abzuspülen": "abspülen", "umzugskosten": "umzugskosten", "anzug": "anzug", "vorzustellen": "vorstellen"} {
		if got := deZuInfinitive(w); got != want {
			t.Errorf("deZuInfinitive(%q) = %q, want %q", w, got, want)
		}
	}
	if stem(DE, "abzumelden") != stem(DE, "abmelden") {
		t.Error("abzumelden is no abmelden")
	}
}

// TestJoinThousands: a number's thousands are one word, as customers
// type them; a list of numbers stays a list.
func TestJoinThousands(t *testing.T) {
	for in, want := range map[string]string{"tank of 1,000 gallons": "tank of 1000 gallons", "quotient de 1 000": "quotient de 1000",
		"1\u00a0500 €": "1500 €", "sizes 1, 200 and 300": "sizes 1, 200 and 300", "€ or $2,000": "€ or $2000", "déjà 5 910 €": "déjà 5910 €", "3,60 €": "3,60 €", "no numbers": "no numbers"} {
		if got := joinThousands(in); got != want {
			t.Errorf("joinThousands(%q) = %q, want %q", in, got, want)
		}
	}
	if got := words("a 1,000 gallon tank"); !slices.Contains(got, "1000") {
		t.Errorf("words = %q", got)
	}
}
