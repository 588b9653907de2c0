package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
)

// TestKill9DuringWebhookDelivery: events whose deliveries are failing and
// being retried when the sending process is killed with SIGKILL all reach
// the receiver (which verifies each with the standardwebhooks package)
// once the service is back: none is lost.
func TestKill9DuringWebhookDelivery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	dir, _ := filepath.Abs("../../test/webhooks")
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(filepath.Join(dir, "node_modules", "standardwebhooks")); err != nil || statErr != nil {
		if os.Getenv("GENIE_TEST_STRICT") != "" {
			t.Fatal("node or test/webhooks/node_modules missing")
		}
		t.Skip("needs node and `npm ci` in test/webhooks")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		flags := []string{"--smtp-addr", "", "--webhook-allow-private", "--webhook-retry-window", "60s"}
		p := startBinary(t, dsn, flags...)

		// The receiver.
		rcv := exec.Command(node, "receiver.mjs")
		rcv.Dir = dir
		out, _ := rcv.StdoutPipe()
		if err := rcv.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rcv.Process.Kill(); rcv.Wait() }) //nolint:errcheck
		var mu sync.Mutex
		got := map[string]int{}
		refused := 0
		ready := make(chan int, 1)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				var m map[string]any
				if json.Unmarshal(sc.Bytes(), &m) != nil {
					continue
				}
				switch m["kind"] {
				case "listening":
					ready <- int(m["port"].(float64))
				case "failed-on-purpose":
					mu.Lock()
					refused++
					mu.Unlock()
				case "event":
					mu.Lock()
					got[m["id"].(string)]++
					mu.Unlock()
				case "invalid":
					t.Errorf("a delivery failed verification: %v", m)
				}
			}
		}()
		port := <-ready
		control := func(path string, v any) {
			b, _ := json.Marshal(v)
			res, err := http.Post(fmt.Sprintf("http://127.0.0.1:%d%s", port, path), "application/json", bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
		}

		st, m, err := post(p.url+"/auth/v1/signup", "", map[string]string{"email": "hooks@example.com", "password": "hooks-password"})
		if err != nil || st != 200 {
			t.Fatalf("signup: %d %v %v", st, m, err)
		}
		token := m["access_token"].(string)
		st, m, err = post(p.url+"/v1/webhooks/create", token, map[string]any{"url": fmt.Sprintf("http://127.0.0.1:%d/h", port), "events": []string{"api_key.created"}})
		if err != nil || st != 201 {
			t.Fatalf("create endpoint: %d %v %v", st, m, err)
		}
		control("/_secret", map[string]any{"secret": m["data"].(map[string]any)["webhook"].(map[string]any)["secret"]})
		// Every attempt fails until after the kill: the deliveries are being
		// retried when the process dies.
		control("/_fail", map[string]any{"count": 1 << 20})
		var ids []string
		for i := range 5 { // at most 5 active keys
			st, m, err := post(p.url+"/v1/api-keys/create", token, map[string]any{"name": fmt.Sprint("k", i)})
			if err != nil || st != 201 {
				t.Fatalf("create key: %d %v %v", st, m, err)
			}
			ids = append(ids, m["data"].(map[string]any)["api_key"].(map[string]any)["id"].(string))
		}
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			mu.Lock()
			n := refused
			mu.Unlock()
			if n >= 2*len(ids) { // every delivery tried at least twice
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("only %d refused attempts before the kill", n)
			}
		}
		if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		p.cmd.Wait() //nolint:errcheck
		control("/_fail", map[string]any{"count": 0})
		startBinary(t, dsn, flags...)
		deadline := time.Now().Add(60 * time.Second)
		for {
			mu.Lock()
			n := len(got)
			mu.Unlock()
			if n == len(ids) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d events delivered after the restart", n, len(ids))
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("all %d events delivered across kill -9 (deliveries per event: %v)", len(ids), got)
	})
}
