package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/MicahParks/keyfunc/v3"
	"github.com/golang-jwt/jwt/v5"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/secrets"
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

// HMACKeys returns the live HS256 keys, current first (nil: none).
// Rotation adds a current key and keeps the older ones live for a while,
// so tokens they signed still verify.
type HMACKeys func() []secrets.Key

// Tokens signs the embedded provider's access tokens and verifies incoming
// session tokens: HS256 with the shared secret, and RS256/ES256 against a
// JWKS when one is configured.
type Tokens struct {
	Issuer string // issuer of tokens signed here
	hmac   HMACKeys
	jwks   keyfunc.Keyfunc
	parser *jwt.Parser
}

// NewTokens returns a Tokens. hmac may be nil only when jwksURL is set;
// jwksURL may be empty. The JWKS is fetched and refreshed in the background
// until ctx ends.
func NewTokens(ctx context.Context, issuer string, hmac HMACKeys, jwksURL string) (*Tokens, error) {
	t := &Tokens{Issuer: issuer, hmac: hmac}
	methods := []string{}
	if hmac != nil {
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
func (t *Tokens) CanSign() bool { return t.hmac != nil && len(t.hmac()) > 0 }

// Sign returns a token for the claims signed (HS256) with the current key,
// whose id is the token's kid.
func (t *Tokens) Sign(c *Claims) (string, error) {
	if t.hmac == nil {
		return "", errors.New("tokens: no signing secret")
	}
	keys := t.hmac()
	if len(keys) == 0 {
		return "", errors.New("tokens: no signing secret")
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, c)
	tok.Header["kid"] = keys[0].ID
	return tok.SignedString(keys[0].Secret)
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
		if t.hmac == nil {
			return nil, errors.New("no HS256 key")
		}
		keys := t.hmac()
		if kid, _ := tok.Header["kid"].(string); kid != "" {
			for _, k := range keys {
				if k.ID == kid {
					return k.Secret, nil
				}
			}
		}
		// No kid, or one of another provider sharing the secret: any live
		// key may have signed it.
		set := jwt.VerificationKeySet{}
		for _, k := range keys {
			set.Keys = append(set.Keys, k.Secret)
		}
		return set, nil
	}
	if t.jwks == nil {
		return nil, errors.New("no JWKS configured")
	}
	return t.jwks.Keyfunc(tok)
}
