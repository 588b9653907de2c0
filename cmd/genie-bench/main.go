// Command genie-bench seeds a large marketplace catalog and measures the
// real HTTP server (internal/app, in this process, on loopback) with
// keep-alive clients: requests per second and p50/p99 latency for the
// marketplace reads, each next to a bare net/http handler that returns from
// memory the bytes the scenario returns (and next to one that returns list
// page 1's bytes, the baseline of the earlier figures).
//
//	genie-bench -db /tmp/bench.db -n 1000000 -duration 10s
//	genie-bench -db postgres://user@host/db -n 1000000
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/platform/db"
)

type config struct {
	dsn      string
	n        int
	cats     int
	clients  int
	duration time.Duration
	reuse    bool
	only     string
	catalog  string
	heap     string // a heap profile's file, written once the search index is ready
	also     string // other servers' base URLs for the mixed scenario
}

func main() {
	var c config
	flag.StringVar(&c.dsn, "db", "", "SQLite file path or postgres:// URL (default: a new file in the temp directory)")
	flag.IntVar(&c.n, "n", 1_000_000, "number of listings to seed")
	flag.IntVar(&c.cats, "categories", 50, "number of categories")
	flag.IntVar(&c.clients, "clients", 16, "concurrent keep-alive clients")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "measuring time per scenario")
	flag.BoolVar(&c.reuse, "reuse", false, "use an already seeded catalog as is")
	flag.StringVar(&c.only, "only", "", "run only scenarios whose name contains this")
	flag.StringVar(&c.catalog, "catalog", "realistic", "listing texts: realistic (Debian package names and descriptions and installed packages' changelog entries; needs apt-get update) or synthetic (a made-up 5,000-word vocabulary)")
	flag.StringVar(&c.heap, "memprofile", "", "write a heap profile to this file once the server's search index is ready (after a collection)")
	flag.StringVar(&c.also, "also", "", "comma-separated base URLs (http://host:port) of other `genie serve` processes on the same database: the mixed scenario spreads its clients over this process and those (each run with --rate-limit 1000000000)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if err := run(context.Background(), c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "genie-bench:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func run(ctx context.Context, c config, out io.Writer) error {
	if c.dsn == "" {
		dir, err := os.MkdirTemp("", "genie-bench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		c.dsn = dir + "/bench.db"
	}
	fmt.Fprintf(out, "machine: %d CPUs (GOMAXPROCS %d), %s, %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), cpuModel(), runtime.Version())
	switch c.catalog {
	case "synthetic":
	case "realistic":
		var err error
		if benchCorpus, err = loadCorpus(); err != nil {
			return err
		}
		fmt.Fprintf(out, "realistic catalog: %d package names, %d descriptions, %d texts, %d distinct terms\n",
			len(benchCorpus.names), len(benchCorpus.taglines), len(benchCorpus.sentences), benchCorpus.terms)
		r := rand.New(rand.NewPCG(5, 5))
		for i := range SearchQueries {
			SearchQueries[i] = benchCorpus.search(r.IntN)
		}
	default:
		return fmt.Errorf("-catalog must be realistic or synthetic")
	}
	d, err := app.OpenDB(ctx, c.dsn)
	if err != nil {
		return err
	}
	if !c.reuse {
		var have int
		if err := d.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_categories`).Scan(&have); err != nil {
			return err
		}
		if have > 0 {
			return fmt.Errorf("%s already holds a catalog: use -reuse or a new database", c.dsn)
		}
		start := time.Now()
		if err := seed(ctx, d, c.n, c.cats); err != nil {
			return err
		}
		fmt.Fprintf(out, "seeded %d listings in %d categories on %s in %s\n", c.n, c.cats, d.Engine, time.Since(start).Round(time.Millisecond))
		if d.Engine == db.Postgres {
			if _, err := d.W.ExecContext(ctx, `VACUUM ANALYZE`); err != nil {
				return err
			}
		} else if _, err := d.W.ExecContext(ctx, sqliteAnalyze); err != nil {
			return err
		}
	}
	d.Close()

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cfg := app.Config{Addr: l.Addr().String(), DB: c.dsn, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), RateLimit: 1 << 30}
	if d.Engine == db.Postgres { // keys outside the database; nothing here is kept
		cfg.JWTSecret, cfg.EditLinkKey, cfg.MailKey = randomKey(), randomKey(), randomKey()
	}
	a, err := app.New(sctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	// The server builds its search index from its start (/readyz is
	// unready until then); the scenarios begin once it is ready.
	t0 := time.Now()
	for !a.Marketplace.SearchReady() {
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Fprintf(out, "search index ready %s after the server started\n", time.Since(t0).Round(time.Millisecond))
	if err := writeHeap(c.heap); err != nil {
		return err
	}
	go a.Serve(sctx, l) //nolint:errcheck
	base := "http://" + l.Addr().String() + "/v1"

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: c.clients * 2, MaxConnsPerHost: c.clients * 2}}
	page1 := `{"resource":"marketplace","action":"list"}`
	sample, err := post(client, base, page1)
	if err != nil {
		return err
	}
	var bare atomic.Pointer[[]byte]
	bare.Store(&sample)
	bareURL, stop, err := bareServer(&bare)
	if err != nil {
		return err
	}
	defer stop()

	r := rand.New(rand.NewPCG(9, 9))
	var mu sync.Mutex
	pick := func(n int) int { mu.Lock(); defer mu.Unlock(); return r.IntN(n) }
	body := func(action string, data any) string {
		b, _ := json.Marshal(map[string]any{"resource": "marketplace", "action": action, "data": data})
		return string(b)
	}
	scenarios := []scenario{
		{name: "bare net/http", url: bareURL, body: func() string { return page1 }},
		{name: "list page 1 (exact count)", url: base, body: func() string { return page1 }},
		{name: "all page 1", url: base, body: func() string { return `{"resource":"marketplace","action":"all"}` }},
		{name: "list offset 10,000", url: base, body: func() string { return body("list", map[string]any{"offset": 10_000}) }},
		{name: "list two-word search", url: base, body: func() string {
			return body("list", map[string]any{"query": map[string]any{"search": SearchQueries[pick(len(SearchQueries))]}})
		}},
		{name: "list category sorted by rating", url: base, body: func() string {
			return body("list", map[string]any{"query": map[string]any{"category": fmt.Sprintf("category-%d", pick(c.cats)), "sortBy": "rating"}})
		}},
		{name: "get by slug (counts a view)", url: base, body: func() string {
			return `{"resource":"marketplace","action":"get","id":"` + Slug(pick(c.n)) + `"}`
		}},
		{name: "trending", url: base, body: func() string { return `{"resource":"marketplace","action":"trending"}` }},
		{name: "list page 1, 1 extra client doing gets", url: base, body: func() string { return page1 },
			background: func() string { return `{"resource":"marketplace","action":"get","id":"` + Slug(pick(c.n)) + `"}` }},
		// Uncached: every get changes view counts, which all shows.
		{name: "all page 1, 1 extra client doing gets (cache misses)", url: base, body: func() string { return `{"resource":"marketplace","action":"all"}` },
			background: func() string { return `{"resource":"marketplace","action":"get","id":"` + Slug(pick(c.n)) + `"}` }},
		// Uncached: a filter without a maintained counter, so the page query
		// also counts a third of the catalog.
		{name: "all by difficulty, 1 extra client doing gets (cache misses)", url: base,
			body:       func() string { return body("all", map[string]any{"query": map[string]any{"difficulty": "advanced"}}) },
			background: func() string { return `{"resource":"marketplace","action":"get","id":"` + Slug(pick(c.n)) + `"}` }},
		// Uncached: random pairs of the catalog's real words, nearly all distinct.
		{name: "list two-word search, distinct queries (cache misses)", url: base, body: func() string { return distinct(pick) }},
		// The response cache turned off: what every request costs.
		{name: "list page 1 (exact count), no response cache", url: base, nocache: true, body: func() string { return page1 }},
		{name: "all page 1, no response cache", url: base, nocache: true, body: func() string { return `{"resource":"marketplace","action":"all"}` }},
		{name: "list category sorted by rating, no response cache", url: base, nocache: true, body: func() string {
			return body("list", map[string]any{"query": map[string]any{"category": fmt.Sprintf("category-%d", pick(c.cats)), "sortBy": "rating"}})
		}},
		{name: "list two-word search, no response cache", url: base, nocache: true, body: func() string {
			return body("list", map[string]any{"query": map[string]any{"search": SearchQueries[pick(len(SearchQueries))]}})
		}},
	}
	fmt.Fprintf(out, "%d clients, %s per scenario, store %s\n\n", c.clients, c.duration, a.DB.Engine)
	// The machine may be shared and its load may drift, so every scenario
	// is measured right after its own runs of the bare handler, and the
	// fractions are taken against those adjacent baselines: one serving
	// the scenario's own response bytes (a sample taken just before), one
	// serving list page 1's bytes (the baseline of the earlier figures).
	fmt.Fprintf(out, "| scenario | bytes | req/s | bare req/s, same bytes | of bare | bare req/s, list page 1 bytes | of that | p50 ms | p99 ms | bare p99 ms | errors |\n"+
		"|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	bareScenario := scenarios[0]
	for _, s := range scenarios[1:] {
		if c.only != "" && !strings.Contains(s.name, c.only) {
			continue
		}
		a.Marketplace.SetResponseCache(!s.nocache)
		own, err := post(client, base, s.body())
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		a.Marketplace.SetResponseCache(true)
		bare.Store(&own)
		b := bareScenario.run(client, c.clients, c.duration, base)
		bare.Store(&sample)
		bl := bareScenario.run(client, c.clients, c.duration, base)
		a.Marketplace.SetResponseCache(!s.nocache)
		res := s.run(client, c.clients, c.duration, base)
		a.Marketplace.SetResponseCache(true)
		fmt.Fprintf(out, "| %s | %d | %.0f | %.0f | %.0f%% | %.0f | %.0f%% | %.2f | %.2f | %.2f | %d |\n", s.name, len(own), res.rps,
			b.rps, 100*res.rps/b.rps, bl.rps, 100*res.rps/bl.rps, ms(res.p50), ms(res.p99), ms(b.p99), res.errors+b.errors+bl.errors)
	}
	if c.only == "" || strings.Contains("mixed", c.only) {
		keys, err := benchKeys(ctx, a, 4)
		if err != nil {
			return err
		}
		b := bareScenario.run(client, c.clients, c.duration, base)
		fmt.Fprintf(out, "\nmixed: %d clients, each request drawn at random: 45%% cacheable reads (list page 1, all page 1, a category by rating),\n"+
			"25%% distinct two-word searches, 20%% gets by slug, 10%% community writes (favorite add or remove, review create) by 4 users\n"+
			"(adjacent bare run: %.0f req/s, p99 %.2f ms)\n\n", c.clients, b.rps, ms(b.p99))
		fmt.Fprintf(out, "| class | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|\n")
		classes := []class{
			{name: "cacheable reads", weight: 45, req: func() (string, string) {
				switch pick(3) {
				case 0:
					return page1, ""
				case 1:
					return `{"resource":"marketplace","action":"all"}`, ""
				}
				return body("list", map[string]any{"query": map[string]any{"category": fmt.Sprintf("category-%d", pick(c.cats)), "sortBy": "rating"}}), ""
			}},
			{name: "distinct searches", weight: 25, req: func() (string, string) { return distinct(pick), "" }},
			{name: "gets by slug", weight: 20, req: func() (string, string) {
				return `{"resource":"marketplace","action":"get","id":"` + Slug(pick(c.n)) + `"}`, ""
			}},
			{name: "community writes", weight: 10, req: func() (string, string) {
				key, slug := keys[pick(len(keys))], Slug(pick(c.n))
				switch pick(3) {
				case 0:
					return body("favorites", map[string]any{"mode": "add", "marketplace_genie_id": slug}), key
				case 1:
					return body("favorites", map[string]any{"mode": "remove", "marketplace_genie_id": slug}), key
				}
				return body("reviews", map[string]any{"mode": "create", "marketplace_genie_id": slug, "rating": 1 + pick(5)}), key
			}},
		}
		bases := []string{base}
		for _, u := range strings.Split(c.also, ",") {
			if u = strings.TrimRight(strings.TrimSpace(u), "/"); u != "" {
				if err := waitReady(ctx, client, u); err != nil {
					return err
				}
				bases = append(bases, u+"/v1")
			}
		}
		if len(bases) > 1 {
			fmt.Fprintf(out, "(the clients spread over %d servers: this process and %s)\n\n", len(bases), c.also)
		}
		for _, r := range runMixed(client, bases, c.clients, c.duration, classes) {
			fmt.Fprintf(out, "| %s | %.0f | %.2f | %.2f | %d |\n", r.name, r.rps, ms(r.p50), ms(r.p99), r.errors)
		}
	}
	rss, hwm := memStatus()
	fmt.Fprintf(out, "\nprocess memory (server and load generator together): RSS %s, peak %s\n", rss, hwm)
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

type scenario struct {
	name       string
	url        string
	body       func() string
	background func() string
	nocache    bool // with the marketplace's response cache off
}

type result struct {
	rps      float64
	p50, p99 time.Duration
	errors   int64
}

func (s scenario) run(client *http.Client, clients int, dur time.Duration, base string) result {
	// Warm up (fills caches and connections), then measure.
	warm := time.Now().Add(dur / 10)
	for time.Now().Before(warm) {
		post(client, s.url, s.body()) //nolint:errcheck
	}
	var stop atomic.Bool
	var errs atomic.Int64
	var firstErr sync.Once
	var wg sync.WaitGroup
	lat := make([][]time.Duration, clients)
	if s.background != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				post(client, base, s.background()) //nolint:errcheck
			}
		}()
	}
	start := time.Now()
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				b := s.body()
				t0 := time.Now()
				if _, err := post(client, s.url, b); err != nil {
					errs.Add(1)
					firstErr.Do(func() { fmt.Fprintf(os.Stderr, "%s: first error: %v\n", s.name, err) })
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		}()
	}
	time.Sleep(dur)
	stop.Store(true)
	wg.Wait()
	elapsed := time.Since(start)
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	slices.Sort(all)
	if len(all) == 0 {
		return result{errors: errs.Load()}
	}
	return result{rps: float64(len(all)) / elapsed.Seconds(), p50: all[len(all)/2], p99: all[len(all)*99/100], errors: errs.Load()}
}

func post(client *http.Client, url, body string) ([]byte, error) {
	return postAs(client, url, body, "")
}

func postAs(client *http.Client, url, body, key string) ([]byte, error) {
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("status %d: %s", res.StatusCode, b)
	}
	return b, nil
}

// bareServer serves the current body for every request from memory,
// reading the request body as the real server does.
func bareServer(body *atomic.Pointer[[]byte]) (url string, stop func(), err error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) //nolint:errcheck
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Write(*body.Load()) //nolint:errcheck
	})}
	go hs.Serve(l) //nolint:errcheck
	return "http://" + l.Addr().String() + "/", func() { hs.Close() }, nil
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		if k, v, ok := bytes.Cut(line, []byte(":")); ok && strings.TrimSpace(string(k)) == "model name" {
			return strings.TrimSpace(string(v))
		}
	}
	return "unknown CPU"
}

func memStatus() (rss, hwm string) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?", "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			rss = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			hwm = strings.TrimSpace(v)
		}
	}
	return rss, hwm
}

// sqliteAnalyze gathers planner statistics but keeps only sqlite_stat1:
// with sqlite_stat4 rows present, SQLite re-prepares a statement every time
// a new value is bound to an indexed column (the plan may depend on it),
// which cost an eighth of a get's CPU here and buys nothing for these
// queries' unique or evenly spread keys.
const sqliteAnalyze = `ANALYZE; DELETE FROM sqlite_stat4; ANALYZE sqlite_schema;`

// writeHeap writes a heap profile of what is live now to file ("": none).
func writeHeap(file string) error {
	if file == "" {
		return nil
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
