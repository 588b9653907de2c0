// Package app wires the service together: the one place that knows every
// resource. cmd/genie and the black-box tests both build the service
// through New.
package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/geniehq/genie/internal/apikeys"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/console"
	"github.com/geniehq/genie/internal/conversations"
	"github.com/geniehq/genie/internal/documents"
	"github.com/geniehq/genie/internal/editlinks"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/gendocs"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/groups"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/httpapi/openapi"
	"github.com/geniehq/genie/internal/identity"
	"github.com/geniehq/genie/internal/knowledge"
	"github.com/geniehq/genie/internal/mailboxes"
	"github.com/geniehq/genie/internal/mailtenants"
	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/marketplace/community"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/idempotency"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/platform/metrics"
	"github.com/geniehq/genie/internal/platform/secrets"
	"github.com/geniehq/genie/internal/qrcodes"
	"github.com/geniehq/genie/internal/sysemails"
	"github.com/geniehq/genie/internal/users"
	"github.com/geniehq/genie/internal/voices"
	"github.com/geniehq/genie/internal/web"
)

// Config is everything the service needs to start. Zero values mean the
// embedded defaults.
type Config struct {
	// Version is the build's version, published in GET / and the OpenAPI
	// document ("devel" when empty).
	Version string

	Addr    string // listen address, default 127.0.0.1:8080
	DB      string // SQLite file path or postgres:// URL, default ./genie.db
	BaseURL string // public base URL, default http://<Addr>

	// KeyFile holds the server keys that are not given below (JWT secret,
	// edit-link key, mail key): default <DB>.keys for SQLite; with
	// PostgreSQL it must exist (see OpenKeyring).
	KeyFile string

	// Identity: the embedded provider signs HS256 tokens with JWTSecret
	// (generated and kept in the key file when empty). JWKSURL adds
	// RS256/ES256 tokens of an external provider. DisableEmbeddedAuth turns
	// the /auth/v1 endpoints off.
	JWTSecret           string
	JWKSURL             string
	DisableEmbeddedAuth bool
	// EditLinkKey seals edit-link tokens at rest; when empty a key is
	// generated and kept in the key file (docs/edit-links.md).
	EditLinkKey string

	AdminEmail    string
	AdminPassword string

	// Generated documents: with ModelURL set, genie-documents uses the
	// OpenAI-compatible chat-completions API there (ModelName required;
	// ModelAPIKey is never logged); without it, the embedded extractive
	// generator. ModelTimeout bounds each attempt (default 60s).
	ModelURL     string
	ModelAPIKey  string
	ModelName    string
	ModelTimeout time.Duration
	// Mail (see docs/mail.md). MailDomain is the embedded mail system's
	// domain, default mail.localhost. SMTPAddr is where its SMTP server
	// listens; empty disables it (cmd/genie defaults to 127.0.0.1:2525).
	// SMTPRelay (host:port) with SMTPUsername and SMTPPassword is the relay
	// for outgoing mail; without it, mail to other domains stays in the
	// database outbox. MailFrom is the From of system emails, default
	// "Genie <no-reply@MailDomain>". MailKey encrypts stored tenant API
	// keys; empty means a key generated once and kept in the key file.
	MailDomain string
	SMTPAddr   string
	// SMTPAddrDefault says SMTPAddr is the default rather than configured:
	// when it is taken (another genie process on this machine has it), the
	// process runs without an SMTP server instead of failing.
	SMTPAddrDefault bool
	SMTPRelay       string
	// Webhooks: WebhookAllowPrivate lets endpoints use http and loopback
	// or private addresses (development, tests); WebhookSchedule,
	// WebhookWindow and WebhookTimeout override the retry delays, the
	// retry window (3 days) and the per-attempt timeout (10 s).
	WebhookAllowPrivate bool
	WebhookSchedule     []time.Duration
	WebhookWindow       time.Duration
	WebhookTimeout      time.Duration
	// MailSendLimit is how many messages one genie mailbox may send in any
	// hour (0: mailboxes.DefaultSendLimit, 100; negative: no limit).
	MailSendLimit int
	SMTPUsername  string
	SMTPPassword  string
	MailFrom      string
	MailKey       string

	RateLimit int // requests per minute per API key, default 60
	// Sign-up and password sign-in limits (docs/security.md): per client
	// address per 5 minutes (default identity.AddrLimitPer5Min) and for
	// the whole deployment per minute (default identity.GlobalLimitPerMin);
	// a negative value turns one off. ClientIPHeader names the header a
	// trusted reverse proxy sets to the client's address. HashSlots bounds
	// concurrent password hashing per process (default half the CPUs).
	// Overload protection (internal/api): the body bytes all requests in
	// flight may hold (default 64 MiB), the actions that run at once
	// (default max(8, 4 x CPUs)) and how long a request waits for one
	// (default api.DefaultAdmitWait) before a retryable 429.
	BodyBudget  int64
	MaxInFlight int
	AdmitWait   time.Duration
	// Marketplace views are counted in memory and committed every
	// ViewsFlushInterval, or when ViewsMaxPending wait (0: the defaults
	// of internal/marketplace).
	ViewsFlushInterval time.Duration
	ViewsMaxPending    int

	AuthAddrLimit   int
	AuthGlobalLimit int
	// RefreshReuseInterval: see identity.Service (default 10 s).
	RefreshReuseInterval time.Duration
	ClientIPHeader       string
	HashSlots            int
	PasswordCost         int           // bcrypt cost, default users.DefaultPasswordCost
	ShutdownTimeout      time.Duration // default 20s

	// Sign-in lifecycle of the embedded provider (docs/auth.md):
	// DisableSignup closes sign-up; RequireEmailConfirmation mails a
	// sign-up a code to confirm before the first sign-in; OTPTTL is how
	// long mailed codes live (default 1 h); AuthEmailInterval spaces the
	// auth mails of one kind to one address (default 60 s, negative: no
	// limit); SiteURL (default BaseURL) and RedirectURLs are where mailed
	// links may send the browser.
	DisableSignup            bool
	RequireEmailConfirmation bool
	OTPTTL                   time.Duration
	AuthEmailInterval        time.Duration
	SiteURL                  string
	RedirectURLs             []string

	// MetricsAddr places the Prometheus metrics: "" serves them at
	// /metrics on the main address, MetricsOff nowhere, and any other value
	// is a separate listen address (cmd/genie listens on it), so they need
	// not be public.
	MetricsAddr string

	// Conversations (docs/conversations.md): ConversationRetention is how
	// long a conversation is kept after its last message (default 90
	// days); ChatAskLimit and ChatGenieLimit are the public ask limits per
	// minute per client address on a genie (default 60; 10 times that
	// across genies) and per genie (default 600),
	// negative: off; ChatEscalateLimit is escalations per minute per client
	// address (default 5, negative: off; per genie: 60); KnowledgeCacheBytes bounds the parsed documents kept
	// in memory (default 256 MiB).
	ConversationRetention time.Duration
	ChatAskLimit          int
	ChatGenieLimit        int
	ChatEscalateLimit     int
	KnowledgeCacheBytes   int64

	// SearchSnapshot is the file in which the marketplace's search index
	// of a large catalog is kept, so that a restart reads it instead of
	// building the index (docs/marketplace.md): "" is the default (beside
	// a SQLite database, as <file>.search; on PostgreSQL in the user's
	// cache directory), SearchSnapshotOff none.
	SearchSnapshot string

	Log *slog.Logger
	// Now replaces the clock (tests); nil means the wall clock.
	Now func() time.Time
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
	c.MailDomain = strings.ToLower(strings.TrimSpace(c.MailDomain))
	if c.MailDomain == "" {
		c.MailDomain = "mail.localhost"
	}
	if c.MailFrom == "" {
		c.MailFrom = "Genie <no-reply@" + c.MailDomain + ">"
	}
}

// MetricsOff is the MetricsAddr that turns the metrics off.
const MetricsOff = "-"

// SignInAttemptsPerMinute bounds password sign-in attempts per email
// address, against password guessing.
const SignInAttemptsPerMinute = 20

// App is a wired service.
type App struct {
	Config Config
	// Discovery serves GET /, /v1/openapi.json and /docs.
	Discovery *openapi.Discovery
	// Idempotency keeps the answers of requests with an Idempotency-Key.
	Idempotency *idempotency.Store
	// Events records events; Webhooks and Deliverer send them.
	Events     *events.Recorder
	EventStore *events.Store
	Webhooks   *events.Webhooks
	Deliverer  *events.Deliverer
	DB         *db.DB
	Users      *users.Store
	APIKeys    *apikeys.Service
	// Marketplace is the marketplace resource's service.
	Marketplace *marketplace.Service
	Handler     http.Handler
	Limiter     *auth.RateLimiter
	// API is the action registry; tests may register extra resources
	// before the first request.
	API *httpapi.Server
	// Mail is the embedded mail system; SMTP its server (nil when
	// disabled); Outbound the outgoing path (relay, local, outbox).
	Mail     *mail.Embedded
	SMTP     *mail.SMTPServer
	Outbound *mail.Outbound
	// Keys are the server keys (kept outside the database).
	Keys *secrets.Keyring
	// Metrics serves the Prometheus metrics (nil when they are off); with
	// Config.MetricsAddr "" it is also mounted at /metrics.
	Metrics http.Handler

	// Conversations is the conversations resource's service.
	Conversations *conversations.Service
	mailboxes     *mailboxes.Service

	cancel   context.CancelFunc
	limiters []*auth.RateLimiter // besides Limiter, for the janitor
	identity *identity.Service   // nil when the embedded provider is off
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
	if cfg.Now != nil {
		d.Now = cfg.Now
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
	a := &App{Config: cfg, DB: d, Users: &users.Store{DB: d, PasswordCost: cfg.PasswordCost, Hashing: users.NewHashing(cfg.HashSlots, 0)}, cancel: cancel}
	authn, tokens, err := a.wireAuth(ctx, bg)
	if err != nil {
		cancel()
		return nil, err
	}
	gen, err := generator(cfg)
	if err != nil {
		cancel()
		return nil, err
	}
	a.Idempotency = &idempotency.Store{DB: d}
	srv := httpapi.NewServer(httpapi.Options{Auth: authn, Limiter: a.Limiter, Log: cfg.Log,
		BodyBudget: cfg.BodyBudget, MaxInFlight: cfg.MaxInFlight, AdmitWait: cfg.AdmitWait, Idempotency: a.Idempotency})
	a.API = srv
	links, err := a.wireResources(ctx, bg, srv, authn, gen)
	if err != nil {
		cancel()
		return nil, err
	}
	if err := a.wireHTTP(srv, links, tokens); err != nil {
		cancel()
		return nil, err
	}
	go a.janitor(bg)
	go a.Deliverer.Run(bg)
	return a, nil
}

// wireAuth opens the server keys and builds what turns credentials into
// callers: session tokens (the embedded provider's, an external one's),
// API keys and their rate limit; it creates the configured admin.
func (a *App) wireAuth(ctx, bg context.Context) (*auth.Authenticator, *auth.Tokens, error) {
	cfg, d, log := a.Config, a.DB, a.Config.Log
	kr, err := OpenKeyring(ctx, cfg, d)
	if err != nil {
		return nil, nil, err
	}
	a.Keys = kr
	var hmac auth.HMACKeys
	if !cfg.DisableEmbeddedAuth || cfg.JWTSecret != "" {
		if _, err := kr.Ensure(secrets.JWTSecret); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", secrets.JWTSecret, err)
		}
		hmac = func() []secrets.Key { return kr.Keys(secrets.JWTSecret) }
	}
	tokens, err := auth.NewTokens(bg, cfg.BaseURL+"/auth/v1", hmac, cfg.JWKSURL)
	if err != nil {
		return nil, nil, err
	}
	authn := &auth.Authenticator{DB: d, Tokens: tokens, Log: log,
		AcceptExternal: cfg.JWTSecret != "" || cfg.JWKSURL != "", ProvisionExternal: a.Users.EnsureExternal}
	a.Limiter = &auth.RateLimiter{DB: d, Limit: cfg.RateLimit, Window: time.Minute}

	if cfg.AdminEmail != "" && cfg.AdminPassword != "" {
		created, err := a.Users.EnsureAdmin(ctx, cfg.AdminEmail, cfg.AdminPassword)
		if err != nil {
			return nil, nil, fmt.Errorf("ensure admin account: %w", err)
		}
		if created {
			log.Info("created admin account", "email", cfg.AdminEmail)
		}
	}

	return authn, tokens, nil
}

// wireResources builds the resources and registers their actions.
func (a *App) wireResources(ctx, bg context.Context, srv *httpapi.Server, authn *auth.Authenticator, gen gendocs.Generator) (*editlinks.Service, error) {
	cfg, d, log := a.Config, a.DB, a.Config.Log
	if err := a.wireEvents(srv); err != nil {
		return nil, err
	}
	a.APIKeys = &apikeys.Service{DB: d, Events: a.Events}
	authn.KeyUsed = a.APIKeys.MarkUsed
	docs := &documents.Service{DB: d, Events: a.Events}
	gs := &genies.Service{DB: d, Events: a.Events}
	srv.Register("api-keys", a.APIKeys.Actions())
	srv.Register("users", a.Users.Actions())
	srv.Register("documents", docs.Actions())
	if err := a.wireMail(ctx, srv, gs); err != nil {
		return nil, err
	}
	srv.Register("genies", gs.Actions())
	srv.Register("preselected-voices", (&voices.Service{DB: d}).Actions())
	srv.Register("genie-groups", (&groups.Service{DB: d}).Actions())
	srv.Register("qr-code", (&qrcodes.Service{DB: d, BaseURL: cfg.BaseURL}).Actions())
	links, err := newEditLinks(cfg, d, a.Keys, docs)
	if err != nil {
		return nil, err
	}
	srv.Register("doc-edit-link", links.Actions())
	srv.Register("genie-documents", (&gendocs.Service{DB: d, Generator: gen, Log: log}).Actions())
	market := marketplace.New(d)
	market.Events, market.Log, market.Genies = a.Events, log, gs
	market.SetViewFlush(cfg.ViewsFlushInterval, cfg.ViewsMaxPending)
	market.SetSearchSnapshot(searchSnapshot(cfg.SearchSnapshot, cfg.DB))
	market.StartSearch(bg) // /readyz is unready until it is done
	a.Marketplace = market
	gs.DeleteHooks = append(gs.DeleteHooks, market.DetachGenie)
	srv.Register("marketplace", market.Actions())
	// The community room (reviews, favorites, collections, submissions)
	// is its own package, which imports marketplace: its actions join
	// the same resource here.
	srv.Register("marketplace", community.New(market).Actions())
	a.Conversations = a.newConversations(gen)
	srv.Register("conversations", a.Conversations.Actions())
	a.wireMailAnswers()

	return links, nil
}

// wireHTTP builds the handler: the API's routes, the documents that
// describe it, the landing page and console, the public pages, the
// embedded sign-in provider, the health checks and the metrics.
func (a *App) wireHTTP(srv *httpapi.Server, links *editlinks.Service, tokens *auth.Tokens) error {
	cfg, d, log := a.Config, a.DB, a.Config.Log
	mux := http.NewServeMux()
	srv.Mount(mux)
	version := cfg.Version
	if version == "" {
		version = "devel"
	}
	a.Discovery = &openapi.Discovery{Server: srv, Info: openapi.DocInfo{Title: "Genie Management Service", Version: version,
		Tags: resourceTags, Extra: describeHTTP}}
	landing := &console.Landing{Title: "Genie Management Service", Version: version, Ready: d.Ping, Log: log}
	a.Discovery.Page = func(w http.ResponseWriter, r *http.Request) bool {
		if !console.WantsHTML(r.Header.Get("Accept")) {
			return false
		}
		landing.ServeHTTP(w, r)
		return true
	}
	a.Discovery.Mount(mux)
	landing.Mount(mux)
	if c := console.New(); c != nil {
		c.Mount(mux)
	}
	web.New(links.View, log).Mount(mux)
	conversations.NewPage(a.Conversations, log).Mount(mux)
	if !cfg.DisableEmbeddedAuth {
		if err := checkAuthURLs(cfg); err != nil {
			return err
		}
		a.identity = a.newIdentity(tokens)
		a.identity.Mount(mux)
	}
	a.mountHealth(mux)
	mux.Handle("/", httpapi.NotFoundHandler(log))
	var observe httpapi.Observer
	if cfg.MetricsAddr != MetricsOff {
		m := metrics.New(d)
		a.Metrics, observe = m.Handler(), m.Observe
		if cfg.MetricsAddr == "" {
			mux.Handle("GET /metrics", a.Metrics)
		}
	}
	a.Handler = httpapi.ObservedMiddleware(log, observe, cors(mux), editlinks.PathPrefix)

	return nil
}

// newIdentity is the embedded sign-in provider at /auth/v1.
func (a *App) newIdentity(tokens *auth.Tokens) *identity.Service {
	cfg, d := a.Config, a.DB
	id := &identity.Service{DB: d, Users: a.Users, Tokens: tokens, Log: cfg.Log,
		SignInLimit:    a.limiter(d, SignInAttemptsPerMinute, SignInAttemptsPerMinute, time.Minute),
		AddrLimit:      a.limiter(d, cfg.AuthAddrLimit, identity.AddrLimitPer5Min, 5*time.Minute),
		GlobalLimit:    a.limiter(d, cfg.AuthGlobalLimit, identity.GlobalLimitPerMin, time.Minute),
		ClientIPHeader: cfg.ClientIPHeader, RefreshReuseInterval: cfg.RefreshReuseInterval,
		DisableSignup: cfg.DisableSignup, RequireEmailConfirmation: cfg.RequireEmailConfirmation,
		Mail: a.Outbound, MailFrom: cfg.MailFrom, MailDomain: cfg.MailDomain, AppName: "Genie",
		BaseURL: cfg.BaseURL, SiteURL: cfg.SiteURL, RedirectURLs: cfg.RedirectURLs, OTPTTL: cfg.OTPTTL}
	if cfg.AuthEmailInterval >= 0 {
		id.MailLimit = a.limiter(d, 1, 1, cmp.Or(cfg.AuthEmailInterval, time.Minute))
		id.MailLimit.Spaced = true
	}
	return id
}

// mountHealth adds the liveness and readiness checks.
func (a *App) mountHealth(mux *http.ServeMux) {
	d, log, market := a.DB, a.Config.Log, a.Marketplace
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		httpapi.WriteJSON(w, http.StatusOK, map[string]any{"status": "ok"})
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		pctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := d.Ping(pctx); err != nil {
			log.WarnContext(r.Context(), "readiness check failed", "err", err)
			httpapi.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "database": "unreachable"})
			return
		}
		if !market.SearchReady() { // a process that would answer searches slowly gets no traffic yet
			httpapi.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "starting", "database": string(d.Engine), "search_index": "building"})
			return
		}
		httpapi.WriteJSON(w, http.StatusOK, map[string]any{"status": "ok", "database": string(d.Engine)})
	})
}

// limiter returns a limiter of n requests per window (def when n is 0;
// none when n is negative), swept by the janitor.
func (a *App) limiter(d *db.DB, n, def int, window time.Duration) *auth.RateLimiter {
	if n < 0 {
		return nil
	}
	if n == 0 {
		n = def
	}
	l := &auth.RateLimiter{DB: d, Limit: n, Window: window}
	a.limiters = append(a.limiters, l)
	return l
}

// checkAuthURLs checks the site URL and the allowed redirect URLs of the
// embedded provider.
func checkAuthURLs(cfg Config) error {
	for _, raw := range append([]string{cfg.SiteURL}, cfg.RedirectURLs...) {
		if raw == "" {
			continue
		}
		if u, err := url.Parse(raw); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("--site-url and --auth-redirect-urls: %q is not an absolute http(s) URL", raw)
		}
	}
	return nil
}

// newEditLinks builds the edit-link service with its token key.
func newEditLinks(cfg Config, d *db.DB, keys *secrets.Keyring, docs *documents.Service) (*editlinks.Service, error) {
	ring, err := keys.Ring(secrets.EditLinkKey)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", secrets.EditLinkKey, err)
	}
	return editlinks.New(d, docs, ring, cfg.PasswordCost), nil
}

// generator returns the document generator the configuration names: the
// OpenAI-compatible client when ModelURL is set, else the embedded one.
func generator(cfg Config) (gendocs.Generator, error) {
	if cfg.ModelURL == "" {
		return gendocs.Embedded{}, nil
	}
	u, err := url.Parse(cfg.ModelURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("model URL %q must be an absolute http(s) URL", redactURL(cfg.ModelURL))
	}
	if cfg.ModelName == "" {
		return nil, errors.New("a model name is required with a model URL (--model-name or GENIE_MODEL)")
	}
	return &gendocs.OpenAI{URL: cfg.ModelURL, APIKey: cfg.ModelAPIKey, Model: cfg.ModelName, Timeout: cfg.ModelTimeout}, nil
}

// newConversations builds the conversations resource: answers from the
// genies' documents (worded by the model when gen is one), escalations
// mailed from the genie's mailbox or as system mail.
func (a *App) newConversations(gen gendocs.Generator) *conversations.Service {
	cfg, d := a.Config, a.DB
	lib := knowledge.NewLibrary(cmp.Or(cfg.KnowledgeCacheBytes, 256<<20))
	eng := &conversations.Engine{DB: d, Library: lib, Log: cfg.Log}
	if m, ok := gen.(*gendocs.OpenAI); ok {
		eng.Composer = m
	}
	limits := conversations.NewLimits(cfg.ChatAskLimit, cfg.ChatGenieLimit, cfg.ChatEscalateLimit, 0)
	limits.Now = cfg.Now
	return &conversations.Service{DB: d, Events: a.Events, Engine: eng, Log: cfg.Log,
		Escalator: &conversations.Escalator{Mailboxes: a.mailboxes, Users: a.Users, System: a.Outbound, From: cfg.MailFrom,
			Domain: cfg.MailDomain, BaseURL: cfg.BaseURL, Now: d.Now},
		Limits:         limits,
		ClientIPHeader: cfg.ClientIPHeader, Retention: cfg.ConversationRetention}
}

// redactURL hides a password in a URL meant for messages.
func redactURL(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Redacted()
	}
	return "(unparsable)"
}

// wireEvents builds the event recorder, the webhook endpoints and the
// delivery worker, and registers the events and webhooks resources.
func (a *App) wireEvents(srv *httpapi.Server) error {
	cfg, d := a.Config, a.DB
	ring, err := a.Keys.Ring(secrets.MailKey)
	if err != nil {
		return fmt.Errorf("%s: %w", secrets.MailKey, err)
	}
	a.Events = &events.Recorder{DB: d}
	a.EventStore = &events.Store{DB: d}
	a.Webhooks = &events.Webhooks{DB: d, Ring: ring, Events: a.Events, AllowPrivate: cfg.WebhookAllowPrivate}
	a.Deliverer = &events.Deliverer{Webhooks: a.Webhooks, Log: cfg.Log, Schedule: cfg.WebhookSchedule, Window: cfg.WebhookWindow,
		Timeout: cfg.WebhookTimeout}
	a.Deliverer.Init()
	a.Events.Notify = a.Deliverer.Notify
	srv.Register("events", a.EventStore.EventActions())
	srv.Register("webhooks", a.Webhooks.Actions())
	return nil
}

// wireMail builds the embedded mail system, the outbound sender and the
// mail resources, and starts the SMTP server when configured. A genie's
// mailbox is deprovisioned with the genie.
func (a *App) wireMail(ctx context.Context, srv *httpapi.Server, gs *genies.Service) error {
	cfg, d, log := a.Config, a.DB, a.Config.Log
	if _, err := mail.Address("postmaster@" + cfg.MailDomain); err != nil || strings.ContainsAny(cfg.MailDomain, "@ ") {
		return fmt.Errorf("--mail-domain %q is not a domain name", cfg.MailDomain)
	}
	if _, err := mail.Address(cfg.MailFrom); err != nil {
		return fmt.Errorf("--mail-from: %w", err)
	}
	ring, err := a.Keys.Ring(secrets.MailKey)
	if err != nil {
		return fmt.Errorf("%s: %w", secrets.MailKey, err)
	}
	cipher := mailtenants.NewCipher(ring)
	a.Mail = &mail.Embedded{DB: d, Domain: cfg.MailDomain, Log: log}
	if n, err := a.Mail.ParseStored(ctx); err != nil {
		return fmt.Errorf("parse the mail stored before inboxes kept parsed copies: %w", err)
	} else if n > 0 {
		log.Info("parsed stored mail", "messages", n)
	}
	out := &mail.Outbound{Domain: cfg.MailDomain, Local: a.Mail, DB: d, Log: log}
	if cfg.SMTPRelay != "" {
		if _, _, err := net.SplitHostPort(cfg.SMTPRelay); err != nil {
			return fmt.Errorf("--smtp-relay %q: want host:port", cfg.SMTPRelay)
		}
		out.Relay = &mail.Relay{Addr: cfg.SMTPRelay, Username: cfg.SMTPUsername, Password: cfg.SMTPPassword, HelloName: cfg.MailDomain}
	}
	a.Outbound, a.Mail.Sender = out, out
	tenants := &mailtenants.Store{DB: d, Users: a.Users, Cipher: cipher}
	boxes := &mailboxes.Service{DB: d, Mail: a.Mail, Domain: cfg.MailDomain, Tenants: tenants, Users: a.Users, Log: log,
		SendLimit: cfg.MailSendLimit, Events: a.Events}
	a.mailboxes = boxes
	a.Mail.Escalation = boxes.Escalation
	a.Mail.OnMessage = boxes.RecordMessage
	gs.Mailboxes = boxes.ForGenies
	gs.DeleteHooks = append(gs.DeleteHooks, boxes.DeleteHook)
	srv.Register("agent-mailboxes-self", boxes.Actions())
	srv.Register("mail-tenant-credentials", tenants.Actions())
	srv.Register("system-emails", (&sysemails.Service{DB: d, Sender: out, From: cfg.MailFrom, Domain: cfg.MailDomain,
		BaseURL: cfg.BaseURL, AppName: "Genie", Log: log}).Actions())
	if cfg.SMTPAddr != "" {
		a.SMTP, err = mail.ListenSMTP(cfg.SMTPAddr, a.Mail, log)
		switch {
		case err != nil && cfg.SMTPAddrDefault && errors.Is(err, syscall.EADDRINUSE):
			log.Warn("smtp address in use, probably by another genie process; this one runs without an SMTP server",
				"addr", cfg.SMTPAddr)
		case err != nil:
			return err
		default:
			log.Info("smtp server listening", "addr", a.SMTP.Addr(), "domain", cfg.MailDomain)
		}
	}
	if cfg.SMTPRelay != "" {
		log.Info("outgoing mail through smtp relay", "relay", cfg.SMTPRelay, "auth", cfg.SMTPUsername != "")
	}
	return nil
}

// janitor deletes expired rate-limit windows and sign-in codes and, with a
// relay, sends what waits in the mail outbox, once a minute.
func (a *App) janitor(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			for _, l := range append([]*auth.RateLimiter{a.Limiter}, a.limiters...) {
				if err := l.Sweep(ctx); err != nil && ctx.Err() == nil {
					a.Config.Log.Warn("sweep rate-limit windows", "err", err)
				}
			}
			if err := a.EventStore.Sweep(ctx); err != nil && ctx.Err() == nil {
				a.Config.Log.Warn("sweep old events", "err", err)
			}
			if _, err := a.Conversations.Sweep(ctx); err != nil && ctx.Err() == nil {
				a.Config.Log.Warn("delete conversations past their retention", "err", err)
			}
			if err := a.Idempotency.Sweep(ctx); err != nil && ctx.Err() == nil {
				a.Config.Log.Warn("sweep idempotency keys", "err", err)
			}
			if a.identity != nil {
				if err := a.identity.Sweep(ctx); err != nil && ctx.Err() == nil {
					a.Config.Log.Warn("sweep expired sign-in codes", "err", err)
				}
			}
			if _, err := a.Outbound.FlushOutbox(ctx, 50); err != nil && ctx.Err() == nil {
				a.Config.Log.Warn("send mail outbox through the relay", "err", err)
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
	go func() { errc <- hs.Serve(errorListener{l}) }()
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
	if a.SMTP != nil {
		a.SMTP.Close()
	}
	if a.identity != nil {
		a.identity.Close() // auth mails in flight
	}
	if a.Marketplace != nil { // views counted and not yet committed
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := a.Marketplace.Close(ctx); err != nil {
			a.Config.Log.Warn("marketplace: commit views at shutdown", "err", err)
		}
		cancel()
	}
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
			h.Set("Access-Control-Expose-Headers", "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed")
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
				h.Set("Access-Control-Allow-Headers", "Authorization, X-API-Key, Content-Type, Idempotency-Key, apikey, X-Client-Info, X-Supabase-Api-Version, X-Request-Id")
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// SearchSnapshotOff is the Config.SearchSnapshot that keeps no snapshot.
const SearchSnapshotOff = "off"

// searchSnapshot is the search snapshot's file for the configured value.
func searchSnapshot(v, dsn string) string {
	switch {
	case v == SearchSnapshotOff:
		return ""
	case v != "":
		return v
	case db.File(dsn) != "":
		return db.File(dsn) + ".search"
	}
	// PostgreSQL: the user's cache directory, one file per database URL
	// (named by its hash, so no part of the URL is in the name)
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	h := fnv.New64a()
	h.Write([]byte(dsn)) //nolint:errcheck // a hash does not fail
	return filepath.Join(dir, "genie", fmt.Sprintf("search-%016x.search", h.Sum64()))
}
