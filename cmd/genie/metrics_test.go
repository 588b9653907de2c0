package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestMetricsListener: --metrics-addr moves /metrics off the main address
// to a listener of its own; a taken metrics address is a one-line error.
func TestMetricsListener(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "g.db")
	addr, maddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		done <- Run(ctx, []string{"serve", "--db", dsn, "--addr", addr, "--smtp-addr", "", "--metrics-addr", maddr}, &bytes.Buffer{}, &stderr)
	}()
	get := func(url string) int {
		for range 100 {
			if res, err := http.Get(url); err == nil {
				res.Body.Close()
				return res.StatusCode
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("%s never answered: %s", url, stderr.String())
		return 0
	}
	if c := get("http://" + maddr + "/metrics"); c != 200 {
		t.Fatalf("metrics listener: %d", c)
	}
	if c := get("http://" + addr + "/metrics"); c != 404 {
		t.Fatalf("/metrics on the main address with --metrics-addr: %d", c)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve exit %d: %s", code, stderr.String())
	}

	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	code, _, errOut := run(t, "serve", "--db", dsn, "--addr", "127.0.0.1:0", "--smtp-addr", "", "--metrics-addr", busy.Addr().String())
	if code != 1 || !strings.Contains(errOut, "listen for metrics") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Fatalf("taken metrics address: exit %d, %q", code, errOut)
	}
}
