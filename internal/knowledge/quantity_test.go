package knowledge

import (
	"math"
	"testing"
)

func TestParseAmount(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"12", 12}, {"1,00", 1}, {"2.50", 2.5}, {"1.500", 1500}, {"1,500", 1500}, {"1.234,56", 1234.56}, {"3,5", 3.5},
		{"420 000", 420000}, {"1 500,50", 1500.5},
	} {
		if got, ok := parseAmount(c.in); !ok || got != c.want {
			t.Errorf("parseAmount(%q) = %v, %v, want %v", c.in, got, ok, c.want)
		}
	}
}

// TestCellRanges: a cell's quantities as ranges, limits (in the cell,
// after the number or in the column's header) or numbers alone; times,
// fractions and dimensions are none.
func TestCellRanges(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		lang, cell string
		hint       int
		want       []numRange
	}{
		{EN, "up to 15 knives", 0, []numRange{{lo: -inf, hi: 15, unit: "knive"}}},
		{EN, "Knife with a blade from 6 to 9 inches", 0, []numRange{{lo: 6, hi: 9, unit: "inch"}}},
		{EN, "Pump-out, tank of 1,500 gallons or less", 0, []numRange{{lo: -inf, hi: 1500, unit: "gallon"}}},
		{DE, "über 300 €", 0, []numRange{{lo: math.Nextafter(300, inf), hi: inf, unit: unitMoney}}}, // 300 itself is not over
		{DE, "ab 300 €", 0, []numRange{{lo: 300, hi: inf, unit: unitMoney}}},
		{FR, "de 200 001 à 300 000 €", 0, []numRange{{lo: 200001, hi: 300000, unit: unitMoney}}},
		{EN, "5×7\" up to 8×10\"", 0, []numRange{{lo: 35, hi: 80, unit: unitSize}}},
		{EN, "larger than 24×36\"", 0, []numRange{{lo: math.Nextafter(864, inf), hi: inf, unit: unitSize}}},
		{DE, "100 €", -1, []numRange{{lo: -inf, hi: 100, unit: unitMoney}}}, // under "Darlehen bis einschließlich"
		{DE, "50 – 100 €", 0, []numRange{{lo: 50, hi: 100, unit: unitMoney}}},
		{EN, "$8 per knife", 0, []numRange{{lo: 8, hi: 8, unit: unitMoney}}},
		{EN, "Face cord (1/3 cord)", 0, nil},
		{FR, "de 7h00 à 19h00", 0, nil},
		{EN, "8x10 print", 0, []numRange{{lo: 80, hi: 80, unit: unitSize}}}, // a size: its area
	} {
		got := cellRanges(c.lang, c.cell, c.hint)
		if len(got) != len(c.want) {
			t.Errorf("cellRanges(%q) = %+v, want %+v", c.cell, got, c.want)
			continue
		}
		for i := range got {
			if got[i].lo != c.want[i].lo || got[i].hi != c.want[i].hi || got[i].unit != c.want[i].unit {
				t.Errorf("cellRanges(%q)[%d] = %+v, want %+v", c.cell, i, got[i], c.want[i])
			}
		}
	}
}

// TestAskByQuantity: a quantity in a question picks the row of a table
// whose range or limit holds it ("80 euro" under "Darlehen bis
// einschließlich": the 100 € row, not the 15 € one), and the row's limit
// is written with the header that says so.
func TestAskByQuantity(t *testing.T) {
	askPages(t, []pageAsk{
		{"testdata/eval/heldout35/de-pfandhaus/pfandkredit-kosten-und-ablauf.md", "wie hoch ist die gebühr im monat wenn ich mir 80 euro leihe", "Darlehen bis einschließlich 100 € — Gebühr pro Monat: 2,50 €"},
		{"testdata/eval/heldout35/de-pfandhaus/pfandkredit-kosten-und-ablauf.md", "was nehmt ihr an gebühr wenn ich 600 euro für meine rolex bekomme?", "nach freier Vereinbarung"},
		{"testdata/eval/heldout35/de-pfandhaus/pfandkredit-kosten-und-ablauf.md", "und bei genau 250 euro darlehen?", "5,50 €"},
		{"testdata/eval/heldout34/en-knife-sharpening/sharpening-prices-and-faq.md", "i have 8 knives to mail in, which box should i order", "up to 15 knives"},
		// thousands after a space; a worked example giving the very amount
		// answers before the row
		{"testdata/eval/heldout36/fr-agence-immobiliere/honoraires-et-location.html", "on vend un petit garage 12 000 euros, vous prenez combien ?", "forfait de 1 500 €"},
		{"testdata/eval/heldout36/fr-agence-immobiliere/honoraires-et-location.html", "je vends ma maison 180 000 € net vendeur, ça me coûtera combien de frais d'agence ?", "12 600 €"},
		// "12 kilos" and "más de 10 kg" are one unit; "1500 liter" and
		// "unter 2.500 Litern" too
		{"testdata/eval/heldout36/es-mensajeria/tarifas-y-preguntas-frecuentes.md", "mi paquete pesa 12 kilos, hay algun suplemento en moto?", "4,70 € de suplemento"},
		// a size of two dimensions, by its area: "8x10" in "5×7\" up to 8×10\""
		{"testdata/eval/heldout35/en-picture-framing/framing-prices-and-faq.txt", "what does it cost to frame an 8x10 photo", "$75 – $175"},
		// "1,500 gallons or less" holds 1500, "1,000 gallons or less" does not
		{"testdata/eval/heldout32/en-septic/pumping-prices-faq.html", "our tank is 1500 gallons, how much will that be", "$395.00"},
		{"testdata/eval/heldout31/de-heizoel/heizoel-faq.html", "ich brauch nur 1500 liter, wird das dann teurer pro liter?", "bis zu 3,50 € je 100 Liter"},
	})
}
