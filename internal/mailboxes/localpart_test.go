package mailboxes

import (
	"strings"
	"testing"
)

func TestCheckLocalpart(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"ab", true},
		{"front-desk", true},
		{"a1", true},
		{"42", true},
		{"a--b", true},
		{strings.Repeat("a", 40), true},
		{"a", false},
		{"", false},
		{strings.Repeat("a", 41), false},
		{"-ab", false},
		{"ab-", false},
		{"-", false},
		{"Front", false},
		{"front_desk", false},
		{"front.desk", false},
		{"front desk", false},
		{"café", false},
		{"a@b", false},
		{"postmaster", false},
		{"no-reply", false},
	} {
		if err := CheckLocalpart(c.in); (err == nil) != c.ok {
			t.Errorf("CheckLocalpart(%q) = %v, want ok %v", c.in, err, c.ok)
		}
	}
}

func TestSlug(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Front Desk", "front-desk"},
		{"  Front   Desk!! ", "front-desk"},
		{"Café Crème", "cafe-creme"},
		{"Ångström Lab", "angstrom-lab"},
		{"R2-D2", "r2-d2"},
		{"--x--y--", "x-y"},
		{"日本語", "genie"},
		{"A", "genie"},
		{"", "genie"},
		{"Postmaster", "genie"},
		{strings.Repeat("abcdefghij", 5), "abcdefghijabcdefghijabcdefghijabc"},
		{strings.Repeat("a", 32) + " b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
	} {
		got := Slug(c.in)
		if got != c.want {
			t.Errorf("Slug(%q) = %q, want %q", c.in, got, c.want)
		}
		if err := CheckLocalpart(got); err != nil {
			t.Errorf("Slug(%q) = %q is not a valid local part: %v", c.in, got, err)
		}
	}
}

func TestCandidate(t *testing.T) {
	for _, c := range []struct {
		name    string
		attempt int
		prefix  string
		suffix  bool
	}{
		{"Front Desk", 0, "front-desk", false},
		{"Front Desk", 1, "front-desk-", true},
		{"Front Desk", 7, "front-desk-", true},
		{"!!", 0, "genie-", true},
		{strings.Repeat("x", 60), 3, strings.Repeat("x", 33) + "-", true},
	} {
		got := Candidate(c.name, c.attempt)
		if !strings.HasPrefix(got, c.prefix) || c.suffix && len(got) != len(c.prefix)+6 || !c.suffix && got != c.prefix {
			t.Errorf("Candidate(%q, %d) = %q, want %q%s", c.name, c.attempt, got, c.prefix, map[bool]string{true: "xxxxxx"}[c.suffix])
		}
		if err := CheckLocalpart(got); err != nil {
			t.Errorf("Candidate(%q, %d) = %q: %v", c.name, c.attempt, got, err)
		}
	}
	if a, b := Candidate("x y", 1), Candidate("x y", 1); a == b {
		t.Errorf("two suffixed candidates are equal: %q", a)
	}
}
