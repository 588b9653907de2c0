package auth_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/secrets"
)

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// TestExternalHS256: with --jwt-secret, tokens of a provider sharing the
// secret (as Supabase projects do) are accepted, and their subject becomes
// a user on first sight.
func TestExternalHS256(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		secret := "a-supabase-project-jwt-secret-of-32+chars"
		s := apitest.Start(t, store, func(c *app.Config) { c.JWTSecret = secret })
		sub := uuid.NewString()
		claims := jwt.MapClaims{"sub": sub, "email": "Ext@Example.com", "iss": "https://proj.supabase.co/auth/v1",
			"aud": "authenticated", "role": "authenticated", "exp": time.Now().Add(time.Hour).Unix(), "session_id": uuid.NewString()}
		tok, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
		r := s.Call(t, tok, "genies", "create", "", map[string]any{"name": "ext"}).Expect(t, 201, "")
		if apitest.Str(r.Data(), "genie", "user_id") != sub {
			t.Fatalf("genie owner %q, want the token subject %q", apitest.Str(r.Data(), "genie", "user_id"), sub)
		}
		// Same subject, same user, second time.
		if c := s.Call(t, tok, "genies", "all", "", nil).Expect(t, 200, "").Data()["count"]; c != 1.0 {
			t.Fatalf("count %v", c)
		}
		u, err := s.App.Users.ByID(t.Context(), sub)
		if err != nil || u.Email != "ext@example.com" || u.Role != auth.RoleUser {
			t.Fatalf("provisioned user: %+v, %v", u, err)
		}
		// Wrong secret, and a token claiming the embedded issuer with no session.
		bad, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte("other secret"))
		s.Call(t, bad, "genies", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")
		claims["iss"] = s.URL + "/auth/v1"
		own, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
		s.Call(t, own, "genies", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")
		// The embedded provider keeps working with the shared secret.
		local := s.NewUser(t, auth.RoleUser)
		s.Call(t, local.Token, "genies", "all", "", nil).Expect(t, 200, "")
	})
}

// TestEmbeddedOnlyRefusesForeignTokens: without a configured secret or
// JWKS, a token that names no live session is refused even if it were
// signed with the generated secret.
func TestEmbeddedOnlyRefusesForeignTokens(t *testing.T) {
	s := apitest.Start(t, "sqlite")
	u := s.NewUser(t, auth.RoleUser)
	s.Call(t, u.Token, "genies", "all", "", nil).Expect(t, 200, "")
	key := s.App.Keys.Keys(secrets.JWTSecret)[0].Secret
	tok, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": u.ID, "iss": "elsewhere",
		"exp": time.Now().Add(time.Hour).Unix()}).SignedString(key)
	s.Call(t, tok, "genies", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")
}

// TestExternalJWKS: with --jwks-url, RS256 and ES256 tokens signed by keys
// in the provider's JWKS are accepted; unknown keys are refused.
func TestExternalJWKS(t *testing.T) {
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	ecKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	pad := func(b []byte, n int) []byte { return append(make([]byte, n-len(b)), b...) }
	jwks := map[string]any{"keys": []map[string]any{
		{"kty": "RSA", "kid": "rsa1", "alg": "RS256", "use": "sig", "n": b64(rsaKey.N.Bytes()), "e": b64(big.NewInt(int64(rsaKey.E)).Bytes())},
		{"kty": "EC", "kid": "ec1", "alg": "ES256", "use": "sig", "crv": "P-256",
			"x": b64(pad(ecKey.X.Bytes(), 32)), "y": b64(pad(ecKey.Y.Bytes(), 32))},
	}}
	idp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(jwks) //nolint:errcheck
	}))
	t.Cleanup(idp.Close)

	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) { c.JWKSURL = idp.URL })
		claims := func() jwt.MapClaims {
			return jwt.MapClaims{"sub": uuid.NewString(), "email": "jwks-" + uuid.NewString()[:8] + "@example.com",
				"iss": "https://idp.example.com", "exp": time.Now().Add(time.Hour).Unix()}
		}
		rs := jwt.NewWithClaims(jwt.SigningMethodRS256, claims())
		rs.Header["kid"] = "rsa1"
		rsTok, _ := rs.SignedString(rsaKey)
		s.Call(t, rsTok, "genies", "all", "", nil).Expect(t, 200, "")

		es := jwt.NewWithClaims(jwt.SigningMethodES256, claims())
		es.Header["kid"] = "ec1"
		esTok, _ := es.SignedString(ecKey)
		s.Call(t, esTok, "genies", "create", "", map[string]any{"name": "via jwks"}).Expect(t, 201, "")

		other, _ := rsa.GenerateKey(rand.Reader, 2048)
		unknown := jwt.NewWithClaims(jwt.SigningMethodRS256, claims())
		unknown.Header["kid"] = "rsa1"
		badTok, _ := unknown.SignedString(other)
		s.Call(t, badTok, "genies", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")

		expired := claims()
		expired["exp"] = time.Now().Add(-time.Hour).Unix()
		ex := jwt.NewWithClaims(jwt.SigningMethodRS256, expired)
		ex.Header["kid"] = "rsa1"
		exTok, _ := ex.SignedString(rsaKey)
		s.Call(t, exTok, "genies", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")
	})
}
