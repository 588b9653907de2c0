package auth

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// RateLimiter counts requests per bucket (an API key) in fixed windows kept
// in the database, so that every process sharing the database shares the
// budget.
//
// A Spaced limiter instead allows one request per bucket, and the next one
// only Window after it (GoTrue's interval between two mails to an
// address): a fixed window would let two through a moment apart, one at
// each side of a window's end. Its bucket is one row (window_start 0)
// holding the end of the interval in Unix milliseconds, moved by a
// conditional upsert, so concurrent requests on any number of processes
// let exactly one through.
type RateLimiter struct {
	DB     *db.DB
	Limit  int
	Window time.Duration
	Spaced bool

	// spent remembers, per bucket, the end of a window this process saw
	// exhausted: until then a request is refused without a database write
	// (the count cannot go down within a window), so a flood of refused
	// requests costs no more than a map lookup.
	// At most MaxSpent buckets are remembered (DefaultMaxSpent when 0):
	// past that, refusals go to the database, as without the map, so a
	// flood of distinct buckets cannot grow the process.
	spent    sync.Map // bucket -> time.Time
	spentN   atomic.Int64
	MaxSpent int
}

// DefaultMaxSpent bounds a limiter's remembered spent buckets.
const DefaultMaxSpent = 10_000

// remember notes that bucket is spent until reset, within the bound.
func (l *RateLimiter) remember(bucket string, reset time.Time) {
	if l.spentN.Load() >= int64(cmp.Or(l.MaxSpent, DefaultMaxSpent)) {
		return
	}
	if _, loaded := l.spent.Swap(bucket, reset); !loaded {
		l.spentN.Add(1)
	}
}

// forget drops a remembered bucket.
func (l *RateLimiter) forget(bucket any) {
	if _, loaded := l.spent.LoadAndDelete(bucket); loaded {
		l.spentN.Add(-1)
	}
}

// Remembered is how many spent buckets the limiter holds in memory.
func (l *RateLimiter) Remembered() int { return int(l.spentN.Load()) }

// Quota is the state of a bucket after one request was counted.
type Quota struct {
	Limit     int
	Remaining int
	Reset     time.Time // end of the current window
	Allowed   bool
}

// Take counts one request for bucket and reports whether it is within the
// limit.
func (l *RateLimiter) Take(ctx context.Context, bucket string) (Quota, error) {
	now := l.DB.Now()
	win := l.Window
	start := now.Truncate(win)
	if v, ok := l.spent.Load(bucket); ok {
		if reset := v.(time.Time); now.Before(reset) {
			return Quota{Limit: l.Limit, Remaining: 0, Reset: reset, Allowed: false}, nil
		}
		l.forget(bucket)
	}
	if l.Spaced {
		return l.takeSpaced(ctx, bucket, now)
	}
	var n int
	err := l.DB.W.QueryRowContext(ctx, `INSERT INTO rate_limits (bucket, window_start, count) VALUES ($1, $2, 1)
		ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limits.count + 1
		RETURNING count`, bucket, start.Unix()).Scan(&n)
	if err != nil {
		return Quota{}, fmt.Errorf("rate limit: %w", err)
	}
	q := Quota{Limit: l.Limit, Remaining: max(l.Limit-n, 0), Reset: start.Add(win), Allowed: n <= l.Limit}
	if !q.Allowed {
		l.remember(bucket, q.Reset)
	}
	return q, nil
}

// takeSpaced is Take for a Spaced limiter.
func (l *RateLimiter) takeSpaced(ctx context.Context, bucket string, now time.Time) (Quota, error) {
	next := now.Add(l.Window)
	var until int64
	err := l.DB.W.QueryRowContext(ctx, `INSERT INTO rate_limits (bucket, window_start, count) VALUES ($1, 0, $2)
		ON CONFLICT (bucket, window_start) DO UPDATE SET count = excluded.count WHERE rate_limits.count <= $3
		RETURNING count`, bucket, next.UnixMilli(), now.UnixMilli()).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) { // within the interval of the last one
		err = l.DB.W.QueryRowContext(ctx, `SELECT count FROM rate_limits WHERE bucket = $1 AND window_start = 0`, bucket).Scan(&until)
		if err != nil {
			return Quota{}, fmt.Errorf("rate limit: %w", err)
		}
		reset := time.UnixMilli(until).UTC()
		l.remember(bucket, reset)
		return Quota{Limit: 1, Remaining: 0, Reset: reset, Allowed: false}, nil
	}
	if err != nil {
		return Quota{}, fmt.Errorf("rate limit: %w", err)
	}
	return Quota{Limit: 1, Remaining: 0, Reset: next, Allowed: true}, nil
}

// SweepAge is how old a window must be before Sweep deletes it: longer
// than the window of any limiter sharing the rate_limits table (the
// longest is 5 minutes), so no limiter loses a live count.
const SweepAge = 10 * time.Minute

// Sweep deletes the windows of every limiter that started more than
// SweepAge ago and the spaced buckets whose interval has ended, and
// forgets the spent buckets of this limiter whose window has ended.
func (l *RateLimiter) Sweep(ctx context.Context) error {
	now := l.DB.Now()
	l.spent.Range(func(k, v any) bool {
		if !now.Before(v.(time.Time)) {
			l.forget(k)
		}
		return true
	})
	_, err := l.DB.W.ExecContext(ctx, `DELETE FROM rate_limits
		WHERE (window_start <> 0 AND window_start < $1) OR (window_start = 0 AND count < $2)`, now.Add(-SweepAge).Unix(), now.UnixMilli())
	return err
}
