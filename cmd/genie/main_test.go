package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
)

func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = Run(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

func TestUsersAndKeysCommands(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		code, out, errOut := run(t, "users", "add", "--db", dsn, "--email", "Dev@Example.com", "--password", "secret-pw")
		if code != 0 {
			t.Fatalf("users add: %d %s", code, errOut)
		}
		var u map[string]string
		if err := json.Unmarshal([]byte(out), &u); err != nil || u["email"] != "dev@example.com" || u["role"] != "user" || u["id"] == "" {
			t.Fatalf("users add output %q: %v", out, err)
		}
		code, _, errOut = run(t, "users", "add", "--db", dsn, "--email", "dev@example.com", "--password", "secret-pw")
		if code != 1 || !strings.Contains(errOut, "already exists") {
			t.Fatalf("duplicate user: %d %q", code, errOut)
		}
		code, out, _ = run(t, "users", "add", "--db", dsn, "--email", "root@example.com", "--password", "secret-pw", "--role", "internal_admin")
		if code != 0 || !strings.Contains(out, `"role":"internal_admin"`) {
			t.Fatalf("admin add: %d %s", code, out)
		}
		for i := range 5 {
			code, out, errOut = run(t, "keys", "add", "--db", dsn, "--email", "dev@example.com", "--name", fmt.Sprint("k", i))
			var k map[string]string
			if code != 0 || json.Unmarshal([]byte(out), &k) != nil || !strings.HasPrefix(k["key"], "svc_live_") || k["id"] == "" {
				t.Fatalf("keys add: %d %q %q", code, out, errOut)
			}
		}
		code, _, errOut = run(t, "keys", "add", "--db", dsn, "--email", "dev@example.com", "--name", "sixth")
		if code != 1 || !strings.Contains(errOut, "5 active") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Fatalf("sixth key: %d %q", code, errOut)
		}
		code, out, _ = run(t, "keys", "add", "--db", dsn, "--email", "root@example.com", "--name", "admin")
		if code != 0 || !strings.Contains(out, `"key":"svc_admin_`) {
			t.Fatalf("admin key: %d %s", code, out)
		}
		code, out, _ = run(t, "users", "set-role", "--db", dsn, "--email", "dev@example.com", "--role", "consumer")
		if code != 0 || !strings.Contains(out, `"role":"consumer"`) {
			t.Fatalf("set-role: %d %s", code, out)
		}
	})
}

func TestCommandErrors(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "g.db")
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no command", nil, 2, "usage"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
		{"unknown flag", []string{"serve", "--nope"}, 2, "flag provided but not defined"},
		{"stray argument", []string{"migrate", "--db", dsn, "extra"}, 2, "unexpected argument"},
		{"bad role", []string{"users", "add", "--db", dsn, "--email", "a@b.co", "--password", "secret1", "--role", "root"}, 1, "--role"},
		{"bad email", []string{"users", "add", "--db", dsn, "--email", "nope", "--password", "secret1"}, 1, "--email"},
		{"short password", []string{"users", "add", "--db", dsn, "--email", "a@b.co", "--password", "x"}, 1, "--password"},
		{"key for nobody", []string{"keys", "add", "--db", dsn, "--email", "ghost@b.co", "--name", "k"}, 1, "no account"},
		{"key without name", []string{"keys", "add", "--db", dsn, "--email", "a@b.co"}, 1, "--name"},
		{"unreachable postgres", []string{"migrate", "--db", "postgres://nobody@127.0.0.1:1/x?connect_timeout=2"}, 1, "connect to postgres"},
		{"taken port", []string{"serve", "--db", dsn, "--addr", busy.Addr().String()}, 1, "address already in use"},
		{"taken smtp port", []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--smtp-addr", busy.Addr().String()}, 1, "listen smtp on"},
		{"bad mail domain", []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--smtp-addr", "", "--mail-domain", "not a domain"}, 1, "--mail-domain"},
		{"bad mail from", []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--smtp-addr", "", "--mail-from", "nobody"}, 1, "--mail-from"},
		{"bad smtp relay", []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--smtp-addr", "", "--smtp-relay", "relay.example.com"}, 1, "--smtp-relay"},
		{"bad log level", []string{"serve", "--db", dsn, "--log-level", "loud"}, 1, "--log-level"},
		{"model URL without name", []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--model-url", "http://127.0.0.1:1/v1"}, 1, "model name is required"},
		{"relative model URL", []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--model-url", "models/v1", "--model-name", "m"}, 1, "absolute http(s) URL"},
		{"bad model timeout", []string{"serve", "--db", dsn, "--model-timeout", "0s"}, 1, "--model-timeout"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := run(t, c.args...)
			if code != c.code || !strings.Contains(errOut, c.msg) {
				t.Fatalf("exit %d, stderr %q; want exit %d mentioning %q", code, errOut, c.code, c.msg)
			}
		})
	}
}

func TestMigrateAndServe(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "g.db")
	code, out, errOut := run(t, "migrate", "--db", dsn)
	if code != 0 || !strings.Contains(out, `"schema_version"`) {
		t.Fatalf("migrate: %d %s %s", code, out, errOut)
	}
	// serve answers health checks and stops cleanly on cancel.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var stderr bytes.Buffer
	t.Setenv("GENIE_ADMIN_EMAIL", "boss@example.com")
	t.Setenv("GENIE_ADMIN_PASSWORD", "boss-password")
	go func() {
		done <- Run(ctx, []string{"serve", "--db", dsn, "--addr", addr, "--smtp-addr", "127.0.0.1:0"}, &bytes.Buffer{}, &stderr)
	}()
	var res *http.Response
	var err error
	for range 100 {
		if res, err = http.Get("http://" + addr + "/readyz"); err == nil {
			if res.StatusCode == http.StatusOK { // 503 while the search index is built
				break
			}
			res.Body.Close()
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", res, err)
	}
	res.Body.Close()
	// The admin account from the environment can sign in.
	res, err = http.Post("http://"+addr+"/auth/v1/token?grant_type=password", "application/json",
		strings.NewReader(`{"email":"boss@example.com","password":"boss-password"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("admin sign-in: %v %v", res, err)
	}
	var sess struct {
		User struct {
			AppMetadata map[string]any `json:"app_metadata"`
		} `json:"user"`
	}
	json.NewDecoder(res.Body).Decode(&sess) //nolint:errcheck
	res.Body.Close()
	if sess.User.AppMetadata["genie_role"] != "internal_admin" {
		t.Fatalf("admin role: %v", sess.User.AppMetadata)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("serve exit %d: %s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
	if strings.Contains(stderr.String(), "boss-password") {
		t.Fatal("password in the log")
	}
}

// TestPostgresNeedsKeys: with PostgreSQL the server keys must come from
// outside the database; without them serve stops at once with one line
// saying what to give.
func TestPostgresNeedsKeys(t *testing.T) {
	if os.Getenv(apitest.PostgresEnv) == "" {
		t.Skip("set " + apitest.PostgresEnv)
	}
	dsn := apitest.NewDSN(t, "postgres")
	for _, extra := range [][]string{nil, {"--key-file", filepath.Join(t.TempDir(), "missing.keys")}} {
		args := append([]string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--smtp-addr", ""}, extra...)
		code, _, errOut := run(t, args...)
		if code != 1 || !strings.Contains(errOut, "genie secrets init --key-file") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Fatalf("serve %v: exit %d, stderr %q", extra, code, errOut)
		}
	}
	keys := filepath.Join(t.TempDir(), "genie.keys")
	if code, out, errOut := run(t, "secrets", "init", "--db", dsn, "--key-file", keys); code != 0 || !strings.Contains(out, `"jwt_secret"`) || strings.Contains(out, `"secret"`) {
		t.Fatalf("secrets init: %d %s %s", code, out, errOut)
	}
	if code, out, errOut := run(t, "secrets", "rotate", "--db", dsn, "--key-file", keys, "--name", "mail_credentials_key"); code != 0 || !strings.Contains(out, `"resealed":0`) {
		t.Fatalf("secrets rotate: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := run(t, "secrets", "rotate", "--db", dsn, "--key-file", keys, "--name", "nope"); code != 1 || !strings.Contains(errOut, "--name") {
		t.Fatalf("secrets rotate with a bad name: %d %s", code, errOut)
	}
}
