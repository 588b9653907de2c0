package httpapi

import (
	"context"
	"runtime"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// DefaultAdmitWait is how long a request waits for a slot to run in. Past
// it the server is overloaded, and a quick retryable answer serves the
// client better than a slow one. It is long enough that a burst the
// server can work through in a second or two (100 parallel clones, 256
// clients on get) is worked through rather than shed: shedding is for
// real overload (docs/operations.md, "Admission").
const DefaultAdmitWait = 2 * time.Second

// DefaultMaxInFlight is the number of actions that run at once: enough to
// keep the CPUs and the database busy, few enough that each finishes
// quickly. Requests beyond it wait in arrival order. Measured with
// genie-load's overload scenario on 2 CPUs, 8 slots served more requests
// with a lower p99 than 16 or 32 on both stores (BENCHMARKS.md).
func DefaultMaxInFlight() int { return max(8, 4*runtime.GOMAXPROCS(0)) }

// admit waits for a slot in which to run an action, in arrival order
// (semaphore.Weighted serves waiters first come, first served, so neither
// reads nor writes can starve the other). A request that waits longer than
// AdmitWait is refused with 429 RATE_LIMIT_EXCEEDED and Retry-After: the
// code the spec's clients already retry with backoff.
// On success *release gives the slot back.
func (s *Server) admit(ctx context.Context, release *func()) error {
	if !s.slots.TryAcquire(1) {
		wctx, cancel := context.WithTimeout(ctx, s.opt.AdmitWait)
		defer cancel()
		if err := s.slots.Acquire(wctx, 1); err != nil {
			return apperr.RateLimited(time.Second, "the server is at capacity; retry shortly")
		}
	}
	*release = func() { s.slots.Release(1) }
	return nil
}
