package app_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/httpapi"
)

// TestGracefulShutdown: a request in flight when shutdown starts completes.
func TestGracefulShutdown(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a, err := app.New(ctx, app.Config{Addr: l.Addr().String(), DB: filepath.Join(t.TempDir(), "g.db"),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	started := make(chan struct{})
	a.API.Register("probe", httpapi.Actions{"slow": {Access: httpapi.Public, Handle: func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
		close(started)
		time.Sleep(300 * time.Millisecond)
		return httpapi.OK(map[string]any{"done": true}), nil
	}}})
	served := make(chan error, 1)
	go func() { served <- a.Serve(ctx, l) }()

	type result struct {
		status int
		body   string
		err    error
	}
	res := make(chan result, 1)
	go func() {
		r, err := http.Post("http://"+l.Addr().String()+"/v1", "application/json", strings.NewReader(`{"resource":"probe","action":"slow"}`))
		if err != nil {
			res <- result{err: err}
			return
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		res <- result{status: r.StatusCode, body: string(b)}
	}()
	<-started
	cancel()
	got := <-res
	if got.err != nil || got.status != 200 || !strings.Contains(got.body, `"done":true`) {
		t.Fatalf("in-flight request: %+v", got)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if _, err := http.Get("http://" + l.Addr().String() + "/healthz"); err == nil {
		t.Fatal("server still accepting after shutdown")
	}
}
