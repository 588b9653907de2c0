package app_test

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
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
