package gendocs_test

import (
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// evalDoc reads the first document of an evaluation knowledge base.
func evalDoc(t *testing.T, name string) string {
	t.Helper()
	s := read(t, "eval/"+name+".txt")
	_, body, ok := strings.Cut(s, "=== doc:")
	if !ok {
		t.Fatalf("%s: no document", name)
	}
	_, body, _ = strings.Cut(body, "\n")
	body, _, _ = strings.Cut(body, "=== doc:")
	return body
}

func TestGenerateLanguages(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		f := setup(t, s)
		for _, c := range []struct{ file, title, overview string }{
			{"09-fr", "Questions fréquentes sur votre entreprise", ""},
			{"10-de", "Häufige Fragen: Ihr Unternehmen", ""},
			{"11-es", "Preguntas frecuentes: su negocio", ""},
		} {
			doc := f.newDoc(t, f.u, c.file, evalDoc(t, c.file), false)
			d := f.gen(t, f.u.Token, req(f.genie, "faq", doc)).Expect(t, 200, "").Data()["document"].(map[string]any)
			if d["title"] != c.title {
				t.Errorf("%s: title %v", c.file, d["title"])
			}
			for _, x := range d["sections"].([]any) {
				q := x.(map[string]any)["heading"].(string)
				if !strings.HasSuffix(q, "?") || strings.HasPrefix(q, "What") || strings.HasPrefix(q, "How") {
					t.Errorf("%s: question %q", c.file, q)
				}
			}
			f.gen(t, f.u.Token, req(f.genie, "one-pager", doc)).Expect(t, 200, "")
		}

		// Another language: a clear 400, never "not enough content".
		for _, text := range []string{evalDoc(t, "14-it"),
			"Godziny otwarcia\nJesteśmy otwarci codziennie od 9 do 17. Można zarezerwować stolik przez internet lub zapłacić kartą, jeśli jest to wygodne dla klienta."} {
			doc := f.newDoc(t, f.u, "other", text, false)
			for _, tpl := range []string{"faq", "how-to", "one-pager"} {
				r := f.gen(t, f.u.Token, req(f.genie, tpl, doc)).Expect(t, 400, "VALIDATION_ERROR")
				msg, _ := r.Body["error"].(map[string]any)["message"].(string)
				field, _ := r.Body["error"].(map[string]any)["field"].(string)
				if !strings.Contains(msg, "not supported") || strings.Contains(msg, "not enough content") || field != "documentIds" {
					t.Errorf("%s: %v", tpl, r.Body)
				}
			}
		}
	})
}

func TestGeneratePurposeLeads(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		f := setup(t, s)
		team := f.newDoc(t, f.u, "Managing your team", evalDoc(t, "06-saas-team"), false)
		billing := f.newDoc(t, f.u, "Updating your payment method", evalDoc(t, "05-saas-billing"), false)
		for _, c := range []struct{ tpl, purpose, want string }{
			{"faq", "removing a member", "remov"},
			{"faq", "failed payments", "fail"},
			{"one-pager", "single sign-on", "sso"},
			{"how-to", "invite people to the team", "invit"},
			{"how-to", "update the card", "card"},
		} {
			data := req(f.genie, c.tpl, team, billing)
			data["purpose"] = c.purpose
			d := f.gen(t, f.u.Token, data).Expect(t, 200, "").Data()["document"].(map[string]any)
			secs := d["sections"].([]any)
			first := secs[0].(map[string]any)
			text := first["heading"].(string) + " " + first["body"].(string)
			if c.tpl == "how-to" {
				text = d["title"].(string) + " " + secs[1].(map[string]any)["body"].(string)
			}
			if !strings.Contains(strings.ToLower(text), c.want) {
				t.Errorf("%s with purpose %q: first %q", c.tpl, c.purpose, text)
			}
		}
	})
}
