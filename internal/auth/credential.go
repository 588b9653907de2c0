package auth

import (
	"net/http"
	"strings"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// Credential is the raw credential a request carries.
type Credential struct {
	Method Method // MethodNone when the request has none
	Value  string
}

// Extract reads the request's credential. "X-API-Key: K" is an API key;
// "Authorization: Bearer V" is a session token when V has the shape of a JWT
// and an API key otherwise. When both headers are sent, Authorization wins.
// An Authorization header with another scheme, or an empty bearer, is an
// INVALID_TOKEN error.
func Extract(r *http.Request) (Credential, error) {
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, value, _ := strings.Cut(strings.TrimSpace(h), " ")
		value = strings.TrimSpace(value)
		if !strings.EqualFold(scheme, "Bearer") {
			return Credential{}, apperr.New(apperr.CodeInvalidToken, "Authorization header must use the Bearer scheme")
		}
		if value == "" {
			return Credential{}, apperr.New(apperr.CodeInvalidToken, "Authorization header has an empty bearer credential")
		}
		if LooksLikeJWT(value) {
			return Credential{Method: MethodSession, Value: value}, nil
		}
		return Credential{Method: MethodAPIKey, Value: value}, nil
	}
	if k := strings.TrimSpace(r.Header.Get("X-API-Key")); k != "" {
		return Credential{Method: MethodAPIKey, Value: k}, nil
	}
	if _, ok := r.Header["X-Api-Key"]; ok {
		return Credential{Method: MethodAPIKey, Value: ""}, nil
	}
	return Credential{}, nil
}

// LooksLikeJWT reports whether s has the compact JWS shape: three
// base64url segments, the first of which encodes a JSON object.
func LooksLikeJWT(s string) bool {
	if !strings.HasPrefix(s, "eyJ") || strings.Count(s, ".") != 2 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
