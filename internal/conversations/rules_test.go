package conversations

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
)

func TestCheckQuestion(t *testing.T) {
	s := func(v string) *string { return &v }
	for _, tc := range []struct {
		in   *string
		want string
		ok   bool
	}{
		{nil, "", false},
		{s(""), "", false},
		{s(" \t\n"), "", false},
		{s("  Where is my parcel?  "), "Where is my parcel?", true},
		{s(strings.Repeat("é", MaxQuestionLen)), strings.Repeat("é", MaxQuestionLen), true},
		{s(strings.Repeat("é", MaxQuestionLen+1)), "", false},
	} {
		got, err := CheckQuestion(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("CheckQuestion(%v) = %q, %v", tc.in, got, err)
		}
		if e, ok := apperr.As(err); err != nil && (!ok || e.Field != "question" || e.Code != apperr.CodeValidation) {
			t.Errorf("error %v does not name the field question", err)
		}
	}
}

func TestEscalationInputCheck(t *testing.T) {
	for _, tc := range []struct {
		in    EscalationInput
		field string
	}{
		{EscalationInput{Email: " ada@example.com ", Name: " Ada ", Note: "Call me"}, ""},
		{EscalationInput{Email: "Ada.Lovelace+shop@Example.co.uk"}, ""},
		{EscalationInput{}, "email"},
		{EscalationInput{Email: "ada"}, "email"},
		{EscalationInput{Email: "ada@localhost"}, "email"},
		{EscalationInput{Email: "Ada <ada@example.com>"}, "email"},
		{EscalationInput{Email: "a@b.c\r\nBcc: x@y.z"}, "email"},
		{EscalationInput{Email: strings.Repeat("a", 250) + "@example.com"}, "email"},
		{EscalationInput{Email: "ada@example.com", Name: "a\nb"}, "name"},
		{EscalationInput{Email: "ada@example.com", Name: strings.Repeat("n", MaxNameLen+1)}, "name"},
		{EscalationInput{Email: "ada@example.com", Note: strings.Repeat("n", MaxNoteLen+1)}, "note"},
	} {
		got, err := tc.in.Check()
		e, _ := apperr.As(err)
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("%+v: %v", tc.in, err)
		case tc.field != "" && (e == nil || e.Field != tc.field):
			t.Errorf("%+v: error %v, want one on %s", tc.in, err, tc.field)
		case tc.field == "" && (got.Email != strings.TrimSpace(tc.in.Email) || got.Name != strings.TrimSpace(tc.in.Name)):
			t.Errorf("%+v: trimmed to %+v", tc.in, got)
		}
	}
}

func TestPreferredLanguage(t *testing.T) {
	for h, want := range map[string]string{
		"":                          "en",
		"de-DE,de;q=0.9,en;q=0.8":   "de",
		"pt-BR, es;q=0.8":           "es",
		"FR":                        "fr",
		"zh-CN,zh;q=0.9":            "en",
		"*;q=0.5":                   "en",
		"en-GB;q=0.9, fr-CA;q=0.95": "en", // the first the page speaks, as listed
	} {
		if got := preferredLanguage(h); got != want {
			t.Errorf("preferredLanguage(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestLimits(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 10, 0, time.UTC)
	l := NewLimits(2, 3, 1, -1)
	l.Now = func() time.Time { return now }
	if d := l.Genie("ask", "a", "g1") + l.Genie("ask", "a", "g1"); d != 0 {
		t.Fatalf("within the limit: %v", d)
	}
	if d := l.Genie("ask", "a", "g1"); d != 50*time.Second {
		t.Fatalf("past the per-client limit: wait %v, want the window's end (50s)", d)
	}
	// A request refused for its client does not spend the genie's budget.
	if d := l.Genie("ask", "b", "g1"); d != 0 {
		t.Fatalf("third of the genie's budget: %v", d)
	}
	if d := l.Genie("ask", "c", "g1"); d == 0 {
		t.Fatal("past the per-genie limit (3), another client was let through")
	}
	if d := l.Genie("ask", "b", "g2"); d != 0 {
		t.Fatalf("another genie: %v", d)
	}
	if d := l.Genie("escalate", "a", "g1"); d != 0 {
		t.Fatalf("escalations count apart: %v", d)
	}
	if d := l.Genie("escalate", "a", "g1"); d == 0 {
		t.Fatal("second escalation of the minute let through")
	}
	for range 20 {
		l.Address("ask", "c")
	}
	if d := l.Address("ask", "c"); d == 0 {
		t.Fatal("past 10 times the per-client limit across genies, let through")
	}
	now = now.Add(time.Minute)
	if d := l.Genie("ask", "a", "g1"); d != 0 {
		t.Fatalf("a new window: %v", d)
	}
	var off *Limits
	if off.Address("ask", "x") != 0 || off.Genie("ask", "x", "g") != 0 {
		t.Fatal("nil limits limit")
	}
}

func TestLimitsBounded(t *testing.T) {
	l := NewLimits(1, -1, 1, -1)
	for i := range maxBuckets + 100 {
		l.Address("ask", strings.Repeat("x", 8)+string(rune('a'+i%26))+time.Duration(i).String())
	}
	if n := len(l.buckets); n > maxBuckets+1 {
		t.Fatalf("%d buckets, want at most %d", n, maxBuckets+1)
	}
}

// TestBasesBounded floods the engine's per-genie cache of parsed bases:
// it never holds more than maxBases genies, and the genie just asked is
// kept.
func TestBasesBounded(t *testing.T) {
	e := &Engine{}
	for i := range 3*maxBases + 7 {
		id := fmt.Sprintf("genie-%d", i)
		e.keep(id, &cachedBase{version: 1})
		if n := len(e.bases); n > maxBases {
			t.Fatalf("after %d genies the cache holds %d bases, want at most %d", i+1, n, maxBases)
		}
		if e.bases[id] == nil {
			t.Fatalf("the base of %s, just kept, is not in the cache", id)
		}
	}
}

func TestGroupGaps(t *testing.T) {
	at := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	rows := []gapRow{ // newest first, as loadGapRows returns them
		{AgentID: "g", Question: "Do you deliver to Italy?", Language: "en", At: at.Add(5 * time.Minute)},
		{AgentID: "g", Question: "do you deliver to italy", Language: "en", At: at.Add(4 * time.Minute)},
		{AgentID: "g", Question: "Can I pay with cash?", Language: "en", Answered: true, At: at.Add(3 * time.Minute)},
		{AgentID: "g", Question: "Delivery to Italy?", Language: "en", At: at.Add(2 * time.Minute)},
		{AgentID: "h", Question: "Do you deliver to Italy?", Language: "en", At: at.Add(time.Minute)},
		{AgentID: "g", Question: "???", Language: "en", At: at},
		{AgentID: "g", Question: "???", Language: "en", At: at},
	}
	gaps := groupGaps(rows)
	if len(gaps) < 4 {
		t.Fatalf("groups: %d", len(gaps))
	}
	top := gaps[0]
	if top.AgentID != "g" || top.Count < 2 || top.Question != "Do you deliver to Italy?" || top.Unanswered != top.Count {
		t.Fatalf("top group: %+v", top)
	}
	var cash, marks, other *Gap
	for _, g := range gaps {
		switch {
		case g.Question == "Can I pay with cash?":
			cash = g
		case g.Question == "???":
			marks = g
		case g.AgentID == "h":
			other = g
		}
	}
	if cash == nil || cash.Count != 1 || cash.Unhelpful != 1 {
		t.Errorf("unhelpful answer: %+v", cash)
	}
	if marks == nil || marks.Count != 2 {
		t.Errorf("questions without a content word group by text: %+v", marks)
	}
	if other == nil || other.Count != 1 {
		t.Errorf("another genie's question is its own group: %+v", other)
	}
}
