package knowledge

import (
	"slices"
	"testing"
)

// TestDaysIn: ranges of days in the four languages, with names and short
// names, groups of days and days named alone.
func TestDaysIn(t *testing.T) {
	for _, c := range []struct {
		text string
		want []int
	}{
		{"tarifa reducida: de lunes a viernes de 10:00 a 17:00", []int{0, 1, 2, 3, 4}},
		{"fines de semana y festivos 12 €", []int{5, 6}},
		{"mo.–fr. 9–18 uhr", []int{0, 1, 2, 3, 4}},
		{"du lundi au vendredi, et le samedi matin", []int{0, 1, 2, 3, 4, 5}},
		{"open friday to monday", []int{0, 4, 5, 6}},
		{"montag bis donnerstag", []int{0, 1, 2, 3}},
		{"weekdays only", []int{0, 1, 2, 3, 4}},
		{"en semaine : 48h", []int{0, 1, 2, 3, 4}},
		{"sonntags geschlossen", []int{6}},
		{"we are going to do it soon", nil}, // "do" alone is no Thursday
		{"la mar a dos pasos", nil},         // nor "mar" a Tuesday
		{"closed on sat", nil},              // a short name alone is read as nothing
		{"del martes al sábado", []int{1, 2, 3, 4, 5}},
		{"el sábado", []int{5}}, // no "sáb a do" in it
		{"sábados y domingos de 09:00 a 23:00", []int{5, 6}},
	} {
		days, _ := daysIn(c.text)
		if got := setIndexes(days[:]); !slices.Equal(got, c.want) {
			t.Errorf("daysIn(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestAskByDay: a question naming a day finds the passage for the range
// or the group of days that holds it (pages of the held-out sets that
// were refused or answered otherwise before).
func TestAskByDay(t *testing.T) {
	askPages(t, []pageAsk{
		// "Sonntag" in "an Sonn- und Feiertagen"'s row
		{"testdata/eval/heldout16/de-schluesseldienst/preise-faq.md", "sonntag nacht um 3, schlüssel liegt drinnen. was kostet das??", "95,00 Euro"},
		// "saturdays" against "no weekend walks"
		{"testdata/eval/heldout17/en-dogwalker/policies.html", "do you guys walk on saturdays?", "no weekend walks"},
		// "domingo" in "de lunes a domingo"
		{"testdata/eval/heldout26/es-bodega/visitas-preguntas-frecuentes.md", "podemos ir un domingo por la mañana?", "de lunes a domingo"},
		{"testdata/eval/heldout33/en-bridal/appointments-ordering-policies.html", "my dress came in, can i come get it this saturday?", "pick-ups on Saturdays"},
	})
}

// setIndexes are the indexes set in on.
func setIndexes(on []bool) []int {
	var out []int
	for i, set := range on {
		if set {
			out = append(out, i)
		}
	}
	return out
}
