package editlinks

import (
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/secrets"
)

func TestCheckPIN(t *testing.T) {
	cases := []struct {
		pin  string
		want bool
	}{
		{"0000", true},
		{"1234", true},
		{"12345", true},
		{"12345678", true},
		{"00000000", true},
		{"", false},
		{"1", false},
		{"123", false},
		{"123456789", false},
		{"12a4", false},
		{"abcd", false},
		{" 1234", false},
		{"1234 ", false},
		{"12 34", false},
		{"-123", false},
		{"+1234", false},
		{"12.4", false},
		{"1e10", false},
		{"١٢٣٤", false},     // Arabic-Indic digits are not ASCII digits
		{"１２３４", false},     // fullwidth digits
		{"1234\x00", false}, // NUL
	}
	for _, c := range cases {
		err := CheckPIN("pin", c.pin)
		if got := err == nil; got != c.want {
			t.Errorf("CheckPIN(%q) ok = %v, want %v (err %v)", c.pin, got, c.want, err)
		}
		if err != nil {
			if e, _ := apperr.As(err); e.Code != apperr.CodeValidation || e.Field != "pin" {
				t.Errorf("CheckPIN(%q) = %v, want VALIDATION_ERROR on pin", c.pin, err)
			}
		}
	}
}

func TestCheckContent(t *testing.T) {
	str := func(s string) *string { return &s }
	cases := []struct {
		name    string
		content *string
		want    bool
	}{
		{"missing", nil, false},
		{"empty", str(""), false},
		{"blank", str(" \n\t "), false},
		{"one char", str("x"), true},
		{"max ascii", str(strings.Repeat("a", MaxContentLen)), true},
		{"over ascii", str(strings.Repeat("a", MaxContentLen+1)), false},
		{"max multibyte", str(strings.Repeat("é", MaxContentLen)), true},
		{"max 4-byte", str(strings.Repeat("😀", MaxContentLen)), true},
		{"over multibyte", str(strings.Repeat("€", MaxContentLen+1)), false},
		{"invalid utf-8", str("ok\xff"), false},
	}
	for _, c := range cases {
		err := CheckContent("content", c.content)
		if got := err == nil; got != c.want {
			t.Errorf("%s: ok = %v, want %v (err %v)", c.name, got, c.want, err)
		}
		if err != nil && !apperr.HasCode(err, apperr.CodeValidation) {
			t.Errorf("%s: err %v, want VALIDATION_ERROR", c.name, err)
		}
	}
}

func TestNewToken(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		tok := NewToken()
		if len(tok) != 43 {
			t.Fatalf("token %q has %d characters, want 43", tok, len(tok))
		}
		b, err := base64.RawURLEncoding.DecodeString(tok)
		if err != nil || len(b) != 32 {
			t.Fatalf("token %q is not 32 bytes of unpadded URL-safe base64: %v", tok, err)
		}
		if seen[tok] {
			t.Fatalf("token %q repeated", tok)
		}
		seen[tok] = true
		if PathFor(tok) != "/update/"+tok {
			t.Fatalf("PathFor = %q", PathFor(tok))
		}
	}
}

func TestHashToken(t *testing.T) {
	a, b := HashToken("a"), HashToken("b")
	if len(a) != 64 || a == b || a != HashToken("a") || HashToken("") == a {
		t.Fatalf("HashToken: got %q and %q", a, b)
	}
}

func testSealer(t *testing.T) *sealer {
	kr, err := secrets.Open(filepath.Join(t.TempDir(), "keys"), true, nil)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := kr.Ring(secrets.EditLinkKey)
	if err != nil {
		t.Fatal(err)
	}
	return &sealer{ring: ring}
}

func TestSeal(t *testing.T) {
	s := testSealer(t)
	tok := NewToken()
	sealed := s.seal("doc-1", tok)
	if strings.Contains(sealed, tok) {
		t.Fatalf("sealed value contains the token")
	}
	if got, err := s.open("doc-1", sealed); err != nil || got != tok {
		t.Fatalf("open = %q, %v; want %q", got, err, tok)
	}
	if s.seal("doc-1", tok) == sealed {
		t.Fatalf("two seals of one token are equal: the nonce is not random")
	}
	if _, err := s.open("doc-2", sealed); err == nil {
		t.Fatalf("a sealed token opened for another document")
	}
	other := testSealer(t)
	if _, err := other.open("doc-1", sealed); err == nil {
		t.Fatalf("a sealed token opened with another key")
	}
	if _, err := s.open("doc-1", "!!"); err == nil {
		t.Fatalf("malformed sealed value opened")
	}
}
