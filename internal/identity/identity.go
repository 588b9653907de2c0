// Package identity is the embedded sign-in provider at {base_url}/auth/v1.
// It speaks the subset of the Supabase Auth (GoTrue) HTTP API that
// @supabase/auth-js uses for email and password accounts: sign-up (with
// optional confirmation by mail, or closed), password and refresh-token
// grants, get and update user, password recovery and verification of
// mailed one-time codes, and sign-out. Access tokens are HS256 JWTs that
// live for one hour and name a session; sign-out revokes the session, and
// the v1 API refuses its tokens at once. docs/auth.md describes it.
package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/jsoncheck"
	"github.com/geniehq/genie/internal/platform/mail"
	"github.com/geniehq/genie/internal/users"
)

// AccessTokenTTL is the lifetime of an access token.
const AccessTokenTTL = time.Hour

// maxBody bounds auth request bodies.
const maxBody = 64 << 10

// Provider serves the /auth/v1 endpoints.
type Provider struct {
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

// DefaultRefreshReuseInterval is GoTrue's default.
const DefaultRefreshReuseInterval = 10 * time.Second

func (p *Provider) reuseInterval() time.Duration {
	switch {
	case p.RefreshReuseInterval < 0:
		return 0
	case p.RefreshReuseInterval == 0:
		return DefaultRefreshReuseInterval
	}
	return p.RefreshReuseInterval
}

// Mount adds the provider's routes under /auth/v1.
func (p *Provider) Mount(mux *http.ServeMux) {
	mux.HandleFunc("POST /auth/v1/signup", p.signup)
	mux.HandleFunc("POST /auth/v1/token", p.token)
	mux.HandleFunc("GET /auth/v1/user", p.user)
	mux.HandleFunc("PUT /auth/v1/user", p.updateUser)
	mux.HandleFunc("POST /auth/v1/recover", p.recover)
	mux.HandleFunc("POST /auth/v1/verify", p.verifyPost)
	mux.HandleFunc("GET /auth/v1/verify", p.verifyGet)
	mux.HandleFunc("POST /auth/v1/resend", p.resend)
	mux.HandleFunc("POST /auth/v1/logout", p.logout)
	mux.HandleFunc("GET /auth/v1/health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"name": "genie-auth", "description": "embedded GoTrue-compatible sign-in"})
	})
	mux.HandleFunc("GET /auth/v1/settings", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, Settings{
			External:          map[string]bool{"email": true, "phone": false},
			DisableSignup:     p.DisableSignup,
			MailerAutoconfirm: !p.RequireEmailConfirmation,
		})
	})
	mux.HandleFunc("/auth/v1/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "not_found", "this endpoint is not supported by the embedded provider")
	})
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

// errStop rolls back a transaction whose failure is reported otherwise.
var errStop = errors.New("identity: stop")

// authError is the GoTrue error body that auth-js understands.
type authError struct {
	Code      int    `json:"code"`
	ErrorCode string `json:"error_code"`
	Msg       string `json:"msg"`
}

func fail(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, authError{Code: status, ErrorCode: code, Msg: msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) //nolint:errcheck
}

func (p *Provider) internal(w http.ResponseWriter, r *http.Request, err error) {
	p.Log.ErrorContext(r.Context(), "auth request failed", "path", r.URL.Path, "err", err)
	fail(w, http.StatusInternalServerError, "unexpected_failure", "internal error")
}

func decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		fail(w, http.StatusRequestEntityTooLarge, "request_too_large", fmt.Sprintf("request body is larger than %d bytes", maxBody))
		return false
	}
	if err := json.Unmarshal(body, dst); err != nil {
		fail(w, http.StatusBadRequest, "validation_failed", "request body must be a JSON object: "+err.Error())
		return false
	}
	// encoding/json would store a lone surrogate or bytes that are not
	// UTF-8 as U+FFFD: a password or email changed behind the user's back.
	// PostgreSQL cannot store U+0000 in text, and no field needs it (/v1
	// refuses it too).
	if bt := jsoncheck.FindBadTextOrNUL(body); bt != nil {
		fail(w, http.StatusBadRequest, "validation_failed", bt.Problem)
		return false
	}
	return true
}

// pending is what a user object shows of mails waiting for an answer.
type pending struct {
	ConfirmationSentAt *time.Time // a sign-up confirmation was mailed
	NewEmail           string     // an email change waits for confirmation
	EmailChangeSentAt  *time.Time
}

// userJSON is the GoTrue user object.
func userJSON(u *users.User, x pending) map[string]any {
	meta := map[string]any{}
	json.Unmarshal([]byte(u.UserMetadata), &meta) //nolint:errcheck
	identities := []any{}
	if u.Email != "" {
		identities = append(identities, map[string]any{
			"identity_id": u.ID, "id": u.ID, "user_id": u.ID, "provider": "email",
			"identity_data": map[string]any{"email": u.Email, "sub": u.ID, "email_verified": u.EmailConfirmedAt != nil},
			"created_at":    u.CreatedAt, "updated_at": u.UpdatedAt, "last_sign_in_at": u.LastSignInAt,
		})
	}
	out := map[string]any{
		"id": u.ID, "aud": "authenticated", "role": "authenticated",
		"email": u.Email, "phone": "", "last_sign_in_at": u.LastSignInAt,
		"app_metadata":  map[string]any{"provider": "email", "providers": []string{"email"}, "genie_role": string(u.Role)},
		"user_metadata": meta, "identities": identities,
		"created_at": u.CreatedAt, "updated_at": u.UpdatedAt, "is_anonymous": false,
	}
	// GoTrue leaves out the times that have not happened.
	if u.EmailConfirmedAt != nil {
		out["email_confirmed_at"], out["confirmed_at"] = u.EmailConfirmedAt, u.EmailConfirmedAt
	}
	if x.ConfirmationSentAt != nil {
		out["confirmation_sent_at"] = x.ConfirmationSentAt
	}
	if x.NewEmail != "" {
		out["new_email"], out["email_change_sent_at"] = x.NewEmail, x.EmailChangeSentAt
	}
	return out
}

func newRefreshToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(t string) string {
	s := sha256.Sum256([]byte(t))
	return hex.EncodeToString(s[:])
}
