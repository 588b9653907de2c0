package app_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// syncBuffer is a bytes.Buffer safe for a logger and a test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func scrape(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestMetrics: /metrics on the main address counts requests by resource,
// action, status and code with their latency, and shows the database
// pools, the mail backlog and build information, in a format promtool
// accepts; access logs name the caller's user and key ids, never the key.
func TestMetrics(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		logs := &syncBuffer{}
		s := apitest.Start(t, store, func(c *app.Config) { c.Log = slog.New(slog.NewJSONHandler(logs, nil)) })
		u := s.NewUser(t, auth.RoleUser)
		key := s.NewKey(t, u, "metrics")
		s.Call(t, key, "documents", "create", "", map[string]any{"name": "n", "content": "c"}).Expect(t, 201, "")
		s.Call(t, u.Token, "documents", "get", "00000000-0000-0000-0000-000000000000", nil).Expect(t, 404, "NOT_FOUND")

		status, body := scrape(t, s.URL+"/metrics")
		if status != 200 {
			t.Fatalf("/metrics: %d", status)
		}
		for _, want := range []string{
			`genie_requests_total{action="create",code="",resource="documents",status="201"} 1`,
			`genie_requests_total{action="get",code="NOT_FOUND",resource="documents",status="404"} 1`,
			`genie_request_duration_seconds_bucket{action="create",resource="documents",le="+Inf"} 1`,
			`go_sql_wait_count_total{db_name="writer"}`,
			`genie_mail_outbox_backlog 0`,
			`genie_webhook_deliveries_failed 0`, // -1 would say its query failed
			`genie_webhook_endpoints_disabled 0`,
			`go_build_info{`,
			`go_goroutines `,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("/metrics lacks %q", want)
			}
		}
		if promtool, err := exec.LookPath("promtool"); err == nil {
			cmd := exec.Command(promtool, "check", "metrics")
			cmd.Stdin = strings.NewReader(body)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("promtool check metrics: %v\n%s", err, out)
			}
		} else if os.Getenv("GENIE_TEST_STRICT") == "1" {
			t.Fatal("promtool (Debian prometheus) is required with GENIE_TEST_STRICT=1")
		}

		log := logs.String()
		if !strings.Contains(log, `"key_id":"`) || !strings.Contains(log, `"user_id":"`+u.ID+`"`) {
			t.Fatalf("access log lacks the caller's ids:\n%.2000s", log)
		}
		if strings.Contains(log, key) || strings.Contains(log, u.Token) {
			t.Fatal("access log holds a credential")
		}

		off := apitest.Start(t, store, func(c *app.Config) { c.MetricsAddr = app.MetricsOff })
		if status, _ := scrape(t, off.URL+"/metrics"); status != 404 {
			t.Fatalf("/metrics with metrics off: %d", status)
		}
	})
}

// TestMetricsLabelsBounded: the resource and action labels come from the
// registry only. Thousands of distinct paths and envelopes naming unknown
// resources and actions (ids in the REST forms, bytes that are not UTF-8)
// add no series and no bytes to /metrics beyond the first of each kind,
// and every one of them is answered.
func TestMetricsLabelsBounded(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		flood := func(from, to int) {
			t.Helper()
			for i := from; i < to; i++ {
				for _, rq := range []struct{ path, body string }{
					{fmt.Sprintf("/v1/api-keys/k%06d", i), `{}`},
					{fmt.Sprintf("/v1/documents/a%06d", i), `{}`},
					{fmt.Sprintf("/v1/r%06d/a%06d", i, i), `{}`},
					{fmt.Sprintf("/v1/r%06d", i), `{"action":"list"}`},
					{"/v1", fmt.Sprintf(`{"resource":"documents","action":"x%06d"}`, i)},
					{"/v1", fmt.Sprintf(`{"resource":"r\xff%06d","action":"a\xfe"}`, i)},
					{fmt.Sprintf("/v1/api-keys/%%ff%%fe%06d", i), `{}`},
				} {
					req, _ := http.NewRequest(http.MethodPost, s.URL+rq.path, strings.NewReader(rq.body))
					req.Header.Set("Authorization", "Bearer "+u.Token)
					res, err := s.Client.Do(req)
					if err != nil {
						t.Fatalf("POST %q: %v", rq.path, err)
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode >= 500 {
						t.Fatalf("POST %q %s: %d", rq.path, rq.body, res.StatusCode)
					}
				}
			}
		}
		series := func() (map[string]bool, int) {
			t.Helper()
			status, body := scrape(t, s.URL+"/metrics")
			if status != 200 {
				t.Fatalf("/metrics: %d", status)
			}
			out, size := map[string]bool{}, 0
			for _, line := range strings.Split(body, "\n") {
				if strings.HasPrefix(line, "genie_request") {
					out[line[:strings.LastIndexByte(line, ' ')]] = true
					size += len(line)
				}
			}
			return out, size
		}
		flood(0, 10)
		before, sizeBefore := series()
		flood(10, 1010)
		after, sizeAfter := series()
		if len(after) != len(before) {
			for k := range after {
				if !before[k] {
					t.Errorf("new series %s", k)
				}
			}
			t.Fatalf("%d series before the flood, %d after", len(before), len(after))
		}
		// The counts grow by a digit or two; the labels by nothing.
		if sizeAfter > sizeBefore+len(before)*4 {
			t.Fatalf("/metrics request series grew from %d to %d bytes", sizeBefore, sizeAfter)
		}
		for _, want := range []string{`resource="other",status="400"`, `action="other",code="INVALID_ACTION",resource="documents"`} {
			if !strings.Contains(strings.Join(slices.Collect(maps.Keys(after)), "\n"), want) {
				t.Errorf("no series with %s", want)
			}
		}
	})
}
