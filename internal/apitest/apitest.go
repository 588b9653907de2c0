// Package apitest starts the real service for black-box tests: the same
// app.New that cmd/genie uses, on 127.0.0.1:0, over a fresh SQLite file or
// a fresh PostgreSQL database (when GENIE_TEST_POSTGRES names a server).
package apitest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"golang.org/x/crypto/bcrypt"

	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/secrets"
	"github.com/geniehq/genie/internal/users"
)

// PostgresEnv names the environment variable with the URL of a PostgreSQL
// server (any database on it) that tests may create databases on.
const PostgresEnv = "GENIE_TEST_POSTGRES"

// Stores lists the stores under test: sqlite always, postgres when
// GENIE_TEST_POSTGRES is set.
func Stores() []string {
	if os.Getenv(PostgresEnv) != "" {
		return []string{"sqlite", "postgres"}
	}
	return []string{"sqlite"}
}

// EachStore runs fn as a parallel subtest per store. Without
// GENIE_TEST_POSTGRES the postgres subtest is skipped with a message.
func EachStore(t *testing.T, fn func(t *testing.T, store string)) {
	t.Helper()
	for _, store := range []string{"sqlite", "postgres"} {
		t.Run(store, func(t *testing.T) {
			if store == "postgres" && os.Getenv(PostgresEnv) == "" {
				t.Skip("PostgreSQL tests skipped: set " + PostgresEnv + " to a postgres:// URL to run them")
			}
			t.Parallel()
			fn(t, store)
		})
	}
}

// NewDSN returns the DSN of a new, empty database of the store, removed when
// the test ends.
func NewDSN(t testing.TB, store string) string {
	t.Helper()
	switch store {
	case "sqlite":
		return filepath.Join(t.TempDir(), "genie.db")
	case "postgres":
		admin := os.Getenv(PostgresEnv)
		if admin == "" {
			t.Skip("PostgreSQL tests skipped: set " + PostgresEnv)
		}
		b := make([]byte, 6)
		rand.Read(b)
		name := "genie_t_" + hex.EncodeToString(b)
		adb, err := sql.Open("pgx", admin)
		if err != nil {
			t.Fatalf("open %s: %v", PostgresEnv, err)
		}
		if _, err := adb.Exec("CREATE DATABASE " + name); err != nil {
			adb.Close()
			t.Fatalf("create database: %v", err)
		}
		t.Cleanup(func() {
			adb.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") //nolint:errcheck
			adb.Close()
		})
		u, err := url.Parse(admin)
		if err != nil {
			t.Fatalf("parse %s: %v", PostgresEnv, err)
		}
		u.Path = "/" + name
		dsn := u.String()
		t.Cleanup(func() {
			os.Remove(KeyFile(dsn))
			os.Remove(KeyFile(dsn) + ".lock")
		})
		return dsn
	}
	t.Fatalf("unknown store %q", store)
	return ""
}

// KeyFile is the key file that every test server on a PostgreSQL database
// shares (a deployment's processes share one the same way); StartOn
// creates it. SQLite databases use the default file beside them.
func KeyFile(dsn string) string {
	h := sha256.Sum256([]byte(dsn))
	return filepath.Join(os.TempDir(), "genie-test-"+hex.EncodeToString(h[:8])+".keys")
}

// Server is a running service.
type Server struct {
	URL    string
	App    *app.App
	DSN    string
	Client *http.Client
}

// Option changes the configuration before start.
type Option func(*app.Config)

// Start runs the service on a new database of the store until the test ends.
func Start(t testing.TB, store string, opts ...Option) *Server {
	t.Helper()
	return StartOn(t, NewDSN(t, store), opts...)
}

// StartOn runs the service on an existing database (several servers may
// share one, as production processes do).
func StartOn(t testing.TB, dsn string, opts ...Option) *Server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	// Every test client is 127.0.0.1: the per-address sign-in limit is off
	// unless a test sets it. Tests burst hundreds of requests on a machine
	// slowed by the race detector: they wait for a slot rather than being
	// shed, unless a test of overload sets AdmitWait.
	// The same holds for the per-address limits of the public
	// conversations actions.
	cfg := app.Config{Addr: l.Addr().String(), DB: dsn, PasswordCost: bcrypt.MinCost, AuthAddrLimit: -1, AdmitWait: time.Minute,
		ChatAskLimit: -1, ChatEscalateLimit: -1,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if os.Getenv("GENIE_TEST_LOG") != "" {
		cfg.Log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.KeyFile == "" && strings.HasPrefix(dsn, "postgres") {
		cfg.KeyFile = KeyFile(dsn)
		if _, err := secrets.Open(cfg.KeyFile, true, nil); err != nil {
			t.Fatalf("key file: %v", err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	a, err := app.New(ctx, cfg)
	if err != nil {
		cancel()
		l.Close()
		t.Fatalf("start app: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, l) }()
	t.Cleanup(func() {
		cancel()
		<-done
		a.Close()
	})
	return &Server{URL: "http://" + l.Addr().String(), App: a, DSN: dsn,
		Client: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
}

// Resp is a decoded response.
type Resp struct {
	Status int
	Header http.Header
	Raw    []byte
	Body   map[string]any
}

// Data is the success envelope's data object (nil if absent).
func (r *Resp) Data() map[string]any {
	d, _ := r.Body["data"].(map[string]any)
	return d
}

// Err is the error object (nil if absent).
func (r *Resp) Err() map[string]any {
	e, _ := r.Body["error"].(map[string]any)
	return e
}

// Code is the error code, or "".
func (r *Resp) Code() string {
	s, _ := r.Err()["code"].(string)
	return s
}

// Expect fails the test unless the status and error code (or "" for a
// success) match.
func (r *Resp) Expect(t testing.TB, status int, code string) *Resp {
	t.Helper()
	if r.Status != status || r.Code() != code {
		t.Fatalf("got status %d code %q, want %d %q; body: %s", r.Status, r.Code(), status, code, truncate(r.Raw))
	}
	if code == "" && r.Body["success"] != true {
		t.Fatalf("success is not true: %s", truncate(r.Raw))
	}
	if code != "" {
		if r.Body["success"] != false {
			t.Fatalf("error body without success false: %s", truncate(r.Raw))
		}
		if st, _ := r.Err()["status"].(float64); int(st) != status {
			t.Fatalf("error.status %v, want %d", r.Err()["status"], status)
		}
		if m, _ := r.Err()["message"].(string); m == "" {
			t.Fatalf("error without message: %s", truncate(r.Raw))
		}
	}
	return r
}

func truncate(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "..."
	}
	return string(b)
}

// Do sends a request. body may be nil, a string or []byte (sent as is), or
// any value (sent as JSON). cred is sent as a bearer credential when not "".
func (s *Server) Do(t testing.TB, method, path, cred string, body any, headers ...string) *Resp {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		t.Fatalf("request: %v", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if cred != "" {
		req.Header.Set("Authorization", "Bearer "+cred)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	r := &Resp{Status: res.StatusCode, Header: res.Header, Raw: raw}
	if len(raw) > 0 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &r.Body); err != nil {
			t.Fatalf("%s %s: response is not a JSON object: %v: %s", method, path, err, truncate(raw))
		}
	}
	s.checkContract(t, method, path, body, r)
	return r
}

// Call posts an envelope to /v1.
func (s *Server) Call(t testing.TB, cred, resource, action string, id string, data any) *Resp {
	t.Helper()
	env := map[string]any{"resource": resource, "action": action}
	if id != "" {
		env["id"] = id
	}
	if data != nil {
		env["data"] = data
	}
	return s.Do(t, http.MethodPost, "/v1", cred, env)
}

// User is an account with a session token.
type User struct {
	ID       string
	Email    string
	Password string
	Role     auth.Role
	Token    string // access token of a live session
	Refresh  string
}

// NewUser creates an account with the role (through the store, as
// "genie users add" does) and signs it in through /auth/v1.
func (s *Server) NewUser(t testing.TB, role auth.Role) *User {
	t.Helper()
	b := make([]byte, 5)
	rand.Read(b)
	u := &User{Email: "user-" + hex.EncodeToString(b) + "@example.com", Password: "pw-" + hex.EncodeToString(b), Role: role}
	created, err := s.App.Users.Create(context.Background(), users.NewUser{Email: u.Email, Password: u.Password, Role: role})
	if err != nil {
		t.Fatalf("create user: %v", err)
	}
	u.ID = created.ID
	u.Token, u.Refresh = s.SignIn(t, u.Email, u.Password)
	return u
}

// SignIn runs the password grant and returns the access and refresh tokens.
func (s *Server) SignIn(t testing.TB, email, password string) (access, refresh string) {
	t.Helper()
	r := s.Do(t, http.MethodPost, "/auth/v1/token?grant_type=password", "", map[string]string{"email": email, "password": password})
	if r.Status != http.StatusOK {
		t.Fatalf("sign in %s: status %d: %s", email, r.Status, r.Raw)
	}
	access, _ = r.Body["access_token"].(string)
	refresh, _ = r.Body["refresh_token"].(string)
	return access, refresh
}

// NewKey creates an API key for u through the api-keys resource and returns
// the full key.
func (s *Server) NewKey(t testing.TB, u *User, name string) string {
	t.Helper()
	r := s.Call(t, u.Token, "api-keys", "create", "", map[string]any{"name": name}).Expect(t, http.StatusCreated, "")
	k, _ := r.Data()["api_key"].(map[string]any)["key"].(string)
	if k == "" {
		t.Fatalf("create key: no key in %s", r.Raw)
	}
	return k
}

// Str digs a string out of nested maps: Str(m, "data", "api_key", "id").
func Str(m map[string]any, path ...string) string {
	v := Dig(m, path...)
	s, _ := v.(string)
	return s
}

// Dig returns the value at a path of nested object keys.
func Dig(m map[string]any, path ...string) any {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[p]
	}
	return cur
}

// Clock is a settable clock for tests: the wall clock plus an offset.
type Clock struct{ offset atomic.Int64 }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	return time.Now().UTC().Add(time.Duration(c.offset.Load())).Truncate(time.Microsecond)
}

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) { c.offset.Add(int64(d)) }

// Set moves the clock so that Now is t at the moment of the call.
func (c *Clock) Set(t time.Time) { c.offset.Store(int64(t.Sub(time.Now().UTC()))) }

// WithClock runs the server on the clock.
func WithClock(c *Clock) Option { return func(cfg *app.Config) { cfg.Now = c.Now } }
