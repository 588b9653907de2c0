package identity

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/users"
)

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
	// As GoTrue: only the right password learns that the address waits
	// for its confirmation.
	if u.EmailConfirmedAt == nil {
		fail(w, http.StatusBadRequest, "email_not_confirmed", "Email not confirmed")
		return
	}
	p.issue(w, r, u, methodPassword)
}

// Authentication methods named in a session's amr claim.
const (
	methodPassword = "password"
	methodOTP      = "otp" // a mailed code or link, as GoTrue names it
)

// newSession is a session started inside a transaction, to be written out
// after the commit.
type newSession struct {
	ID, Refresh string
	Method      string
	At          time.Time
}

// startSession creates a session for the user in tx and records the
// sign-in.
func (p *Provider) startSession(ctx context.Context, tx *sql.Tx, userID, method string) (newSession, error) {
	s := newSession{ID: uuid.NewString(), Refresh: newRefreshToken(), Method: method, At: p.DB.Now()}
	if _, err := tx.ExecContext(ctx, `INSERT INTO auth_sessions (id, user_id, amr_method, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`,
		s.ID, userID, method, s.At); err != nil {
		return s, fmt.Errorf("identity: create session: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)`,
		hashToken(s.Refresh), s.ID, s.At); err != nil {
		return s, fmt.Errorf("identity: create refresh token: %w", err)
	}
	return s, p.Users.RecordSignIn(ctx, tx, userID, s.At)
}

// issue starts a session for u and writes the session body.
func (p *Provider) issue(w http.ResponseWriter, r *http.Request, u *users.User, method string) {
	var s newSession
	err := p.DB.Tx(r.Context(), func(tx *sql.Tx) error {
		var err error
		s, err = p.startSession(r.Context(), tx, u.ID, method)
		return err
	})
	if err != nil {
		p.internal(w, r, err)
		return
	}
	u.LastSignInAt = &s.At
	p.writeSession(w, r, u, s.ID, s.Refresh, s.Method, s.At)
}

func (p *Provider) writeSession(w http.ResponseWriter, r *http.Request, u *users.User, sessionID, refresh, method string, authAt time.Time) {
	body, err := p.sessionBody(u, sessionID, refresh, method, authAt)
	if err != nil {
		p.internal(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, body)
}

// sessionBody is GoTrue's session (access token response) with a new
// access token for the session.
func (p *Provider) sessionBody(u *users.User, sessionID, refresh, method string, authAt time.Time) (*SessionBody, error) {
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
		return nil, err
	}
	return &SessionBody{AccessToken: access, TokenType: "bearer", ExpiresIn: int(AccessTokenTTL.Seconds()), ExpiresAt: exp.Unix(),
		RefreshToken: refresh, User: userJSON(u, pending{})}, nil
}

// SessionBody is GoTrue's session: what sign-up, the token grants and
// verify answer.
type SessionBody struct {
	AccessToken  string         `json:"access_token"`
	TokenType    string         `json:"token_type"`
	ExpiresIn    int            `json:"expires_in"`
	ExpiresAt    int64          `json:"expires_at"`
	RefreshToken string         `json:"refresh_token"`
	User         map[string]any `json:"user"`
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
	var method string
	var failure *authError
	err := p.DB.Tx(ctx, func(tx *sql.Tx) error {
		var used, revoked sql.NullTime
		err := tx.QueryRowContext(ctx, `SELECT t.session_id, t.used_at, s.user_id, s.revoked_at, s.created_at, s.amr_method
			FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
			WHERE t.token_hash = $1`+p.DB.ForUpdate(), hashToken(in.RefreshToken)).Scan(&sessionID, &used, &userID, &revoked, &authAt, &method)
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
	p.writeSession(w, r, u, sessionID, next, method, authAt)
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
