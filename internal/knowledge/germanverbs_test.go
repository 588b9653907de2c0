package knowledge

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestGermanVerbForms(t *testing.T) {
	cases := []struct {
		w       string
		present bool
		want    string // one of the forms returned; "" for none
	}{
		{"gemacht", false, "machen"},
		{"abgesagt", false, "absagen"},
		{"geöffnet", false, "öffnen"},
		{"angemeldet", false, "anmelden"},
		{"zurückgegeben", false, "zurückgeben"},
		{"gebucht", false, "buchen"},
		{"bringt", false, ""},
		{"bringt", true, "bringen"},
		{"kostet", true, "kosten"},
		{"schickt", true, "schicken"},
		{"transportiere", true, "transport"},
		{"reserviert", true, "reserv"},
		{"bezahle", true, "bezahlen"},
		{"hast", false, ""}, // too short
		{"geld", false, ""}, // "ge" + 2 letters is no participle
	}
	for _, c := range cases {
		got := germanVerbForms(c.w, c.present)
		if c.want == "" && len(got) > 0 || c.want != "" && !slices.Contains(got, c.want) {
			t.Errorf("germanVerbForms(%q, %v) = %q, want it to hold %q", c.w, c.present, got, c.want)
		}
	}
}

func TestAskGermanInflectedVerb(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "d", Content: `## Termine

Termine können Sie bis 24 Stunden vorher absagen, telefonisch oder per E-Mail.

## Bonusheft

Mit einem lückenlos geführten Bonusheft bekommen Sie einen Zuschuss zum Zahnersatz.

## Parken

Vor der Praxis gibt es drei Parkplätze für Patienten.

## Anfahrt

Die Praxis liegt am Markt, zwei Minuten vom Bahnhof.

## Notdienst

Am Wochenende hilft der zahnärztliche Notdienst.
`, Version: "1"}})
	cases := []struct{ q, want string }{
		{"bis wann wird abgesagt", "24 Stunden"},     // participle → "absagen"
		{"was bringt mir das bonusheft", "Zuschuss"}, // "bringt": a generic verb ("bringen")
	}
	for _, c := range cases {
		if a := b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = answered %v %q (score %.2f), want %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
}

func TestDetectAmongPrefersDocuments(t *testing.T) {
	cases := []struct {
		text   string
		prefer []string
		want   string
	}{
		{"que entra en la matricula", []string{ES}, ES}, // only words French and Spanish share
		{"que entra en la matricula", nil, FR},
		{"combien de temps pour être livré ?", []string{ES}, FR}, // clearly French: kept
		{"how long does shipping take", []string{DE}, EN},
	}
	for _, c := range cases {
		if got, _ := detectAmong(c.text, c.prefer); got != c.want {
			t.Errorf("detectAmong(%q, %v) = %q, want %q", c.text, c.prefer, got, c.want)
		}
	}
}

// A question whose every word the passage has is answered even when the
// words are so frequent in a small base that the BM25 is low.
func TestAskFullCoverageInSmallBase(t *testing.T) {
	doc, err := os.ReadFile("testdata/eval/heldout2/es-autoescuela/preguntas.md")
	if err != nil {
		t.Fatal(err)
	}
	b := NewLibrary(1 << 20).Base([]Source{{ID: "d", Content: string(doc), Version: "1"}})
	a := b.Ask("cuantas preguntas tiene el teorico")
	if !a.Answered || !strings.Contains(a.Text, "30 preguntas") {
		t.Errorf("answered %v %q (score %.2f), want the 30 questions", a.Answered, a.Text, a.Score)
	}
}

// A generic word that is also a stop word ("hacer") still gives its stem,
// so that its forms that are not stop words ("hacerme") weigh as little.
func TestGenericStemsOfStopWords(t *testing.T) {
	for _, c := range []struct{ lang, w string }{{ES, "hacerme"}, {EN, "gets"}} {
		if !genericStems[c.lang][stem(c.lang, c.w)] {
			t.Errorf("%s %q (stem %q) is not generic", c.lang, c.w, stem(c.lang, c.w))
		}
	}
}

// A present form the documents lack finds its infinitive inside their
// compounds ("schickt" in "verschicken"), and a verb made of a noun its
// noun ("transportiere" in "Transportkorb").
func TestAskGermanPresentForms(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "d", Content: "## Rechnungen\n\nWir verschicken keine Rechnungen.\n\n## Katzen\n\nKatzen kommen in einem Transportkorb.\n\n" +
		"## Hunde\n\nHunde bleiben an der Leine.\n\n## Notdienst\n\nIm Notdienst behandeln wir nur Notfälle.\n", Version: "1"}})
	for q, want := range map[string]string{
		"schickt ihr mir eine rechnung zu":  "verschicken",
		"wie transportiere ich meine katze": "Transportkorb",
	} {
		if a := b.Ask(q); len(a.Passages) == 0 || !strings.Contains(a.Passages[0].Text, want) || a.Score < 0.5 {
			t.Errorf("Ask(%q): score %.2f, passages %+v, want %q first", q, a.Score, a.Passages, want)
		}
	}
}
