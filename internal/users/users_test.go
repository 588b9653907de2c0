package users

import (
	"context"
	"testing"
)

func TestNormalizeEmail(t *testing.T) {
	ok := map[string]string{
		"a@b.co":                  "a@b.co",
		"  Dev@Example.COM ":      "dev@example.com",
		"x.y+tag@sub.example.org": "x.y+tag@sub.example.org",
		"admin@localhost":         "admin@localhost",
	}
	for in, want := range ok {
		if got, err := NormalizeEmail(in); err != nil || got != want {
			t.Errorf("NormalizeEmail(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "nope", "a@b", "a b@c.de", "Name <a@b.co>", "@b.co", "a@"} {
		if _, err := NormalizeEmail(in); err == nil {
			t.Errorf("NormalizeEmail(%q) accepted", in)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	for p, ok := range map[string]bool{"": false, "12345": false, "123456": true, string(make([]byte, 72)): true, string(make([]byte, 73)): false} {
		if err := CheckPassword(p); (err == nil) != ok {
			t.Errorf("CheckPassword(len %d) = %v", len(p), err)
		}
	}
}

func TestVerifyPassword(t *testing.T) {
	s := &Store{PasswordCost: 4}
	h, err := s.HashPassword(context.Background(), "right password")
	if err != nil {
		t.Fatal(err)
	}
	if !VerifyPassword(h, "right password") || VerifyPassword(h, "wrong password") || VerifyPassword("", "right password") {
		t.Fatal("VerifyPassword")
	}
}
