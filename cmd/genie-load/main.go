// Command genie-load reproduces hostile loads against the real genie
// binary, started as a separate process so that its memory can be read
// from /proc, and prints what the service did under each: its peak memory,
// what the attackers were answered, and the latency of ordinary requests
// made at the same time.
//
//	go build -o /tmp/genie ./cmd/genie && go build -o /tmp/genie-load ./cmd/genie-load
//	/tmp/genie-load -genie /tmp/genie -duration 10s                  # SQLite in a temp dir
//	/tmp/genie-load -genie /tmp/genie -db postgres://postgres@127.0.0.1:55432/postgres
//
// Scenarios (-only to pick one):
//
//	bodies     128 anonymous clients sending 12 MB bodies to the public
//	           marketplace list, half with the data before the action
//	passwords  64 anonymous clients signing in as random unknown emails,
//	           with the default sign-in limits and with them turned off
//	overload   500 connections of signed-in users, half reading and half
//	           writing documents
//
// Every load is bounded in time and sends traffic to 127.0.0.1 only.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
)

func main() {
	bin := flag.String("genie", "", "path of the genie binary (required)")
	dsn := flag.String("db", "", "postgres:// URL of a server where a database may be created (default: SQLite in a temp dir)")
	dur := flag.Duration("duration", 10*time.Second, "length of each load")
	only := flag.String("only", "", "run only this scenario: bodies, passwords or overload")
	serveFlags := flag.String("serve-flags", "", "extra flags for genie serve, space-separated (e.g. \"--max-in-flight 16\")")
	flag.Parse()
	extraServe = strings.Fields(*serveFlags)
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "genie-load: -genie is required")
		os.Exit(2)
	}
	fmt.Printf("machine: %d CPUs, %s; load %s per scenario\n", runtime.NumCPU(), runtime.GOARCH, *dur)
	for _, sc := range []struct {
		name string
		run  func(bin, dsn string, dur time.Duration) error
	}{{"bodies", bodies}, {"passwords", passwords}, {"overload", overload}} {
		if *only != "" && *only != sc.name {
			continue
		}
		if err := sc.run(*bin, *dsn, *dur); err != nil {
			fmt.Fprintf(os.Stderr, "genie-load: %s: %v\n", sc.name, err)
			os.Exit(1)
		}
	}
}

// extraServe are flags added to every genie serve.
var extraServe []string

// server is a genie process under test.
type server struct {
	cmd  *exec.Cmd
	url  string
	logs bytes.Buffer
	dir  string
}

// start runs genie serve on a fresh database with extra flags.
func start(bin, pgURL string, extra ...string) (*server, error) {
	dir, err := os.MkdirTemp("", "genie-load-")
	if err != nil {
		return nil, err
	}
	dsn := filepath.Join(dir, "genie.db")
	var args []string
	if pgURL != "" {
		if dsn, err = newPostgresDB(pgURL); err != nil {
			return nil, err
		}
		keys := filepath.Join(dir, "keys")
		if out, err := exec.Command(bin, "secrets", "init", "--db", dsn, "--key-file", keys).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("secrets init: %v: %s", err, out)
		}
		args = append(args, "--key-file", keys)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	s := &server{url: "http://" + addr, dir: dir}
	args = append(append(args, extraServe...), extra...)
	s.cmd = exec.Command(bin, append([]string{"serve", "--db", dsn, "--addr", addr, "--smtp-addr", "", "--log-level", "error"}, args...)...)
	s.cmd.Stderr = &s.logs
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	for range 300 {
		if res, err := http.Get(s.url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.stop()
	return nil, fmt.Errorf("server did not start: %s", s.logs.String())
}

func (s *server) stop() {
	s.cmd.Process.Kill() //nolint:errcheck
	s.cmd.Wait()         //nolint:errcheck
	os.RemoveAll(s.dir)
}

// rss is the server's resident memory now and at its peak, in MiB.
func (s *server) rss() (now, peak float64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(f[1], 64)
		switch f[0] {
		case "VmRSS:":
			now = kb / 1024
		case "VmHWM:":
			peak = kb / 1024
		}
	}
	return now, peak
}

func newPostgresDB(admin string) (string, error) {
	adb, err := sql.Open("pgx", admin)
	if err != nil {
		return "", err
	}
	defer adb.Close()
	b := make([]byte, 6)
	rand.Read(b)
	name := "genie_load_" + hex.EncodeToString(b)
	if _, err := adb.Exec("CREATE DATABASE " + name); err != nil {
		return "", err
	}
	u, err := url.Parse(admin)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// signUp makes an account and returns its access token.
func (s *server) signUp(c *http.Client, email string) (string, error) {
	res, err := c.Post(s.url+"/auth/v1/signup", "application/json", strings.NewReader(`{"email":"`+email+`","password":"load-test-pw"}`))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var body struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || body.AccessToken == "" {
		return "", fmt.Errorf("sign-up: status %d", res.StatusCode)
	}
	return body.AccessToken, nil
}

// latencies collects durations safely.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) { l.mu.Lock(); l.d = append(l.d, d); l.mu.Unlock() }

func (l *latencies) summary() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return "no requests"
	}
	slices.Sort(l.d)
	q := func(p float64) float64 { return float64(l.d[int(p*float64(len(l.d)-1))].Microseconds()) / 1000 }
	return fmt.Sprintf("%d requests, p50 %.1f ms, p99 %.1f ms, max %.1f ms", len(l.d), q(0.5), q(0.99), q(1))
}

// counter counts outcomes by name.
type counter struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *counter) add(k string) {
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]int{}
	}
	c.m[k]++
	c.mu.Unlock()
}

func (c *counter) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	keys := make([]string, 0, len(c.m))
	for k := range c.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s ×%d", k, c.m[k]))
	}
	return strings.Join(parts, ", ")
}

// call sends one request and returns its status ("error" for a transport
// failure) and duration.
func call(c *http.Client, method, url, token string, body io.Reader) (string, time.Duration) {
	req, _ := http.NewRequest(method, url, body)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	t0 := time.Now()
	res, err := c.Do(req)
	if err != nil {
		return "error", time.Since(t0)
	}
	io.Copy(io.Discard, res.Body) //nolint:errcheck
	res.Body.Close()
	return strconv.Itoa(res.StatusCode), time.Since(t0)
}

// probe makes ordinary signed-in requests (a small list and a small write)
// from 4 clients until ctx ends, and records their latency.
func probe(ctx context.Context, s *server, token string) *latencies {
	l := &latencies{}
	c := &http.Client{Timeout: 30 * time.Second}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ctx.Err() == nil; n++ {
				body := `{"resource":"documents","action":"all"}`
				if (i+n)%4 == 0 {
					body = fmt.Sprintf(`{"resource":"documents","action":"create","data":{"name":"probe %d %d","content":"x"}}`, i, n)
				}
				if _, d := call(c, "POST", s.url+"/v1", token, strings.NewReader(body)); ctx.Err() == nil {
					l.add(d)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	go func() { <-ctx.Done(); wg.Wait() }()
	return l
}

// flood runs n clients calling fn until the duration ends, while the probe
// measures; it prints the results.
func flood(s *server, token string, n int, dur time.Duration, fn func(c *http.Client, i int, out *counter)) {
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	var peakNow atomic.Int64
	go func() {
		for ctx.Err() == nil {
			now, _ := s.rss()
			if int64(now) > peakNow.Load() {
				peakNow.Store(int64(now))
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	time.Sleep(200 * time.Millisecond) // the flood is under way before the probe starts
	p := probe(ctx, s, token)
	out := &counter{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
			for ctx.Err() == nil {
				fn(c, i, out)
			}
		}()
	}
	wg.Wait()
	_, peak := s.rss()
	after, _ := s.rss()
	fmt.Printf("  attackers answered: %s\n", out)
	fmt.Printf("  other requests meanwhile: %s\n", p.summary())
	fmt.Printf("  server memory: peak %.0f MiB (VmHWM), %.0f MiB when the load ended\n", peak, after)
	rec := &latencies{}
	c := &http.Client{Timeout: 10 * time.Second}
	for range 20 {
		_, d := call(c, "POST", s.url+"/v1", token, strings.NewReader(`{"resource":"documents","action":"all"}`))
		rec.add(d)
	}
	fmt.Printf("  right after: %s\n", rec.summary())
}

func bodies(bin, dsn string, dur time.Duration) error {
	s, err := start(bin, dsn)
	if err != nil {
		return err
	}
	defer s.stop()
	token, err := s.signUp(http.DefaultClient, "probe@example.com")
	if err != nil {
		return err
	}
	pad := strings.Repeat("x", 12_000_000)
	first := []byte(`{"resource":"marketplace","action":"list","data":{"search":"` + pad + `"}}`)
	last := []byte(`{"data":{"search":"` + pad + `"},"resource":"marketplace","action":"list"}`)
	fmt.Println("bodies: 128 anonymous clients sending 12 MB bodies to marketplace list (half with data first)")
	flood(s, token, 128, dur, func(c *http.Client, i int, out *counter) {
		body := first
		if i%2 == 1 {
			body = last
		}
		st, _ := call(c, "POST", s.url+"/v1", "", bytes.NewReader(body))
		out.add(st)
	})
	return nil
}

func passwords(bin, dsn string, dur time.Duration) error {
	for _, limits := range [][]string{nil, {"--auth-rate-limit", "0", "--auth-global-rate-limit", "0"}} {
		s, err := start(bin, dsn, limits...)
		if err != nil {
			return err
		}
		token, err := s.signUp(http.DefaultClient, "probe@example.com")
		if err != nil {
			s.stop()
			return err
		}
		name := "default sign-in limits"
		if limits != nil {
			name = "address and global limits off (hashing slots only)"
		}
		fmt.Printf("passwords: 64 anonymous clients signing in as random unknown emails, %s\n", name)
		flood(s, token, 64, dur, func(c *http.Client, i int, out *counter) {
			b := make([]byte, 8)
			rand.Read(b)
			st, _ := call(c, "POST", s.url+"/auth/v1/token?grant_type=password", "",
				strings.NewReader(`{"email":"`+hex.EncodeToString(b)+`@example.com","password":"guess-pw"}`))
			out.add(st)
		})
		s.stop()
	}
	return nil
}

func overload(bin, dsn string, dur time.Duration) error {
	s, err := start(bin, dsn)
	if err != nil {
		return err
	}
	defer s.stop()
	var tokens []string
	for i := range 8 {
		t, err := s.signUp(http.DefaultClient, fmt.Sprintf("user%d@example.com", i))
		if err != nil {
			return err
		}
		tokens = append(tokens, t)
	}
	fmt.Println("overload: 500 connections of signed-in users, half listing documents and half creating them")
	reads, writes := &latencies{}, &latencies{}
	flood(s, tokens[0], 500, dur, func(c *http.Client, i int, out *counter) {
		token := tokens[i%len(tokens)]
		body, l, kind := `{"resource":"documents","action":"all","data":{"limit":20}}`, reads, "read"
		if i%2 == 1 {
			body, l, kind = `{"resource":"documents","action":"create","data":{"name":"load","content":"some text"}}`, writes, "write"
		}
		st, d := call(c, "POST", s.url+"/v1", token, strings.NewReader(body))
		out.add(kind + " " + st)
		if st != "error" {
			l.add(d)
		}
	})
	fmt.Printf("  reads (all answers): %s\n  writes (all answers): %s\n", reads.summary(), writes.summary())
	return nil
}
