package gendocs_test

import (
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// realDoc reads the first document of a knowledge base of the evaluation
// pages not tuned on.
func realDoc(t *testing.T, name string) string {
	t.Helper()
	return evalDoc(t, "../evalreal/"+name)
}

// Issue 25 over HTTP, both stores: a policy page of rules is an FAQ of its
// rules; a numbered list of rules is no how-to; a purpose no procedure
// matches is refused with a message naming it; a procedure interrupted by
// a tip stays whole; a README's install command is kept; no file name in
// a title.
func TestGeneratePolicyPages(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		f := setup(t, s)

		gym := f.newDoc(t, f.u, "hausordnung", realDoc(t, "27-de-fitness"), false)
		d := f.gen(t, f.u.Token, req(f.genie, "faq", gym)).Expect(t, 200, "").Data()["document"].(map[string]any)
		secs := d["sections"].([]any)
		if len(secs) < 6 || strings.Contains(d["subtitle"].(string), "hausordnung") {
			t.Fatalf("gym rules FAQ: %v", d)
		}
		var qs []string
		for _, x := range secs {
			qs = append(qs, x.(map[string]any)["heading"].(string))
		}
		all := strings.Join(qs, "\n")
		for _, want := range []string{"Was gilt bei Urlaub?", "Verlängert sich die Vertragslaufzeit um die Dauer der Ruhezeit?"} {
			if !strings.Contains(all, want) {
				t.Errorf("gym FAQ lacks %q:\n%s", want, all)
			}
		}

		rules := f.newDoc(t, f.u, "policy", realDoc(t, "19-crossfit-cancel"), false)
		r := f.gen(t, f.u.Token, req(f.genie, "how-to", rules)).Expect(t, 400, "VALIDATION_ERROR")
		if msg := r.Body["error"].(map[string]any)["message"].(string); !strings.Contains(msg, "no procedure") {
			t.Errorf("numbered rules as a how-to: %v", r.Body)
		}

		reset := f.newDoc(t, f.u, "tips-to-reset-your-password", realDoc(t, "20-password-reset"), false)
		d = f.gen(t, f.u.Token, req(f.genie, "how-to", reset)).Expect(t, 200, "").Data()["document"].(map[string]any)
		steps := d["sections"].([]any)[1].(map[string]any)["body"].(string)
		if !strings.Contains(steps, "\n6. Sign in with your new password.") || strings.Contains(d["title"].(string), "-") ||
			strings.Contains(d["sections"].([]any)[0].(map[string]any)["body"].(string), "steps for tips") {
			t.Errorf("password how-to: %v", d)
		}
		data := req(f.genie, "how-to", reset)
		data["purpose"] = "delivery fees for parcels"
		r = f.gen(t, f.u.Token, data).Expect(t, 400, "VALIDATION_ERROR")
		if msg := r.Body["error"].(map[string]any)["message"].(string); !strings.Contains(msg, "delivery fees for parcels") || !strings.Contains(msg, "none of the procedures") {
			t.Errorf("how-to with a purpose no procedure matches: %v", r.Body)
		}

		readme := f.newDoc(t, f.u, "README.md", evalDoc(t, "07-readme"), false)
		d = f.gen(t, f.u.Token, req(f.genie, "faq", readme)).Expect(t, 200, "").Data()["document"].(map[string]any)
		found := false
		for _, x := range d["sections"].([]any) {
			sec := x.(map[string]any)
			if sec["heading"] == "How do I install it?" && strings.Contains(sec["body"].(string), "pip install tidyq") {
				found = true
			}
		}
		if !found {
			t.Errorf("README FAQ without its install command: %v", d)
		}
	})
}
