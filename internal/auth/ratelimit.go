package auth

import (
	"context"
	"fmt"
	"time"

	"genie/internal/db"
)

// RateLimiter counts requests per bucket (an API key) in fixed windows kept
// in the database, so that every process sharing the database shares the
// budget.
type RateLimiter struct {
	DB     *db.DB
	Limit  int
	Window time.Duration
}

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
	var n int
	err := l.DB.W.QueryRowContext(ctx, `INSERT INTO rate_limits (bucket, window_start, count) VALUES ($1, $2, 1)
		ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limits.count + 1
		RETURNING count`, bucket, start.Unix()).Scan(&n)
	if err != nil {
		return Quota{}, fmt.Errorf("rate limit: %w", err)
	}
	q := Quota{Limit: l.Limit, Remaining: max(l.Limit-n, 0), Reset: start.Add(win), Allowed: n <= l.Limit}
	return q, nil
}

// Sweep deletes windows that ended before now.
func (l *RateLimiter) Sweep(ctx context.Context) error {
	cutoff := l.DB.Now().Truncate(l.Window).Add(-l.Window)
	_, err := l.DB.W.ExecContext(ctx, "DELETE FROM rate_limits WHERE window_start < $1", cutoff.Unix())
	return err
}
