package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/MicahParks/keyfunc/v3"
	"github.com/golang-jwt/jwt/v5"

	"genie/internal/apperr"
)

// Claims are the JWT claims the service reads and, for its embedded
// provider, writes. The shape follows Supabase Auth access tokens.
type Claims struct {
	jwt.RegisteredClaims
	Email        string         `json:"email,omitempty"`
	Phone        string         `json:"phone"`
	Role         string         `json:"role,omitempty"`
	AAL          string         `json:"aal,omitempty"`
	SessionID    string         `json:"session_id,omitempty"`
	IsAnonymous  bool           `json:"is_anonymous"`
	AppMetadata  map[string]any `json:"app_metadata,omitempty"`
	UserMetadata map[string]any `json:"user_metadata,omitempty"`
	AMR          []AMREntry     `json:"amr,omitempty"`
}

// AMREntry is one authentication method reference.
type AMREntry struct {
	Method    string `json:"method"`
	Timestamp int64  `json:"timestamp"`
}

// Tokens signs the embedded provider's access tokens and verifies incoming
// session tokens: HS256 with the shared secret, and RS256/ES256 against a
// JWKS when one is configured.
type Tokens struct {
	Issuer string // issuer of tokens signed here
	secret []byte
	jwks   keyfunc.Keyfunc
	parser *jwt.Parser
}

// NewTokens returns a Tokens. secret may be empty only when jwksURL is set;
// jwksURL may be empty. The JWKS is fetched and refreshed in the background
// until ctx ends.
func NewTokens(ctx context.Context, issuer string, secret []byte, jwksURL string) (*Tokens, error) {
	t := &Tokens{Issuer: issuer, secret: secret}
	methods := []string{}
	if len(secret) > 0 {
		methods = append(methods, "HS256")
	}
	if jwksURL != "" {
		k, err := keyfunc.NewDefaultCtx(ctx, []string{jwksURL})
		if err != nil {
			return nil, fmt.Errorf("jwks %s: %w", jwksURL, err)
		}
		t.jwks = k
		methods = append(methods, "RS256", "RS384", "RS512", "ES256", "ES384", "ES512", "PS256", "EdDSA")
	}
	if len(methods) == 0 {
		return nil, errors.New("tokens: neither a JWT secret nor a JWKS URL is configured")
	}
	t.parser = jwt.NewParser(jwt.WithValidMethods(methods), jwt.WithExpirationRequired(), jwt.WithLeeway(30*time.Second))
	return t, nil
}

// CanSign reports whether the embedded provider can issue tokens.
func (t *Tokens) CanSign() bool { return len(t.secret) > 0 }

// Sign returns a signed HS256 token for the claims.
func (t *Tokens) Sign(c *Claims) (string, error) {
	if !t.CanSign() {
		return "", errors.New("tokens: no signing secret")
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
}

// Verify parses and validates a token. Any failure is INVALID_TOKEN.
func (t *Tokens) Verify(raw string) (*Claims, error) {
	var c Claims
	_, err := t.parser.ParseWithClaims(raw, &c, t.key)
	if err != nil {
		msg := "session token is invalid"
		if errors.Is(err, jwt.ErrTokenExpired) {
			msg = "session token has expired"
		}
		return nil, apperr.New(apperr.CodeInvalidToken, "%s", msg)
	}
	if c.Subject == "" {
		return nil, apperr.New(apperr.CodeInvalidToken, "session token has no subject")
	}
	return &c, nil
}

func (t *Tokens) key(tok *jwt.Token) (any, error) {
	if _, ok := tok.Method.(*jwt.SigningMethodHMAC); ok {
		return t.secret, nil
	}
	if t.jwks == nil {
		return nil, errors.New("no JWKS configured")
	}
	return t.jwks.Keyfunc(tok)
}
