package knowledge

import (
	"reflect"
	"strings"
	"testing"
)

func TestSentences(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"two", "We ship daily. Orders arrive in 3 days.", []string{"We ship daily.", "Orders arrive in 3 days."}},
		{"a remark in brackets is one", "Die Anmeldung gilt, sobald bezahlt ist (238 € für 6 Nächte, Freizeitprogr. lt. Plan Ferienseite). Danach gilt sie.",
			[]string{"Die Anmeldung gilt, sobald bezahlt ist (238 € für 6 Nächte, Freizeitprogr. lt. Plan Ferienseite).", "Danach gilt sie."}},
		{"a stray bracket opened long before holds no longer", "(Note " + strings.Repeat("x", 210) + " ends. Next one.",
			[]string{"(Note " + strings.Repeat("x", 210) + " ends.", "Next one."}},
		{"a sentence in brackets ends", "Pay at pick up. (The rest is due then.) We accept cards.",
			[]string{"Pay at pick up.", "(The rest is due then.)", "We accept cards."}},
		{"question and exclamation", "Lost it? Call us! We help.", []string{"Lost it?", "Call us!", "We help."}},
		{"German abbreviations of price lists", "Anhänger bis 750 kg zul. Gesamtgewicht. So genannte sogen. Big-Bags zu 120 ltr. Inhalt.",
			[]string{"Anhänger bis 750 kg zul. Gesamtgewicht.", "So genannte sogen. Big-Bags zu 120 ltr. Inhalt."}},
		{"e.g.", "Pay by card, e.g. Visa or Mastercard. Cash is fine.", []string{"Pay by card, e.g. Visa or Mastercard.", "Cash is fine."}},
		{"Mr.", "Ask Mr. Smith at the desk. He knows.", []string{"Ask Mr. Smith at the desk.", "He knows."}},
		{"p.m.", "We close at 5 p.m. Monday to Friday.", []string{"We close at 5 p.m. Monday to Friday."}},
		{"decimal", "Shipping costs 4.90 EUR. Free from 50 EUR.", []string{"Shipping costs 4.90 EUR.", "Free from 50 EUR."}},
		{"z. B.", "Zahlen Sie z. B. mit PayPal. Das geht schnell.", []string{"Zahlen Sie z. B. mit PayPal.", "Das geht schnell."}},
		{"bzw.", "Rufen Sie an bzw. Schreiben Sie uns. Danke.", []string{"Rufen Sie an bzw. Schreiben Sie uns.", "Danke."}},
		{"German date", "Geschlossen am 1. Mai und am 3. Oktober. Sonst offen.", []string{"Geschlossen am 1. Mai und am 3. Oktober.", "Sonst offen."}},
		{"German ordinal", "Zahlbar bis zum 3. Werktag des Monats. Danke.", []string{"Zahlbar bis zum 3. Werktag des Monats.", "Danke."}},
		{"German range of ordinals", "Von der 21. bis 25. Person kostet es 3 EUR. Danach nicht.", []string{"Von der 21. bis 25. Person kostet es 3 EUR.", "Danach nicht."}},
		{"hours end a sentence", "Geöffnet von 9 bis 17. Danach geschlossen.", []string{"Geöffnet von 9 bis 17.", "Danach geschlossen."}},
		{"French", "Livraison offerte. Retour sous 14 jours, cf. conditions.", []string{"Livraison offerte.", "Retour sous 14 jours, cf. conditions."}},
		{"Spanish", "¿Cuánto tarda? Entre 2 y 5 días. ¡Gracias!", []string{"¿Cuánto tarda?", "Entre 2 y 5 días.", "¡Gracias!"}},
		{"quote after stop", `He said "Done." Then left.`, []string{`He said "Done."`, "Then left."}},
		{"lower case after stop", "See section 2. then step 3.", []string{"See section 2. then step 3."}},
		{"ellipsis", "Wait… Then go.", []string{"Wait…", "Then go."}},
		{"no end", "Open daily", []string{"Open daily"}},
		{"spaces", "  One.   Two.  ", []string{"One.", "Two."}},
		{"empty", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Sentences(c.text); !reflect.DeepEqual(got, c.want) {
				t.Errorf("Sentences(%q) = %q, want %q", c.text, got, c.want)
			}
		})
	}
}

func TestClean(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"  two  spaces \n and\ttabs ", "two spaces and tabs"},
		{"non\u00a0breaking\u200b joiner", "non breaking joiner"},
		{"accents é  ü", "accents é ü"},
		{"", ""},
		{" ", ""},
	}
	for _, c := range cases {
		if got := clean(c.in); got != c.want {
			t.Errorf("clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
