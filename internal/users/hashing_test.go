package users

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestHashingBound: no more than the slots run at once; a caller that
// cannot get a slot in time gets ErrBusy, and a cancelled one its
// context's error.
func TestHashingBound(t *testing.T) {
	h := NewHashing(2, 50*time.Millisecond)
	var running, peak atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.Do(context.Background(), func() { //nolint:errcheck
				n := running.Add(1)
				for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
				}
				<-release
				running.Add(-1)
			})
		}()
	}
	for running.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	if err := h.Do(context.Background(), func() { t.Error("ran without a slot") }); !errors.Is(err, ErrBusy) {
		t.Fatalf("third hash while both slots are taken: %v, want ErrBusy", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := h.Do(ctx, func() {}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait: %v", err)
	}
	close(release)
	wg.Wait()
	if peak.Load() != 2 {
		t.Fatalf("peak concurrency %d, want 2", peak.Load())
	}
	ran := false
	if err := h.Do(context.Background(), func() { ran = true }); err != nil || !ran {
		t.Fatalf("a free slot: %v %v", ran, err)
	}
	var none *Hashing
	if err := none.Do(context.Background(), func() {}); err != nil {
		t.Fatal(err)
	}
}
