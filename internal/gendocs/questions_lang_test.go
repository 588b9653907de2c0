package gendocs

import (
	"strings"
	"testing"
)

func TestQuestionsInLanguages(t *testing.T) {
	cases := []struct{ lang, kind, in, want string }{
		{"en", "heading", "Delivery & Set Up Policy", "What is your delivery and set up policy?"},
		{"en", "heading", "Emailing & Quotes", "What should I know about emailing and quotes?"},
		{"en", "heading", "Pausing your membership", "How does pausing my membership work?"},
		{"en", "heading", "All of our installation include", "What does the installation include?"},
		{"en", "heading", "Our packages include:", "What do the packages include?"},
		{"fr", "heading", "Réservations", "Réservations : que faut-il savoir ?"},
		{"de", "heading", "Kaution", "Kaution – was sollte ich wissen?"},
		{"de", "heading", "Was brauche ich für die Ausleihe?", "Was brauche ich für die Ausleihe?"},
		{"es", "heading", "Horario", "Horario: ¿qué debo saber?"},
		{"es", "heading", "Cómo cancelar", "¿Cómo cancelar?"},
		{"en", "sentence", "Admins can invite and remove members.", "Can admins invite and remove members?"},
		{"en", "sentence", "We cannot accept rush orders for tiered cakes.", "Can you accept rush orders for tiered cakes?"},
		{"en", "sentence", "We are not responsible for damage in transit.", "Are you responsible for damage in transit?"},
		{"fr", "sentence", "Nous acceptons les cartes bancaires et les espèces.", "Acceptez-vous les cartes bancaires et les espèces ?"},
		{"fr", "sentence", "Vous pouvez réserver une table en ligne.", "Puis-je réserver une table en ligne ?"},
		{"de", "sentence", "Sie können Ihre Reservierung kostenlos stornieren.", "Kann ich meine Reservierung kostenlos stornieren?"},
		{"es", "sentence", "Puede cancelar su membresía en cualquier momento.", "¿Puedo cancelar mi membresía en cualquier momento?"},
		{"es", "sentence", "Aceptamos tarjetas y efectivo en recepción.", "¿Aceptan tarjetas y efectivo en recepción?"},
		{"en", "fact", "Annual plan — Price: $780 per year", "How much does the annual plan cost?"},
		{"en", "fact", "Cupcakes: $36 per dozen", "How much do the cupcakes cost?"},
		{"de", "fact", "E-Bike: 35 € pro Tag", "E-Bike – was kostet das?"},
		// a bare amount in a table's price column is a price
		{"de", "fact", "10 l Eimer — Zusatzinfo: pauschal; Entgelt: 1,00", "10 l Eimer – was kostet das?"},
	}
	for _, c := range cases {
		var got string
		switch c.kind {
		case "heading":
			got = headingQuestionIn(c.lang, c.in, "")
		case "sentence":
			got = sentenceQuestionIn(c.lang, c.in)
		case "fact":
			got = factQuestion(c.lang, c.in, "")
		}
		if got != c.want {
			t.Errorf("%s %s %q = %q, want %q", c.lang, c.kind, c.in, got, c.want)
		}
	}
}

// TestTitleCaseQuestions: a question heading in Title Case is asked in
// sentence case; names the sources write with a capital keep it.
func TestTitleCaseQuestions(t *testing.T) {
	for _, c := range []struct{ h, context, want string }{
		{"What Permissions Need to be Set?", "", "What permissions need to be set?"},
		{"Can I Sign In With Google Workspace?", "You can sign in with Google Workspace on the Business plan.", "Can I sign in with Google Workspace?"},
		{"Can I use Google Workspace?", "", "Can I use Google Workspace?"},
	} {
		if got := headingQuestionIn(langEN, c.h, c.context); got != c.want {
			t.Errorf("headingQuestionIn(%q) = %q, want %q", c.h, got, c.want)
		}
	}
}

func TestPluralMessage(t *testing.T) {
	_, err := generate(t, FAQ, "", Source{Name: "n", Content: "Parking\nThere is free parking behind the shop."})
	if err == nil || !strings.Contains(err.Error(), "give 1 question,") {
		t.Fatalf("got %v, want \"1 question\"", err)
	}
}

func TestUnsupportedLanguage(t *testing.T) {
	src := Source{Name: "it", Content: "Orari\nSiamo aperti dal martedì alla domenica, dalle 12 alle 15. Il lunedì siamo chiusi e non si può prenotare."}
	for _, tpl := range Templates {
		_, err := generate(t, tpl, "", src)
		if err == nil || !strings.Contains(err.Error(), "Italian, which is not supported") || strings.Contains(err.Error(), "not enough content") {
			t.Errorf("%s: %v", tpl, err)
		}
	}
}

// TestNounCompoundHeadings: a heading in capitals that opens on a word
// that is also a verb and ends on a plural names things ("Call Reminder
// Services"); with a determiner it is an instruction ("Check Your
// Orders").
func TestNounCompoundHeadings(t *testing.T) {
	for _, c := range []struct{ h, want string }{
		{"Call Reminder Services", "What are your call reminder services?"},
		{"Email Reminder Services", "What are your email reminder services?"},
		{"Check Your Orders", "How do I check my orders?"},
	} {
		if got := headingQuestionIn(langEN, c.h, ""); got != c.want {
			t.Errorf("headingQuestionIn(%q) = %q, want %q", c.h, got, c.want)
		}
	}
}
