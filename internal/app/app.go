// Package app wires the service together: the one place that knows every
// resource. cmd/genie and the black-box tests both build the service
// through New.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"genie/internal/api"
	"genie/internal/apikeys"
	"genie/internal/auth"
	"genie/internal/db"
	"genie/internal/documents"
	"genie/internal/genies"
	"genie/internal/identity"
	"genie/internal/marketplace"
	"genie/internal/users"
)

// Config is everything the service needs to start. Zero values mean the
// embedded defaults.
type Config struct {
	Addr    string // listen address, default 127.0.0.1:8080
	DB      string // SQLite file path or postgres:// URL, default ./genie.db
	BaseURL string // public base URL, default http://<Addr>

	// Identity: the embedded provider signs HS256 tokens with JWTSecret
	// (generated and kept in the database when empty). JWKSURL adds
	// RS256/ES256 tokens of an external provider. DisableEmbeddedAuth turns
	// the /auth/v1 endpoints off.
	JWTSecret           string
	JWKSURL             string
	DisableEmbeddedAuth bool

	AdminEmail    string
	AdminPassword string

	RateLimit       int           // requests per minute per API key, default 60
	PasswordCost    int           // bcrypt cost, default users.DefaultPasswordCost
	ShutdownTimeout time.Duration // default 20s

	Log *slog.Logger
}

func (c *Config) defaults() {
	if c.Addr == "" {
		c.Addr = "127.0.0.1:8080"
	}
	if c.DB == "" {
		c.DB = "./genie.db"
	}
	if c.RateLimit <= 0 {
		c.RateLimit = 60
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = 20 * time.Second
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
}

// App is a wired service.
type App struct {
	Config  Config
	DB      *db.DB
	Users   *users.Store
	APIKeys *apikeys.Service
	Handler http.Handler
	Limiter *auth.RateLimiter

	cancel context.CancelFunc
}

// OpenDB opens and migrates the store named in cfg.
func OpenDB(ctx context.Context, dsn string) (*db.DB, error) {
	d, err := db.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if _, err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// New opens the store, applies migrations and builds the HTTP handler. The
// base URL must be final here: it names the token issuer and public links.
func New(ctx context.Context, cfg Config) (*App, error) {
	cfg.defaults()
	if cfg.BaseURL == "" {
		cfg.BaseURL = "http://" + cfg.Addr
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	d, err := OpenDB(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	a, err := wire(ctx, cfg, d)
	if err != nil {
		d.Close()
		return nil, err
	}
	return a, nil
}

func wire(ctx context.Context, cfg Config, d *db.DB) (*App, error) {
	bg, cancel := context.WithCancel(context.WithoutCancel(ctx))
	a := &App{Config: cfg, DB: d, Users: &users.Store{DB: d, PasswordCost: cfg.PasswordCost}, cancel: cancel}
	log := cfg.Log

	var secret []byte
	if !cfg.DisableEmbeddedAuth || cfg.JWTSecret != "" {
		s, err := identity.Secret(ctx, d, cfg.JWTSecret)
		if err != nil {
			cancel()
			return nil, err
		}
		secret = s
	}
	tokens, err := auth.NewTokens(bg, cfg.BaseURL+"/auth/v1", secret, cfg.JWKSURL)
	if err != nil {
		cancel()
		return nil, err
	}
	authn := &auth.Authenticator{DB: d, Tokens: tokens, Log: log, ProvisionExternal: a.Users.EnsureExternal}
	a.Limiter = &auth.RateLimiter{DB: d, Limit: cfg.RateLimit, Window: time.Minute}

	if cfg.AdminEmail != "" && cfg.AdminPassword != "" {
		created, err := a.Users.EnsureAdmin(ctx, cfg.AdminEmail, cfg.AdminPassword)
		if err != nil {
			cancel()
			return nil, fmt.Errorf("ensure admin account: %w", err)
		}
		if created {
			log.Info("created admin account", "email", cfg.AdminEmail)
		}
	}

	srv := api.NewServer(api.Options{Auth: authn, Limiter: a.Limiter, Log: log})
	a.APIKeys = &apikeys.Service{DB: d}
	docs := &documents.Service{DB: d}
	gs := &genies.Service{DB: d}
	srv.Register("api-keys", a.APIKeys.Actions())
	srv.Register("documents", docs.Actions())
	srv.Register("genies", gs.Actions())
	srv.Register("marketplace", marketplace.New(d).Actions())

	mux := http.NewServeMux()
	srv.Mount(mux)
	if !cfg.DisableEmbeddedAuth {
		(&identity.Provider{DB: d, Users: a.Users, Tokens: tokens, Log: log}).Mount(mux)
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		api.WriteJSON(w, http.StatusOK, map[string]any{"status": "ok"})
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		pctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := d.Ping(pctx); err != nil {
			log.WarnContext(r.Context(), "readiness check failed", "err", err)
			api.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "database": "unreachable"})
			return
		}
		api.WriteJSON(w, http.StatusOK, map[string]any{"status": "ok", "database": string(d.Engine)})
	})
	mux.Handle("/", api.NotFoundHandler(log))
	a.Handler = api.Middleware(log, cors(mux))

	go a.janitor(bg)
	return a, nil
}

// janitor deletes expired rate-limit windows once a minute.
func (a *App) janitor(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := a.Limiter.Sweep(ctx); err != nil && ctx.Err() == nil {
				a.Config.Log.Warn("sweep rate-limit windows", "err", err)
			}
		}
	}
}

// Serve serves on l until ctx ends, then shuts down gracefully: the
// listener closes and in-flight requests finish (up to ShutdownTimeout).
func (a *App) Serve(ctx context.Context, l net.Listener) error {
	hs := &http.Server{
		Handler:           a.Handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      3 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.Config.Log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), a.Config.ShutdownTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	if e := <-errc; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// Close stops background work and closes the store.
func (a *App) Close() error {
	a.cancel()
	return a.DB.Close()
}

// cors lets browser applications on other origins call the API and the
// sign-in provider with bearer credentials (no cookies are used, so any
// origin is safe to allow).
func cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v1") || strings.HasPrefix(r.URL.Path, "/auth/v1") {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", "*")
			h.Set("Access-Control-Expose-Headers", "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After")
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST, PATCH, DELETE, OPTIONS")
				h.Set("Access-Control-Allow-Headers", "Authorization, X-API-Key, Content-Type, apikey, X-Client-Info, X-Supabase-Api-Version, X-Request-Id")
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
