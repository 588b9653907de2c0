package gendocs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalizeText(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"web page with single newlines", "Home / Policies\n2 min. read\nShare\nDeposits\nA deposit is required. This deposit is kept.\nRush Orders\nRush orders cost $25.\nWas this article helpful?\nYes No",
			"## Deposits\n\nA deposit is required. This deposit is kept.\n\n## Rush Orders\n\nRush orders cost $25."},
		{"roman numerals and emphasis", "I. Loan Periods\nBooks are lent for **21 days** and *DVDs* for 7.",
			"## Loan Periods\n\nBooks are lent for 21 days and DVDs for 7."},
		{"html fragment", "<!-- wp:paragraph --><h2>Roles &amp; permissions</h2><p>There are three&nbsp;roles.</p><ol><li>Open <strong>Team</strong>.</li><li>Click Invite.</li></ol><button>Yes</button>",
			"## Roles & permissions\n\nThere are three roles.\n1. Open Team.\n1. Click Invite."},
		{"markdown code and table", "## Install\n\nInstall it with pip:\n\n```bash\npip install x\n```\n\n| Plan | Price |\n|---|---|\n| Annual | $780 |\n",
			"## Install\n\nInstall it with pip:\n- pip install x\n\n- Annual plan — Price: $780"},
		{"program code is dropped with its lead-in", "## Use\n\nCall it so:\n\n```python\nimport x\nx.run()\n```\n\nIt runs.\n",
			"## Use\n\nIt runs."},
		{"wrapped lines stay one paragraph", "Intro line one\nwrapped here.", "Intro line one wrapped here."},
		{"lead-in keeps its list", "Fees\nOur fees are:\n- Late: $35\n- No-show: $50\nThese are billed to you.",
			"## Fees\n\nOur fees are:\n- Late: $35\n- No-show: $50\n\nThese are billed to you."},
		{"table of contents", "Table of contents\nParking\nPets\nParking\nIt costs $28.\nPets\nDogs are welcome.",
			"## Parking\n\nIt costs $28.\n\n## Pets\n\nDogs are welcome."},
		{"french chrome", "Accueil > Infos\nHoraires\nNous ouvrons à 9h.\nCet article vous a-t-il été utile ?\nPartager", "## Horaires\n\nNous ouvrons à 9h."},
		{"lone labels in capitals split sections", "Store Policies\nDEPOSIT:\nA deposit of 50% is needed.\n(The rest is paid at pick up)\nORDERS ARE ONLY CONFIRMED ONCE PAID\nORDERING:\nPlease order two weeks ahead.",
			"## Store Policies\n\n## DEPOSIT\n\nA deposit of 50% is needed. (The rest is paid at pick up)\n\nORDERS ARE ONLY CONFIRMED ONCE PAID\n\n## ORDERING\n\nPlease order two weeks ahead."},
		{"badges and links", "[![Build](https://x/b.svg)](https://ci) See [the docs](https://d) for more.", "See the docs for more."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := normalizeText(c.in)
			if got != c.want {
				t.Fatalf("normalizeText:\n%s\nwant:\n%s", got, c.want)
			}
			if again := normalizeText(got); again != got {
				t.Errorf("not a fixed point:\n%s\nthen:\n%s", got, again)
			}
		})
	}
}

func TestQuestionsInLanguages(t *testing.T) {
	cases := []struct{ lang, kind, in, want string }{
		{"en", "heading", "Delivery & Set Up Policy", "What is your delivery and set up policy?"},
		{"en", "heading", "Emailing & Quotes", "What should I know about emailing and quotes?"},
		{"en", "heading", "Pausing your membership", "How does pausing my membership work?"},
		{"fr", "heading", "Réservations", "Réservations : que faut-il savoir ?"},
		{"de", "heading", "Kaution", "Kaution – was sollte ich wissen?"},
		{"de", "heading", "Was brauche ich für die Ausleihe?", "Was brauche ich für die Ausleihe?"},
		{"es", "heading", "Horario", "Horario: ¿qué debo saber?"},
		{"es", "heading", "Cómo cancelar", "¿Cómo cancelar?"},
		{"en", "sentence", "Admins can invite and remove members.", "Can admins invite and remove members?"},
		{"fr", "sentence", "Nous acceptons les cartes bancaires et les espèces.", "Acceptez-vous les cartes bancaires et les espèces ?"},
		{"fr", "sentence", "Vous pouvez réserver une table en ligne.", "Puis-je réserver une table en ligne ?"},
		{"de", "sentence", "Sie können Ihre Reservierung kostenlos stornieren.", "Kann ich meine Reservierung kostenlos stornieren?"},
		{"es", "sentence", "Puede cancelar su membresía en cualquier momento.", "¿Puedo cancelar mi membresía en cualquier momento?"},
		{"es", "sentence", "Aceptamos tarjetas y efectivo en recepción.", "¿Aceptan tarjetas y efectivo en recepción?"},
		{"en", "fact", "Annual plan — Price: $780 per year", "How much does the annual plan cost?"},
		{"en", "fact", "Cupcakes: $36 per dozen", "How much do the cupcakes cost?"},
		{"de", "fact", "E-Bike: 35 € pro Tag", "E-Bike – was kostet das?"},
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

// FuzzNormalizeText holds the normaliser to its promises on any input: no
// panic, valid UTF-8, a fixed point, no HTML comment or code fence left.
func FuzzNormalizeText(f *testing.F) {
	for _, s := range []string{"# A\n\ntext", "<h2>x</h2><p>y</p>", "| a | b |\n|---|---|\n| 1 | 2 |", "```\ncode\n```", "I. Title\nText.",
		"Table of contents\nA\nA\nbody.", "**bold** *em* `code` [l](u) ![i](u)", "<!-- c", "- a\n  b\n1. c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := normalizeText(s)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8: %q", out)
		}
		if again := normalizeText(out); again != out {
			t.Fatalf("not a fixed point:\n%q\n%q", out, again)
		}
		if strings.Contains(out, "<!--") || strings.Contains(out, "```") {
			t.Fatalf("markup left: %q", out)
		}
	})
}

// TestCanonicalPrefix holds fit to its shortcut: canonical text cut at a
// line break is canonical still, so the generator need not normalise it
// again (fit keeps the canonical mark only for such cuts).
func TestCanonicalPrefix(t *testing.T) {
	files, _ := filepath.Glob("testdata/eval*/*.txt")
	if len(files) < 20 {
		t.Fatalf("only %d evaluation files", len(files))
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		canon := normalizeText(string(raw))
		for i := 0; i < len(canon); i++ {
			if canon[i] != '\n' {
				continue
			}
			prefix := strings.TrimSpace(canon[:i])
			if again := normalizeText(prefix); again != prefix {
				t.Fatalf("%s: the prefix cut at byte %d is not canonical:\n%q\nthen:\n%q", f, i, prefix, again)
			}
		}
	}
}

// TestStripHTMLTags: what each kind of tag leaves (headings, tables and
// their head, line breaks, blocks, nested lists), to the character.
func TestStripHTMLTags(t *testing.T) {
	in := `<h3>Prices</h3><table><thead><tr><th>Item</th><th>Price</th></tr></thead><tr><td>Cut</td><td>20 €</td></tr></table>Line one<br>Line two<br/><section><p>Para</p></section><ul><li>a</li><li>b<ol><li>c</li></ol></li></ul><blockquote>Quote</blockquote><hr>End`
	want := "\n\n## Prices\n\n\n\n\n| Item | Price |\n\n|---|\n\n| Cut | 20 € |\n\n\nLine one\nLine two\n\n\n\n\nPara\n\n\n\n\n\n\n- a\n\n- b\n\n\n1. c\n\n\n\n\n\n\n\nQuote\n\n\n\nEnd"
	if got := stripHTML(in); got != want {
		t.Errorf("stripHTML:\n got %q\nwant %q", got, want)
	}
}

// TestStripHTMLForm: a page that wraps its whole content in a form (as
// ASP.NET pages do) keeps its text; the form's controls, scripts and
// navigation go with their content, unclosed or not.
func TestStripHTMLForm(t *testing.T) {
	in := `<form id="aspnetForm"><nav>Home</nav><h2>Returns</h2><p>You have 30 days.</p><select><option>EN</option></select><button>Send</button><script>if (a < b) x();</script><p>Keep your receipt.</p></form>`
	got := normalizeText(in)
	want := "## Returns\n\nYou have 30 days.\n\nKeep your receipt."
	if got != want {
		t.Errorf("normalizeText:\n got %q\nwant %q", got, want)
	}
}
