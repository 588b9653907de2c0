package knowledge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvaluate runs the answer-quality evaluation and fails only on its
// invariants: no answer with a word that is not in the sources, no
// procedure quoted without its last step. Quality figures are printed
// (go test -v), not asserted; BENCHMARKS.md records them.
func TestEvaluate(t *testing.T) {
	results, err := Evaluate("testdata/eval")
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 42 {
		t.Fatalf("got %d sets, want 42 (heldout to heldout37, tune, tune2 to tune5)", len(results))
	}
	answerable, unanswerable := 0, 0
	for _, r := range results {
		answerable += r.Answerable
		unanswerable += r.Unanswerable
		t.Logf("%s: %d bases, right %d/%d (%.1f%%), wrong %d, refused %d, unanswerable answered %d/%d (%.1f%%), invented %d, cut %d, mean latency %v",
			r.Set, r.Bases, r.Right, r.Answerable, 100*r.RightShare(), r.Wrong, r.Refused, r.AnsweredAnyway, r.Unanswerable,
			100*r.AnsweredAnywayShare(), r.Invented, r.CutProcedures, r.Latency)
		if os.Getenv("EVAL_VERBOSE") != "" {
			for _, f := range r.Failures {
				t.Log("  " + f)
			}
		}
		if r.Answerable < 20 || r.Unanswerable < 5 {
			t.Errorf("%s: %d answerable and %d unanswerable questions, want at least 20 and 5", r.Set, r.Answerable, r.Unanswerable)
		}
		if r.Invented != 0 {
			t.Errorf("%s: %d answers with words not in the sources, want 0", r.Set, r.Invented)
		}
		if r.CutProcedures != 0 {
			t.Errorf("%s: %d answers cut a procedure, want 0", r.Set, r.CutProcedures)
		}
	}
	if answerable < 100 || unanswerable < 20 {
		t.Errorf("%d answerable and %d unanswerable questions in all, want at least 100 and 20", answerable, unanswerable)
	}
}

// A question whose expected fact no document has is a broken question: the
// evaluation says so instead of counting it as a miss.
func TestEvaluateRejectsFactNotInDocuments(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "set", "base")
	if err := os.MkdirAll(base, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"faq.md":        "# FAQ\n\n## Shipping\n\nShipping takes 2 days.\n",
		"questions.txt": "how long is shipping | 3 days\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(base, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Evaluate(dir)
	if err == nil || !strings.Contains(err.Error(), `"3 days"`) {
		t.Fatalf("Evaluate = %v, want an error naming the missing fact", err)
	}
}
