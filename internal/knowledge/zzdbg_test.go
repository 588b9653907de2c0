package knowledge

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZAsk(t *testing.T) {
	dir := os.Getenv("ZZDIR")
	if dir == "" {
		t.Skip()
	}
	var sources []Source
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() == "questions.txt" || e.Name() == "SOURCES" {
			continue
		}
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		sources = append(sources, Source{ID: e.Name(), Name: e.Name(), Content: string(b), Version: "1"})
	}
	base := NewLibrary(64 << 20).Base(sources)
	qs, _ := readQuestions(filepath.Join(dir, "questions.txt"))
	for _, q := range qs {
		if f := os.Getenv("ZZQ"); f != "" && !strings.Contains(q.text, f) {
			continue
		}
		lang := base.lang
		qlang, sure := detectAmong(q.text, base.langs)
		terms, total := base.query(q.text, lang, qlang, sure)
		var ts []string
		for _, qt := range terms {
			m := "-"
			if len(qt.matches) > 0 {
				m = fmt.Sprintf("%s@%.2f", qt.matches[0].term, qt.matches[0].factor)
			}
			ts = append(ts, fmt.Sprintf("%s w=%.2f", m, qt.weight))
		}
		a := base.Ask(q.text)
		fmt.Printf("Q %q expect=%q answered=%v score=%.2f total=%.2f\n   terms: %s\n   best: %.90s\n", q.text, q.expect, a.Answered, a.Score, total, strings.Join(ts, " | "), bestPassage(a))
	}
}
