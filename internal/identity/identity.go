// Package identity is the embedded sign-in provider at {base_url}/auth/v1.
// It speaks the subset of the Supabase Auth (GoTrue) HTTP API that
// @supabase/auth-js uses for email and password accounts: sign-up (with
// optional confirmation by mail, or closed), password and refresh-token
// grants, get and update user, password recovery and verification of
// mailed one-time codes, and sign-out. Access tokens are HS256 JWTs that
// live for one hour and name a session; sign-out revokes the session, and
// the v1 API refuses its tokens at once. docs/auth.md describes it.
//
// The package is laid out in three layers: gotrue.go is the HTTP adapter
// (decode, call one Service method, write the answer or the error in one
// place); service.go and recover.go hold the rules (each public method one
// transaction, lock order documented); store.go holds the SQL of the
// package's own tables (auth_sessions, auth_refresh_tokens,
// auth_one_time_codes). Accounts are read and written through
// internal/users, which owns the users table.
package identity

import (
	"log/slog"
	"sync"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/users"
)

// AccessTokenTTL is the lifetime of an access token.
const AccessTokenTTL = time.Hour

// DefaultRefreshReuseInterval is GoTrue's default.
const DefaultRefreshReuseInterval = 10 * time.Second

// Service is the embedded provider: its configuration and its rules. Set
// the fields, then Mount it; call Close before closing the database.
type Service struct {
	DB     *db.DB
	Users  *users.Store
	Tokens *auth.Tokens
	Log    *slog.Logger
	// SignInLimit throttles password attempts, and attempts at a mailed
	// code, per email address; nil means no limit.
	SignInLimit *auth.RateLimiter
	// AddrLimit throttles sign-ups, password sign-ins, recovery requests
	// and code verifications per client address and GlobalLimit all of
	// them together; nil means no limit. ClientIPHeader names the header a
	// trusted reverse proxy sets to the client's address ("" means the
	// peer address).
	AddrLimit, GlobalLimit *auth.RateLimiter
	ClientIPHeader         string
	// RefreshReuseInterval is how long after its use a refresh token may
	// be presented again without ending the session (GoTrue's
	// refresh_token_reuse_interval); 0 means DefaultRefreshReuseInterval,
	// negative means never.
	RefreshReuseInterval time.Duration

	// DisableSignup refuses new accounts (GoTrue's disable_signup).
	// RequireEmailConfirmation makes a sign-up mail a code that must be
	// verified before the first sign-in (GoTrue's mailer_autoconfirm
	// false); by default accounts are confirmed at once.
	DisableSignup            bool
	RequireEmailConfirmation bool
	// Mail sends the recovery, confirmation and email-change mails, from
	// MailFrom, with Message-IDs under MailDomain; AppName names the
	// service in them (default "Genie").
	Mail       mail.Sender
	MailFrom   string
	MailDomain string
	AppName    string
	// BaseURL is the service's public URL: mailed links go to its
	// /auth/v1/verify. They then send the browser to the redirect_to the
	// request named when it is allowed (see redirectTarget), else to
	// SiteURL (default BaseURL).
	BaseURL      string
	SiteURL      string
	RedirectURLs []string
	// OTPTTL is how long a mailed code and link stay valid; 0 means
	// DefaultOTPTTL.
	OTPTTL time.Duration
	// MailLimit bounds the mails of one kind sent to one address (GoTrue's
	// max frequency: one a minute); nil means no limit.
	MailLimit *auth.RateLimiter

	sending sync.WaitGroup // auth mails in flight
}

func (s *Service) reuseInterval() time.Duration {
	switch {
	case s.RefreshReuseInterval < 0:
		return 0
	case s.RefreshReuseInterval == 0:
		return DefaultRefreshReuseInterval
	}
	return s.RefreshReuseInterval
}

func (s *Service) otpTTL() time.Duration {
	if s.OTPTTL > 0 {
		return s.OTPTTL
	}
	return DefaultOTPTTL
}

func (s *Service) appName() string {
	if s.AppName != "" {
		return s.AppName
	}
	return "Genie"
}

// Settings is GoTrue's GET /settings body: which sign-in methods exist and
// how sign-up behaves.
type Settings struct {
	External          map[string]bool `json:"external"`
	DisableSignup     bool            `json:"disable_signup"`
	MailerAutoconfirm bool            `json:"mailer_autoconfirm"`
	PhoneAutoconfirm  bool            `json:"phone_autoconfirm"`
	SMSProvider       string          `json:"sms_provider"`
	SAMLEnabled       bool            `json:"saml_enabled"`
}

// Settings reports the configured sign-in methods and sign-up behaviour.
func (s *Service) Settings() Settings {
	return Settings{
		External:          map[string]bool{"email": true, "phone": false},
		DisableSignup:     s.DisableSignup,
		MailerAutoconfirm: !s.RequireEmailConfirmation,
	}
}

// Close waits for auth mails still being sent; call it before closing the
// database.
func (s *Service) Close() { s.sending.Wait() }
