package users

import (
	"context"
	"errors"
	"runtime"
	"time"
)

// ErrBusy means every password-hashing slot stayed taken for as long as a
// caller may wait: the caller should answer a retryable 429.
var ErrBusy = errors.New("users: password hashing is busy; try again shortly")

// Hashing bounds the CPU that password hashing can take. bcrypt is slow on
// purpose, which makes it a lever: anyone who can make the service hash
// (sign-in, sign-up) could otherwise keep every core busy. At most Slots
// hashes run at once in a process; a caller waits at most Wait for a slot.
type Hashing struct {
	slots chan struct{}
	wait  time.Duration
}

// NewHashing returns a bound of slots concurrent hashes (0: half the CPUs,
// at least one) and wait (0: 2 s).
func NewHashing(slots int, wait time.Duration) *Hashing {
	if slots <= 0 {
		slots = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if wait <= 0 {
		wait = 2 * time.Second
	}
	return &Hashing{slots: make(chan struct{}, slots), wait: wait}
}

// Do runs fn in a hashing slot, or returns ErrBusy (or the context's error)
// when none frees up in time. A nil Hashing runs fn at once.
func (h *Hashing) Do(ctx context.Context, fn func()) error {
	if h == nil {
		fn()
		return nil
	}
	select {
	case h.slots <- struct{}{}:
	default:
		t := time.NewTimer(h.wait)
		defer t.Stop()
		select {
		case h.slots <- struct{}{}:
		case <-t.C:
			return ErrBusy
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	defer func() { <-h.slots }()
	fn()
	return nil
}
