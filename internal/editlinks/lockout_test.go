package editlinks_test

import (
	"fmt"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// lockedLink returns a server, an owner, a document and its token with
// PIN 2580.
func lockedLink(t *testing.T, s *apitest.Server) (u *apitest.User, doc, token string) {
	t.Helper()
	u = s.NewUser(t, auth.RoleUser)
	doc = apitest.NewDoc(t, s, u.Token, "Menu", "soup", false)
	token = generate(t, s, u.Token, doc)
	link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": "2580"}).Expect(t, 200, "")
	return u, doc, token
}

// lockOut sends five wrong PINs and checks the countdown.
func lockOut(t *testing.T, s *apitest.Server, token string) {
	t.Helper()
	for want := 4; want >= 0; want-- {
		r := update(t, s, token, "guess", "0000").Expect(t, 403, "FORBIDDEN")
		if attempts(r) != want {
			t.Fatalf("attemptsRemaining %d, want %d: %s", attempts(r), want, r.Raw)
		}
	}
}

// expectLocked checks the 429 of a locked link, even with the right PIN,
// and returns the Retry-After seconds.
func expectLocked(t *testing.T, s *apitest.Server, token string) int {
	t.Helper()
	r := update(t, s, token, "right pin", "2580").Expect(t, 429, "RATE_LIMIT_EXCEEDED")
	secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || secs < 1 || secs > 900 {
		t.Fatalf("Retry-After %q, want 1 to 900 seconds", r.Header.Get("Retry-After"))
	}
	until, err := time.Parse(time.RFC3339, fmt.Sprint(r.Err()["lockedUntil"]))
	if err != nil || attempts(r) != 0 {
		t.Fatalf("locked error object: %s", r.Raw)
	}
	if d := time.Until(until); d > 15*time.Minute+time.Minute {
		t.Fatalf("lockedUntil %v is more than 15 minutes away", until)
	}
	return secs
}

// TestLockout: five consecutive wrong PINs lock saving for 15 minutes; the
// lock ends on rotate, on a PIN change and after the timeout.
func TestLockout(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		var clk apitest.Clock
		s := apitest.Start(t, store, apitest.WithClock(&clk))
		u, doc, token := lockedLink(t, s)

		lockOut(t, s, token)
		if secs := expectLocked(t, s, token); secs < 890 {
			t.Fatalf("Retry-After %d right after the lock, want about 900", secs)
		}
		update(t, s, token, "guess", "0000").Expect(t, 429, "RATE_LIMIT_EXCEEDED")
		update(t, s, token, "no pin", nil).Expect(t, 429, "RATE_LIMIT_EXCEEDED")
		// Reading still works; the content did not change.
		link(t, s, "", "public-get", "", map[string]any{"token": token}).Expect(t, 200, "")
		if got := docContent(t, s, u.Token, doc); got != "soup" {
			t.Fatalf("content %q", got)
		}

		// A PIN change ends the lock (setting the same PIN again too).
		link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": "2580"}).Expect(t, 200, "")
		update(t, s, token, "after pin change", "2580").Expect(t, 200, "")

		// Rotate ends the lock; the PIN stays.
		lockOut(t, s, token)
		expectLocked(t, s, token)
		token = apitest.Str(link(t, s, u.Token, "generate", doc, map[string]any{"rotate": true}).Expect(t, 200, "").Data(), "link", "token")
		update(t, s, token, "after rotate", nil).Expect(t, 400, "VALIDATION_ERROR")
		if r := update(t, s, token, "guess", "0000").Expect(t, 403, "FORBIDDEN"); attempts(r) != 4 {
			t.Fatalf("attemptsRemaining after rotate %d, want 4", attempts(r))
		}
		update(t, s, token, "after rotate", "2580").Expect(t, 200, "")

		// Removing the PIN ends the lock too.
		lockOut(t, s, token)
		link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": nil}).Expect(t, 200, "")
		update(t, s, token, "no pin now", nil).Expect(t, 200, "")
		link(t, s, u.Token, "set-pin", doc, map[string]any{"pin": "2580"}).Expect(t, 200, "")

		// The lock runs out after 15 minutes, not before; then a fresh
		// series of five attempts starts.
		lockOut(t, s, token)
		clk.Advance(15*time.Minute - 2*time.Second)
		if secs := expectLocked(t, s, token); secs > 2 {
			t.Fatalf("Retry-After %d two seconds before the end", secs)
		}
		clk.Advance(3 * time.Second)
		if r := update(t, s, token, "guess", "0000").Expect(t, 403, "FORBIDDEN"); attempts(r) != 4 {
			t.Fatalf("attemptsRemaining after the lock ran out %d, want 4", attempts(r))
		}
		update(t, s, token, "after timeout", "2580").Expect(t, 200, "")
		if got := docContent(t, s, u.Token, doc); got != "after timeout" {
			t.Fatalf("content %q", got)
		}
	})
}

// hammer sends n parallel wrong-PIN saves spread over servers and counts
// statuses and the attemptsRemaining values of the 403s.
func hammer(t *testing.T, servers []*apitest.Server, token string, n int) (map[int]int, []int) {
	t.Helper()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		statuses = map[int]int{}
		left     []int
		start    = make(chan struct{})
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := update(t, servers[i%len(servers)], token, "guess", fmt.Sprintf("%04d", 1000+i))
			mu.Lock()
			defer mu.Unlock()
			statuses[r.Status]++
			if r.Status == 403 {
				left = append(left, attempts(r))
			}
		}()
	}
	close(start)
	wg.Wait()
	sort.Ints(left)
	return statuses, left
}

func checkHammer(t *testing.T, statuses map[int]int, left []int, n int) {
	t.Helper()
	if statuses[403] != 5 || statuses[429] != n-5 || len(statuses) != 2 {
		t.Fatalf("statuses %v, want 5x403 and %dx429", statuses, n-5)
	}
	if fmt.Sprint(left) != "[0 1 2 3 4]" {
		t.Fatalf("attemptsRemaining of the 403s %v, want each of 0..4 once", left)
	}
}

// TestLockoutParallel: 50 parallel wrong PINs: exactly five are judged.
func TestLockoutParallel(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		_, _, token := lockedLink(t, s)
		statuses, left := hammer(t, []*apitest.Server{s}, token, 50)
		checkHammer(t, statuses, left, 50)
		expectLocked(t, s, token)
	})
}

// TestLockoutAcrossServers: two servers on one database share the lockout
// and the token key.
func TestLockoutAcrossServers(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s1 := apitest.Start(t, store)
		s2 := apitest.StartOn(t, s1.DSN)
		u, doc, token := lockedLink(t, s1)
		if got := apitest.Str(link(t, s2, u.Token, "get", doc, nil).Expect(t, 200, "").Data(), "link", "token"); got != token {
			t.Fatalf("second server reads token %q, want %q", got, token)
		}
		statuses, left := hammer(t, []*apitest.Server{s1, s2}, token, 50)
		checkHammer(t, statuses, left, 50)
		expectLocked(t, s1, token)
		expectLocked(t, s2, token)
		// A rotate on one server ends the lock on both.
		token = apitest.Str(link(t, s2, u.Token, "generate", doc, map[string]any{"rotate": true}).Expect(t, 200, "").Data(), "link", "token")
		update(t, s1, token, "saved on s1", "2580").Expect(t, 200, "")
		if got := docContent(t, s2, u.Token, doc); got != "saved on s1" {
			t.Fatalf("content %q", got)
		}
	})
}

// parallel runs n calls of fn at once and counts the statuses.
func parallel(n int, fn func(i int) *apitest.Resp) map[int]int {
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		statuses = map[int]int{}
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := fn(i)
			mu.Lock()
			statuses[r.Status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return statuses
}

// TestConcurrentGenerate: parallel first generates make one link.
func TestConcurrentGenerate(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		doc := apitest.NewDoc(t, s, u.Token, "Doc", "text", false)
		var mu sync.Mutex
		tokens := map[string]bool{}
		statuses := parallel(20, func(int) *apitest.Resp {
			r := link(t, s, u.Token, "generate", doc, nil)
			mu.Lock()
			tokens[apitest.Str(r.Data(), "link", "token")] = true
			mu.Unlock()
			return r
		})
		if statuses[201] != 1 || statuses[200] != 19 || len(tokens) != 1 {
			t.Fatalf("statuses %v, %d tokens; want one 201, nineteen 200 and one token", statuses, len(tokens))
		}
	})
}

// TestSaveWhileDeleting: saves racing a document delete end in 200 or 404,
// never in an error.
func TestSaveWhileDeleting(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		for round := range 3 {
			doc := apitest.NewDoc(t, s, u.Token, "Doc", "text", false)
			apitest.NewGenie(t, s, u.Token, "G", doc)
			token := generate(t, s, u.Token, doc)
			statuses := parallel(21, func(i int) *apitest.Resp {
				if i == 10 {
					return s.Call(t, u.Token, "documents", "delete", doc, nil)
				}
				return update(t, s, token, fmt.Sprintf("save %d", i), nil)
			})
			if statuses[200]+statuses[404] != 21 {
				t.Fatalf("round %d: statuses %v, want only 200 and 404", round, statuses)
			}
		}
	})
}
