package gendocs

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func faqDoc(n int) *Document {
	d := &Document{Title: "FAQ", Template: FAQ}
	for i := range n {
		d.Sections = append(d.Sections, Section{Heading: fmt.Sprintf("Question %d?", i+1), Body: "We open at nine."})
	}
	return d
}

func onePagerDoc(n int) *Document {
	d := &Document{Title: "At a glance", Template: OnePager}
	for i := range n {
		d.Sections = append(d.Sections, Section{Heading: fmt.Sprintf("Part %d", i+1), Body: "- We open at nine.\n- We close at five."})
	}
	return d
}

func howToDoc(steps string, extra ...Section) *Document {
	d := &Document{Title: "How to book", Template: HowTo, Sections: []Section{{"Overview", "Booking is easy."}, {"Steps", steps}}}
	d.Sections = append(d.Sections, extra...)
	return d
}

func TestValidate(t *testing.T) {
	edit := func(d *Document, f func(*Document)) *Document { f(d); return d }
	cases := []struct {
		name string
		doc  *Document
		t    Template
		bad  string // part of the reason; "" means valid
	}{
		{"faq 6", faqDoc(6), FAQ, ""},
		{"faq 12", faqDoc(12), FAQ, ""},
		{"faq 5", faqDoc(5), FAQ, "6 to 12 sections, got 5"},
		{"faq 13", faqDoc(13), FAQ, "got 13"},
		{"faq no question mark", edit(faqDoc(6), func(d *Document) { d.Sections[2].Heading = "Hours" }), FAQ, "question mark"},
		{"faq repeated question", edit(faqDoc(6), func(d *Document) { d.Sections[1].Heading = "question 1?" }), FAQ, "repeats"},
		{"empty body", edit(faqDoc(6), func(d *Document) { d.Sections[0].Body = "" }), FAQ, "body"},
		{"empty heading", edit(faqDoc(6), func(d *Document) { d.Sections[0].Heading = "" }), FAQ, "heading"},
		{"no title", edit(faqDoc(6), func(d *Document) { d.Title = "" }), FAQ, "title"},
		{"long subtitle", edit(faqDoc(6), func(d *Document) { d.Subtitle = strings.Repeat("s", 301) }), FAQ, "subtitle"},
		{"wrong template", faqDoc(6), HowTo, "template"},
		{"one-pager 4", onePagerDoc(4), OnePager, ""},
		{"one-pager 6", onePagerDoc(6), OnePager, ""},
		{"one-pager 3", onePagerDoc(3), OnePager, "4 to 6"},
		{"one-pager 7", onePagerDoc(7), OnePager, "4 to 6"},
		{"how-to", howToDoc("1. Open.\n2. Choose.\n3. Pay."), HowTo, ""},
		{"how-to next steps", howToDoc("1. Open.\n2. Choose.\n3. Pay.", Section{"Next steps", "Relax."}), HowTo, ""},
		{"how-to 2 steps", howToDoc("1. Open.\n2. Choose."), HowTo, "3 to 15 steps, got 2"},
		{"how-to 16 steps", howToDoc(numbered(16)), HowTo, "got 16"},
		{"how-to skipped number", howToDoc("1. Open.\n3. Choose.\n4. Pay."), HowTo, "numbered 3"},
		{"how-to prose in steps", howToDoc("1. Open.\nThen choose.\n2. Pay."), HowTo, "numbered lines"},
		{"how-to bullets as steps", howToDoc("- Open.\n- Choose.\n- Pay."), HowTo, "numbered lines"},
		{"how-to steps in intro", edit(howToDoc("1. Open.\n2. Choose.\n3. Pay."), func(d *Document) { d.Sections[0].Body = "1. Open." }), HowTo, "intro"},
		{"how-to long intro", edit(howToDoc("1. Open.\n2. Choose.\n3. Pay."), func(d *Document) { d.Sections[0].Body = strings.Repeat("x", 801) }), HowTo, "intro"},
		{"how-to no steps section", &Document{Title: "T", Template: HowTo, Sections: []Section{{"Overview", "Intro."}}}, HowTo, "2 to 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(c.doc, c.t, nil)
			if c.bad == "" {
				if err != nil {
					t.Fatalf("got %v, want valid", err)
				}
				return
			}
			var ie *InvalidOutputError
			if !errors.As(err, &ie) || !strings.Contains(ie.Reason, c.bad) {
				t.Fatalf("got %v, want an invalid output mentioning %q", err, c.bad)
			}
		})
	}
}

func numbered(n int) string {
	var lines []string
	for i := range n {
		lines = append(lines, fmt.Sprintf("%d. Step.", i+1))
	}
	return strings.Join(lines, "\n")
}

func TestValidateGrounded(t *testing.T) {
	src := []Source{{Name: "hours", Content: "We open at nine every weekday and close at five. Parking is free behind the shop."}}
	ok := onePagerDoc(4)
	ok.Sections[0].Body = "We open at nine every weekday and close at five."
	if err := Validate(ok, OnePager, src); err != nil {
		t.Fatalf("grounded document refused: %v", err)
	}
	bad := onePagerDoc(4)
	bad.Sections[1].Body = "Our award-winning chefs cook vegan tasting menus with imported truffles daily."
	if err := Validate(bad, OnePager, src); err == nil || !strings.Contains(err.Error(), "section 2 is not grounded") {
		t.Fatalf("ungrounded section: got %v", err)
	}
}

func TestNormalize(t *testing.T) {
	d := &Document{Title: "  **Big**  title ", Subtitle: " a\nb ", Sections: []Section{{
		Heading: "## Hours ",
		Body:    "\r\nIntro **bold**.  \r\n\r\n\r\n\r\n* one\n•  two\n+ three\n-   four\n\n\n1. step\n",
	}}}
	Normalize(d)
	want := Section{Heading: "Hours", Body: "Intro bold.\n\n- one\n- two\n- three\n- four\n\n1. step"}
	if d.Title != "Big title" || d.Subtitle != "a b" || d.Sections[0] != want {
		t.Fatalf("got %q %q %+v", d.Title, d.Subtitle, d.Sections[0])
	}
}
