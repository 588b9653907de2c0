package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/marketplace"
)

func runServe(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	addr := fs.String("addr", env("GENIE_ADDR", "127.0.0.1:8080"), "listen address (env GENIE_ADDR)")
	dsn := dbFlag(fs)
	baseURL := fs.String("base-url", env("GENIE_BASE_URL", ""), "public base URL used in links and as token issuer; default http://<addr> (env GENIE_BASE_URL)")
	keyFile := keyFileFlag(fs)
	jwtSecret := fs.String("jwt-secret", env("GENIE_JWT_SECRET", ""), "HS256 secret shared with an identity provider; default: generated and kept in the key file (env GENIE_JWT_SECRET)")
	jwksURL := fs.String("jwks-url", env("GENIE_JWKS_URL", ""), "JWKS URL of an external identity provider, for RS256/ES256 tokens (env GENIE_JWKS_URL)")
	linkKey := fs.String("edit-link-key", env("GENIE_EDIT_LINK_KEY", ""), "secret that seals edit-link tokens at rest; default: generated and kept in the key file (env GENIE_EDIT_LINK_KEY)")
	noAuth := fs.Bool("disable-embedded-auth", envBool("GENIE_DISABLE_EMBEDDED_AUTH"), "turn off the embedded sign-in provider at /auth/v1 (env GENIE_DISABLE_EMBEDDED_AUTH)")
	rate := fs.Int("rate-limit", envInt("GENIE_RATE_LIMIT", 60), "requests per minute per API key (env GENIE_RATE_LIMIT)")
	inFlight := fs.Int("max-in-flight", envInt("GENIE_MAX_IN_FLIGHT", 0), "actions that run at once; more wait their turn (default max(8, 4 x CPUs)) (env GENIE_MAX_IN_FLIGHT)")
	admitWait := fs.Duration("admit-wait", envDuration("GENIE_ADMIT_WAIT", httpapi.DefaultAdmitWait), "how long a request waits for its turn before a retryable 429; shedding is for real overload, so the default lets a burst be worked through (env GENIE_ADMIT_WAIT)")
	viewFlush := fs.Duration("views-flush-interval", envDuration("GENIE_VIEWS_FLUSH_INTERVAL", marketplace.DefaultFlushInterval), "how often marketplace views counted in memory are committed; a crash loses at most this window of views (env GENIE_VIEWS_FLUSH_INTERVAL)")
	viewPending := fs.Int("views-max-pending", envInt("GENIE_VIEWS_MAX_PENDING", marketplace.DefaultMaxPendingViews), "marketplace views that may wait for the next commit before a get commits them itself (env GENIE_VIEWS_MAX_PENDING)")
	metricsAddr := fs.String("metrics-addr", env("GENIE_METRICS_ADDR", "main"), "where Prometheus metrics are served: \"main\" at /metrics on --addr, host:port on a separate listener, \"\" nowhere (env GENIE_METRICS_ADDR)")
	ipHeader := fs.String("client-ip-header", env("GENIE_CLIENT_IP_HEADER", ""), "header in which a trusted reverse proxy puts the client's address, e.g. X-Forwarded-For (its right-most entry is used); default: the peer address (env GENIE_CLIENT_IP_HEADER)")
	logFormat := fs.String("log-format", env("GENIE_LOG_FORMAT", "json"), "log format: json or text (env GENIE_LOG_FORMAT)")
	logLevel := fs.String("log-level", env("GENIE_LOG_LEVEL", "info"), "log level: debug, info, warn, error (env GENIE_LOG_LEVEL)")
	authCfg := authFlags(fs)
	modelCfg := modelFlags(fs)
	mailCfg := mailFlags(fs)
	chatCfg := chatFlags(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	log, err := newLogger(stderr, *logFormat, *logLevel)
	if err != nil {
		return err
	}
	cfg := app.Config{Version: buildVersionString(), DB: *dsn, KeyFile: *keyFile,
		JWTSecret: *jwtSecret, JWKSURL: *jwksURL, DisableEmbeddedAuth: *noAuth, EditLinkKey: *linkKey,
		AdminEmail: os.Getenv("GENIE_ADMIN_EMAIL"), AdminPassword: os.Getenv("GENIE_ADMIN_PASSWORD"),
		RateLimit: *rate, Log: log, ClientIPHeader: *ipHeader,
		MaxInFlight: *inFlight, AdmitWait: *admitWait, ViewsFlushInterval: *viewFlush, ViewsMaxPending: *viewPending,
	}
	for _, apply := range []func(*app.Config) error{checkCore, authCfg, modelCfg, mailCfg, chatCfg} {
		if err := apply(&cfg); err != nil {
			return err
		}
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	defer l.Close()
	metricsCfg, ml, err := metricsListener(*metricsAddr)
	if err != nil {
		return err
	}
	if ml != nil {
		defer ml.Close()
	}
	if *baseURL == "" {
		*baseURL = "http://" + l.Addr().String()
	}
	cfg.Addr, cfg.BaseURL, cfg.MetricsAddr = l.Addr().String(), *baseURL, metricsCfg
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	crashAt(a)
	if ml != nil {
		ms := &http.Server{Handler: a.Metrics, ReadHeaderTimeout: 10 * time.Second}
		go ms.Serve(ml) //nolint:errcheck // ends when the listener closes
		defer ms.Close()
		log.Info("metrics listening", "addr", ml.Addr().String())
	}
	log.Info("genie serving", "addr", l.Addr().String(), "base_url", *baseURL, "store", string(a.DB.Engine), "documents_generator", generatorName(cfg.ModelURL, cfg.ModelName))
	start := time.Now()
	err = a.Serve(ctx, l)
	log.Info("genie stopped", "uptime_s", int(time.Since(start).Seconds()))
	return err
}

// checkCore checks the flags runServe reads itself.
func checkCore(c *app.Config) error {
	if c.RateLimit < 1 {
		return fmt.Errorf("--rate-limit must be at least 1")
	}
	if c.MaxInFlight < 0 || c.AdmitWait <= 0 {
		return fmt.Errorf("--max-in-flight must not be negative and --admit-wait must be positive")
	}
	if c.ViewsFlushInterval <= 0 || c.ViewsFlushInterval > time.Minute || c.ViewsMaxPending < 1 {
		return fmt.Errorf("--views-flush-interval must be positive and at most 1m, and --views-max-pending at least 1")
	}
	return nil
}

// metricsListener reads --metrics-addr: "main" serves /metrics on the
// main listener (config ""), "" nowhere, host:port on a listener of its
// own.
func metricsListener(addr string) (string, net.Listener, error) {
	switch addr {
	case "main":
		return "", nil, nil
	case "":
		return app.MetricsOff, nil, nil
	}
	ml, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("listen for metrics on %s: %w", addr, err)
	}
	return addr, ml, nil
}

// authFlags are the embedded sign-in provider's flags; the function it
// returns checks them and sets them on the config once they are parsed.
func authFlags(fs *flag.FlagSet) func(*app.Config) error {
	authAddr := fs.Int("auth-rate-limit", envInt("GENIE_AUTH_RATE_LIMIT", 30), "sign-ups, password sign-ins, recovery requests and code verifications per 5 minutes per client address; 0 turns the limit off (env GENIE_AUTH_RATE_LIMIT)")
	authGlobal := fs.Int("auth-global-rate-limit", envInt("GENIE_AUTH_GLOBAL_RATE_LIMIT", 1200), "sign-ups, password sign-ins, recovery requests and code verifications per minute for the whole deployment; 0 turns the limit off (env GENIE_AUTH_GLOBAL_RATE_LIMIT)")
	reuse := fs.Duration("refresh-reuse-interval", envDuration("GENIE_REFRESH_REUSE_INTERVAL", 10*time.Second), "how long a used refresh token may be presented again without ending the session, as GoTrue's refresh_token_reuse_interval; 0 means never (env GENIE_REFRESH_REUSE_INTERVAL)")
	noSignup := fs.Bool("disable-signup", envBool("GENIE_DISABLE_SIGNUP"), "refuse new accounts at /auth/v1/signup, as GoTrue's disable_signup (env GENIE_DISABLE_SIGNUP)")
	autoconfirm := fs.Bool("mailer-autoconfirm", envBoolOr("GENIE_MAILER_AUTOCONFIRM", true), "confirm new accounts at once; false mails a code that must be verified before the first sign-in, as GoTrue's mailer_autoconfirm (env GENIE_MAILER_AUTOCONFIRM)")
	otpTTL := fs.Duration("auth-otp-ttl", envDuration("GENIE_AUTH_OTP_TTL", time.Hour), "how long mailed sign-in codes and links (recovery, confirmation, email change) stay valid (env GENIE_AUTH_OTP_TTL)")
	mailInterval := fs.Duration("auth-email-interval", envDuration("GENIE_AUTH_EMAIL_INTERVAL", time.Minute), "at most one auth mail of a kind per address in this time, as GoTrue's SMTP max frequency; 0 turns the limit off (env GENIE_AUTH_EMAIL_INTERVAL)")
	siteURL := fs.String("site-url", env("GENIE_SITE_URL", ""), "where mailed sign-in links send the browser unless the request names an allowed redirect_to, as GoTrue's SITE_URL; default the base URL (env GENIE_SITE_URL)")
	redirectURLs := fs.String("auth-redirect-urls", env("GENIE_AUTH_REDIRECT_URLS", ""), "comma-separated URLs that redirect_to may also name (same scheme and host, path below), as GoTrue's URI_ALLOW_LIST (env GENIE_AUTH_REDIRECT_URLS)")
	return func(c *app.Config) error {
		if *otpTTL <= 0 || *mailInterval < 0 {
			return fmt.Errorf("--auth-otp-ttl must be positive and --auth-email-interval must not be negative")
		}
		if *authAddr < 0 || *authGlobal < 0 {
			return fmt.Errorf("--auth-rate-limit and --auth-global-rate-limit must not be negative")
		}
		c.AuthAddrLimit, c.AuthGlobalLimit, c.RefreshReuseInterval = offIfZero(*authAddr), offIfZero(*authGlobal), reuseCfg(*reuse)
		c.DisableSignup, c.RequireEmailConfirmation, c.OTPTTL, c.AuthEmailInterval = *noSignup, !*autoconfirm, *otpTTL, reuseCfg(*mailInterval)
		c.SiteURL, c.RedirectURLs = *siteURL, splitList(*redirectURLs)
		return nil
	}
}

// modelFlags are the OpenAI-compatible model server's flags.
func modelFlags(fs *flag.FlagSet) func(*app.Config) error {
	modelURL := fs.String("model-url", env("GENIE_MODEL_URL", ""), "base URL of an OpenAI-compatible API for genie-documents (POST <url>/chat/completions); default: the embedded generator (env GENIE_MODEL_URL)")
	modelKey := fs.String("model-api-key", "", "API key for --model-url, sent as a bearer token; prefer the env GENIE_MODEL_API_KEY, which keeps it out of the process list")
	modelName := fs.String("model-name", env("GENIE_MODEL", ""), "model name for --model-url (env GENIE_MODEL)")
	modelTimeout := fs.Duration("model-timeout", envDuration("GENIE_MODEL_TIMEOUT", 60*time.Second), "time limit of one model request (env GENIE_MODEL_TIMEOUT)")
	return func(c *app.Config) error {
		if *modelKey == "" {
			*modelKey = os.Getenv("GENIE_MODEL_API_KEY")
		}
		if *modelTimeout <= 0 {
			return fmt.Errorf("--model-timeout must be positive")
		}
		c.ModelURL, c.ModelAPIKey, c.ModelName, c.ModelTimeout = *modelURL, *modelKey, *modelName, *modelTimeout
		return nil
	}
}

// mailFlags are the mail system's and the webhooks' flags.
func mailFlags(fs *flag.FlagSet) func(*app.Config) error {
	mailDomain := fs.String("mail-domain", env("GENIE_MAIL_DOMAIN", "mail.localhost"), "domain of the embedded mail system's mailboxes (env GENIE_MAIL_DOMAIN)")
	smtpAddr := fs.String("smtp-addr", envOr("GENIE_SMTP_ADDR", "127.0.0.1:2525"), "listen address of the embedded SMTP server; empty disables it (env GENIE_SMTP_ADDR)")
	webhookPrivate := fs.Bool("webhook-allow-private", envBool("GENIE_WEBHOOK_ALLOW_PRIVATE"), "let webhook endpoints use http and loopback or private addresses, for development; link-local and metadata addresses stay refused (env GENIE_WEBHOOK_ALLOW_PRIVATE)")
	webhookWindow := fs.Duration("webhook-retry-window", envDuration("GENIE_WEBHOOK_RETRY_WINDOW", 72*time.Hour), "how long a webhook delivery is retried (and an endpoint may fail before it is disabled); the retry delays scale with it (env GENIE_WEBHOOK_RETRY_WINDOW)")
	sendLimit := fs.Int("mail-send-limit", envInt("GENIE_MAIL_SEND_LIMIT", 100), "messages one genie mailbox may send in any hour (agent-mailboxes-self send); -1: no limit (env GENIE_MAIL_SEND_LIMIT)")
	smtpRelay := fs.String("smtp-relay", env("GENIE_SMTP_RELAY", ""), "host:port of an SMTP relay for outgoing mail; default: none, mail to other domains stays in the outbox (env GENIE_SMTP_RELAY)")
	smtpUser := fs.String("smtp-username", env("GENIE_SMTP_USERNAME", ""), "SMTP relay username (env GENIE_SMTP_USERNAME)")
	smtpPass := fs.String("smtp-password", env("GENIE_SMTP_PASSWORD", ""), "SMTP relay password; prefer the environment variable (env GENIE_SMTP_PASSWORD)")
	mailFrom := fs.String("mail-from", env("GENIE_MAIL_FROM", ""), "From address of system emails; default Genie <no-reply@<mail-domain>> (env GENIE_MAIL_FROM)")
	return func(c *app.Config) error {
		c.MailDomain, c.SMTPAddr, c.SMTPAddrDefault = *mailDomain, *smtpAddr, !flagOrEnvSet(fs, "smtp-addr", "GENIE_SMTP_ADDR")
		c.SMTPRelay, c.SMTPUsername, c.SMTPPassword, c.MailSendLimit = *smtpRelay, *smtpUser, *smtpPass, *sendLimit
		c.WebhookAllowPrivate, c.WebhookWindow = *webhookPrivate, *webhookWindow
		c.MailFrom, c.MailKey = *mailFrom, os.Getenv("GENIE_MAIL_KEY")
		return nil
	}
}

// chatFlags are the conversation page's flags.
func chatFlags(fs *flag.FlagSet) func(*app.Config) error {
	snapshot := fs.String("search-snapshot", env("GENIE_SEARCH_SNAPSHOT", ""), "file in which the marketplace search index of a catalog over 50,000 listings is kept between runs, so that a restart is ready in seconds; default: beside a SQLite database (<db>.search), on PostgreSQL in the user cache directory; off: none (env GENIE_SEARCH_SNAPSHOT)")
	retention := fs.Duration("conversation-retention", envDuration("GENIE_CONVERSATION_RETENTION", 90*24*time.Hour), "how long a visitor conversation (with the visitor's email of an escalation) is kept after its last message (env GENIE_CONVERSATION_RETENTION)")
	chatLimit := fs.Int("chat-rate-limit", envInt("GENIE_CHAT_RATE_LIMIT", 60), "public conversations ask and feedback requests per minute per client address on one genie (10 times that across genies); 0 turns it off (env GENIE_CHAT_RATE_LIMIT)")
	chatGenieLimit := fs.Int("chat-genie-rate-limit", envInt("GENIE_CHAT_GENIE_RATE_LIMIT", 600), "public conversations ask and feedback requests per minute per genie; 0 turns it off (env GENIE_CHAT_GENIE_RATE_LIMIT)")
	return func(c *app.Config) error {
		if *retention <= 0 || *chatLimit < 0 || *chatGenieLimit < 0 {
			return fmt.Errorf("--conversation-retention must be positive; --chat-rate-limit and --chat-genie-rate-limit must not be negative")
		}
		c.ConversationRetention, c.ChatAskLimit, c.ChatGenieLimit = *retention, offIfZero(*chatLimit), offIfZero(*chatGenieLimit)
		c.SearchSnapshot = *snapshot
		return nil
	}
}

func newLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level %q: use debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch strings.ToLower(format) {
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format %q: use json or text", format)
}

// envOr is env, except that a variable set to the empty string counts (so
// GENIE_SMTP_ADDR= disables the SMTP server).
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

func envBool(name string) bool {
	b, _ := strconv.ParseBool(os.Getenv(name))
	return b
}

// envBoolOr is envBool with a default for an unset or unparsable value.
func envBoolOr(name string, def bool) bool {
	if b, err := strconv.ParseBool(os.Getenv(name)); err == nil {
		return b
	}
	return def
}

// splitList splits a comma-separated flag value, dropping empty entries.
func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}

// generatorName describes the genie-documents generator for the start-up
// log line, without the API key or any password in the URL.
func generatorName(modelURL, model string) string {
	if modelURL == "" {
		return "embedded"
	}
	if u, err := url.Parse(modelURL); err == nil {
		modelURL = u.Redacted()
	}
	return "openai-compatible " + model + " at " + modelURL
}

// flagOrEnvSet reports whether a flag was given on the command line or
// through its environment variable.
func flagOrEnvSet(fs *flag.FlagSet, name, envName string) bool {
	if _, ok := os.LookupEnv(envName); ok {
		return true
	}
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// offIfZero maps a flag's 0 ("no limit") to app.Config's negative.
func offIfZero(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// reuseCfg maps a duration flag's 0 ("never", "no limit") to app.Config's
// negative.
func reuseCfg(d time.Duration) time.Duration {
	if d <= 0 {
		return -1
	}
	return d
}

// crashAt is a crash-test hook: with GENIE_TEST_CRASH_AT set to a point
// between two writes of a webhook attempt ("attempt recorded", "delivery
// updated"), the process kills itself (SIGKILL) the first time it gets
// there, so a test can check what a real crash at that point leaves.
func crashAt(a *app.App) {
	point := os.Getenv("GENIE_TEST_CRASH_AT")
	if point == "" {
		return
	}
	a.Deliverer.SetFault(func(p string) error {
		if p == point {
			self, _ := os.FindProcess(os.Getpid())
			self.Kill() //nolint:errcheck // the process ends here
			select {}
		}
		return nil
	})
}
