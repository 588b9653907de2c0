package events_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// receiver is the Node receiver of test/webhooks, which verifies every
// delivery with the standardwebhooks package.
type receiver struct {
	t    *testing.T
	port int
	cmd  *exec.Cmd
	mu   sync.Mutex
	seen []map[string]any
}

func startReceiver(t *testing.T, port int, secret string) *receiver {
	t.Helper()
	dir, _ := filepath.Abs("../../test/webhooks")
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(filepath.Join(dir, "node_modules", "standardwebhooks")); err != nil || statErr != nil {
		if os.Getenv("GENIE_TEST_STRICT") != "" {
			t.Fatal("node or test/webhooks/node_modules missing (npm ci in test/webhooks)")
		}
		t.Skip("webhook receiver skipped: needs node and `npm ci` in test/webhooks")
	}
	r := &receiver{t: t}
	r.cmd = exec.Command(node, "receiver.mjs")
	r.cmd.Dir = dir
	r.cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port), "SECRET="+secret)
	out, err := r.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.stop)
	ready := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) != nil {
				continue
			}
			if m["kind"] == "listening" {
				ready <- int(m["port"].(float64))
				continue
			}
			r.mu.Lock()
			r.seen = append(r.seen, m)
			r.mu.Unlock()
		}
	}()
	select {
	case r.port = <-ready:
	case <-time.After(20 * time.Second):
		t.Fatal("receiver did not start")
	}
	return r
}

func (r *receiver) stop() {
	if r.cmd.Process != nil {
		r.cmd.Process.Kill() //nolint:errcheck
		r.cmd.Wait()         //nolint:errcheck
	}
}

func (r *receiver) control(path string, v any) {
	b, _ := json.Marshal(v)
	res, err := http.Post(fmt.Sprintf("http://127.0.0.1:%d%s", r.port, path), "application/json", bytes.NewReader(b))
	if err != nil {
		r.t.Fatal(err)
	}
	res.Body.Close()
}

// wait returns the verified events of a type once there are n, within 20 s.
func (r *receiver) wait(typ string, n int) []map[string]any {
	r.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var got []map[string]any
		r.mu.Lock()
		for _, m := range r.seen {
			if m["kind"] == "invalid" {
				r.mu.Unlock()
				r.t.Fatalf("a delivery failed verification: %v", m)
			}
			if m["kind"] == "event" && m["type"] == typ {
				got = append(got, m)
			}
		}
		r.mu.Unlock()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("receiver got %d %s events, want %d; all: %v", len(got), typ, n, r.seen)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func fast(c *app.Config) {
	c.WebhookAllowPrivate = true
	c.WebhookSchedule = []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}
	c.WebhookWindow = 3 * time.Second
	c.WebhookTimeout = 2 * time.Second
}

// TestWebhooks: events delivered and verified by the real standardwebhooks
// library; retries past a failing and a stopped receiver; deliveries
// listed with their attempts; secret rotation; an endpoint that keeps
// failing is disabled with an event; the events list for polling.
func TestWebhooks(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, fast)
		rcv := startReceiver(t, 0, "")
		u := s.NewUser(t, auth.RoleUser)
		hook := s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": fmt.Sprintf("http://127.0.0.1:%d/hook", rcv.port),
			"events": []string{"*"}, "description": "all"}).Expect(t, 201, "").Data()["webhook"].(map[string]any)
		secret, _ := hook["secret"].(string)
		if !strings.HasPrefix(secret, "whsec_") || hook["enabled"] != true {
			t.Fatalf("endpoint: %v", hook)
		}
		if got := s.Call(t, u.Token, "webhooks", "get", hook["id"].(string), nil).Expect(t, 200, "").Data()["webhook"].(map[string]any); got["secret"] != nil {
			t.Fatalf("get shows the secret: %v", got)
		}
		rcv.control("/_secret", map[string]any{"secret": secret})

		key := s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "k"}).Expect(t, 201, "").Data()["api_key"].(map[string]any)
		ev := rcv.wait("api_key.created", 1)[0]
		data := ev["data"].(map[string]any)
		if data["id"] != key["id"] || data["key"] != nil || ev["webhookId"] != ev["id"] {
			t.Fatalf("event: %v", ev)
		}

		// A receiver answering 500 twice: the third attempt delivers.
		rcv.control("/_fail", map[string]any{"count": 2})
		s.Call(t, u.Token, "api-keys", "revoke", key["id"].(string), nil).Expect(t, 200, "")
		rcv.wait("api_key.revoked", 1)
		// The receiver answers before the sender records the attempt: poll.
		var attempts []any
		for deadline := time.Now().Add(10 * time.Second); attempts == nil; time.Sleep(20 * time.Millisecond) {
			ds := s.Call(t, u.Token, "webhooks", "deliveries", hook["id"].(string), map[string]any{"status": "delivered"}).Expect(t, 200, "").Data()
			for _, d := range ds["deliveries"].([]any) {
				if dm := d.(map[string]any); dm["event_type"] == "api_key.revoked" {
					attempts = dm["attempts"].([]any)
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("deliveries: %v", ds)
			}
		}
		if len(attempts) != 3 || attempts[0].(map[string]any)["status_code"] != 500.0 || attempts[2].(map[string]any)["status_code"] != 200.0 {
			t.Fatalf("attempts: %v", attempts)
		}

		// A stopped receiver: the event arrives once it is back.
		port := rcv.port
		rcv.stop()
		s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "while down"}).Expect(t, 201, "")
		time.Sleep(400 * time.Millisecond)
		rcv = startReceiver(t, port, secret)
		if got := rcv.wait("api_key.created", 1)[0]; got["data"].(map[string]any)["name"] != "while down" {
			t.Fatalf("after restart: %v", got)
		}

		// A rotated secret signs the next deliveries.
		rot := s.Call(t, u.Token, "webhooks", "rotate-secret", hook["id"].(string), nil).Expect(t, 200, "").Data()["webhook"].(map[string]any)
		if rot["secret"] == secret || !strings.HasPrefix(rot["secret"].(string), "whsec_") {
			t.Fatalf("rotate: %v", rot)
		}
		rcv.control("/_secret", map[string]any{"secret": rot["secret"]})
		test := s.Call(t, u.Token, "webhooks", "test", hook["id"].(string), nil).Expect(t, 200, "").Data()["delivery"].(map[string]any)
		if test["status"] != "pending" && test["status"] != "delivered" {
			t.Fatalf("test delivery: %v", test)
		}
		rcv.wait("webhook.test", 1)

		// An endpoint that never answers is disabled after the window, with
		// an event (delivered to the first endpoint).
		l, _ := net.Listen("tcp", "127.0.0.1:0")
		dead := l.Addr().String()
		l.Close()
		bad := s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": "http://" + dead + "/x", "events": []string{"api_key.created"}}).
			Expect(t, 201, "").Data()["webhook"].(map[string]any)
		s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": "to a dead endpoint"}).Expect(t, 201, "")
		off := rcv.wait("webhook.endpoint_disabled", 1)[0]
		if off["data"].(map[string]any)["id"] != bad["id"] || off["data"].(map[string]any)["enabled"] != false {
			t.Fatalf("disabled event: %v", off)
		}

		// Polling: the same events through the events resource.
		evs := s.Call(t, u.Token, "events", "list", "", map[string]any{"types": []string{"api_key.created"}}).Expect(t, 200, "").Data()
		if evs["count"] != 3.0 {
			t.Fatalf("events: %v", evs["count"])
		}
		first := evs["events"].([]any)[2].(map[string]any)
		s.Call(t, u.Token, "events", "get", first["id"].(string), nil).Expect(t, 200, "")

		// Owner only.
		v := s.NewUser(t, auth.RoleUser)
		s.Call(t, v.Token, "webhooks", "get", hook["id"].(string), nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, v.Token, "events", "get", first["id"].(string), nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, v.Token, "webhooks", "create", "", map[string]any{"url": "http://127.0.0.1:9/x", "events": []string{"*"}, "platform": true}).
			Expect(t, 403, "FORBIDDEN")
	})
}

// TestWebhookURLs: link-local and metadata addresses are refused always;
// loopback, private and http only with the development flag.
func TestWebhookURLs(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		for _, url := range []string{"http://169.254.169.254/latest/meta-data", "https://169.254.169.254/", "https://[fe80::1]/x",
			"https://127.0.0.1/x", "https://10.1.2.3/x", "https://192.168.0.1/x", "http://example.com/x", "ftp://example.com/x",
			"https://user:pw@example.com/x", "not a url", "https://0.0.0.0/"} {
			r := s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": url, "events": []string{"*"}}).Expect(t, 400, "VALIDATION_ERROR")
			if r.Err()["field"] != "url" {
				t.Fatalf("%s: %v", url, r.Err())
			}
		}
		r := s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": "https://127.0.0.1/x", "events": []string{"nope"}}).Expect(t, 400, "VALIDATION_ERROR")
		if f := r.Err()["field"]; f != "url" && f != "events" {
			t.Fatalf("field %v", f)
		}
		dev := apitest.Start(t, store, fast)
		w := dev.NewUser(t, auth.RoleUser)
		dev.Call(t, w.Token, "webhooks", "create", "", map[string]any{"url": "http://127.0.0.1:9/x", "events": []string{"*"}}).Expect(t, 201, "")
		dev.Call(t, w.Token, "webhooks", "create", "", map[string]any{"url": "http://169.254.169.254/", "events": []string{"*"}}).Expect(t, 400, "VALIDATION_ERROR")
	})
}

// TestWebhooksTwoProcesses: two processes sharing the database deliver
// each event once.
func TestWebhooksTwoProcesses(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, fast)
		other := apitest.StartOn(t, s.DSN, fast)
		rcv := startReceiver(t, 0, "")
		u := s.NewUser(t, auth.RoleUser)
		hook := s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": fmt.Sprintf("http://127.0.0.1:%d/h", rcv.port),
			"events": []string{"api_key.created", "api_key.revoked"}}).Expect(t, 201, "").Data()["webhook"].(map[string]any)
		rcv.control("/_secret", map[string]any{"secret": hook["secret"]})
		for i := range 4 {
			srv := s
			if i%2 == 1 {
				srv = other
			}
			k := srv.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": fmt.Sprint("k", i)}).Expect(t, 201, "").Data()["api_key"].(map[string]any)
			srv.Call(t, u.Token, "api-keys", "revoke", k["id"].(string), nil).Expect(t, 200, "")
		}
		rcv.wait("api_key.created", 4)
		rcv.wait("api_key.revoked", 4)
		time.Sleep(500 * time.Millisecond) // room for a duplicate to show
		seen := map[string]int{}
		rcv.mu.Lock()
		for _, m := range rcv.seen {
			if m["kind"] == "event" {
				seen[m["id"].(string)]++
			}
		}
		rcv.mu.Unlock()
		if len(seen) != 8 {
			t.Fatalf("%d distinct events, want 8", len(seen))
		}
		for id, n := range seen {
			if n != 1 {
				t.Fatalf("event %s delivered %d times", id, n)
			}
		}
	})
}
