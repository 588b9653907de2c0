package auth_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// A spaced limiter lets one request through per interval measured from the
// last one let through, across a fixed window's end, on every process.
func TestSpacedRateLimiter(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		clock := &apitest.Clock{}
		s := apitest.Start(t, store, apitest.WithClock(clock))
		d := s.App.DB
		limiter := func() *auth.RateLimiter { // one per process
			return &auth.RateLimiter{DB: d, Limit: 1, Window: time.Minute, Spaced: true}
		}
		one, two := limiter(), limiter()
		take := func(l *auth.RateLimiter, bucket string) auth.Quota {
			t.Helper()
			q, err := l.Take(ctx, bucket)
			if err != nil {
				t.Fatal(err)
			}
			return q
		}

		// 100 ms before a minute starts, then 200 ms later: a fixed window
		// would let both through.
		clock.Set(time.Now().UTC().Truncate(time.Minute).Add(2*time.Minute - 100*time.Millisecond))
		first := clock.Now()
		if q := take(one, "mail:a"); !q.Allowed || q.Reset.Sub(first) < time.Minute || q.Reset.Sub(first) > time.Minute+time.Second {
			t.Fatalf("first: %+v", q)
		}
		clock.Advance(200 * time.Millisecond)
		for i, l := range []*auth.RateLimiter{one, two} {
			q := take(l, "mail:a")
			if q.Allowed || q.Reset.Sub(first) < time.Minute-time.Millisecond || q.Reset.Sub(first) > time.Minute+time.Second {
				t.Fatalf("second, process %d: %+v (first at %v)", i+1, q, first)
			}
		}
		if q := take(two, "mail:b"); !q.Allowed {
			t.Fatalf("another bucket: %+v", q)
		}
		clock.Advance(time.Minute - 200*time.Millisecond) // the interval has ended
		if q := take(two, "mail:a"); !q.Allowed {
			t.Fatalf("after the interval: %+v", q)
		}
		if q := take(one, "mail:a"); q.Allowed {
			t.Fatalf("right after the third: %+v", q)
		}

		// Concurrent requests on two processes: exactly one goes through.
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				q, err := []*auth.RateLimiter{one, two}[i%2].Take(ctx, "mail:c")
				if err != nil {
					t.Error(err)
				}
				if q.Allowed {
					allowed.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := allowed.Load(); n != 1 {
			t.Fatalf("%d of 8 concurrent requests allowed, want 1", n)
		}

		// Sweep deletes the buckets whose interval has ended, and only those.
		clock.Advance(30 * time.Second)
		take(one, "mail:d")
		clock.Advance(40 * time.Second) // a, b and c have ended; d has not
		if err := one.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := d.W.QueryRowContext(ctx, `SELECT COUNT(*) FROM rate_limits WHERE bucket LIKE 'mail:%'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("%d spaced buckets after the sweep, want 1 (mail:d)", n)
		}
		if q := take(two, "mail:d"); q.Allowed {
			t.Fatalf("mail:d after the sweep: %+v", q)
		}
	})
}

// TestRateLimiterSpentBounded: a flood of distinct spent buckets (one per
// address or email a client makes up) is remembered in memory only up to
// MaxSpent; past it the limit still holds, from the database, and a sweep
// after the window forgets them all.
func TestRateLimiterSpentBounded(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		clock := &apitest.Clock{}
		s := apitest.Start(t, store, apitest.WithClock(clock))
		l := &auth.RateLimiter{DB: s.App.DB, Limit: 1, Window: time.Minute, MaxSpent: 50}
		for i := range 200 {
			b := fmt.Sprintf("flood:%d", i)
			for j, want := range []bool{true, false, false} {
				q, err := l.Take(ctx, b)
				if err != nil {
					t.Fatal(err)
				}
				if q.Allowed != want {
					t.Fatalf("bucket %d, request %d: allowed %v", i, j+1, q.Allowed)
				}
			}
		}
		if n := l.Remembered(); n != 50 {
			t.Fatalf("%d spent buckets in memory after a flood of 200, want the bound 50", n)
		}
		clock.Advance(2 * time.Minute)
		if err := l.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := l.Remembered(); n != 0 {
			t.Fatalf("%d spent buckets in memory after their window, want 0", n)
		}
	})
}
