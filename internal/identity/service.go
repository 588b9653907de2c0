package identity

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/users"
)

// Every method returns a refusal as an *Error (or users.ErrBusy when no
// password-hashing slot freed up in time, which the adapter answers as a
// 429); any other error is internal. Lock order inside transactions: the
// code rows, then the users row, then the session and refresh-token rows.

// Authentication methods named in a session's amr claim.
const (
	methodPassword = "password"
	methodOTP      = "otp" // a mailed code or link, as GoTrue names it
)

// SignupAllowed refuses every sign-up when sign-up is closed (checked
// before the request is counted or read, as GoTrue).
func (s *Service) SignupAllowed() error {
	if s.DisableSignup {
		return refuse(http.StatusUnprocessableEntity, "signup_disabled", "Signups not allowed for this instance")
	}
	return nil
}

// SignUp creates an account. Confirmed at once (the default), it answers
// with a session; when addresses must be confirmed see signupUnconfirmed.
// redirectTo is the request's redirect_to, for the mailed link.
func (s *Service) SignUp(ctx context.Context, in SignupInput, redirectTo string) (*SignupResult, error) {
	if in.Phone != "" && in.Email == "" {
		return nil, refuse(http.StatusBadRequest, "phone_provider_disabled", "Phone signups are disabled")
	}
	email, err := users.NormalizeEmail(in.Email)
	if err != nil {
		return nil, errBadEmail
	}
	if in.Password == "" {
		return nil, invalid("Signup requires a valid password")
	}
	if err := checkNewPassword(in.Password); err != nil {
		return nil, err
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
	n := users.NewUser{Email: email, Password: in.Password, FullName: fullName, UserMetadata: meta}
	if s.RequireEmailConfirmation {
		u, err := s.signupUnconfirmed(ctx, n, m, redirectTo)
		return &SignupResult{User: u}, err
	}
	u, err := s.Users.Create(ctx, n)
	if errors.Is(err, users.ErrEmailTaken) {
		return nil, refuse(http.StatusUnprocessableEntity, "user_already_exists", "User already registered")
	}
	if err != nil {
		return nil, err
	}
	body, err := s.issue(ctx, u, methodPassword)
	return &SignupResult{Session: body}, err
}

// checkNewPassword refuses, with GoTrue's 422 weak_password, a password
// that may not be set.
func checkNewPassword(pw string) error {
	if err := users.CheckPassword(pw); err != nil {
		msg := err.Error()
		return refuse(http.StatusUnprocessableEntity, "weak_password", strings.ToUpper(msg[:1])+msg[1:])
	}
	return nil
}

// signupUnconfirmed is sign-up when addresses must be confirmed, as GoTrue
// with mailer_autoconfirm off: a new account is created unconfirmed and
// mailed a code; an unconfirmed one is mailed a new code, and the password
// this sign-up chose replaces the account's only when that code is
// redeemed (the caller has not shown they own the address; whoever
// signed up first with someone else's address loses it when the owner
// confirms); for a confirmed one nothing is sent. All three answer with a
// user object and no session, the last with a made-up id and no
// identities (GoTrue's obfuscated user), and all three hash the password
// and count against the address's mail limit, so neither the answer nor
// its timing tells whether the address has an account.
func (s *Service) signupUnconfirmed(ctx context.Context, n users.NewUser, meta map[string]any, redirectTo string) (map[string]any, error) {
	if err := s.takeMailLimit(ctx, purposeSignup, n.Email); err != nil {
		return nil, err
	}
	existing, err := s.Users.ByEmail(ctx, n.Email)
	if err != nil && !apperr.HasCode(err, apperr.CodeNotFound) {
		return nil, err
	}
	if existing != nil {
		// The hash a new account costs, also where it is not kept.
		hash, err := s.Users.HashPassword(ctx, n.Password)
		if err != nil {
			return nil, err
		}
		if existing.EmailConfirmedAt != nil {
			return obfuscatedUser(n.Email, meta, s.DB.Now()), nil
		}
		return s.mailConfirmation(ctx, existing, hash, redirectTo), nil
	}
	n.Unconfirmed = true
	u, err := s.Users.Create(ctx, n)
	if errors.Is(err, users.ErrEmailTaken) { // signed up concurrently
		return obfuscatedUser(n.Email, meta, s.DB.Now()), nil
	}
	if err != nil {
		return nil, err
	}
	return s.mailConfirmation(ctx, u, "", redirectTo), nil
}

// mailConfirmation has a new sign-up code stored for the unconfirmed user
// and mailed, and returns the user object. pwHash is the password of a
// repeated sign-up, set only if this code is redeemed.
func (s *Service) mailConfirmation(ctx context.Context, u *users.User, pwHash, redirectTo string) map[string]any {
	s.mailNewCode(ctx, u.ID, purposeSignup, u.Email, pwHash, s.redirectTarget(redirectTo))
	now := s.DB.Now()
	return userJSON(u, pending{ConfirmationSentAt: &now})
}

// SignIn checks an email and password (GoTrue's password grant) and
// starts a session. A missing account costs the same time as a wrong
// password and gets the same answer.
func (s *Service) SignIn(ctx context.Context, in PasswordInput) (*SessionBody, error) {
	if err := s.takeSignInLimit(ctx, in.Email); err != nil {
		return nil, err
	}
	u, err := s.Users.ByEmail(ctx, in.Email)
	if err != nil && !apperr.HasCode(err, apperr.CodeNotFound) {
		return nil, err
	}
	hash := ""
	if u != nil {
		hash = u.PasswordHash
	}
	ok, err := s.Users.VerifyPassword(ctx, hash, in.Password)
	if err != nil {
		return nil, err
	}
	if !ok || u == nil {
		return nil, errBadCredentials
	}
	// As GoTrue: only the right password learns that the address waits
	// for its confirmation.
	if u.EmailConfirmedAt == nil {
		return nil, refuse(http.StatusBadRequest, "email_not_confirmed", "Email not confirmed")
	}
	return s.issue(ctx, u, methodPassword)
}

// newSession is a session started inside a transaction.
type newSession struct {
	ID, Refresh string
	Method      string
	At          time.Time
}

// startSession creates a session for the user in tx and records the
// sign-in on the account (after the account's own row, if the caller
// locked it).
func (s *Service) startSession(ctx context.Context, tx *sql.Tx, userID, method string) (newSession, error) {
	ns := newSession{ID: uuid.NewString(), Refresh: newRefreshToken(), Method: method, At: s.DB.Now()}
	if err := insertSession(ctx, tx, ns.ID, userID, method, ns.At); err != nil {
		return ns, err
	}
	if err := insertRefreshToken(ctx, tx, hashToken(ns.Refresh), ns.ID, ns.At); err != nil {
		return ns, err
	}
	return ns, s.Users.RecordSignIn(ctx, tx, userID, ns.At)
}

// issue starts a session for u in its own transaction and returns its
// body.
func (s *Service) issue(ctx context.Context, u *users.User, method string) (*SessionBody, error) {
	ns, err := db.InTx(ctx, s.DB, func(tx *sql.Tx) (newSession, error) { return s.startSession(ctx, tx, u.ID, method) })
	if err != nil {
		return nil, err
	}
	u.LastSignInAt = &ns.At
	return s.sessionBody(u, ns.ID, ns.Refresh, ns.Method, ns.At)
}

// sessionBody is GoTrue's session (access token response) with a new
// access token for the session.
func (s *Service) sessionBody(u *users.User, sessionID, refresh, method string, authAt time.Time) (*SessionBody, error) {
	now := s.DB.Now()
	exp := now.Add(AccessTokenTTL)
	claims := &auth.Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: s.Tokens.Issuer, Subject: u.ID, Audience: jwt.ClaimStrings{"authenticated"},
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
		},
		Email: u.Email, Role: "authenticated", AAL: "aal1", SessionID: sessionID,
		AppMetadata:  map[string]any{"provider": "email", "providers": []string{"email"}},
		UserMetadata: map[string]any{},
		AMR:          []auth.AMREntry{{Method: method, Timestamp: authAt.Unix()}},
	}
	access, err := s.Tokens.Sign(claims)
	if err != nil {
		return nil, err
	}
	return &SessionBody{AccessToken: access, TokenType: "bearer", ExpiresIn: int(AccessTokenTTL.Seconds()), ExpiresAt: exp.Unix(),
		RefreshToken: refresh, User: userJSON(u, pending{})}, nil
}

// Refresh redeems a refresh token for a new one of the same session
// (GoTrue's refresh-token grant), in one transaction that locks the
// token's row. A used token presented again within the reuse interval
// gets a fresh token too; past it, the session ends.
func (s *Service) Refresh(ctx context.Context, in RefreshInput) (*SessionBody, error) {
	if in.RefreshToken == "" {
		return nil, invalid("refresh_token is required")
	}
	next := newRefreshToken()
	var t *refreshRow
	var refusal error
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		t, refusal, err = s.rotate(ctx, tx, hashToken(in.RefreshToken), hashToken(next))
		return err
	})
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return nil, refusal
	}
	u, err := s.Users.ByID(ctx, t.UserID)
	if err != nil {
		return nil, err
	}
	return s.sessionBody(u, t.SessionID, next, t.Method, t.AuthAt)
}

// rotate, in tx, replaces the refresh token with the hash by the next
// one, or returns the refusal (after which tx is still committed: a
// copied token's session stays ended).
func (s *Service) rotate(ctx context.Context, tx *sql.Tx, tokenHash, nextHash string) (t *refreshRow, refusal, err error) {
	now := s.DB.Now()
	t, err = lockRefreshToken(ctx, tx, tokenHash, s.DB.ForUpdate())
	switch {
	case errors.Is(err, errNoRow):
		return nil, refuse(http.StatusBadRequest, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"), nil
	case err != nil:
		return nil, nil, err
	case t.Revoked.Valid:
		return nil, refuse(http.StatusBadRequest, "session_expired", "Invalid Refresh Token: Session Expired (Revoked)"), nil
	case t.Used.Valid && now.Sub(t.Used.Time) >= s.reuseInterval():
		// A used token presented again, past the reuse interval, means
		// it was copied: end the session, as OAuth refresh-token
		// rotation prescribes.
		return nil, refuse(http.StatusBadRequest, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
			revokeSession(ctx, tx, t.SessionID, now)
	case t.Used.Valid:
		// Within the reuse interval (GoTrue's refresh_token_reuse_interval):
		// two tabs refreshing one session at once both stay signed in.
		// Only hashes are kept, so the second gets a fresh token of the
		// same session rather than a copy of the first one's.
	default:
		if err := markRefreshTokenUsed(ctx, tx, tokenHash, now); err != nil {
			return nil, nil, err
		}
	}
	if err := insertRefreshToken(ctx, tx, nextHash, t.SessionID, now); err != nil {
		return nil, nil, err
	}
	return t, nil, touchSession(ctx, tx, t.SessionID, now)
}

// Authenticate verifies an access token as one of this provider's live
// sessions.
func (s *Service) Authenticate(ctx context.Context, token string) (*auth.Claims, error) {
	claims, err := s.Tokens.Verify(token)
	if err != nil {
		return nil, refuse(http.StatusForbidden, "bad_jwt", "invalid JWT: unable to parse or verify signature, token is expired or invalid")
	}
	revoked, err := sessionRevoked(ctx, s.DB.R, claims.SessionID, claims.Subject)
	if errors.Is(err, errNoRow) || err == nil && revoked {
		return nil, refuse(http.StatusForbidden, "session_not_found", "Session from session_id claim in JWT does not exist")
	}
	if err != nil {
		return nil, err
	}
	return claims, nil
}

// Logout revokes the caller's sessions: scope "global" (or "") all of
// the account's, "local" the caller's, "others" all but the caller's.
func (s *Service) Logout(ctx context.Context, c *auth.Claims, scope string) error {
	now := s.DB.Now()
	switch scope {
	case "", "global":
		return revokeSessions(ctx, s.DB.W, c.Subject, "", now)
	case "local":
		return revokeSession(ctx, s.DB.W, c.SessionID, now)
	case "others":
		return revokeSessions(ctx, s.DB.W, c.Subject, c.SessionID, now)
	}
	return invalid(fmt.Sprintf("unsupported logout scope %q", scope))
}

// User returns the user object, pending email change included.
func (s *Service) User(ctx context.Context, id string) (map[string]any, error) {
	u, err := s.Users.ByID(ctx, id)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return nil, errUserNotFound
	}
	if err != nil {
		return nil, err
	}
	var x pending
	if x.NewEmail, x.EmailChangeSentAt, err = pendingEmailChange(ctx, s.DB.R, id, s.DB.Now()); err != nil {
		return nil, err
	}
	return userJSON(u, x), nil
}
