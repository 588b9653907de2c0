package auth

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// lastUsedGranularity bounds how often last_used_at is written for a key.
const lastUsedGranularity = time.Minute

// Authenticator turns a Credential into a Caller.
type Authenticator struct {
	DB     *db.DB
	Tokens *Tokens
	Log    *slog.Logger
	// AcceptExternal admits tokens that name no session of the embedded
	// provider: those of an external provider sharing the HS256 secret or
	// publishing a JWKS. Off when the secret is the embedded provider's own.
	AcceptExternal bool
	// ProvisionExternal creates the user record for a token subject seen for
	// the first time (tokens of an external identity provider).
	ProvisionExternal func(ctx context.Context, subject, email string) error
	// KeyUsed records an API key's last use (the api_keys table belongs to
	// internal/apikeys, which imports this package; the wiring sets it).
	// It is called at most once a minute per key; nil records nothing.
	KeyUsed func(ctx context.Context, keyID string, at time.Time) error
}

// Resolve authenticates cred. It returns INVALID_KEY_PREFIX, KEY_NOT_FOUND or
// INVALID_TOKEN errors for bad credentials.
func (a *Authenticator) Resolve(ctx context.Context, cred Credential) (*Caller, error) {
	switch cred.Method {
	case MethodAPIKey:
		return a.resolveKey(ctx, cred.Value)
	case MethodSession:
		return a.resolveSession(ctx, cred.Value)
	}
	return nil, apperr.Unauthorized("authentication required")
}

func (a *Authenticator) resolveKey(ctx context.Context, key string) (*Caller, error) {
	if err := CheckKeyPrefix(key); err != nil {
		return nil, err
	}
	hash := HashAPIKey(key)
	var (
		c        = &Caller{Method: MethodAPIKey}
		stored   string
		active   bool
		lastUsed sql.NullTime
		role     string
		email    sql.NullString
		team     sql.NullInt64
	)
	err := a.DB.R.QueryRowContext(ctx, `SELECT k.id, k.key_hash, k.is_active, k.last_used_at, u.id, u.email, u.role, u.team_id
		FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1`, hash).
		Scan(&c.KeyID, &stored, &active, &lastUsed, &c.UserID, &email, &role, &team)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.CodeKeyNotFound, "API key not found or revoked")
	}
	if err != nil {
		return nil, fmt.Errorf("look up api key: %w", err)
	}
	if subtle.ConstantTimeCompare([]byte(stored), []byte(hash)) != 1 || !active {
		return nil, apperr.New(apperr.CodeKeyNotFound, "API key not found or revoked")
	}
	c.Email, c.Role = email.String, Role(role)
	if team.Valid {
		c.TeamID = &team.Int64
	}
	now := a.DB.Now()
	if a.KeyUsed != nil && (!lastUsed.Valid || now.Sub(lastUsed.Time) >= lastUsedGranularity) {
		if err := a.KeyUsed(ctx, c.KeyID, now); err != nil {
			a.Log.WarnContext(ctx, "update api key last_used_at", "key_id", c.KeyID, "err", err)
		}
	}
	return c, nil
}

func (a *Authenticator) resolveSession(ctx context.Context, raw string) (*Caller, error) {
	if a.Tokens == nil {
		return nil, apperr.New(apperr.CodeInvalidToken, "session tokens are not accepted by this server")
	}
	claims, err := a.Tokens.Verify(raw)
	if err != nil {
		return nil, err
	}
	c, err := a.embeddedSession(ctx, claims)
	if err == nil || !errors.Is(err, errNoSession) {
		return c, err
	}
	// Not a session of the embedded provider: acceptable only as a token of
	// a configured external provider, and never one claiming our issuer.
	if !a.AcceptExternal || claims.Issuer == a.Tokens.Issuer {
		return nil, apperr.New(apperr.CodeInvalidToken, "session has ended; sign in again")
	}
	c, err = a.userCaller(ctx, claims.Subject)
	if apperr.HasCode(err, apperr.CodeInvalidToken) && a.ProvisionExternal != nil {
		if err := a.ProvisionExternal(ctx, claims.Subject, claims.Email); err != nil {
			return nil, fmt.Errorf("provision external user: %w", err)
		}
		c, err = a.userCaller(ctx, claims.Subject)
	}
	if err != nil {
		return nil, err
	}
	c.SessionID = claims.SessionID
	return c, nil
}

// errNoSession: the token names no session of the embedded provider.
var errNoSession = errors.New("no such session")

// embeddedSession accepts a token of the embedded provider only while its
// session is live, so sign-out takes effect at once on every process. It
// returns errNoSession when the token names no session of ours.
func (a *Authenticator) embeddedSession(ctx context.Context, claims *Claims) (*Caller, error) {
	if claims.SessionID == "" {
		return nil, errNoSession
	}
	c := &Caller{Method: MethodSession, SessionID: claims.SessionID}
	var (
		role    string
		email   sql.NullString
		team    sql.NullInt64
		revoked sql.NullTime
	)
	err := a.DB.R.QueryRowContext(ctx, `SELECT u.id, u.email, u.role, u.team_id, s.revoked_at
		FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2`,
		claims.SessionID, claims.Subject).Scan(&c.UserID, &email, &role, &team, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("look up session: %w", err)
	}
	if revoked.Valid {
		return nil, apperr.New(apperr.CodeInvalidToken, "session has ended; sign in again")
	}
	c.Email, c.Role = email.String, Role(role)
	if team.Valid {
		c.TeamID = &team.Int64
	}
	return c, nil
}

func (a *Authenticator) userCaller(ctx context.Context, userID string) (*Caller, error) {
	c := &Caller{Method: MethodSession}
	var (
		role  string
		email sql.NullString
		team  sql.NullInt64
	)
	err := a.DB.R.QueryRowContext(ctx, `SELECT id, email, role, team_id FROM users WHERE id = $1`, userID).
		Scan(&c.UserID, &email, &role, &team)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.CodeInvalidToken, "session token's user does not exist")
	}
	if err != nil {
		return nil, fmt.Errorf("look up user: %w", err)
	}
	c.Email, c.Role = email.String, Role(role)
	if team.Valid {
		c.TeamID = &team.Int64
	}
	return c, nil
}
