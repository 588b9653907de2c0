package knowledge

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// corpus builds n documents of about size bytes each from the evaluation
// set's documents, every copy made distinct (its headings and a product
// code of its own) so that the vocabulary grows as a real base's does.
func corpus(tb testing.TB, n, size int) ([]Source, []string) {
	tb.Helper()
	var texts, questions []string
	files, _ := filepath.Glob("testdata/eval/*/*/*")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		switch filepath.Ext(f) {
		case ".md", ".txt":
			if filepath.Base(f) == "questions.txt" {
				for _, line := range strings.Split(string(b), "\n") {
					if q, _, ok := strings.Cut(line, " | "); ok {
						questions = append(questions, q)
					}
				}
				continue
			}
			texts = append(texts, string(b))
		}
	}
	var out []Source
	for d := 0; d < n; d++ {
		var sb strings.Builder
		for k := 0; sb.Len() < size; k++ {
			fmt.Fprintf(&sb, "\n\n# Part %d of guide %d, model zx%dq%d\n\n", k, d, d, k)
			sb.WriteString(texts[(d+k)%len(texts)])
		}
		out = append(out, Source{ID: fmt.Sprintf("doc-%d", d), Name: fmt.Sprintf("Guide %d", d), Content: sb.String(), Version: "1"})
	}
	return out, questions
}

// BenchmarkAsk2MB asks questions of a 2 MB base (20 documents of 100 KB).
func BenchmarkAsk2MB(b *testing.B) {
	sources, questions := corpus(b, 20, 100<<10)
	base := NewLibrary(1 << 30).Base(sources)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			base.Ask(questions[i%len(questions)])
			i++
		}
	})
}

// BenchmarkBaselineScan2MB is the bare baseline beside Ask: looking each
// word of the question up in the 2 MB of text once, with no ranking.
func BenchmarkBaselineScan2MB(b *testing.B) {
	sources, questions := corpus(b, 20, 100<<10)
	var all strings.Builder
	for _, s := range sources {
		all.WriteString(strings.ToLower(s.Content))
	}
	text := all.String()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			for _, w := range strings.Fields(strings.ToLower(questions[i%len(questions)])) {
				strings.Index(text, w)
			}
			i++
		}
	})
}

// BenchmarkParse2MB parses a 2 MB base from nothing.
func BenchmarkParse2MB(b *testing.B) {
	sources, _ := corpus(b, 20, 100<<10)
	b.SetBytes(int64(20 * 100 << 10))
	b.ResetTimer()
	for range b.N {
		NewLibrary(1 << 30).Base(sources)
	}
}

// BenchmarkFirstAskAfterEdit is the first question after one 100 KB
// document of a 2 MB base changed: that document is parsed again, the
// others come from the library.
func BenchmarkFirstAskAfterEdit(b *testing.B) {
	sources, questions := corpus(b, 20, 100<<10)
	lib := NewLibrary(1 << 30)
	lib.Base(sources)
	b.ResetTimer()
	for i := range b.N {
		sources[i%20].Version = fmt.Sprint(i + 2)
		lib.Base(sources).Ask(questions[i%len(questions)])
	}
}

// TestMemoryPerDocument measures the heap a parsed 200 KB document holds
// and compares it with the library's estimate (go test -v prints both).
func TestMemoryPerDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("measures memory")
	}
	const n = 20
	sources, _ := corpus(t, n, 200<<10)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	lib := NewLibrary(1 << 40)
	lib.Base(sources)
	runtime.GC()
	runtime.ReadMemStats(&after)
	heap := float64(after.HeapAlloc-before.HeapAlloc) / n
	_, est := lib.Len()
	t.Logf("per 200 KB document: heap %.0f KB, library estimate %.0f KB; 1,000 genies x 200 KB: %.0f MB unless bounded by the library",
		heap/1024, float64(est)/n/1024, heap*1000/(1<<20))
	if float64(est) < 0.5*heap*n {
		t.Errorf("library estimate %d bytes is under half the heap held (%.0f): the bound would not hold", est, heap*n)
	}
	runtime.KeepAlive(lib)
}
