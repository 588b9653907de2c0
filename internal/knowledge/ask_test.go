package knowledge

import (
	"strings"
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
