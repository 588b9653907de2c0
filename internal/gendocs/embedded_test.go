package gendocs

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func source(t *testing.T, name, file string) Source {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return Source{Name: name, Content: string(b)}
}

// generate runs the embedded generator the way the service does: generate,
// normalize, validate.
func generate(t *testing.T, tpl Template, purpose string, srcs ...Source) (*Document, error) {
	t.Helper()
	req := Request{Template: tpl, Purpose: purpose, GenieName: DefaultGenieName, Sources: srcs}
	return (&Service{Log: quiet}).produce(context.Background(), req)
}

func TestEmbeddedTemplates(t *testing.T) {
	bistro := []Source{source(t, "About Bella's Bistro", "bistro.md"), source(t, "Booking a table", "booking.txt")}
	clinic := []Source{source(t, "Smile Dental Care", "clinic.txt"), source(t, "New patients", "newpatient.txt")}
	for _, set := range []struct {
		name string
		srcs []Source
	}{{"markdown with headings", bistro}, {"plain prose", clinic}} {
		for _, tpl := range Templates {
			t.Run(set.name+"/"+string(tpl), func(t *testing.T) {
				d, err := generate(t, tpl, "", set.srcs...)
				if err != nil {
					t.Fatalf("generate: %v", err)
				}
				again, _ := generate(t, tpl, "", set.srcs...)
				if !reflect.DeepEqual(d, again) {
					t.Fatal("the embedded generator is not deterministic")
				}
				if !strings.Contains(strings.ToLower(d.Title+d.Sections[0].Body+d.Subtitle), "your business") && tpl != HowTo {
					t.Errorf("genie name missing from title: %q", d.Title)
				}
				for _, s := range d.Sections {
					if strings.Contains(s.Body, "#") || strings.Contains(s.Body, "**") {
						t.Errorf("markdown in body: %q", s.Body)
					}
				}
			})
		}
	}
}

func TestEmbeddedFAQFromProse(t *testing.T) {
	d, err := generate(t, FAQ, "", source(t, "Smile Dental Care", "clinic.txt"))
	if err != nil {
		t.Fatal(err)
	}
	qs := map[string]bool{}
	for _, s := range d.Sections {
		qs[s.Heading] = true
	}
	for _, q := range []string{"Can I book an appointment online or by phone?", "How do I register as a new patient?", "What if I need to cancel?"} {
		if !qs[q] {
			t.Errorf("missing question %q in %v", q, qs)
		}
	}
}

func TestEmbeddedHowToFromSentences(t *testing.T) {
	d, err := generate(t, HowTo, "", source(t, "New patients", "newpatient.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := "1. Open the registration page on our website.\n2. Fill in your contact details and your medical history.\n" +
		"3. Choose the dentist you would like to see.\n4. Upload a photo of your ID if you have one.\n" +
		"5. Submit the form.\n6. Wait for our confirmation email.\n7. Book your first check-up online or by phone."
	if d.Sections[1].Body != want {
		t.Fatalf("steps:\n%s\nwant:\n%s", d.Sections[1].Body, want)
	}
}

func TestEmbeddedHowToPrefersNumberedList(t *testing.T) {
	d, err := generate(t, HowTo, "", source(t, "Booking a table", "booking.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != "Booking a table: step by step" || len(d.Sections) != 3 || d.Sections[2].Heading != "Next steps" ||
		!strings.HasPrefix(d.Sections[1].Body, "1. Open bellasbistro.example/book") || !strings.Contains(d.Sections[1].Body, "\n5. Check your email") {
		t.Fatalf("how-to: %+v", d)
	}
	if !strings.Contains(d.Sections[0].Body, "Booking ahead is the best way") {
		t.Errorf("intro does not lead with the source's introduction: %q", d.Sections[0].Body)
	}
}

func TestEmbeddedPurposeRanks(t *testing.T) {
	many := source(t, "Visiting the gardens", "many.md")
	has := func(d *Document, word string) bool {
		for _, s := range d.Sections {
			if strings.Contains(strings.ToLower(s.Heading+s.Body), word) {
				return true
			}
		}
		return false
	}
	d, err := generate(t, FAQ, "", many)
	if err != nil {
		t.Fatal(err)
	}
	// Without a purpose the questions follow the sources (wheelchair access
	// is the last topic); with one, its section comes first.
	if len(d.Sections) != MaxFAQ || strings.Contains(strings.ToLower(d.Sections[0].Heading+d.Sections[0].Body), "wheelchair") {
		t.Fatalf("without a purpose: %d questions, first %q", len(d.Sections), d.Sections[0].Heading)
	}
	d, err = generate(t, FAQ, "wheelchair access for disabled visitors", many)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(d.Sections[0].Heading+d.Sections[0].Body), "wheelchair") {
		t.Fatalf("the purpose did not bring its section first: %q", d.Sections[0].Heading)
	}
	if d.Subtitle != "Focus: wheelchair access for disabled visitors" {
		t.Errorf("subtitle %q", d.Subtitle)
	}
	op, err := generate(t, OnePager, "school visits and workshops", many)
	if err != nil {
		t.Fatal(err)
	}
	if !has(op, "workshop") {
		t.Errorf("one-pager ignores the purpose: %+v", op.Sections)
	}
}

func TestEmbeddedNotEnoughContent(t *testing.T) {
	short := Source{Name: "note", Content: "We sell bread. Our bakery opens at seven."}
	noSteps := Source{Name: "about", Content: "The bakery was founded in 1920.\n\nIt has two ovens.\n\nBread is baked daily."}
	for _, c := range []struct {
		tpl  Template
		src  Source
		want string
	}{
		{FAQ, short, "not enough content for an FAQ"},
		{HowTo, noSteps, "not enough content for a how-to"},
		{OnePager, noSteps, "not enough content for a one-pager"},
		{OnePager, short, "not enough content for a one-pager"},
	} {
		_, err := generate(t, c.tpl, "", c.src)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.CodeValidation || e.Field != "documentIds" || !strings.Contains(e.Message, c.want) {
			t.Errorf("%s: got %v, want VALIDATION_ERROR %q", c.tpl, err, c.want)
		}
	}
}

// TestEmbeddedNeverInvalid feeds the embedded generator many mixtures of
// realistic text: every answer must be a valid document or a
// VALIDATION_ERROR about too little material, never a failed generation.
func TestEmbeddedNeverInvalid(t *testing.T) {
	var lines []string
	for _, f := range []string{"bistro.md", "booking.txt", "clinic.txt", "newpatient.txt", "many.md"} {
		lines = append(lines, strings.Split(source(t, f, f).Content, "\n")...)
	}
	lines = append(lines, "# Key points", "## Who it is for", "Q: Is there a lift?", "A: Yes.", "- ", "1.", "***", "   ", "Why?")
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 150 {
		var srcs []Source
		for d := range 1 + rng.IntN(3) {
			var b strings.Builder
			for range rng.IntN(60) {
				b.WriteString(lines[rng.IntN(len(lines))] + "\n")
			}
			srcs = append(srcs, Source{Name: fmt.Sprintf("doc %d", d), Content: b.String()})
		}
		purpose := []string{"", "parking", "booking a table for a group", "wheelchair"}[i%4]
		for _, tpl := range Templates {
			_, err := generate(t, tpl, purpose, srcs...)
			if e, ok := apperr.As(err); err != nil && (!ok || e.Code != apperr.CodeValidation) {
				d, gerr := Embedded{}.Generate(context.Background(), Request{Template: tpl, Purpose: purpose, GenieName: DefaultGenieName, Sources: srcs})
				if gerr == nil {
					Normalize(d)
					gerr = Validate(d, tpl, groundingSources(Request{GenieName: DefaultGenieName, Sources: srcs}))
				}
				t.Fatalf("case %d %s: %v (%v)\nsources: %+v", i, tpl, err, gerr, srcs)
			}
		}
	}
}

// TestRulesKeepTheirKind: a rule in a list item labelled by a kind of
// one thing ("Hourly Session:", "Project/Package Session:") is asked with
// its kind, so that two kinds' refund rules are not mistaken for each
// other.
func TestRulesKeepTheirKind(t *testing.T) {
	src := Source{Name: "Studio policy", Content: "Studio Policy\nDeposits:\nEvery session needs a deposit to hold your time slot. You can pay it in cash or by card.\n" +
		"-Hourly Session: $50.00 deposit. Any studio time that does not go over 8 hours.\n" +
		"-Project Session: 50% deposit of the estimated total cost. Any studio time that goes over 8 hours.\n" +
		"Cancellations and No Shows:\n" +
		"-Hourly Session: We require 48 hours notice to cancel any hourly session. If you contact us with less than 48 hours, your deposit will be forfeited.\n" +
		"-Project Session: All multi-day bookings require a 1 week notice of cancellation. If you contact us less than a week, but more than 48 hours in advance, half of your deposit will be refunded.\n" +
		"We are open every day from 10 to 22. We record vocals, bands and podcasts."}
	d, err := generate(t, FAQ, "", src)
	if err != nil {
		t.Fatal(err)
	}
	var hourly, project bool
	for _, s := range d.Sections {
		if strings.Contains(s.Body, "less than 48 hours, your deposit will be forfeited") {
			hourly = strings.HasPrefix(s.Heading, "Hourly Session: ") || strings.Contains(s.Body, "Hourly Session")
		}
		if strings.Contains(s.Body, "half of your deposit will be refunded") {
			project = strings.HasPrefix(s.Heading, "Project Session: ") || strings.Contains(s.Body, "Project Session")
		}
	}
	if !hourly || !project {
		var qs []string
		for _, s := range d.Sections {
			qs = append(qs, s.Heading+" — "+s.Body)
		}
		t.Errorf("a kind's rule asked without its kind (hourly %v, project %v):\n%s", hourly, project, strings.Join(qs, "\n"))
	}
}

// TestHowToTitledByItsDocumentOverASentence: steps under a sentence read
// as a heading ("A Regular Consignor signs up first until we are full")
// are titled by their document's name.
func TestHowToTitledByItsDocumentOverASentence(t *testing.T) {
	src := Source{Name: "Consignor Registration", Content: "A Regular Consignor signs up first until we are full\n" +
		"1. Open your Consignor Portal.\n2. Enter your items and print your tags.\n3. Select an open drop off shift."}
	d, err := generate(t, HowTo, "", src)
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != "Consignor Registration: step by step" {
		t.Errorf("title %q", d.Title)
	}
}

// TestHowToTitleNamingItsSteps: a procedure's heading that already names
// its steps or stages is the title as it is; another gets "step by step".
func TestHowToTitleNamingItsSteps(t *testing.T) {
	steps := "\n1. Open the booking page on our website.\n2. Choose a date and a time.\n3. Enter your name and phone number.\n4. Confirm the booking.\n"
	for _, c := range []struct{ heading, want string }{
		{"Booking Steps", "Booking Steps"},
		{"Erste Schritte", "Erste Schritte"},
		{"Fases para tramitar un encargo", "Fases para tramitar un encargo"},
		{"Booking a table", "Booking a table: step by step"},
	} {
		d, err := generate(t, HowTo, "", Source{Name: "Booking", Content: "# " + c.heading + "\n" + steps})
		if err != nil {
			t.Fatal(err)
		}
		if d.Title != c.want {
			t.Errorf("title %q, want %q", d.Title, c.want)
		}
	}
}

// TestFAQKeepsAPagesListWhole: a question the page answers with a list
// keeps the whole list, even when shorter answers would make room for
// more questions (five of a prescription's eight required items would
// mislead).
func TestFAQKeepsAPagesListWhole(t *testing.T) {
	kb := loadEvalFiles(t, []string{"testdata/evalheldout40/288-de-logopaedie-haeufige-fragen.txt"})[0]
	d, err := generate(t, FAQ, "", kb.sources...)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range d.Sections {
		if strings.HasPrefix(s.Heading, "Welche Angaben") {
			if !strings.Contains(s.Body, "Stempel und Unterschrift") {
				t.Errorf("the list was cut: %q", s.Body)
			}
			return
		}
	}
	t.Errorf("no question about the prescription: %+v", d.Sections)
}

// TestDatedNoteAsksNoQuestionOfItsLabel: "Update 2021" over a note is no
// topic to ask about ("How do I update 2021?"); "Precios 2024" is.
func TestDatedNoteAsksNoQuestionOfItsLabel(t *testing.T) {
	for _, h := range []string{"Update 2021", "Nouveauté 2024"} {
		if !datedNote.MatchString(h) {
			t.Errorf("%q is a dated note", h)
		}
	}
	if datedNote.MatchString("Precios 2024") {
		t.Error("Precios 2024 is a topic")
	}
}

// TestOnePagerOfNamedStages: a page that is one process told in named
// stages gives a one-pager of a section a stage, rather than a refusal for
// too few sections; steps that are instructions stay one "How it works".
func TestOnePagerOfNamedStages(t *testing.T) {
	kb := loadEvalFiles(t, []string{"testdata/evalheldout41/290-estate-sale-process.txt"})[0]
	d, err := generate(t, OnePager, "", kb.sources...)
	if err != nil {
		t.Fatal(err)
	}
	var heads []string
	for _, s := range d.Sections {
		heads = append(heads, s.Heading)
	}
	if got := strings.Join(heads, " | "); !strings.Contains(got, "Pre-Sale | Sale | Post-Sale") {
		t.Errorf("sections %q, want the stages as sections", got)
	}
	if got := stageSections(langEN, "1. Open Settings. Choose Billing.\n2. Click Save. Done."); got != nil {
		t.Errorf("instructions made sections: %+v", got)
	}
}
