package mailboxes

import (
	"reflect"
	"testing"
)

func TestMailQuestions(t *testing.T) {
	for _, c := range []struct {
		name, subject, body string
		want                []string
		all                 bool
	}{
		{"greeting and sign-off on one line", "opening times", "Hi, when are you open on saturday? Thanks, Ann",
			[]string{"when are you open on saturday?"}, true},
		{"letter form", "Question", "Hello Maria,\n\nI bought a bike last week.\nCan I return it?\n\nBest regards,\nTom\n",
			[]string{"Can I return it?"}, true},
		{"two questions", "", "Do you repair e-bikes? And how much does a service cost?",
			[]string{"Do you repair e-bikes?", "And how much does a service cost?"}, true},
		{"signature cut", "", "Where is the shop?\n-- \nTom Smith\nWhat is this?", []string{"Where is the shop?"}, true},
		{"french", "", "Bonjour Madame, avez-vous un parking ? Merci d'avance, Marie", []string{"avez-vous un parking ?"}, true},
		{"german", "", "Guten Tag, wann haben Sie geöffnet? Viele Grüße Jens", []string{"wann haben Sie geöffnet?"}, true},
		{"spanish", "", "Hola, ¿cuánto cuesta una revisión? Gracias", []string{"¿cuánto cuesta una revisión?"}, true},
		{"no question mark: text then subject", "Re: Opening hours", "Hi,\nI would like to know your opening hours on Saturday.\nThanks",
			[]string{"I would like to know your opening hours on Saturday.", "Opening hours"}, false},
		{"subject only", "Refund policy", "", []string{"Refund policy"}, false},
		{"nothing", "", "Thanks!", nil, false},
		{"at most three questions", "", "A? B? C? D?", []string{"A?", "B?", "C?"}, true},
		{"thanks first, then a question", "", "Thanks for the quick answer! And when are you open on saturday?\nBest, Ann",
			[]string{"And when are you open on saturday?"}, true},
		{"signature after the sign-off", "", "Do you repair e-bikes?\nBest regards,\nTom Smith\nACME Inc. Is this a question?",
			[]string{"Do you repair e-bikes?"}, true},
		{"abbreviation does not split", "", "Do you sell e.g. helmets and locks?", []string{"Do you sell e.g. helmets and locks?"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, all := mailQuestions(c.subject, c.body)
			if !reflect.DeepEqual(got, c.want) || all != c.all {
				t.Fatalf("got %q (all %v), want %q (all %v)", got, all, c.want, c.all)
			}
		})
	}
}

func TestCombine(t *testing.T) {
	src := func(id string) []Source { return []Source{{DocumentID: id}} }
	yes := func(text, id string) Answer { return Answer{Answered: true, Text: text, Sources: src(id)} }
	no := Answer{}
	for _, c := range []struct {
		name     string
		answers  []Answer
		all      bool
		answered bool
		text     string
		sources  int
	}{
		{"one question answered", []Answer{yes("A.", "1")}, true, true, "A.", 1},
		{"two answered", []Answer{yes("A.", "1"), yes("B.", "2")}, true, true, "A.\n\nB.", 2},
		{"same passage twice", []Answer{yes("A.", "1"), yes("A.", "1")}, true, true, "A.", 1},
		{"partial", []Answer{yes("A.", "1"), no}, true, false, "A.", 1},
		{"none", []Answer{no, no}, true, false, "", 0},
		{"nothing asked", nil, true, false, "", 0},
		{"text or subject: the first answered", []Answer{no, yes("S.", "2")}, false, true, "S.", 1},
		{"text answers, subject too: the text's", []Answer{yes("T.", "1"), yes("S.", "2")}, false, true, "T.", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := combine(c.answers, c.all, "en")
			if a.Answered != c.answered || a.Text != c.text || len(a.Sources) != c.sources || a.Language != "en" {
				t.Fatalf("got %+v", a)
			}
		})
	}
}

func TestHTMLText(t *testing.T) {
	for _, c := range []struct{ name, html, want string }{
		{"paragraphs", "<p>Hello,</p><p>when are you <b>open</b>?</p>", "Hello,\nwhen are you open?"},
		{"quote left out", "<div>Thanks!</div><div class=\"gmail_quote\">On Mon, Ann wrote:<blockquote>old</blockquote></div>", "Thanks!"},
		{"blockquote left out", "<p>Yes</p><blockquote><p>Do you?</p></blockquote>", "Yes"},
		{"style and script", "<html><head><title>x</title><style>p{}</style></head><body>Hi<br>there<script>x()</script></body></html>", "Hi\nthere"},
		{"entities", "<p>Caf&eacute; &amp; bikes?</p>", "Café & bikes?"},
		{"not html", "plain text?", "plain text?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := htmlText(c.html); got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}
