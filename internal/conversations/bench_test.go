package conversations_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
)

// benchCorpus returns n documents of about size bytes from the knowledge
// evaluation set (real help-centre pages), each copy made distinct, and
// the set's questions.
func benchCorpus(tb testing.TB, n, size int) (docs []string, questions []string) {
	tb.Helper()
	files, _ := filepath.Glob("../knowledge/testdata/eval/*/*/*")
	var texts []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		if filepath.Base(f) == "questions.txt" {
			for _, line := range strings.Split(string(b), "\n") {
				if q, _, ok := strings.Cut(line, " | "); ok && strings.TrimSpace(q) != "" {
					questions = append(questions, strings.TrimSpace(q))
				}
			}
		} else if ext := filepath.Ext(f); ext == ".md" || ext == ".txt" {
			texts = append(texts, string(b))
		}
	}
	if len(texts) == 0 || len(questions) == 0 {
		tb.Skip("no evaluation set in ../knowledge/testdata/eval")
	}
	for d := range n {
		var sb strings.Builder
		for k := 0; sb.Len() < size; k++ {
			fmt.Fprintf(&sb, "\n\n# Part %d of guide %d, model zx%dq%d\n\n", k, d, d, k)
			sb.WriteString(texts[(d+k)%len(texts)])
		}
		docs = append(docs, sb.String())
	}
	return docs, questions
}

// latencies records request times from many goroutines.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.mu.Unlock()
}

func (l *latencies) report(b *testing.B, elapsed time.Duration) {
	slices.Sort(l.d)
	if len(l.d) == 0 {
		return
	}
	b.ReportMetric(float64(l.d[len(l.d)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(l.d[len(l.d)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(len(l.d))/elapsed.Seconds(), "answers/s")
}

// BenchmarkAsk sends ask over HTTP with 16 concurrent keep-alive clients
// to the real server (SQLite, or PostgreSQL with GENIE_TEST_POSTGRES and
// -bench AskPostgres) on a genie with 2 MB of documents (20 of 100 KB),
// each ask recorded in a new conversation; beside it, the bare net/http
// handler answering the same bytes from memory.
func BenchmarkAsk(b *testing.B) {
	docs, questions := benchCorpus(b, 20, 100<<10)
	for _, store := range apitest.Stores() {
		s := apitest.Start(b, store, unlimited, func(c *app.Config) { c.ChatGenieLimit = -1 })
		u := s.NewUser(b, "user")
		var ids []string
		for i, d := range docs {
			ids = append(ids, newDoc(b, s, u.Token, fmt.Sprintf("Guide %d", i), d))
		}
		g := newGenie(b, s, u.Token, "Big", ids...)
		enable(b, s, u.Token, g, "en")
		body := func(i int) []byte {
			return fmt.Appendf(nil, `{"resource":"conversations","action":"ask","data":{"agentId":%q,"question":%q}}`, g, questions[i%len(questions)])
		}
		sample := ask(b, s, g, questions[0], "").Expect(b, 200, "").Raw // parses the base once
		bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body) //nolint:errcheck
			w.Header().Set("Content-Type", "application/json")
			w.Write(sample) //nolint:errcheck
		}))
		for _, target := range []struct{ name, url string }{{"bare", bare.URL + "/v1"}, {store, s.URL + "/v1"}} {
			b.Run(target.name, func(b *testing.B) {
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
				lat := &latencies{}
				var mu sync.Mutex
				n := 0
				b.SetParallelism(16 / runtime.GOMAXPROCS(0))
				start := time.Now()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						mu.Lock()
						i := n
						n++
						mu.Unlock()
						t0 := time.Now()
						res, err := client.Post(target.url, "application/json", bytes.NewReader(body(i)))
						if err != nil {
							b.Error(err)
							return
						}
						io.Copy(io.Discard, res.Body) //nolint:errcheck
						res.Body.Close()
						if res.StatusCode != 200 {
							b.Errorf("status %d", res.StatusCode)
							return
						}
						lat.add(time.Since(t0))
					}
				})
				lat.report(b, time.Since(start))
			})
		}
		bare.Close()
	}
}

// BenchmarkAskAfterEdit measures the first ask after one of the genie's
// 20 documents (2 MB in all) was edited: the base is rebuilt from the
// stored content, and only the edited document is parsed again. Each
// iteration edits a document through the API (not timed) and asks once.
func BenchmarkAskAfterEdit(b *testing.B) {
	docs, questions := benchCorpus(b, 20, 100<<10)
	for _, store := range apitest.Stores() {
		b.Run(store, func(b *testing.B) {
			s := apitest.Start(b, store, unlimited, func(c *app.Config) { c.ChatGenieLimit = -1 })
			u := s.NewUser(b, "user")
			var ids []string
			for i, d := range docs {
				ids = append(ids, newDoc(b, s, u.Token, fmt.Sprintf("Guide %d", i), d))
			}
			g := newGenie(b, s, u.Token, "Big", ids...)
			enable(b, s, u.Token, g, "en")
			ask(b, s, g, questions[0], "").Expect(b, 200, "")
			lat := &latencies{}
			var total time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s.Call(b, u.Token, "documents", "update", ids[i%len(ids)], map[string]any{"content": docs[i%len(docs)] + fmt.Sprintf("\n\nEdit %d.", i)}).Expect(b, 200, "")
				b.StartTimer()
				t0 := time.Now()
				ask(b, s, g, questions[i%len(questions)], "").Expect(b, 200, "")
				d := time.Since(t0)
				lat.add(d)
				total += d
			}
			lat.report(b, total)
		})
	}
}
