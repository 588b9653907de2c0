package auth

import (
	"net/http"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

func TestLooksLikeJWT(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln", true},
		{"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", true},
		{"svc_live_abc", false},
		{"eyJ.only-two", false},
		{"abc.def.ghi", false},
		{"eyJ a.b.c", false},
		{"eyJhbGci.e30.sig=", false},
		{"", false},
	}
	for _, c := range cases {
		if got := LooksLikeJWT(c.in); got != c.want {
			t.Errorf("LooksLikeJWT(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestCheckKeyPrefix(t *testing.T) {
	for _, k := range []string{"svc_live_x", "svc_admin_x", "svc_live_"} {
		if err := CheckKeyPrefix(k); err != nil {
			t.Errorf("CheckKeyPrefix(%q) = %v", k, err)
		}
	}
	for _, k := range []string{"", "svc_live", "svc_test_x", "SVC_LIVE_x", "sk_live_x", " svc_live_x"} {
		if !apperr.HasCode(CheckKeyPrefix(k), apperr.CodeInvalidKeyPrefix) {
			t.Errorf("CheckKeyPrefix(%q) accepted", k)
		}
	}
}

func TestNewAPIKey(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		k := NewAPIKey(RoleUser)
		if !strings.HasPrefix(k, LiveKeyPrefix) || len(k) != len(LiveKeyPrefix)+43 || seen[k] {
			t.Fatalf("bad or repeated key %q", k)
		}
		seen[k] = true
	}
	if k := NewAPIKey(RoleAdmin); !strings.HasPrefix(k, AdminKeyPrefix) {
		t.Fatalf("admin key %q", k)
	}
	if DisplayPrefix("svc_live_abcdef") != "svc_live" {
		t.Fatal("display prefix is not the first 8 characters")
	}
	if HashAPIKey("a") == HashAPIKey("b") || len(HashAPIKey("a")) != 64 {
		t.Fatal("hash")
	}
}

func TestExtract(t *testing.T) {
	jwt := "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"
	cases := []struct {
		name    string
		headers map[string]string
		method  Method
		value   string
		code    string
	}{
		{"none", nil, MethodNone, "", ""},
		{"bearer key", map[string]string{"Authorization": "Bearer svc_live_k"}, MethodAPIKey, "svc_live_k", ""},
		{"bearer jwt", map[string]string{"Authorization": "Bearer " + jwt}, MethodSession, jwt, ""},
		{"x-api-key", map[string]string{"X-API-Key": "svc_live_k"}, MethodAPIKey, "svc_live_k", ""},
		{"authorization wins", map[string]string{"Authorization": "Bearer " + jwt, "X-API-Key": "svc_live_k"}, MethodSession, jwt, ""},
		{"basic", map[string]string{"Authorization": "Basic abc"}, MethodNone, "", apperr.CodeInvalidToken},
		{"empty bearer", map[string]string{"Authorization": "Bearer"}, MethodNone, "", apperr.CodeInvalidToken},
		{"empty x-api-key", map[string]string{"X-API-Key": " "}, MethodAPIKey, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, _ := http.NewRequest("POST", "/v1", nil)
			for k, v := range c.headers {
				r.Header.Set(k, v)
			}
			cred, err := Extract(r)
			if c.code != "" {
				if !apperr.HasCode(err, c.code) {
					t.Fatalf("err = %v, want %s", err, c.code)
				}
				return
			}
			if err != nil || cred.Method != c.method || cred.Value != c.value {
				t.Fatalf("got %+v, %v; want method %v value %q", cred, err, c.method, c.value)
			}
		})
	}
}
