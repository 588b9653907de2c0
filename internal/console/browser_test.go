package console_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/console"
)

// need returns the path of a program the browser test needs, or skips the
// test (fails it under GENIE_TEST_STRICT=1, as CI sets).
func need(t *testing.T, names ...string) string {
	t.Helper()
	for _, name := range names {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("GENIE_TEST_STRICT") == "1" {
		t.Fatalf("%s not found and GENIE_TEST_STRICT=1 (.ci/run installs it)", names[len(names)-1])
	}
	t.Skipf("console browser test skipped: %s not found", names[len(names)-1])
	return ""
}

// artifactDir is where the screenshots go: $GENIE_TEST_ARTIFACTS/console,
// else test-artifacts/console at the module root (ignored by git).
func artifactDir(t *testing.T, store string) string {
	t.Helper()
	dir := os.Getenv("GENIE_TEST_ARTIFACTS")
	if dir == "" {
		root, err := filepath.Abs("../..")
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(root, "test-artifacts")
	}
	dir = filepath.Join(dir, "console", store)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("artifact dir: %v", err)
	}
	return dir
}

var linkRe = regexp.MustCompile(`https?://\S+/auth/v1/verify\?\S+type=recovery\S*`)

// mailText returns the decoded text/plain part of a raw message.
func mailText(raw []byte) string {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return ""
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err != nil {
			return ""
		}
		b, _ := io.ReadAll(part)
		if strings.HasPrefix(part.Header.Get("Content-Type"), "text/plain") {
			return string(b)
		}
	}
}

// helper serves what a person would do outside the browser: read the
// mailed recovery link, and send mail to a genie's address. Node calls it.
func helper(t *testing.T, s *apitest.Server) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /recovery-link", func(w http.ResponseWriter, r *http.Request) {
		to := r.URL.Query().Get("to")
		for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			var raw []byte
			err := s.App.DB.R.QueryRowContext(r.Context(), `SELECT raw FROM mail_outbox WHERE rcpt_to = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, to).Scan(&raw)
			if err != nil {
				continue
			}
			if link := linkRe.FindString(mailText(raw)); link != "" {
				fmt.Fprint(w, link)
				return
			}
		}
		http.Error(w, "no recovery mail", http.StatusNotFound)
	})
	mux.HandleFunc("POST /deliver", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		to, subject, question := q.Get("to"), q.Get("subject"), q.Get("question")
		if subject == "" {
			subject, question = "Opening hours on Sunday?", "Hello, are you open on Sunday morning?"
		}
		head := "From: Carla Customer <carla@example.net>\r\nTo: " + to + "\r\nSubject: " + subject + "\r\n" +
			"Message-ID: <q1." + fmt.Sprint(time.Now().UnixNano()) + "@example.net>\r\nDate: " + time.Now().UTC().Format(time.RFC1123Z) + "\r\n"
		raw := head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + question + "\r\n"
		if q.Get("attach") != "" {
			// A message with a text attachment, for the console's download.
			raw = head + "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b1\r\n\r\n" +
				"--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + question + "\r\n" +
				"--b1\r\nContent-Type: text/plain; name=list.txt\r\nContent-Disposition: attachment; filename=list.txt\r\n\r\n" +
				"Two chairs, one table.\r\n--b1--\r\n"
		}
		if err := s.App.Mail.Deliver(r.Context(), "carla@example.net", to, []byte(raw)); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	// A webhook endpoint that accepts every delivery.
	mux.HandleFunc("POST /hook", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	// One that refuses every delivery, so that one fails for good.
	mux.HandleFunc("POST /hook-fail", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l) //nolint:errcheck
	t.Cleanup(func() { srv.Close() })
	return "http://" + l.Addr().String()
}

// TestConsoleInBrowser drives the console in headless Chromium with
// playwright-core (test/console/e2e.mjs) against the real server on each
// store, at a phone and a desktop width: sign-up, the keyboard-only paths,
// every screen's main path, recovery by mailed link, the admin screens;
// no console errors, no CSP violations, no serious or critical axe-core
// findings; screenshots of every screen in test-artifacts/console.
func TestConsoleInBrowser(t *testing.T) {
	if !console.Included {
		t.Skip("built with -tags noconsole")
	}
	chromium := need(t, os.Getenv("GENIE_CHROMIUM"), "chromium", "chromium-browser", "/usr/bin/chromium")
	node := need(t, "node")
	dir, _ := filepath.Abs("../../test/console")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core")); err != nil {
		if os.Getenv("GENIE_TEST_STRICT") == "1" {
			t.Fatal("test/console/node_modules missing (npm ci in test/console; scripts/test.sh does it)")
		}
		t.Skip("console browser test skipped: npm ci in test/console first")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) {
			c.WebhookAllowPrivate = true
			// A short retry window, so that a delivery to a receiver that
			// always fails ends failed (and its endpoint disabled) in seconds.
			c.WebhookSchedule = []time.Duration{200 * time.Millisecond, 400 * time.Millisecond}
			c.WebhookWindow = 3 * time.Second
		})
		admin := s.NewUser(t, auth.RoleAdmin)
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, "e2e.mjs")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GENIE_URL="+s.URL, "HELPER_URL="+helper(t, s), "CHROMIUM="+chromium,
			"ADMIN_EMAIL="+admin.Email, "ADMIN_PASSWORD="+admin.Password, "SHOTS="+artifactDir(t, store))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
		var res struct {
			OK       bool     `json:"ok"`
			Screens  []string `json:"screens"`
			Problems []string `json:"problems"`
		}
		if jerr := json.Unmarshal(lines[len(lines)-1], &res); err != nil || jerr != nil || !res.OK {
			t.Fatalf("console e2e failed: %v\n%s", err, out.Bytes())
		}
		if len(res.Screens) < 20 {
			t.Fatalf("only %d screens checked: %v", len(res.Screens), res.Screens)
		}
		t.Logf("%d screens checked at two widths: %v", len(res.Screens), res.Screens)
	})
}

// TestMetricsParser runs the table tests of the console's reader of the
// Prometheus text format (test/console/metrics.test.mjs), compiled with the
// console's own TypeScript.
func TestMetricsParser(t *testing.T) {
	node := need(t, "node")
	dir, _ := filepath.Abs("../../test/console")
	if _, err := os.Stat(filepath.Join(dir, "..", "..", "console", "node_modules", "typescript")); err != nil {
		if os.Getenv("GENIE_TEST_STRICT") == "1" {
			t.Fatal("console/node_modules missing (npm ci in console; scripts/test.sh does it)")
		}
		t.Skip("metrics parser test skipped: npm ci in console first")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "metrics.test.mjs")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
	var res struct {
		OK       bool     `json:"ok"`
		Cases    int      `json:"cases"`
		Problems []string `json:"problems"`
	}
	if jerr := json.Unmarshal(lines[len(lines)-1], &res); err != nil || jerr != nil || !res.OK || res.Cases < 30 {
		t.Fatalf("metrics parser: %v\n%s", err, out)
	}
}
