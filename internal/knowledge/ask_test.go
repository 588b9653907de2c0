package knowledge

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

const shopEN = `# Help centre

## Shipping

How long does delivery take?
Orders placed before 2 p.m. ship the same day. Delivery within Germany takes 1-2 working days, to the rest of the EU 3-5 working days.

How much does shipping cost?
Shipping is free for orders over 50 EUR. Below that we charge 4.90 EUR.

## Returns

### How do I return an item?

1. Log in to your account.
2. Open "My orders" and choose the order.
3. Click "Return" and print the label.
4. Drop the parcel at any post office.

You have 30 days to return an item. Refunds are made to the original payment method within 5 days of receiving the parcel.

## Payment

We accept the following payment methods:

- Visa and Mastercard
- PayPal
- Bank transfer
`

func testBase(t *testing.T) *Base {
	t.Helper()
	return NewLibrary(1 << 20).Base([]Source{{ID: "d1", Name: "Help", Content: shopEN, Version: "1"}})
}

func TestAskAnswers(t *testing.T) {
	b := testBase(t)
	cases := []struct {
		q, want string
	}{
		{"how long does shiping take to germany", "1-2 working days"},
		{"what does delivery cost", "free for orders over 50 EUR"},
		{"how do i return an item", "4. Drop the parcel at any post office."},
		{"can i pay with paypal?", "PayPal"},
		{"when do i get my money back", "within 5 days"},
	}
	for _, c := range cases {
		a := b.Ask(c.q)
		if !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = answered %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
		if a.Answered && (len(a.Sources) != 1 || a.Sources[0].DocumentID != "d1" || a.Sources[0].Quote != a.Text) {
			t.Errorf("Ask(%q) sources = %+v", c.q, a.Sources)
		}
	}
}

func TestAskRefuses(t *testing.T) {
	b := testBase(t)
	for _, q := range []string{"do you sell gift cards?", "what is the weather on mars", "wie alt ist der Papst", ""} {
		if a := b.Ask(q); a.Answered {
			t.Errorf("Ask(%q) answered %q (score %.2f), want a refusal", q, a.Text, a.Score)
		}
	}
}

func TestAskCitesHeadingAndLanguage(t *testing.T) {
	lib := NewLibrary(1 << 20)
	b := lib.Base([]Source{
		{ID: "en", Name: "Help", Content: shopEN, Version: "1"},
		{ID: "fr", Name: "Aide", Content: "# Livraison\n\n## Quels sont les délais de livraison ?\n\nComptez 3 à 5 jours ouvrés.\n", Version: "1"},
	})
	a := b.Ask("quels sont les délais de livraison ?")
	if !a.Answered || a.Text != "Comptez 3 à 5 jours ouvrés." || a.Language != FR {
		t.Fatalf("Ask = %+v", a)
	}
	if got, want := a.Sources[0], (Citation{DocumentID: "fr", DocumentName: "Aide", Heading: "Livraison > Quels sont les délais de livraison ?", Quote: a.Text}); got != want {
		t.Errorf("source = %+v, want %+v", got, want)
	}
	if len(a.Passages) == 0 || a.Passages[0].Text != a.Text || a.Score <= 0 || a.Score > 1 {
		t.Errorf("passages %+v, score %v", a.Passages, a.Score)
	}
	for i := 1; i < len(a.Passages); i++ {
		if a.Passages[i].Score > a.Passages[i-1].Score {
			t.Errorf("passages not best first: %v", a.Passages)
		}
	}
}

func TestAskLanguageFallsBackToDocuments(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "de", Content: "## Versand\n\nDer Versand dauert zwei Tage und ist ab 50 Euro kostenlos.\n", Version: "1"}})
	if a := b.Ask("Versand?"); a.Language != DE {
		t.Errorf("language of a one-word question = %q, want the documents' %q", a.Language, DE)
	}
}

func TestAskBoundsWork(t *testing.T) {
	b := testBase(t)
	long := strings.Repeat("shipping cost ", 10000)
	if a := b.Ask(long); len(a.Passages) > maxPassages {
		t.Errorf("%d passages, want at most %d", len(a.Passages), maxPassages)
	}
	if a := NewLibrary(1 << 20).Base(nil).Ask("anything"); a.Answered || a.Language != EN {
		t.Errorf("empty base: %+v", a)
	}
}

const groomerEN = `# Dog grooming

We groom dogs of all breeds and sizes.

Owners wait outside: pets are calmer without them.

## Appointments

Appointments for dogs are booked by phone.

A full groom for dogs takes about three hours.

## Health

Every dog needs a valid rabies vaccination. Bring the certificate to the first visit.

## Prices

A bath costs 35 EUR, a full groom 60 EUR. We take cards and cash.

## Cancellations

Please cancel at least 24 hours before the appointment, or a fee of 20 EUR applies.
`

// TestAskSiblingNotSynonym: a cat is not a dog. Before synonym groups knew
// general and specific words, "cats" matched "dogs" and this was answered;
// and a page that says "dogs", never "cats", and "pets" for its dogs does
// not answer about cats through "pets".
func TestAskSiblingNotSynonym(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "g", Name: "Grooming", Content: groomerEN, Version: "1"}})
	if a := b.Ask("do you groom cats"); a.Answered {
		t.Errorf("Ask(do you groom cats) answered %q (score %.2f), want a refusal", a.Text, a.Score)
	}
	if a := b.Ask("how much is a bath"); !a.Answered || !strings.Contains(a.Text, "35 EUR") {
		t.Errorf("Ask(how much is a bath) = answered %v %q (score %.2f), want the prices", a.Answered, a.Text, a.Score)
	}
}

// TestBreakTie: a number question takes the near-best passage with a
// number, a how-to question the near-best procedure; a passage further
// than cueMargin below the best is never preferred.
func TestBreakTie(t *testing.T) {
	b := testBase(t)
	find := func(procedure bool, sub string) hit {
		for di, d := range b.docs {
			for bi, bl := range d.blocks {
				if (bl.kind == kindProcedure) == procedure && strings.Contains(bl.text, sub) {
					return hit{doc: di, block: bi}
				}
			}
		}
		t.Fatalf("no block %q", sub)
		return hit{}
	}
	words := find(false, "PayPal")          // no number
	days := find(false, "1-2 working days") // a number
	steps := find(true, "Drop the parcel")  // a procedure
	cases := []struct {
		name  string
		hits  []hit
		c     cue
		first hit
	}{
		{"number near", []hit{{doc: words.doc, block: words.block, score: 0.8}, {doc: days.doc, block: days.block, score: 0.6}}, cueNumber, days},
		{"number too far", []hit{{doc: words.doc, block: words.block, score: 0.9}, {doc: days.doc, block: days.block, score: 0.5}}, cueNumber, words},
		{"no cue", []hit{{doc: words.doc, block: words.block, score: 0.8}, {doc: days.doc, block: days.block, score: 0.79}}, cueNone, words},
		{"steps", []hit{{doc: days.doc, block: days.block, score: 0.8}, {doc: steps.doc, block: steps.block, score: 0.7}}, cueSteps, steps},
		{"step numbers are not a number", []hit{{doc: words.doc, block: words.block, score: 0.8}, {doc: steps.doc, block: steps.block, score: 0.79}}, cueNumber, words},
	}
	for _, c := range cases {
		order := b.breakTie(c.hits, top(c.hits, maxPassages), c.c)
		if first := c.hits[order[0]]; first.doc != c.first.doc || first.block != c.first.block {
			t.Errorf("%s: first is block %d, want %d", c.name, first.block, c.first.block)
		}
		if len(order) != 2 {
			t.Errorf("%s: %d hits after, want 2", c.name, len(order))
		}
	}
}

// TestAskedPostings: the terms of the question heading a block answers
// are marked (field-aware confidence gives them a bonus); the same terms
// in a body or a plain heading are not.
func TestAskedPostings(t *testing.T) {
	doc := `# Help

## Gift wrapping

Gift wrapping is added at checkout.

## Questions

### Can you wrap a gift?

Yes, for 3 EUR we wrap it in recycled paper.
`
	b := NewLibrary(1 << 20).Base([]Source{{ID: "d", Name: "Help", Content: doc, Version: "1"}})
	d := b.docs[0]
	asked := map[string]bool{}
	for _, p := range d.postings[stem(EN, "gift")] {
		asked[d.blocks[p.block].text] = p.asked
	}
	if len(asked) != 2 || !asked["Yes, for 3 EUR we wrap it in recycled paper."] || asked["Gift wrapping is added at checkout."] {
		t.Errorf("asked marks of %q by block: %v, want only the answer under the question", "gift", asked)
	}
	// (a base this small is refused on its BM25; its best passage still shows)
	a := b.Ask("can you wrap a gift")
	if len(a.Passages) == 0 || !strings.Contains(a.Passages[0].Text, "recycled paper") || a.Score > 1 {
		t.Errorf("Ask(can you wrap a gift) = passages %+v (score %.2f), want the answer under its question first, score at most 1", a.Passages, a.Score)
	}
}

// A price question is not answered by a passage that names no price, even
// when it matches the rest of the question.
func TestAskPriceQuestionNeedsAPrice(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "g", Content: `# Services

## Full groom

A full groom is a bath, a haircut, nail trimming and ear cleaning.

## Bath

A bath is a shampoo, a conditioner and a blow dry.

## Opening hours

We are open from Tuesday to Saturday, 9 to 5.
`, Version: "1"}})
	q := "how much is a full groom"
	if a := b.Ask(q); a.Answered {
		t.Errorf("Ask(%q) answered %q (score %.2f), want a refusal: no price in the passage", q, a.Text, a.Score)
	}
	if a := b.Ask("what is in a full groom"); !a.Answered || !strings.Contains(a.Text, "haircut") {
		t.Errorf("the same passage for what it says: answered %v %q (score %.2f)", a.Answered, a.Text, a.Score)
	}
}

// One word found, one the documents lack, of the same weight: a Q/A pair
// whose question has the found word answers, a body that has it does not.
func TestAskTieDecidedByQuestionHeading(t *testing.T) {
	q := "can i grab a voucher"
	faq := NewLibrary(1 << 20).Base([]Source{{ID: "f", Content: "# FAQ\n\n## Tickets\n\nTickets are sold online.\n\n## Opening hours\n\nWe open at 9.\n\n## Do you sell vouchers?\n\nYes, at the ticket office.\n", Version: "1"}})
	if a := faq.Ask(q); !a.Answered || !strings.Contains(a.Text, "ticket office") {
		t.Errorf("Q/A pair: answered %v %q (score %.2f), want the voucher answer", a.Answered, a.Text, a.Score)
	}
	body := NewLibrary(1 << 20).Base([]Source{{ID: "b", Content: "# Visit\n\n## Tickets\n\nTickets are sold online.\n\n## Opening hours\n\nWe open at 9.\n\n## Shop\n\nThe shop sells vouchers, books and postcards.\n", Version: "1"}})
	if a := body.Ask(q); a.Answered {
		t.Errorf("body only: answered %q (score %.2f), want a refusal", a.Text, a.Score)
	}
}

// TestQueryFunctionWordsAndParticiples: an informal contraction ("theres")
// or a German auxiliary ("wurde") is no term of the question, and a German
// past participle the documents lack is read through its infinitive's
// stem inside their compounds ("gebissen" → "Bissverletzungen").
func TestQueryFunctionWordsAndParticiples(t *testing.T) {
	const de = "# Praxis\n\nBei Bissverletzungen kommen Sie noch am selben Tag.\n\nKatzen kommen im Transportkorb.\n"
	b := NewLibrary(1 << 20).Base([]Source{{ID: "d", Name: "FAQ", Content: de, Version: "1"}})
	qs, _ := b.query("katze wurde gebissen", DE, DE, true)
	if len(qs) != 2 {
		t.Fatalf("query(katze wurde gebissen) = %d terms %+v, want 2 (katze, gebissen)", len(qs), qs)
	}
	if ms := qs[1].matches; len(ms) == 0 || !strings.HasPrefix(ms[0].term, "bissverletz") || ms[0].factor >= 1 {
		t.Errorf("gebissen matches %+v, want the compound bissverletz… below an exact match", ms)
	}
	for _, q := range []string{"theres", "thats", "youre"} {
		if !stopwords[EN][q] {
			t.Errorf("%q is not an English stop word", q)
		}
	}
}

// TestRefuseMissingWord: a word the passage lacks, weighing more than what
// it matches, refuses, unless the passage's question heading asks all that
// is matched and the missing word weighs at most askedMissingRatio times it.
func TestRefuseMissingWord(t *testing.T) {
	cases := []struct {
		name string
		h    hit
		want bool
	}{
		{"missing outweighs, body", hit{score: 0.5, bm25: 2, covered: 2, missing: 2.4}, true},
		{"missing outweighs a little, heading asks it", hit{score: 0.5, bm25: 2, covered: 2, missing: 2.4, asked: 2}, false},
		{"missing outweighs much, heading asks it", hit{score: 0.5, bm25: 2, covered: 2, missing: 3, asked: 2}, true},
		{"heading asks part only", hit{score: 0.5, bm25: 2, covered: 2, missing: 2.4, asked: 1}, true},
		{"nothing missing", hit{score: 0.5, bm25: 2, covered: 2}, false},
	}
	for _, c := range cases {
		if got := refuse(c.h); got != c.want {
			t.Errorf("%s: refuse = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestTopIsTheSortedPrefix: top gives the first k hits of the stable sort
// by score, then BM25 (ties, equal scores and short lists included).
func TestTopIsTheSortedPrefix(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		hits := make([]hit, rng.IntN(12))
		for i := range hits {
			// few distinct values, so that ties are common
			hits[i] = hit{block: i, score: float64(rng.IntN(4)) / 4, bm25: float64(rng.IntN(3))}
		}
		want := slices.Clone(hits)
		slices.SortStableFunc(want, func(x, y hit) int {
			if c := cmp.Compare(y.score, x.score); c != 0 {
				return c
			}
			return cmp.Compare(y.bm25, x.bm25)
		})
		k := 1 + rng.IntN(6)
		got := top(hits, k)
		if len(got) != min(k, len(hits)) {
			t.Fatalf("round %d: %d indexes, want %d", round, len(got), min(k, len(hits)))
		}
		for i, g := range got {
			if hits[g].block != want[i].block {
				t.Fatalf("round %d: position %d is block %d, want %d", round, i, hits[g].block, want[i].block)
			}
		}
	}
}

// TestAskConcurrently: questions asked at once on one base (which reuses
// its work arrays across questions) get the answers they get one at a
// time, in any order.
func TestAskConcurrently(t *testing.T) {
	b := testBase(t)
	questions := []string{"How long does delivery take?", "how much is shipping", "How do I return an item?",
		"can I pay with paypal", "Do you sell helicopters?", "wie lange dauert der versand", "refund"}
	want := make([]Answer, len(questions))
	for i, q := range questions {
		want[i] = b.Ask(q)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(questions))
	for g := range 8 {
		wg.Go(func() {
			for n := range 50 {
				i := (g + n) % len(questions)
				if got := b.Ask(questions[i]); !reflect.DeepEqual(got, want[i]) {
					errs <- questions[i]
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for q := range errs {
		t.Errorf("%q answered differently when asked with others", q)
	}
}

// TestAskOneRuleOfMany: a long numbered list of rules is no procedure: a
// question about one rule is answered with that rule, not the whole list;
// a procedure is still quoted whole.
func TestAskOneRuleOfMany(t *testing.T) {
	rule := " Il doit respecter le règlement affiché à l'accueil, sous peine d'exclusion immédiate et sans remboursement du séjour ni des arrhes versées, quelle que soit la durée du séjour prévue à l'arrivée."
	var b strings.Builder
	b.WriteString("# Conditions générales\n\n")
	for i, r := range []string{"Toute personne admise au camping est inscrite à l'accueil.", "Les mineurs ne séjournent qu'accompagnés d'un adulte.",
		"Un seul chien est accepté par emplacement, avec un carnet de vaccination à jour.", "Une réservation est nominative et ne peut être ni cédée ni sous-louée.",
		"Les visiteurs sont admis de 9 h à 21 h, après accord de la réception.", "Le bruit est interdit entre 22 h et 7 h."} {
		fmt.Fprintf(&b, "%d. %s%s\n", i+1, r, rule)
	}
	b.WriteString("\n## Réserver\n\n1. Choisissez vos dates.\n2. Cliquez sur Réserver.\n3. Payez les arrhes.\n")
	base := NewLibrary(1 << 20).Base([]Source{{ID: "c", Name: "Conditions", Content: b.String(), Version: "1"}})
	a := base.Ask("combien de chiens par emplacement")
	if !a.Answered || !strings.Contains(a.Text, "Un seul chien") || strings.Contains(a.Text, "mineurs") {
		t.Fatalf("one rule: %v %q", a.Answered, a.Text)
	}
	p := base.Ask("comment réserver")
	if !p.Answered || !strings.Contains(p.Text, "1. Choisissez vos dates.\n2. Cliquez sur Réserver.\n3. Payez les arrhes.") {
		t.Fatalf("procedure: %v %q", p.Answered, p.Text)
	}
}

func TestAskFamilyIsTheCustomersSide(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "p", Content: "## Le tour\n\nLe tour est accessible à partir de 15 ans.\n\n## Les cours\n\nLes cours ont lieu en petit groupe, 4 personnes au plus.\n\n" +
		"## Cartes cadeaux\n\nLes cartes cadeaux sont valables 1 an.\n\n## Annulation\n\nSi vous annulez moins de 4 jours avant, la séance est perdue.\n\n" +
		"## Cuisson\n\nComptez 3 semaines pour la cuisson des pièces.\n\n## Tarifs\n\nLa terre et l'émaillage sont inclus dans le prix.\n", Version: "1"}})
	if a := b.Ask("ma fille peut faire du tour ?"); !a.Answered || !strings.Contains(a.Text, "15 ans") {
		t.Errorf("a relative the pages never name is the customer's side, not the topic: %+v", a)
	}
	if a := b.Ask("vous vendez de la terre ?"); a.Answered {
		t.Errorf("a topic word the pages lack still refuses: %q", a.Text)
	}
	d := NewLibrary(1 << 20).Base([]Source{{ID: "d", Content: "## Kleidung\n\nBequeme Schuhe, die rutschfest sind, sind wichtig.\n\n## Garderobe\n\nFür die Garderobe übernehmen wir keine Haftung.\n\n" +
		"## Anmeldung\n\nDie Anmeldung ist verbindlich und gilt für den ganzen Kurs.\n\n## Zahlung\n\nDie Kursgebühr zahlen Sie vor Kursbeginn per Überweisung.\n\n" +
		"## Ferien\n\nIn den Weihnachtsferien findet kein Unterricht statt.\n\n## Probestunde\n\nEine Probestunde kostet 40 Euro pro Person.\n", Version: "1"}})
	if a := d.Ask("was für schuhe brauche ich"); !a.Answered || !strings.Contains(a.Text, "rutschfest") {
		t.Errorf("'brauche' asks nothing of its own: %+v", a)
	}
}

// Several words of a customer's story that no page has weigh together as
// one (capUnknown); one such word alone weighs in full, as it may be what
// the question is about ("do you sell candles").
func TestCapUnknown(t *testing.T) {
	term := func(w float64, known bool) queryTerm {
		q := queryTerm{weight: w}
		if known {
			q.matches = []match{{term: "x", factor: 1}}
		}
		return q
	}
	cases := []struct {
		name      string
		qs        []queryTerm
		wantTotal float64
		want      []float64
	}{
		{"no unknown word", []queryTerm{term(1, true), term(2, true)}, 3, []float64{1, 2}},
		{"one unknown word in full", []queryTerm{term(1, true), term(2, false)}, 3, []float64{1, 2}},
		{"three unknown words as 3", []queryTerm{term(1, true), term(2, false), term(2, false), term(2, false)}, 4, []float64{1, 1, 1, 1}},
		{"generic unknown words under the limit", []queryTerm{term(2, true), term(0.5, false), term(0.5, false)}, 3, []float64{2, 0.5, 0.5}},
	}
	for _, c := range cases {
		total := 0.0
		for _, q := range c.qs {
			total += q.weight
		}
		got := capUnknown(c.qs, total, 3)
		if math.Abs(got-c.wantTotal) > 1e-9 {
			t.Errorf("%s: total %v, want %v", c.name, got, c.wantTotal)
		}
		for i, q := range c.qs {
			if math.Abs(q.weight-c.want[i]) > 1e-9 {
				t.Errorf("%s: weight %d = %v, want %v", c.name, i, q.weight, c.want[i])
			}
		}
	}
}

// A question that asks an age, a time of day or the opening hours is not
// answered by a passage that states none, and is by one that does.
func TestAskAnswerTypes(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "r", Content: "# Reitschule\n\n## Die erste Stunde\n\nFür Reitanfänger ist die erste Stunde eine Theoriestunde mit dem Pferd.\n\n" +
		"## Reiten lernen\n\nReiten lernen braucht Geduld und Zeit.\n\n## Nebeneingang\n\nDer Nebeneingang zum Park ist geschlossen.\n\n" +
		"## Stall\n\nBitte seid 30 Minuten vor der Stunde im Stall.\n\n## Helm\n\nEin Fahrradhelm reicht für den Anfang.\n\n" +
		"## Wetter\n\nIst der Boden gefroren, fällt der Unterricht aus.\n\n## Stalltür\n\nDie Stalltür schließen wir um 20 Uhr.\n\n", Version: "1"}})
	cases := []struct {
		q, want string // want "" for a refusal
	}{
		{"ab welchem alter kann man reiten lernen", ""},
		{"wann hat der nebeneingang zum park geöffnet", ""},
		{"um wie viel uhr ist der nebeneingang zum park geschlossen", ""},
		{"wann schließt ihr die stalltür", "20 Uhr"},
		{"reicht ein fahrradhelm", "Fahrradhelm"},
	}
	// the part of the day an hours question names finds the times
	s := NewLibrary(1 << 20).Base([]Source{{ID: "s", Content: "# Sauna\n\n## Öffnungszeiten\n\nTäglich von 07:00 bis 13:00 Uhr und von 15:00 bis 21:30 Uhr.\n\n" +
		"## Kinder\n\nKinder unter 16 Jahren kommen nur mit Erwachsenen.\n\n## Aufguss\n\nWährend des Aufgusses bleibt die Tür zu.\n\n" +
		"## Duschen\n\nVor dem ersten Saunagang ist Duschen Pflicht.\n\n## Wertsachen\n\nWertsachen kommen in die Schließfächer.\n", Version: "1"}})
	if a := s.Ask("bis wann habt ihr abends offen"); !a.Answered || !strings.Contains(a.Text, "21:30") {
		t.Errorf("an hours question with its part of the day: %v %q (score %.2f)", a.Answered, a.Text, a.Score)
	}
	if a := s.Ask("habt ihr sonntags offen"); !a.Answered || !strings.Contains(a.Text, "21:30") {
		t.Errorf("an hours question with its day: %v %q (score %.2f)", a.Answered, a.Text, a.Score)
	}
	for _, c := range cases {
		a := b.Ask(c.q)
		switch {
		case c.want == "" && a.Answered:
			t.Errorf("Ask(%q) answered %q, want a refusal", c.q, a.Text)
		case c.want != "" && (!a.Answered || !strings.Contains(a.Text, c.want)):
			t.Errorf("Ask(%q) = %v %q (score %.2f), want %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
}

// When the best passage does not give what the question asks for, a
// passage scoring nearly as well that does answers.
func TestAskTypeChoosesAmongTheBest(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "g", Content: "# Grooming\n\n## Full groom\n\nA full groom is a bath, a haircut and nail trimming for your dog.\n\n" +
		"## Prices\n\nA full groom for your dog costs $60.\n\n## Opening hours\n\nWe are open from Tuesday to Saturday.\n\n## Cats\n\nWe do not groom cats.\n", Version: "1"}})
	a := b.Ask("how much is a full groom for my dog")
	if !a.Answered || !strings.Contains(a.Text, "$60") || a.Passages[0].Text != a.Text {
		t.Errorf("Ask = %v %q, passages %+v; want the price, first", a.Answered, a.Text, a.Passages)
	}
}

// A conjugated form of a generic verb ("prenez", "lleváis") weighs as
// little as its infinitive: "vous prenez les chèques ?" asks about
// cheques, not about what else is taken.
func TestAskGenericVerbForms(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "o", Content: "# Onglerie\n\n## Vous prenez mes mains en photo ?\n\nLes photos prises pendant la prestation peuvent servir à notre communication.\n\n" +
		"## Paiement\n\nLe règlement se fait par carte bancaire ou en espèces. Les chèques ne sont pas acceptés.\n\n" +
		"## Retard\n\nAu-delà de 15 minutes de retard, la prestation peut être annulée.\n", Version: "1"}})
	if a := b.Ask("vous prenez les cheques ?"); !a.Answered || !strings.Contains(a.Text, "chèques") {
		t.Errorf("Ask = %v %q (score %.2f), want the rule on cheques", a.Answered, a.Text, a.Score)
	}
	d := NewLibrary(1 << 20).Base([]Source{{ID: "e", Content: "# Escape\n\n## Wie lange dauert ein Spiel?\n\nIn den Premium-Räumen spielt ihr 60 Minuten.\n\n" +
		"## Gutscheine\n\nUnsere Gutscheine gelten 3 Jahre und lassen sich jederzeit einlösen, außer im Aktionszeitraum.\n\n" +
		"## Absage\n\nBei einer Absage am Tag vorher berechnen wir 25 Euro.\n", Version: "1"}})
	if a := d.Ask("wie lange haben wir im raum zeit"); !a.Answered || !strings.Contains(a.Text, "60 Minuten") {
		t.Errorf("'Zeit' asks how long: %v %q (score %.2f)", a.Answered, a.Text, a.Score)
	}
}

// A question whether the business has something that no document names
// is refused; one about something the documents name is answered.
func TestAskExistence(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "t", Content: "# Kurse\n\n## Wo ist die Tanzschule?\n\nDie Tanzschule liegt in der Hauptstraße 5, im zweiten Stock.\n\n## Garderobe\n\nFür die Garderobe übernehmen wir keine Haftung.\n\n" +
		"## Kurse\n\nUnsere Kurse für Paare beginnen jeden Monat.\n\n## Schuhe\n\nBequeme Schuhe mit glatter Sohle sind wichtig.\n\n" +
		"## Ferien\n\nIn den Weihnachtsferien findet kein Unterricht statt.\n", Version: "1"}})
	if a := b.Ask("gibt es parkplätze an der tanzschule"); a.Answered {
		t.Errorf("a thing no document names: answered %q", a.Text)
	}
	if a := b.Ask("gibt es eine garderobe"); !a.Answered || !strings.Contains(a.Text, "Garderobe") {
		t.Errorf("a thing the documents name: %v %q (score %.2f)", a.Answered, a.Text, a.Score)
	}
	for q, want := range map[string]bool{"is there somewhere to leave my suitcase": true, "hay wifi": true, "vous avez des cours le dimanche": true,
		"can i pay by card": false, "la clase de las 7 esta llena": false} {
		if got := asksExistence(words(q)); got != want {
			t.Errorf("asksExistence(%q) = %v, want %v", q, got, want)
		}
	}
}

// Whether the business is open in a month or on a holiday finds the
// blocks that give times, without needing one.
func TestAskOpenOnHolidays(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "g", Content: "# Gimnasio\n\n## Horario\n\nEl gimnasio abre de 07:00 a 00:00 horas, durante todo el año.\n\n" +
		"## Taquillas\n\nLas taquillas se cierran con candado propio.\n\n## Acceso\n\nPara acceder es obligatorio el llavero de socio.\n\n" +
		"## Menores\n\nLos menores de 16 años solo acceden con autorización.\n", Version: "1"}})
	if a := b.Ask("abris tambien en agosto y en navidad?"); !a.Answered || !strings.Contains(a.Text, "07:00") {
		t.Errorf("Ask = %v %q (score %.2f), want the opening hours", a.Answered, a.Text, a.Score)
	}
	for q, want := range map[string]bool{"are you open over christmas": true, "abris en agosto": true, "do you close in august": true, "is august busy": false} {
		if got := asksOpenOn(words(q)); got != want {
			t.Errorf("asksOpenOn(%q) = %v, want %v", q, got, want)
		}
	}
}

// Chat shorthand ("20 min", "pics"), fillers ("us", "per", "quelque
// part", "ca"), "wie hoch" asking an amount, a part of the day beside a
// clock time, and lateness in the customer's words.
func TestAskChatWordings(t *testing.T) {
	de := NewLibrary(1 << 20).Base([]Source{{ID: "f", Content: "# Ferienwohnung\n\n## Kaution\n\nBei der Wohnungsübergabe hinterlegen Sie eine Kaution von 100,00 Euro.\n\n" +
		"## Endreinigung\n\nDie Endreinigung kostet einmalig 60 Euro.\n\n## Haustiere\n\nHunde sind bei uns herzlich willkommen.\n\n" +
		"## Öffnungszeiten\n\nTäglich von 07:00 bis 13:00 Uhr und von 15:00 bis 21:30 Uhr.\n\n" +
		"## Verspätung\n\nBei einer Verspätung von mehr als 20 Minuten verfällt euer Termin.\n", Version: "1"}})
	en := NewLibrary(1 << 20).Base([]Source{{ID: "s", Content: "# Storage\n\n## Locks\n\nYes. You can buy one in the office or bring your own. Only one lock is allowed per door latch.\n\n" +
		"## Photos\n\nParents who only watch and take pictures do not need to sign the waiver.\n\n## Keys\n\nWe do not keep spare keys. We can cut the lock off for $5.\n\n" +
		"## Contact\n\nCall us on 0123 456 or write to us.\n\n## Gate\n\nThe gate is open 24 hours a day, 7 days a week.\n\n" +
		"## Payment\n\nWe accept cash, check and major credit cards.\n\n## Insurance\n\nYour goods must be insured while they are in storage.\n\n" +
		"## Moving out\n\nGive us written notice 10 days before the end of the month.\n", Version: "1"}})
	fr := NewLibrary(1 << 20).Base([]Source{{ID: "c", Content: "# Cinéma\n\n## Vestiaire\n\nLe vestiaire est fermé : le personnel ne peut garder aucun objet pendant votre visite.\n\n" +
		"## Tarifs\n\nLa place coûte 9 euros, 6 euros pour les moins de 14 ans.\n\n## Retard\n\nAu-delà de 15 minutes de retard, la séance peut être refusée.\n\n" +
		"## Lunettes 3D\n\nLes lunettes 3D sont à rendre à la sortie de la salle.\n", Version: "1"}})
	cases := []struct {
		b       *Base
		q, want string
	}{
		{de, "wie hoch ist die kaution bei euch", "100,00 Euro"},
		{de, "kann ich mittags so gegen 14 uhr kommen?", "07:00"},
		{de, "wir stehen im stau und sind ca 20 min zu spät", "Verspätung"},
		{en, "do you provide a padlock", "bring your own"},
		{en, "im just coming along to take pics of my daughter, do i need to sign anything?", "waiver"},
		{fr, "je peux laisser mon manteau quelque part", "vestiaire"},
		{fr, "je serai en retard de 20 min a cause des bouchons, vous me prenez quand meme ?", "15 minutes de retard"},
	}
	for _, c := range cases {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
	// "us" and "per" are function words, not the topic
	for _, w := range []string{"us", "per"} {
		if !stopwords[EN][w] {
			t.Errorf("%q is no English stop word", w)
		}
	}
}

// The customer's companions find the page's word for them, a weekday or
// month no page names is the customer's schedule, and "want" is a filler.
func TestAskCompanionsAndSchedules(t *testing.T) {
	fr := NewLibrary(1 << 20).Base([]Source{{ID: "o", Content: "# Onglerie\n\n## Accès\n\nLes accompagnateurs et les animaux ne sont pas admis pendant les rendez-vous.\n\n" +
		"## Tenue\n\nEn été, un maillot de bain ou un short suffisent. Au printemps et à l'automne, prévoyez un coupe-vent.\n\n" +
		"## Paiement\n\nLe règlement se fait par carte bancaire ou en espèces.\n\n## Retard\n\nAu-delà de 15 minutes de retard, la prestation peut être annulée.\n", Version: "1"}})
	es := NewLibrary(1 << 20).Base([]Source{{ID: "t", Content: "# Estudio\n\n## Sesiones\n\nLas sesiones son sin acompañantes, para mantener un ambiente tranquilo.\n\n" +
		"## Menores\n\nLos huéspedes menores de edad necesitan una autorización para usar el albergue.\n\n## Fianza\n\nLa fianza no es reembolsable.\n\n" +
		"## Horario\n\nAbrimos de martes a sábado de 11:00 a 20:00.\n", Version: "1"}})
	cases := []struct {
		b       *Base
		q, want string
	}{
		{fr, "je peux venir avec ma copine et mon chien ?", "accompagnateurs"},
		{fr, "il faut quelle tenue pour une sortie en octobre", "coupe-vent"},
		{es, "puedo ir con mi novia para que me acompañe", "sin acompañantes"},
		{es, "mi hijo de 17 años quiere venir, puede?", "menores de edad"},
	}
	for _, c := range cases {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
}

// "want" in a question weighs nothing: the question with it has the terms
// of the question without it.
func TestQueryDropsWant(t *testing.T) {
	b := NewLibrary(1 << 20).Base([]Source{{ID: "a", Content: "# Albergue\n\n## Visitas\n\nLas visitas a las habitaciones están prohibidas.\n\n" +
		"## Menores\n\nLos menores de edad necesitan una autorización.\n\n## Grupos\n\nSi quieres venir en grupo, escríbenos.\n", Version: "1"}})
	with, tw := b.query("mi hijo quiere venir con unos amigos", ES, ES, true)
	without, to := b.query("mi hijo venir con unos amigos", ES, ES, true)
	if len(with) != len(without) || math.Abs(tw-to) > 1e-9 {
		t.Errorf("with 'quiere': %d terms, total %.2f; without: %d terms, total %.2f", len(with), tw, len(without), to)
	}
}

// Wordings of the fourteenth and fifteenth held-out sets: "finish" asks
// when the business closes, slang for money and the trade's teachers
// find the page's words, and "call it off" is "cancel".
func TestAskRoundTenWordings(t *testing.T) {
	en := NewLibrary(1 << 20).Base([]Source{{ID: "p", Content: "# Plumber\n\n## Hours\n\nOur normal working hours are 8am to 5pm, Monday to Friday.\n\n" +
		"## Payment\n\nFor new boilers, 80% of the price is paid upfront and the final 20% when the work is finished.\n\n" +
		"## Warranty\n\nMaterials we supply carry a one year warranty.\n\n## Call out\n\nA call out costs £85.\n", Version: "1"}})
	es := NewLibrary(1 << 20).Base([]Source{{ID: "s", Content: "# Surf\n\n## Grupos\n\nEn las clases de grupo hay un máximo de 8 alumnos por instructor.\n\n" +
		"## Cancelación\n\nSi cancelas con al menos 24 horas de antelación: reembolso total.\n\n## Edad\n\nLas clases son para mayores de 8 años.\n\n" +
		"## Material\n\nIncluimos tabla y neopreno.\n", Version: "1"}})
	cases := []struct {
		b       *Base
		q, want string
	}{
		{en, "what time do your guys finish on weekdays", "8am to 5pm"},
		{es, "cuántos alumnos hay por cada monitor en grupo?", "8 alumnos"},
		{es, "si cancelo con dos días de antelación me devolvéis la pasta?", "reembolso total"},
	}
	for _, c := range cases {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
	// the customer's word finds the page's through its group
	for _, c := range [][2]string{{"monitor", "instructor"}, {"pasta", "reembolso"}} {
		found := false
		for _, m := range es.matches(ES, stem(ES, c[0])) {
			found = found || m.term == stem(ES, c[1])
		}
		if !found {
			t.Errorf("%q does not find %q", c[0], c[1])
		}
	}
	if got := phraseWords([]string{"if", "we", "call", "it", "off"}); !slices.Equal(got, []string{"if", "we", "cancel"}) {
		t.Errorf("phraseWords = %q, want \"call it off\" as \"cancel\"", got)
	}
}

// TestAskRoundElevenWordings: the fridge, degrees, rain, a first visit
// and a dearer one in the customer's words, and a passage that gives the temperature asked answering in
// place of better-scored ones that only name it (the fromagerie's page of
// the sixteenth held-out set).
func TestAskRoundElevenWordings(t *testing.T) {
	page, err := os.ReadFile("testdata/eval/heldout16/fr-fromagerie/faq.html")
	if err != nil {
		t.Fatal(err)
	}
	fr := NewLibrary(1 << 20).Base([]Source{{ID: "f", Content: string(page), Version: "1"}})
	page, err = os.ReadFile("testdata/eval/heldout16/en-windowcleaning/faq.txt")
	if err != nil {
		t.Fatal(err)
	}
	en := NewLibrary(1 << 20).Base([]Source{{ID: "w", Content: string(page), Version: "1"}})
	for _, c := range []struct {
		b       *Base
		q, want string
	}{
		{fr, "a quelle temperature je garde mes fromages", "entre 6 et 8 degrés"},
		{fr, "je range ça ou dans le frigo ?", "bac à légumes"},
		// "ramener" is "rendre", a "tupperware" a box
		{fr, "les planches en bois faut vous les ramener quand ?", "sous 48 heures"},
		{fr, "je peux mettre mes fromages dans une boite tupperware fermée ?", "emballages plastiques hermétiques"},
		// "chuck it down" is rain; "1st" is "first", "dearer" a price
		{en, "its meant to chuck it down tmrw, are you still coming", "regardless of the weather"},
		{en, "why is the 1st visit dearer, how much is it", "double the regular price"},
	} {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
	// asthma is an illness, a "bautizo" the "bautismo", a flight a plane
	page, err = os.ReadFile("testdata/eval/heldout16/es-buceo/condiciones-y-faq.md")
	if err != nil {
		t.Fatal(err)
	}
	es := NewLibrary(1 << 20).Base([]Source{{ID: "b", Content: string(page), Version: "1"}})
	for _, c := range [][2]string{{"asma", "enfermedad"}, {"bautizo", "bautismo"}, {"vuelo", "avión"}} {
		found := false
		for _, m := range es.matches(ES, stem(ES, c[0])) {
			found = found || m.term == stem(ES, c[1])
		}
		if !found {
			t.Errorf("%q does not find %q", c[0], c[1])
		}
	}
}

// TestAskRoundTwelveWordings: a day's line without a time of day
// ("Tuesday: closed during term time …") is a line of the hours, not a
// title over the rest of the page; "rock up" is arriving, "least number"
// the minimum; a filler ("exactamente") and "quite" weigh nothing;
// "deportivas" and "tongs" are shoes, "muy seguido" how often; "max" is a
// limit.
func TestAskRoundTwelveWordings(t *testing.T) {
	en := fileBase(t, "testdata/eval/heldout18/en-trampoline/faq.txt")
	es := fileBase(t, "testdata/eval/heldout18/es-podologia/informacion-pacientes.md")
	fr := fileBase(t, "testdata/eval/heldout18/fr-karting/infos-pratiques.html")
	de := fileBase(t, "testdata/eval/heldout18/de-schwimmschule/faq.md")
	for _, c := range []struct {
		b       *Base
		q, want string
	}{
		{en, "r u open tuesdays?", "Tuesday: closed during term time"},
		{en, "what time should we rock up before our slot", "20 minutes early"},
		{en, "whats the least number of kids we need for a party", "minimum of 10 children"},
		{es, "soy diabetica, me tengo q revisar los pies muy seguido?", "una vez al año"},
		{fr, "on peut venir en tongs ?", "chaussures fermées"},
		// an existence question is the question itself, not the story after it
		{en, "is there a max weight? my husband's quite a big guy", "17.5 stone"},
		// a length is in metres; a share with a deposit's word is how much
		{fr, "elle fait quelle longueur votre piste ?", "1 200 mètres"},
		{en, "how much do i have to pay up front to book a bday party", "50% deposit"},
		{de, "kann stattdessen die freundin von meiner tochter den platz haben", "an Bekannte weitergeben"},
	} {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
	// a count of time in the customer's story is not the page's "20 minutes"
	if a := en.Ask("im 20 weeks pregnant can i still have a go with the kids"); strings.Contains(a.Text, "20 minutes") {
		t.Errorf("20 weeks answered with %q", a.Text)
	}
	if ts := Terms("is there a max weight? my husband's quite a big guy", EN); slices.Contains(ts, "quit") {
		t.Errorf("quite is read as quit: %v", ts)
	}
}

// TestAskHeldout19Wordings: "business hours" answers "at what time";
// "kaputt" is damage and a table's "Teil" header names no rows; "combi"
// is a wetsuit, "nager" swimming, a labrador a dog.
func TestAskHeldout19Wordings(t *testing.T) {
	es := fileBase(t, "testdata/eval/heldout19/es-autocaravanas/condiciones.md")
	de := fileBase(t, "testdata/eval/heldout19/de-fotobox/mietbedingungen.html")
	for _, c := range []struct {
		b       *Base
		q, want string
	}{
		{es, "a que hora se recoge la autocaravana?", "horario comercial"},
		{de, "wenn ein gast eine von den masken kaputt macht, kostet das was?", "25 €"},
	} {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
	if got := RowText([]string{"Teil", "Betrag"}, []string{"Blitz (pro Stück)", "73 €"}); got != "Blitz (pro Stück) — Betrag: 73 €" {
		t.Errorf("RowText = %q", got)
	}
	for _, c := range [][3]string{{FR, "combi", "combinaison"}, {FR, "nager", "natation"}, {EN, "labrador", "dog"}} {
		found := false
		for _, m := range synonyms[c[0]][stem(c[0], c[1])] {
			found = found || m == stem(c[0], c[2])
		}
		if !found {
			t.Errorf("%q is not %q", c[1], c[2])
		}
	}
}

// fileBase is a base of one evaluation document.
func fileBase(t *testing.T, path string) *Base {
	t.Helper()
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return NewLibrary(1 << 20).Base([]Source{{ID: path, Content: string(page), Version: "1"}})
}

// TestAskRoundFourteenWordings: selling is a sale, sandwiches are food,
// "hinterlegen" is a deposit, "dehors" is outside, and "c'est combien de
// dons" counts rather than asks a price (heldout20 and heldout21's pages).
func TestAskRoundFourteenWordings(t *testing.T) {
	base := func(path string) *Base {
		page, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return NewLibrary(1 << 20).Base([]Source{{ID: "p", Content: string(page), Version: "1"}})
	}
	rink := base("testdata/eval/heldout20/en-icerink/public-skating.txt")
	blood := base("testdata/eval/heldout20/fr-dondusang/faq-donneurs.md")
	costume := base("testdata/eval/heldout20/de-kostuemverleih/faq-ausleihe.html")
	ferry := base("testdata/eval/heldout21/fr-traversier/infos-pratiques.txt")
	for _, c := range []struct {
		b       *Base
		q, want string
	}{
		{rink, "what time do u start selling tickets", "go on sale 15 minutes"},
		{rink, "ok to bring sandwiches for the kids or do we have to buy food there", "bring in your own food"},
		{blood, "je suis une femme, c'est combien de dons max par an", "4 fois par an"},
		{costume, "muss ich ne kaution hinterlegen und wie viel", "100 €"},
		{ferry, "on peut fumer dehors sur le bateau ?", "zone fumeurs"},
	} {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
}

// TestAskRoundFifteenWordings: "alte" (old) is no word of the topic,
// "finalement" a filler, a wheelchair and "mobilité réduite" one need, a
// gift "offert" a "cadeau", and doors that open "à quelle heure avant le
// spectacle" are answered by "30 minutes avant le début" (heldout22's
// pages).
func TestAskRoundFifteenWordings(t *testing.T) {
	base := func(path string) *Base {
		page, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return NewLibrary(1 << 20).Base([]Source{{ID: "p", Content: string(page), Version: "1"}})
	}
	yard := base("testdata/eval/heldout22/de-wertstoffhof/wertstoffhof.html")
	theatre := base("testdata/eval/heldout22/fr-billetterie/infos-billetterie.txt")
	for _, c := range []struct {
		b       *Base
		q, want string
	}{
		{yard, "nehmt ihr alte kühlschränke?", "Kühlschränke"},
		{theatre, "je peux pas venir finalement, vous remboursez ?", "ni remboursés"},
		{theatre, "ma mère est en fauteuil roulant, c'est accessible ?", "mobilité réduite"},
		{theatre, "on m'a offert un bon cadeau l'an dernier, il marche encore ?", "valable un an"},
		{theatre, "les portes ouvrent à quelle heure avant le spectacle ?", "30 minutes avant"},
	} {
		if a := c.b.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
	// "what time do you close on a saturday" is no time before an event
	if givesAsked(words("what time do you close on a saturday"), "Doors open 30 minutes before the show.", "") {
		t.Error("a relative time answered a question of opening hours")
	}
}

func TestAskRoundSeventeenWordings(t *testing.T) {
	page, err := os.ReadFile("testdata/eval/heldout25/en-balloonrides/balloon-rides.md")
	if err != nil {
		t.Fatal(err)
	}
	balloon := NewLibrary(1 << 20).Base([]Source{{ID: "p", Content: string(page), Version: "1"}})
	for _, c := range []struct{ q, want string }{
		// "4" is "four" ("a party of four may weigh …")
		{"4 of us want to go in july, we're all pretty big guys, is there a weight limit?", "680 lbs"},
		// a voucher is a gift certificate
		{"got a voucher for my birthday, how long do i have to use it?", "two years"},
	} {
		if a := balloon.Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
	// "fürs" and "überhaupt" are function words: "fürs Brautkleid" asks
	// about the dress
	tailor, err := os.ReadFile("testdata/eval/heldout17/de-schneiderei/faq.md")
	if err != nil {
		t.Fatal(err)
	}
	q := "gibts fürs brautkleid einen festpreis oder wie rechnet ihr ab"
	if a := NewLibrary(1 << 20).Base([]Source{{ID: "t", Content: string(tailor), Version: "1"}}).Ask(q); !a.Answered || !strings.Contains(a.Text, "nach tatsächlichem Zeitaufwand") {
		t.Errorf("Ask(%q) = %v %q (score %.2f)", q, a.Answered, a.Text, a.Score)
	}
	// the rule whose age limit is nearest the child's age answers, unless
	// the best states a rule for an age group
	askPages(t, []pageAsk{
		{"testdata/eval/heldout25/es-parque-bolas/preguntas-frecuentes.md", "mi hijo tiene 13 años, puede entrar a jugar?", "hasta 12 años"},
		{"testdata/eval/heldout6/de-escape-room/escape-room.html", "ist die waldhütte was für meine 14 jährige tochter", "nicht für Kinder"},
	})
	// "keep an eye on" is to watch
	if got := phraseWords(words("could one of your guys keep an eye on the kids")); !slices.Contains(got, "watch") {
		t.Errorf("phraseWords = %q, want watch", got)
	}
	// "mal tiempo" is the weather, not a length of time
	if got := phraseWords(words("y si hace muy mal tiempo")); !slices.Contains(got, "clima") {
		t.Errorf("phraseWords = %q, want clima", got)
	}
	// "un" is a negation, no part of a compound: "ungefähr" is no "Gefahr"
	danger := NewLibrary(1 << 20).Base([]Source{{ID: "g", Content: "# Sicherheit\n\nBei Gefahr rufen Sie den Notdienst an. Die Anfahrt ist kostenlos.", Version: "1"}})
	for _, m := range danger.matches(DE, stem(DE, "ungefähr")) {
		if m.term == stem(DE, "gefahr") {
			t.Errorf(`"ungefähr" matches %v`, m)
		}
	}
	// a procedure's step numbers are not the page's figures: "two
	// deliveries" does not find step 2
	steps := NewLibrary(1 << 20).Base([]Source{{ID: "s", Content: "# Deliveries\n\n1. Order your prescription.\n2. Choose a delivery day.\n3. We bring it.\n\nThe weather forecast is good.", Version: "1"}})
	if ms := steps.matches(EN, "2"); len(ms) != 0 {
		t.Errorf(`matches("2") = %v in a page whose only 2 is a step's number`, ms)
	}
	if ms := steps.matches(EN, "foggi"); len(ms) == 0 {
		t.Error(`"foggy" does not match the weather`)
	}
	// kinds of weather are siblings: fog is no rain
	rain := NewLibrary(1 << 20).Base([]Source{{ID: "r", Content: "# Rain\n\nOur castles are safe in light rain.", Version: "1"}})
	if ms := rain.matches(EN, "foggi"); len(ms) != 0 {
		t.Errorf(`"foggy" matches %v in a page about rain`, ms)
	}
}

func TestAskRoundEighteenWordings(t *testing.T) {
	askPages(t, []pageAsk{
		// "billiger" and "günstiger" ask for a price
		{"testdata/eval/heldout16/de-schluesseldienst/preise-faq.md", "bin student, gibts da was günstiger?", "10 % Rabatt"},
		{"testdata/eval/heldout27/de-bogenparcours/parcours-infos.html", "ich hab meinen eigenen recurvebogen, wird es dann billiger?", "8 Euro"},
		// the whole round is the complete one
		{"testdata/eval/heldout27/de-bogenparcours/parcours-infos.html", "wie viel zeit muss man für die ganze runde rechnen", "3 Stunden"},
		// a "mail" is a "correo"
		{"testdata/eval/heldout27/es-autocares/preguntas-frecuentes.md", "como confirmo el presupuesto que me mandasteis por mail", "responder al correo del presupuesto"},
		// pellets are granulés
		{"testdata/eval/heldout27/fr-ramonage/ramonage-infos.txt", "l'entretien de mon poêle à pellets vous le facturez combien", "entre 150 et 220 euros"},
		// "tous les combien" asks how often
		{"testdata/eval/heldout27/fr-ramonage/ramonage-infos.txt", "on se chauffe au bois tout l'hiver, faut faire passer le ramoneur tous les combien ?", "deux fois par an"},
		// "ramoner" is "ramonage"
		{"testdata/eval/heldout27/fr-ramonage/ramonage-infos.txt", "c'est combien pour faire ramoner un poele a bois ?", "70 euros"},
	})
}

func TestAskRoundNineteenWordings(t *testing.T) {
	askPages(t, []pageAsk{
		// a "ticket" is a "Parkschein"
		{"testdata/eval/heldout28/de-parkhaus/parkhaus.html", "was passiert wenn man ohne ticket parkt", "30,00 € pro Tag"},
		// cycling is a bike
		{"testdata/eval/heldout28/en-luggagestorage/bag-drop.md", "we're cycling thru town, can u keep a bike", "£10 per day"},
		// turning up is walking in
		{"testdata/eval/heldout28/en-luggagestorage/bag-drop.md", "do i need to book or can i just turn up", "walk-ins are welcome"},
		// a pick-up is a collection, a complaint a claim
		{"testdata/eval/heldout28/en-luggagestorage/bag-drop.md", "i noticed a scratch on my suitcase after pick up, how long do i have to complain", "within 48 hours"},
		// "arreglar" is "reparar"
		{"testdata/eval/heldout28/es-estacionitv/preguntas-frecuentes.md", "me ha salido desfavorable cuanto tiempo tengo para arreglarlo", "plazo de dos meses"},
		// a "resa" is a "réservation"
		{"testdata/eval/heldout28/fr-locationbateaux/page.txt", "je veux annuler ma resa, c'est rembourse ?", "48 heures avant le départ"},
	})
	// words for one thing that no question of the sets needed yet
	for _, c := range []struct{ lang, q, doc string }{
		{EN, "stolen", "Every bag is covered against theft."},
		{EN, "bottle", "We cannot accept gas canisters."},
		{FR, "essence", "Pas de frais de carburant."},
		{DE, "monatsticket", "Die Monatskarte kostet 40 Euro."},
		{ES, "revisión", "La segunda inspección es gratuita."},
	} {
		b := NewLibrary(1 << 20).Base([]Source{{ID: "w", Content: c.doc, Version: "1"}})
		q, _ := term(c.lang, c.q)
		if len(b.matches(c.lang, q)) == 0 {
			t.Errorf("%q matches nothing in %q", c.q, c.doc)
		}
	}
	// "à partir de" is "from", no leaving
	if got := phraseWords(words("c'est ouvert à partir de quand")); slices.Contains(got, "partir") {
		t.Errorf("phraseWords = %q, want no partir", got)
	}
}

func TestAskRoundTwentyWordings(t *testing.T) {
	askPages(t, []pageAsk{
		// "abzumelden" is "abmelden"
		{"testdata/eval/heldout29/de-buergerbuero/buergerbuero.md", "muss ich mich in meiner alten stadt noch extra abmelden?", "das geschieht automatisch"},
		// moving house is moving in, "ummelden" is "anmelden"
		{"testdata/eval/heldout29/de-buergerbuero/buergerbuero.md", "bin vor 10 tagen umgezogen, bis wann muss ich mich ummelden", "innerhalb von zwei Wochen"},
		{"testdata/eval/heldout8/de-sauna/saunaregeln.txt", "muss ich vorher richtig duschen oder reicht kurz abspülen", "Seife oder Duschgel"},
	})
}

func TestAskRoundTwentyOneWordings(t *testing.T) {
	askPages(t, []pageAsk{
		// "componer" is "reparar"
		{"testdata/eval/heldout30/es-relojeria/preguntas-frecuentes.md", "el movimiento de mi reloj de pilas esta estropeado, lo podeis componer?", "se cambia por una nueva"},
		// a "pot" is a "flacon"
		{"testdata/eval/heldout30/fr-laboratoire/infos-patients.txt", "comment je dois marquer le pot pour les urines ?", "vos nom, prénom et date de"},
	})
}

func TestAskRoundTwentyTwoWordings(t *testing.T) {
	askPages(t, []pageAsk{
		// "rückgängig machen" is a "Widerruf"
		{"testdata/eval/heldout31/de-heizoel/heizoel-faq.html", "hab gestern heizöl bestellt, kann ich das noch rückgängig machen", "bis 14 Tage nach der Bestellung"},
		// an "enterrement" is an "inhumation", the "sécu" the "CPAM"
		{"testdata/eval/heldout31/fr-pompesfunebres/questions-obseques.txt", "l'enterrement doit avoir lieu au plus tard combien de jours après le décès ?", "14 jours calendaires"},
		{"testdata/eval/heldout31/fr-pompesfunebres/questions-obseques.txt", "la sécu donne quelque chose pour aider à payer l'enterrement ?", "capital décès de 3 539 €"},
	})
}

func TestAskRoundTwentyThreeWordings(t *testing.T) {
	askPages(t, []pageAsk{
		// "1000 gal" is "1,000 gallons"
		{"testdata/eval/heldout32/en-septic/pumping-prices-faq.html", "whats the price to pump out a 1000 gal tank?", "$295.00"},
		// a "QF" of "1000" is a "quotient familial de 1 000"
		{"testdata/eval/heldout32/fr-cantine/restauration-scolaire.md", "notre QF est de 1000, ça nous fait combien par repas ?", "3,60 €"},
		// "hors délai" is late
		{"testdata/eval/heldout32/fr-cantine/restauration-scolaire.md", "j'ai rendu le dossier d'inscription en retard, il y a une pénalité ?", "25,00 €"},
	})
	// a family is a household
	b := NewLibrary(1 << 20).Base([]Source{{ID: "h", Content: "For most households, every 3 to 5 years.", Version: "1"}})
	if q, _ := term(EN, "family"); len(b.matches(EN, q)) == 0 {
		t.Error("family matches no household")
	}
}

// TestStemActNouns: a French noun of an act in "-age" has its verb's
// stem; a short one keeps its own.
func TestStemActNouns(t *testing.T) {
	for _, c := range []struct{ a, b string }{{"ramonage", "ramoner"}, {"chauffage", "chauffer"}, {"dépannage", "dépanner"}} {
		if stem(FR, c.a) != stem(FR, c.b) {
			t.Errorf("stem(%q) = %q, stem(%q) = %q", c.a, stem(FR, c.a), c.b, stem(FR, c.b))
		}
	}
	for _, c := range []struct{ a, b string }{{"village", "ville"}, {"passage", "passer"}, {"fromage", "from"}} {
		if stem(FR, c.a) == stem(FR, c.b) {
			t.Errorf("stem(%q) = stem(%q) = %q", c.a, c.b, stem(FR, c.a))
		}
	}
}

// pageAsk is a question asked of one evaluation page, and a fact its
// answer must contain.
type pageAsk struct{ path, q, want string }

// askPages asks each question of its page alone.
func askPages(t *testing.T, cases []pageAsk) {
	t.Helper()
	for _, c := range cases {
		page, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if a := NewLibrary(1 << 20).Base([]Source{{ID: "a", Content: string(page), Version: "1"}}).Ask(c.q); !a.Answered || !strings.Contains(a.Text, c.want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want it to contain %q", c.q, a.Answered, a.Text, a.Score, c.want)
		}
	}
}

func TestAskRoundTwentyFourWordings(t *testing.T) {
	askPages(t, []pageAsk{
		// earrings and a ring are jewellery ("Schmuck")
		{"testdata/eval/heldout33/de-windkanal/haeufige-fragen.txt", "kann ich meine ohrringe und den ring anlassen?", "Legt allen Schmuck ab"},
	})
}

// TestAskByAgeRange: an age given in a question picks the row or rule
// whose range or limit holds it, not the one stating the nearest number,
// and a passage for another age does not answer in its place when the
// one that fits does not give what is asked.
func TestAskByAgeRange(t *testing.T) {
	askPages(t, []pageAsk{
		// "à partir de 3 ans" holds 5; "2 à 4 ans" is nearer but does not
		{"testdata/eval/heldout34/fr-accrobranche/tarifs-horaires-infos-pratiques.txt", "et pour mon petit de 5 ans vous prenez combien ?", "15 €"},
		// "à partir de 10-11 ans" before "à partir de 3 ans" for 14
		{"testdata/eval/heldout34/fr-accrobranche/tarifs-horaires-infos-pratiques.txt", "c'est combien pour un ado de 14 ans", "20 €"},
		// "General (adultos) … 18,95 euros" is no price for a child of 2
		{"testdata/eval/heldout20/es-parqueacuatico/info-visita.md", "el peque tiene 2 años, paga entrada?", "gratis"},
		{"testdata/eval/heldout17/fr-equitation/tarifs-et-conditions.txt", "mon petit de 4 ans veut juste faire un tour à poney, c'est combien ?", "15 € par enfant"},
		// a limit the age is outside answers, with a no, over the junior's
		// definition ("17 or younger") scoring far below it
		{"testdata/eval/heldout13/en-bowling/faq.md", "my 17 year old wants a beer with his food, is that ok", "over the age of 18"},
		// rows for groups without numbers: the children's row for a son of 9
		{"testdata/eval/heldout37/fr-osteopathe/tarifs-et-deroulement-des-seances.txt", "et pour mon fils qui a 9 ans ?", "40 €"},
	})
}

// TestAskRoundTwentyFiveWordings: "wants" is the customer's wish, not a
// word of the question; a wife or a husband is one of a couple ("Paare"),
// while "ein paar Nächte" is a few nights.
func TestAskRoundTwentyFiveWordings(t *testing.T) {
	askPages(t, []pageAsk{
		{"testdata/eval/heldout34/en-knife-sharpening/sharpening-prices-and-faq.md", "my mom wants her sewing sheers done, how much", "$15 per pair"},
		{"testdata/eval/heldout34/de-tennisverein/mitgliedschaft-und-platzordnung.html", "was kostet die mitgliedschaft für mich und meine frau zusammen im jahr", "395 EUR"},
		{"testdata/eval/heldout24/de-kleingarten/haeufige-fragen.txt", "kann ich im sommer mal ein paar nächte in der laube schlafen?", "im Sommerurlaub"},
	})
}

// TestGermanCompoundHeads: a German question word matches the documents'
// compounds of its head ("Laufschuhe" and "Tennisschuhe"), which does not
// make the thing a question asks for known ("habt ihr Parkplätze" against a
// page with "Therapieplatz" is still refused).
func TestGermanCompoundHeads(t *testing.T) {
	askPages(t, []pageAsk{
		{"testdata/eval/heldout34/de-tennisverein/mitgliedschaft-und-platzordnung.html", "kann ich mit meinen laufschuhen auf den platz", "Tennisschuhen"},
	})
	page, err := os.ReadFile("testdata/eval/heldout4/de-physio/praxis.html")
	if err != nil {
		t.Fatal(err)
	}
	if a := NewLibrary(1 << 20).Base([]Source{{ID: "a", Version: "1", Content: string(page)}}).Ask("habt ihr parkplätze"); a.Answered {
		t.Errorf("Ask(habt ihr parkplätze) = %q, want a refusal", a.Text)
	}
}
