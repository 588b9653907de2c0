package knowledge

import (
	"strings"
	"testing"
)

func TestQuestionCue(t *testing.T) {
	cases := []struct {
		q    string
		want cue
	}{
		{"how long does shipping take", cueNumber},
		{"combien de jours pour renvoyer un article", cueNumber},
		{"c'est combien la livraison ?", cueNone}, // a price: the price type answers it
		{"wann verschickt ihr meine bestellung", cueNumber},
		{"cuántos días tengo", cueNumber},
		{"do i get an email when u receive my return", cueNone}, // "when" after the third word
		{"how do i send an item back", cueSteps},
		{"comment garder mon numéro", cueSteps},
		{"wie kann ich kündigen", cueSteps},
		{"cómo cambio la contraseña", cueSteps},
		{"do you groom cats", cueNone},
	}
	for _, c := range cases {
		if got := questionCue(words(strings.ToLower(c.q))); got != c.want {
			t.Errorf("questionCue(%q) = %d, want %d", c.q, got, c.want)
		}
	}
}

func TestHasNumber(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"Orders ship within 1-3 business days.", true},
		{"Vous pouvez réserver jusqu'à dix documents.", true},
		{"Die Lieferung dauert drei Tage.", true},
		{"Only members can book.", false},
		{"", false},
	}
	for _, c := range cases {
		if got := hasNumber(c.text); got != c.want {
			t.Errorf("hasNumber(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestSiblingSynonyms: the specific words of a group match its general
// words and back, never each other.
func TestSiblingSynonyms(t *testing.T) {
	has := func(lang, a, b string) bool { return contains(synonyms[lang][stem(lang, a)], stem(lang, b)) }
	cases := []struct {
		lang, a, b string
		want       bool
	}{
		{EN, "cats", "pets", true},
		{EN, "pet", "dog", true},
		{EN, "cat", "dogs", false},
		{EN, "dog", "cat", false},
		{DE, "hund", "haustiere", true},
		{DE, "hund", "katze", false},
		{ES, "perro", "mascota", true},
		{ES, "gato", "perro", false},
		{FR, "chien", "animaux", true},
		{FR, "chat", "chien", false},
		{EN, "refund", "reimburse", true},
	}
	for _, c := range cases {
		if got := has(c.lang, c.a, c.b); got != c.want {
			t.Errorf("%s: %q matches %q = %v, want %v", c.lang, c.a, c.b, got, c.want)
		}
	}
}
