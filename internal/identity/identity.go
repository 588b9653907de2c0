// Package identity is the embedded sign-in provider at {base_url}/auth/v1.
// It speaks the subset of the Supabase Auth (GoTrue) HTTP API that
// @supabase/auth-js uses for email and password accounts: sign-up,
// password and refresh-token grants, get user and sign-out. Access tokens
// are HS256 JWTs that live for one hour and name a session; sign-out
// revokes the session, and the v1 API refuses its tokens at once.
package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/apperr"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/db"
	"github.com/geniehq/genie/internal/jsoncheck"
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
	// SignInLimit throttles password attempts per email address; nil means
	// no limit.
	SignInLimit *auth.RateLimiter
	// AddrLimit throttles sign-ups and password sign-ins per client address
	// and GlobalLimit all of them together (see NewAddrLimiter); nil means
	// no limit. ClientIPHeader names the header a trusted reverse proxy
	// sets to the client's address ("" means the peer address).
	AddrLimit, GlobalLimit *auth.RateLimiter
	ClientIPHeader         string
	// RefreshReuseInterval is how long after its use a refresh token may
	// be presented again without ending the session (GoTrue's
	// refresh_token_reuse_interval); 0 means DefaultRefreshReuseInterval,
	// negative means never.
	RefreshReuseInterval time.Duration
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
	mux.HandleFunc("POST /auth/v1/logout", p.logout)
	mux.HandleFunc("GET /auth/v1/health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"name": "genie-auth", "description": "embedded GoTrue-compatible sign-in"})
	})
	mux.HandleFunc("GET /auth/v1/settings", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{
			"external":           map[string]bool{"email": true, "phone": false},
			"disable_signup":     false,
			"mailer_autoconfirm": true,
			"phone_autoconfirm":  false,
		})
	})
	mux.HandleFunc("/auth/v1/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "not_found", "this endpoint is not supported by the embedded provider")
	})
}

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
	if bt := jsoncheck.FindBadText(body); bt != nil {
		fail(w, http.StatusBadRequest, "validation_failed", bt.Problem)
		return false
	}
	return true
}

// userJSON is the GoTrue user object.
func userJSON(u *users.User) map[string]any {
	meta := map[string]any{}
	json.Unmarshal([]byte(u.UserMetadata), &meta) //nolint:errcheck
	identities := []any{}
	if u.Email != "" {
		identities = append(identities, map[string]any{
			"identity_id": u.ID, "id": u.ID, "user_id": u.ID, "provider": "email",
			"identity_data": map[string]any{"email": u.Email, "sub": u.ID, "email_verified": true},
			"created_at":    u.CreatedAt, "updated_at": u.UpdatedAt, "last_sign_in_at": u.LastSignInAt,
		})
	}
	return map[string]any{
		"id": u.ID, "aud": "authenticated", "role": "authenticated",
		"email": u.Email, "email_confirmed_at": u.CreatedAt, "confirmed_at": u.CreatedAt,
		"phone": "", "last_sign_in_at": u.LastSignInAt,
		"app_metadata":  map[string]any{"provider": "email", "providers": []string{"email"}, "genie_role": string(u.Role)},
		"user_metadata": meta, "identities": identities,
		"created_at": u.CreatedAt, "updated_at": u.UpdatedAt, "is_anonymous": false,
	}
}

func (p *Provider) signup(w http.ResponseWriter, r *http.Request) {
	if !p.throttle(w, r) {
		return
	}
	var in struct {
		Email    string          `json:"email"`
		Password string          `json:"password"`
		Data     json.RawMessage `json:"data"`
	}
	if !decode(w, r, &in) {
		return
	}
	email, err := users.NormalizeEmail(in.Email)
	if err != nil {
		fail(w, http.StatusBadRequest, "validation_failed", "Unable to validate email address: invalid format")
		return
	}
	if err := users.CheckPassword(in.Password); err != nil {
		fail(w, http.StatusUnprocessableEntity, "weak_password", strings.ToUpper(err.Error()[:1])+err.Error()[1:])
		return
	}
	meta := "{}"
	if len(in.Data) > 0 && in.Data[0] == '{' {
		meta = string(in.Data)
	}
	fullName := ""
	var m map[string]any
	if json.Unmarshal([]byte(meta), &m) == nil {
		fullName, _ = m["full_name"].(string)
	}
	u, err := p.Users.Create(r.Context(), users.NewUser{Email: email, Password: in.Password, FullName: fullName, UserMetadata: meta})
	if hashingBusy(w, err) {
		return
	}
	if errors.Is(err, users.ErrEmailTaken) {
		fail(w, http.StatusUnprocessableEntity, "user_already_exists", "User already registered")
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	p.issue(w, r, u, "password")
}

func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Query().Get("grant_type") {
	case "password":
		p.passwordGrant(w, r)
	case "refresh_token":
		p.refreshGrant(w, r)
	default:
		fail(w, http.StatusBadRequest, "validation_failed", "unsupported grant_type; use password or refresh_token")
	}
}

func (p *Provider) passwordGrant(w http.ResponseWriter, r *http.Request) {
	if !p.throttle(w, r) {
		return
	}
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if !decode(w, r, &in) {
		return
	}
	if p.SignInLimit != nil {
		q, err := p.SignInLimit.Take(r.Context(), "signin:"+strings.ToLower(strings.TrimSpace(in.Email)))
		if err != nil {
			p.internal(w, r, err)
			return
		}
		if !q.Allowed {
			tooMany(w, q.Reset.Sub(p.DB.Now()), "Too many sign-in attempts for this email; try again later")
			return
		}
	}
	u, err := p.Users.ByEmail(r.Context(), in.Email)
	if err != nil && !apperr.HasCode(err, apperr.CodeNotFound) {
		p.internal(w, r, err)
		return
	}
	hash := ""
	if u != nil {
		hash = u.PasswordHash
	}
	ok, err := p.Users.VerifyPassword(r.Context(), hash, in.Password)
	if hashingBusy(w, err) {
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	if !ok || u == nil {
		fail(w, http.StatusBadRequest, "invalid_credentials", "Invalid login credentials")
		return
	}
	p.issue(w, r, u, "password")
}

// issue starts a session for u and writes the session body.
func (p *Provider) issue(w http.ResponseWriter, r *http.Request, u *users.User, method string) {
	ctx := r.Context()
	now := p.DB.Now()
	sessionID := uuid.NewString()
	refresh := newRefreshToken()
	err := p.DB.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO auth_sessions (id, user_id, created_at, updated_at) VALUES ($1, $2, $3, $3)`,
			sessionID, u.ID, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)`,
			hashToken(refresh), sessionID, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE users SET last_sign_in_at = $1 WHERE id = $2`, now, u.ID)
		return err
	})
	if err != nil {
		p.internal(w, r, err)
		return
	}
	u.LastSignInAt = &now
	p.writeSession(w, r, u, sessionID, refresh, method, now)
}

func (p *Provider) writeSession(w http.ResponseWriter, r *http.Request, u *users.User, sessionID, refresh, method string, authAt time.Time) {
	now := p.DB.Now()
	exp := now.Add(AccessTokenTTL)
	claims := &auth.Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: p.Tokens.Issuer, Subject: u.ID, Audience: jwt.ClaimStrings{"authenticated"},
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
		},
		Email: u.Email, Role: "authenticated", AAL: "aal1", SessionID: sessionID,
		AppMetadata:  map[string]any{"provider": "email", "providers": []string{"email"}},
		UserMetadata: map[string]any{},
		AMR:          []auth.AMREntry{{Method: method, Timestamp: authAt.Unix()}},
	}
	access, err := p.Tokens.Sign(claims)
	if err != nil {
		p.internal(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": access, "token_type": "bearer",
		"expires_in": int(AccessTokenTTL.Seconds()), "expires_at": exp.Unix(),
		"refresh_token": refresh, "user": userJSON(u),
	})
}

func (p *Provider) refreshGrant(w http.ResponseWriter, r *http.Request) {
	var in struct {
		RefreshToken string `json:"refresh_token"`
	}
	if !decode(w, r, &in) {
		return
	}
	if in.RefreshToken == "" {
		fail(w, http.StatusBadRequest, "validation_failed", "refresh_token is required")
		return
	}
	ctx := r.Context()
	now := p.DB.Now()
	next := newRefreshToken()
	var sessionID, userID string
	var authAt time.Time
	var failure *authError
	err := p.DB.Tx(ctx, func(tx *sql.Tx) error {
		var used, revoked sql.NullTime
		err := tx.QueryRowContext(ctx, `SELECT t.session_id, t.used_at, s.user_id, s.revoked_at, s.created_at
			FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
			WHERE t.token_hash = $1`+p.DB.ForUpdate(), hashToken(in.RefreshToken)).Scan(&sessionID, &used, &userID, &revoked, &authAt)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			failure = &authError{400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"}
			return nil
		case err != nil:
			return err
		case revoked.Valid:
			failure = &authError{400, "session_expired", "Invalid Refresh Token: Session Expired (Revoked)"}
			return nil
		case used.Valid && now.Sub(used.Time) >= p.reuseInterval():
			// A used token presented again, past the reuse interval, means
			// it was copied: end the session, as OAuth refresh-token
			// rotation prescribes.
			failure = &authError{400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"}
			_, err := tx.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1 WHERE id = $2`, now, sessionID)
			return err
		case used.Valid:
			// Within the reuse interval (GoTrue's refresh_token_reuse_interval):
			// two tabs refreshing one session at once both stay signed in.
			// Only hashes are kept, so the second gets a fresh token of the
			// same session rather than a copy of the first one's.
		default:
			if _, err := tx.ExecContext(ctx, `UPDATE auth_refresh_tokens SET used_at = $1 WHERE token_hash = $2`, now, hashToken(in.RefreshToken)); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)`,
			hashToken(next), sessionID, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE auth_sessions SET updated_at = $1 WHERE id = $2`, now, sessionID)
		return err
	})
	if err != nil {
		p.internal(w, r, err)
		return
	}
	if failure != nil {
		fail(w, failure.Code, failure.ErrorCode, failure.Msg)
		return
	}
	u, err := p.Users.ByID(ctx, userID)
	if err != nil {
		p.internal(w, r, err)
		return
	}
	p.writeSession(w, r, u, sessionID, next, "password", authAt)
}

// bearerSession verifies the request's bearer token as one of this
// provider's sessions.
func (p *Provider) bearerSession(w http.ResponseWriter, r *http.Request) (*auth.Claims, bool) {
	h := r.Header.Get("Authorization")
	scheme, tok, _ := strings.Cut(h, " ")
	if !strings.EqualFold(scheme, "Bearer") || tok == "" {
		fail(w, http.StatusUnauthorized, "no_authorization", "This endpoint requires a Bearer token")
		return nil, false
	}
	claims, err := p.Tokens.Verify(strings.TrimSpace(tok))
	if err != nil {
		fail(w, http.StatusForbidden, "bad_jwt", "invalid JWT: unable to parse or verify signature, token is expired or invalid")
		return nil, false
	}
	var revoked sql.NullTime
	err = p.DB.R.QueryRowContext(r.Context(), `SELECT revoked_at FROM auth_sessions WHERE id = $1 AND user_id = $2`,
		claims.SessionID, claims.Subject).Scan(&revoked)
	if errors.Is(err, sql.ErrNoRows) || err == nil && revoked.Valid {
		fail(w, http.StatusForbidden, "session_not_found", "Session from session_id claim in JWT does not exist")
		return nil, false
	}
	if err != nil {
		p.internal(w, r, err)
		return nil, false
	}
	return claims, true
}

func (p *Provider) user(w http.ResponseWriter, r *http.Request) {
	claims, ok := p.bearerSession(w, r)
	if !ok {
		return
	}
	u, err := p.Users.ByID(r.Context(), claims.Subject)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		fail(w, http.StatusForbidden, "user_not_found", "User from sub claim in JWT does not exist")
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, userJSON(u))
}

func (p *Provider) logout(w http.ResponseWriter, r *http.Request) {
	claims, ok := p.bearerSession(w, r)
	if !ok {
		return
	}
	now := p.DB.Now()
	var err error
	switch scope := r.URL.Query().Get("scope"); scope {
	case "", "global":
		_, err = p.DB.W.ExecContext(r.Context(), `UPDATE auth_sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL`, now, claims.Subject)
	case "local":
		_, err = p.DB.W.ExecContext(r.Context(), `UPDATE auth_sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL`, now, claims.SessionID)
	case "others":
		_, err = p.DB.W.ExecContext(r.Context(), `UPDATE auth_sessions SET revoked_at = $1 WHERE user_id = $2 AND id <> $3 AND revoked_at IS NULL`, now, claims.Subject, claims.SessionID)
	default:
		fail(w, http.StatusBadRequest, "validation_failed", fmt.Sprintf("unsupported logout scope %q", scope))
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
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
