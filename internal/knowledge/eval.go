package knowledge

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/net/html"
)

// EvalResult is the answer quality measured on one set of knowledge bases
// (a directory of them, such as testdata/eval/heldout).
type EvalResult struct {
	Set            string
	Bases          int
	Answerable     int // questions the documents answer
	Right          int // answered, and the answer contains the expected fact
	Wrong          int // answered without the expected fact
	Refused        int // answerable but refused
	Unanswerable   int // questions the documents do not answer
	AnsweredAnyway int // unanswerable but answered
	Invented       int // answers with a word that is in none of the sources
	CutProcedures  int // answers that quote a procedure without its last step
	Latency        time.Duration
	Failures       []string // one line per wrong answer, refusal or unanswerable answered
}

// RightShare is Right / Answerable.
func (r EvalResult) RightShare() float64 { return share(r.Right, r.Answerable) }

// AnsweredAnywayShare is AnsweredAnyway / Unanswerable.
func (r EvalResult) AnsweredAnywayShare() float64 { return share(r.AnsweredAnyway, r.Unanswerable) }

func share(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Evaluate measures the answers to each set of knowledge bases under dir
// (each subdirectory of dir is a set, each subdirectory of a set a base;
// see testdata/eval/README.md for the files of a base).
func Evaluate(dir string) ([]EvalResult, error) {
	sets, err := subdirs(dir)
	if err != nil {
		return nil, err
	}
	var out []EvalResult
	for _, set := range sets {
		r := EvalResult{Set: set}
		bases, err := subdirs(filepath.Join(dir, set))
		if err != nil {
			return nil, err
		}
		var spent time.Duration
		for _, b := range bases {
			if err := evalBase(filepath.Join(dir, set, b), &r, &spent); err != nil {
				return nil, err
			}
			r.Bases++
		}
		if n := r.Answerable + r.Unanswerable; n > 0 {
			r.Latency = spent / time.Duration(n)
		}
		out = append(out, r)
	}
	return out, nil
}

func subdirs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("knowledge: eval: %w", err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// evalBase asks one base's questions and adds the counts to r.
func evalBase(dir string, r *EvalResult, spent *time.Duration) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("knowledge: eval: %w", err)
	}
	var sources []Source
	var all strings.Builder // the documents' text, lower-cased
	vocabulary := map[string]bool{}
	for _, e := range entries {
		switch filepath.Ext(e.Name()) {
		case ".md", ".txt", ".html":
		default:
			continue
		}
		if e.Name() == "questions.txt" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return fmt.Errorf("knowledge: eval: %w", err)
		}
		sources = append(sources, Source{ID: e.Name(), Name: e.Name(), Content: string(b), Version: "1"})
		addSourceWords(vocabulary, string(b))
		all.WriteString(strings.ToLower(html.UnescapeString(string(b))))
	}
	base := NewLibrary(64 << 20).Base(sources)
	procedures := base.procedures()
	qs, err := readQuestions(filepath.Join(dir, "questions.txt"))
	if err != nil {
		return err
	}
	name := filepath.Base(dir)
	for _, q := range qs {
		// a fact no document has can never be found: a broken question
		if q.expect != "" && !strings.Contains(all.String(), strings.ToLower(q.expect)) {
			return fmt.Errorf("knowledge: eval: %s: the expected fact %q of %q is in none of the documents", name, q.expect, q.text)
		}
		start := time.Now()
		a := base.Ask(q.text)
		*spent += time.Since(start)
		if a.Answered {
			if invented(a.Text, vocabulary) != "" {
				r.Invented++
				r.Failures = append(r.Failures, fmt.Sprintf("%s: INVENTED %q in %q", name, invented(a.Text, vocabulary), a.Text))
			}
			if cut(a.Text, procedures) {
				r.CutProcedures++
				r.Failures = append(r.Failures, fmt.Sprintf("%s: CUT PROCEDURE %q", name, a.Text))
			}
		}
		switch {
		case q.expect == "":
			r.Unanswerable++
			r.Failures = append(r.Failures, fmt.Sprintf("%s: unanswerable %q scored %.2f", name, q.text, a.Score))
			if a.Answered {
				r.AnsweredAnyway++
				r.Failures = append(r.Failures, fmt.Sprintf("%s: ANSWERED %q (%.2f): %q", name, q.text, a.Score, firstLine(a.Text)))
			}
		case !a.Answered:
			r.Answerable++
			r.Refused++
			r.Failures = append(r.Failures, fmt.Sprintf("%s: REFUSED %q (%.2f), best passage: %q", name, q.text, a.Score, bestPassage(a)))
		case strings.Contains(strings.ToLower(a.Text), strings.ToLower(q.expect)):
			r.Answerable++
			r.Right++
		default:
			r.Answerable++
			r.Wrong++
			r.Failures = append(r.Failures, fmt.Sprintf("%s: WRONG %q (%.2f) want %q, got %q", name, q.text, a.Score, q.expect, firstLine(a.Text)))
		}
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

func bestPassage(a Answer) string {
	if len(a.Passages) == 0 {
		return ""
	}
	return firstLine(a.Passages[0].Text)
}

type evalQuestion struct{ text, expect string }

func readQuestions(path string) ([]evalQuestion, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("knowledge: eval: %w", err)
	}
	defer f.Close()
	var out []evalQuestion
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, expect, ok := strings.Cut(line, " | ")
		if !ok {
			return nil, fmt.Errorf("knowledge: eval: %s: line %q has no \" | \"", path, line)
		}
		if expect = strings.TrimSpace(expect); expect == "-" {
			expect = ""
		}
		out = append(out, evalQuestion{strings.TrimSpace(q), expect})
	}
	return out, sc.Err()
}

// addSourceWords adds the words of a source to the vocabulary: the words
// of its raw text, and those of its text without tags and with entities
// decoded, and those of its text without inline tags and Markdown marks ("wel<b>come</b>" has
// "welcome", "&eacute;t&eacute;" has "été").
func addSourceWords(vocabulary map[string]bool, content string) {
	content = strings.ToValidUTF8(content, "")
	for _, w := range words(strings.ToLower(content)) {
		vocabulary[w] = true
	}
	var text strings.Builder
	z := html.NewTokenizer(strings.NewReader(content))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		if tt == html.TextToken {
			text.Write(z.Text())
		}
	}
	text.WriteByte(' ')
	// Markdown marks go too: "0`A`" renders as "0A".
	bare := strings.NewReplacer("`", "", "*", "", "_", "", "~", "").Replace(withoutTags(content))
	text.WriteString(bare + " " + strings.ReplaceAll(bare, "\\", ""))
	for _, w := range words(strings.ToLower(text.String())) {
		vocabulary[w] = true
	}
}

// withoutTags is s without its runs "<...>" that hold no other "<", as a
// Markdown renderer drops inline HTML.
func withoutTags(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			break
		}
		j := strings.IndexAny(s[i+1:], "<>")
		if j < 0 || s[i+1+j] == '<' {
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i])
		s = s[i+j+2:]
	}
	b.WriteString(s)
	return b.String()
}

// invented returns a word of the answer that is in no source, or "".
func invented(answer string, vocabulary map[string]bool) string {
	// (the numbers the reader puts before a procedure's steps, which an
	// HTML list does not write, are no words of the answer)
	for _, w := range words(strings.ToLower(withoutStepNumbers(answer))) {
		if !vocabulary[w] {
			return w
		}
	}
	return ""
}

// procedures returns the steps of every procedure of the base.
func (b *Base) procedures() [][]string {
	var out [][]string
	for _, d := range b.docs {
		for _, bl := range d.blocks {
			if bl.kind != kindProcedure {
				continue
			}
			var steps []string
			for _, line := range strings.Split(bl.text, "\n") {
				if _, step, ok := strings.Cut(line, ". "); ok && isDigits(line[:strings.Index(line, ". ")]) {
					steps = append(steps, step)
				}
			}
			out = append(out, steps)
		}
	}
	return out
}

// cut says whether the answer quotes a step of a procedure but not all of
// its steps.
func cut(answer string, procedures [][]string) bool {
	for _, steps := range procedures {
		quoted := 0
		for _, s := range steps {
			if strings.Contains(answer, s) {
				quoted++
			}
		}
		if quoted > 0 && quoted < len(steps) {
			return true
		}
	}
	return false
}
