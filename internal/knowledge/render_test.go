package knowledge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMarkdown(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"web page with single newlines", "Home / Policies\n2 min. read\nShare\nDeposits\nA deposit is required. This deposit is kept.\nRush Orders\nRush orders cost $25.\nWas this article helpful?\nYes No",
			"# Deposits\n\nA deposit is required. This deposit is kept.\n\n# Rush Orders\n\nRush orders cost $25."},
		{"roman numerals and emphasis", "I. Loan Periods\nBooks are lent for **21 days** and *DVDs* for 7.",
			"# Loan Periods\n\nBooks are lent for 21 days and DVDs for 7."},
		{"html fragment", "<!-- wp:paragraph --><h2>Roles &amp; permissions</h2><p>There are three&nbsp;roles.</p><ol><li>Open <strong>Team</strong>.</li><li>Click Invite.</li></ol><button>Yes</button>",
			"# Roles & permissions\n\nThere are three roles.\n\n1. Open Team.\n2. Click Invite."},
		{"code and a table", "## Install\n\nInstall it with pip:\n\n```bash\npip install x\n```\n\n| Plan | Price |\n|---|---|\n| Annual | $780 |\n",
			"# Install\n\nInstall it with pip:\n\n```\npip install x\n```\n\n- Annual plan — Price: $780"},
		{"lead-in keeps its list", "Fees\nOur fees are:\n- Late: $35\n- No-show: $50\nThese are billed to you.",
			"# Fees\n\nOur fees are:\n- Late: $35\n- No-show: $50\n\nThese are billed to you."},
		{"table of contents", "Table of contents\nParking\nPets\nParking\nIt costs $28.\nPets\nDogs are welcome.",
			"# Parking\n\nIt costs $28.\n\n# Pets\n\nDogs are welcome."},
		{"french chrome", "Accueil > Infos\nHoraires\nNous ouvrons à 9h.\nCet article vous a-t-il été utile ?\nPartager", "# Horaires\n\nNous ouvrons à 9h."},
		{"nested headings and a question", "# Help\n\n## Returns\n\n### How long do I have?\n\n30 days.\n\n## Shipping\n\nTwo days.",
			"# Help\n\n## Returns\n\n### How long do I have?\n\n30 days.\n\n## Shipping\n\nTwo days."},
		{"text that looks like syntax stays text", "<h1>Notes</h1><ul><li>1. Januar: closed</li><li>use *args and &lt;b&gt; as typed</li></ul><p># not a heading</p>",
			"# Notes\n\n- 1\\. Januar: closed\n- use \\*args and \\<b> as typed\n\n\\# not a heading"},
		{"badges and links", "[![Build](https://x/b.svg)](https://ci) See [the docs](https://d) for more.", "See the docs for more."},
		{"labels of a flattened nested list and dot leaders", "Nuestras tarifas:\n\n- PRECIO:\n- No socios:. . .4,50€/persona.\n- Socios:. . . . . 3,50€/persona.\n- RESERVAS ACTIVAS MÁXIMAS\n- No socios. . . . . . 2\n",
			"Nuestras tarifas:\n\n# PRECIO\n\n- No socios: 4,50€/persona.\n- Socios: 3,50€/persona.\n\n# RESERVAS ACTIVAS MÁXIMAS\n\n- No socios: 2"},
		// choices numbered again from 1 under a step stay in it (the
		// numbering then going on with the next step)
		{"choices under a step", "# Setup\n\nTo set it up:\n\n1. Open Settings\n2. Open Booking\n3. Next, you can either;\n1. Notify everyone.\n2. Book automatically.\n4. Click Save\n",
			"# Setup\n\nTo set it up:\n1. Open Settings\n2. Open Booking\n3. Next, you can either; 1. Notify everyone. 2. Book automatically.\n4. Click Save"},
		// a list numbered again that does not return to the next step is
		// a list of its own: the procedure, then the fields it fills
		{"a list numbered again", "# Add a service\n\n1. Go to Settings\n2. Click Add\n3. Fill in the information.\n1. Name: the service's name.\n2. Price: its price.\n",
			"# Add a service\n\n1. Go to Settings\n2. Click Add\n3. Fill in the information.\n\n1. Name: the service's name.\n2. Price: its price."},
		// clauses a paragraph each lose their numbers, whatever their first
		// letter; one decimal number alone keeps its own
		{"clause paragraphs", "# Leistungen\n\n1.1 bogenschießen für alle gibt Kurse.\n\n1.2 Das Equipment bleibt unser Eigentum.\n\n# Dauer\n\n2.5 Stunden dauert ein Kurs.\n",
			"# Leistungen\n\nbogenschießen für alle gibt Kurse.\n\nDas Equipment bleibt unser Eigentum.\n\n# Dauer\n\n2.5 Stunden dauert ein Kurs."},
		// numbered sections over their text, the first with a subtitle
		{"numbered sections with a subtitle", "1. How to Order Your Portrait: Getting Started\nSend us two or three clear photos of your pet.\n2. Brief & Quotation\nWe talk through what you would like and send a quote.\n3. Deposit Payment\nA deposit of 50% secures your booking and the date.\n",
			"# How to Order Your Portrait: Getting Started\n\nSend us two or three clear photos of your pet.\n\n# Brief & Quotation\n\nWe talk through what you would like and send a quote.\n\n# Deposit Payment\n\nA deposit of 50% secures your booking and the date."},
		// a one-word answer under a question is no vote
		{"a yes under a question", "How does picking work?\nAll fruit is charged by the pound.\nAm I allowed to try an apple?\nYes!\nWas this article helpful?\nYes No",
			"# How does picking work?\n\nAll fruit is charged by the pound.\n\n# Am I allowed to try an apple?\n\nYes!"},
		// a section's question joined to the question after it leaves no
		// space after the paragraph before it
		{"joined questions", "Quand peut-on voler ?\nEn toute saison.\nQui peut voler ?\nY a-t-il un âge minimum ?\nDès 20 kilos.",
			"# Quand peut-on voler ?\n\nEn toute saison.\n\n# Qui peut voler ? Y a-t-il un âge minimum ?\n\nDès 20 kilos."},
		{"empty", "<p></p>", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Markdown(Source{Content: c.in})
			if got != c.want {
				t.Fatalf("Markdown:\n%s\nwant:\n%s", got, c.want)
			}
			if again := Markdown(Source{Content: got}); again != got {
				t.Errorf("read again:\n%s\nthen:\n%s", got, again)
			}
		})
	}
}

// TestMarkdownReadsAgain: on every document of the evaluations, the
// Markdown form read again gives itself back.
func TestMarkdownReadsAgain(t *testing.T) {
	files, _ := filepath.Glob("testdata/eval/*/*/*.*")
	more, _ := filepath.Glob("../gendocs/testdata/*/*.txt")
	files = append(files, more...)
	if len(files) < 100 {
		t.Fatalf("only %d documents", len(files))
	}
	for _, f := range files {
		if strings.HasSuffix(f, "questions.txt") || strings.HasSuffix(f, "README.md") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		md := Markdown(Source{Content: string(b)})
		if again := Markdown(Source{Content: md}); again != md {
			t.Errorf("%s: read again differs", f)
		}
	}
}

func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{"# A\n\ntext", "<h2>x</h2><p>y</p>", "| a | b |\n|---|---|\n| 1 | 2 |", "```\ncode\n```", "I. Title\nText.",
		"Table of contents\nA\nA\nbody.", "**bold** *em* `code` [l](u) ![i](u)", "<!-- c", "- a\n  b\n1. c", "1. x\n\n2. y", "Q. Why?\nA. Because."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		md := Markdown(Source{Content: s})
		if !utf8.ValidString(md) {
			t.Fatalf("invalid UTF-8: %q", md)
		}
		if again := Markdown(Source{Content: md}); again != md {
			t.Fatalf("read again:\n%q\nthen:\n%q", md, again)
		}
	})
}

// A title ended by an exclamation mark over text is a heading; an answer's
// "Nein!" is not.
func TestExclaimedTitle(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Pkw, Transporter und Anhänger!", true},
		{"Aufbau der Mietartikel!", true},
		{"Nein!", false},
		{"Absolutely love it!", false},
		{"We are open on Sundays!", false},
	} {
		if got := exclaimedTitle(c.line); got != c.want {
			t.Errorf("exclaimedTitle(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}
