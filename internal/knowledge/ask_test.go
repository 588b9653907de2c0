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
