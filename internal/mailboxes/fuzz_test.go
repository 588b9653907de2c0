package mailboxes

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var localpartRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$`)

// FuzzCheckLocalpart: a local part is 2 to 40 of a-z, 0-9 and inner
// hyphens, and not a reserved role address.
func FuzzCheckLocalpart(f *testing.F) {
	for _, s := range []string{"front-desk", "a", "ab", "-ab", "ab-", "Ab", "postmaster", "a_b", "é1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := localpartRE.MatchString(s) && !slices.Contains(Reserved, s)
		if ok := CheckLocalpart(s) == nil; ok != want {
			t.Fatalf("CheckLocalpart(%q) = %v, want %v", s, ok, want)
		}
	})
}

// FuzzMailQuestions: whatever a mail says, at most maxQuestions questions
// (or the text and the subject), none empty, none longer than maxQuestion
// characters.
func FuzzMailQuestions(f *testing.F) {
	for _, s := range []string{"Hi, when are you open? Thanks, Ann", "Bonjour,\n\navez-vous un parking ?\n-- \nMarie", "A? B? C? D?", "", "Thanks!"} {
		f.Add("Re: hours", s)
	}
	f.Fuzz(func(t *testing.T, subject, body string) {
		qs, all := mailQuestions(subject, body)
		if (all && len(qs) > maxQuestions) || (!all && len(qs) > 2) {
			t.Fatalf("%d questions (all %v)", len(qs), all)
		}
		for _, q := range qs {
			if strings.TrimSpace(q) == "" || utf8.RuneCountInString(q) > maxQuestion {
				t.Fatalf("question %q", q)
			}
		}
	})
}
