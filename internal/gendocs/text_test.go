package gendocs

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParse(t *testing.T) {
	src := Source{Name: "doc", Content: "Intro line one\nwrapped here.\n\n# Opening **hours**\n\nWe open at 9.\n\n" +
		"Prices\n======\nA [menu](http://x.io) costs 5.\n\n## Steps\n1. Open the app.\n2) Choose a time.\n   It is quick.\n" +
		"- a bullet\n* another\n\nGroups and events\nFor groups we ask a deposit.\n\nShort title\n\nBody text here.\n"}
	got := parse(src)
	type flat struct {
		heading string
		kinds   []blockKind
		texts   []string
	}
	var out []flat
	for _, p := range got {
		f := flat{heading: p.heading}
		for _, b := range p.blocks {
			f.kinds = append(f.kinds, b.kind)
			f.texts = append(f.texts, b.text)
		}
		out = append(out, f)
	}
	want := []flat{
		{"", []blockKind{para}, []string{"Intro line one wrapped here."}},
		{"Opening hours", []blockKind{para}, []string{"We open at 9."}},
		{"Prices", []blockKind{para}, []string{"A menu costs 5."}},
		{"Steps", []blockKind{step, step, bullet, bullet}, []string{"Open the app.", "Choose a time. It is quick.", "a bullet", "another"}},
		{"Groups and events", []blockKind{para}, []string{"For groups we ask a deposit."}},
		{"Short title", []blockKind{para}, []string{"Body text here."}},
	}
	if !reflect.DeepEqual(out, want) {
		t.Fatalf("got  %+v\nwant %+v", out, want)
	}
	if got[3].blocks[0].list != got[3].blocks[1].list {
		t.Errorf("steps of one list have lists %d and %d", got[3].blocks[0].list, got[3].blocks[1].list)
	}
}

func TestSentences(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"One. Two! Three? Four", []string{"One.", "Two!", "Three?", "Four"}},
		{"We sell fruit, e.g. Apples and pears. Open 9 to 5.", []string{"We sell fruit, e.g. Apples and pears.", "Open 9 to 5."}},
		{"It costs 4.50 a day. 3 rooms are free.", []string{"It costs 4.50 a day.", "3 rooms are free."}},
		{"visit example.com today. see you", []string{"visit example.com today. see you"}},
		{"", nil},
	}
	for _, c := range cases {
		if got := sentences(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("sentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTerms(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Booking the tables for families", "book table family"},
		{"We open at 9 on Mondays", "open monday"},
		{"Classes, glasses and boxes", "class glass box"},
		{"booked booking books", "book book book"},
		{"", ""},
	}
	for _, c := range cases {
		if got := strings.Join(terms(c.in), " "); got != c.want {
			t.Errorf("terms(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHeadingQuestion(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Opening hours", "What are your opening hours?"},
		{"Prices", "What are your prices?"},
		{"Cancellation policy", "What is your cancellation policy?"},
		{"Parking", "How does parking work?"},
		{"Booking a table", "How do I book a table?"},
		{"Preparing for your Lash Appointment", "How do I prepare for my lash appointment?"},
		{"Booking", "How does booking work?"},
		{"What this is", "What is this?"},
		{"How it works at checkout", "How does it work at checkout?"},
		{"How to book a table", "How do I book a table?"},
		{"Do you deliver?", "Do you deliver?"},
		{"Q: Can I bring my dog?", "Can I bring my dog?"},
		{"Contact us", "How can I contact you?"},
		{"Where to find us", "Where can I find you?"},
		{"Bella's Bistro", "What should I know about Bella's Bistro?"},
		{"Who we cook for", "Who do you cook for?"},
		{"Why we have this policy", "Why do you have this policy?"},
		{"How we use your data", "How do you use my data?"},
		{"Why you are charged a fee", "Why am I charged a fee?"},
		{"Changes to my order", "What should I know about changes to my order?"},
		{"Dogs: DHPP, rabies, bordetella (kennel cough)", "What should I know about dogs?"},
		{"Allergies", "What should I know about allergies?"},
		{"Update your card", "How do I update my card?"},
		{"Fines and fees", "What should I know about fines and fees?"},
		{"What counts as a late cancellation", "What counts as a late cancellation?"},
		{"Delivery and set up policy", "What is your delivery and set up policy?"},
		{"", ""},
	}
	for _, c := range cases {
		if got := headingQuestion(c.in); got != c.want {
			t.Errorf("headingQuestion(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSentenceQuestion(t *testing.T) {
	cases := []struct{ in, want string }{
		{"You can pay by card or cash.", "Can I pay by card or cash?"},
		{"You need to bring your passport.", "Do I need to bring my passport?"},
		{"We deliver to every address in town.", "Do you deliver to every address in town?"},
		{"We are open on Sundays from 10.", "Are you open on Sundays from 10?"},
		{"We can send you a reminder by text.", "Can you send me a reminder by text?"},
		{"Our opening hours are 9 to 5.", "What are your opening hours?"},
		{"If you need to cancel, call us a day ahead.", "What if I need to cancel?"},
		{"To book a table, use our website.", "How do I book a table?"},
		{"A main course costs 12 pounds.", "How much does a main course cost?"},
		{"You need to bring a list of any medicines you take.", "Do I need to bring a list of any medicines I take?"},
		{"If you are in pain, call us before 9:00.", "What if I am in pain?"},
		{"We will send you a reminder.", "Will you send me a reminder?"},
		{"We may bathe a pet at the owner's expense if needed.", "Can you bathe a pet at the owner's expense if needed?"},
		{"We reserve the right to refuse service.", "Can you refuse service?"},
		{"We must receive this payment when you book.", "Do you need to receive this payment when I book?"},
		{"We should be told of any allergy.", ""},
		{"Our practice is ideal for families.", ""},
		{"We accept card and cash, and we offer payment plans.", "Do you accept card and cash?"},
		{"We were founded in 1990 by two sisters.", ""},
		{"Do you deliver?", ""},
		{"Too short.", ""},
		{"The weather was lovely all week long.", ""},
	}
	for _, c := range cases {
		if got := sentenceQuestion(c.in); got != c.want {
			t.Errorf("sentenceQuestion(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestInstruction(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Open the app.", "Open the app."},
		{"First, choose a date.", "Choose a date."},
		{"Then click Save.", "Click Save."},
		{"You will need to bring ID.", "Bring ID."},
		{"You should arrive early.", "Arrive early."},
		{"We open at 9.", ""},
		{"Open?", ""},
		{"Call", ""},
	}
	for _, c := range cases {
		if got := instruction(c.in); got != c.want {
			t.Errorf("instruction(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPickPrefersPurposeThenBreadth(t *testing.T) {
	us := []unit{
		{doc: 0, pos: 0, text: "a0"}, {doc: 0, pos: 1, text: "a1"}, {doc: 0, pos: 2, text: "a2", score: 2},
		{doc: 1, pos: 0, text: "b0"}, {doc: 1, pos: 1, text: "b1"},
	}
	texts := func(us []unit) string {
		var s []string
		for _, u := range us {
			s = append(s, u.text)
		}
		return strings.Join(s, " ")
	}
	if got := texts(pick(us, 3, self)); got != "a2 a0 b0" {
		t.Errorf("pick 3 = %q, want the purpose match first, then the first of each source, in source order", got)
	}
	if got := texts(pick(us, 10, self)); got != "a2 a0 a1 b0 b1" {
		t.Errorf("pick all = %q", got)
	}
}

func TestFit(t *testing.T) {
	para := strings.Repeat("word ", 19) + "end.\n\n" // 100 characters
	big := strings.Repeat(para, 30)                  // 3000
	mid := strings.Repeat(para, 12)                  // 1200
	small := strings.Repeat(para, 3)                 // 300
	srcs := []Source{{Name: "big", Content: big}, {Name: "mid", Content: mid}, {Name: "small", Content: small}}

	out, trimmed := fit(srcs, 10_000)
	if trimmed || !reflect.DeepEqual(out, srcs) {
		t.Fatalf("under the limit: trimmed %v", trimmed)
	}
	out, trimmed = fit(srcs, 2000)
	if !trimmed {
		t.Fatal("over the limit: not trimmed")
	}
	total := 0
	for _, s := range out {
		total += utf8.RuneCountInString(s.Content)
	}
	if total > 2000 {
		t.Errorf("total %d over the limit", total)
	}
	if out[2].Content != small {
		t.Error("the smallest source was trimmed")
	}
	if n := utf8.RuneCountInString(out[0].Content); n > 850 || n < 700 {
		t.Errorf("big trimmed to %d characters, want about the cap of 850", n)
	}
	if !strings.HasPrefix(big, out[0].Content) || !strings.HasSuffix(out[0].Content, "end.") {
		t.Errorf("big not cut at a paragraph end: ...%q", out[0].Content[len(out[0].Content)-20:])
	}
	if utf8.RuneCountInString(out[0].Content) != utf8.RuneCountInString(out[1].Content) {
		t.Errorf("big and mid should be cut to the same cap: %d, %d", len(out[0].Content), len(out[1].Content))
	}
}

func TestWaterLevel(t *testing.T) {
	cases := []struct {
		lens  []int
		limit int
		want  int
	}{
		{[]int{100, 100}, 100, 50},
		{[]int{10, 1000}, 110, 100},
		{[]int{10, 20, 1000, 1000}, 1030, 500},
		{[]int{5, 5}, 100, 5},
	}
	for _, c := range cases {
		if got := waterLevel(c.lens, c.limit); got != c.want {
			t.Errorf("waterLevel(%v, %d) = %d, want %d", c.lens, c.limit, got, c.want)
		}
	}
}

func TestReadable(t *testing.T) {
	for in, want := range map[string]bool{"": false, "  \n\t": false, "--- * ---": false, "a": true, " 42 ": true, "é": true} {
		if got := readable(in); got != want {
			t.Errorf("readable(%q) = %v, want %v", in, got, want)
		}
	}
}
