package readmodel

import (
	"context"
	"errors"
	"maps"
	"sync"
	"testing"
	"time"
)

// TestViewCounter: Add reports the views the committed counts lack (the
// pending ones and those of flushes after the generation read), Flush
// hands the batch to commit, and a failed commit puts the views back.
func TestViewCounter(t *testing.T) {
	var commits []ViewBatch
	fail := false
	c := NewViewCounter(time.Hour, 3, func(_ context.Context, b ViewBatch) error {
		if fail {
			return errors.New("down")
		}
		commits = append(commits, b)
		return nil
	}, nil)
	ctx := context.Background()

	if n, full := c.Add(7, 100, 0); n != 1 || full {
		t.Fatalf("first Add = %d, %v; want 1, false", n, full)
	}
	if n, _ := c.Add(7, 101, 0); n != 2 {
		t.Fatalf("second Add = %d; want 2", n)
	}
	if n, full := c.Add(8, 100, 0); n != 1 || !full {
		t.Fatalf("third Add = %d, %v; want 1, true (3 pending, the limit)", n, full)
	}

	fail = true
	if err := c.Flush(ctx); err == nil {
		t.Fatal("Flush with a failing commit: no error")
	}
	if got := c.Pending(); got != 3 {
		t.Fatalf("after a failed commit Pending = %d; want 3 (put back)", got)
	}

	fail = false
	if err := c.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if len(commits) != 1 || c.Pending() != 0 {
		t.Fatalf("after Settle: %d commits, %d pending; want 1, 0", len(commits), c.Pending())
	}
	b := commits[0]
	wantViews := map[ViewKey]int64{{7, 100}: 1, {7, 101}: 1, {8, 100}: 1}
	if !maps.Equal(b.Views, wantViews) || !maps.Equal(b.BySeq, map[int64]int64{7: 2, 8: 1}) || b.Gen <= 0 {
		t.Fatalf("committed %+v; want views %v, by seq 7:2 8:1, a generation", b, wantViews)
	}

	// A read that saw the marker before that flush lacks its views; one
	// that saw it after does not.
	if n, _ := c.Add(7, 100, b.Gen-1); n != 3 {
		t.Fatalf("Add after a flush not seen = %d; want 3 (2 flushed + 1 pending)", n)
	}
	if n, _ := c.Add(7, 100, b.Gen); n != 2 {
		t.Fatalf("Add after a flush seen = %d; want 2 (pending only)", n)
	}
	if err := c.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Settle(ctx); err != nil || len(commits) != 2 {
		t.Fatalf("Settle with nothing pending: err %v, %d commits; want none more than 2", err, len(commits))
	}
}

// TestBatcher: every request submitted is read exactly once, in batches
// of at most Max, by at most Workers readers at once.
func TestBatcher(t *testing.T) {
	type req struct {
		n    int
		seen int
		done chan struct{}
	}
	var mu sync.Mutex
	readers, most, biggest := 0, 0, 0
	b := &Batcher[*req]{Max: 4, Workers: 2, Read: func(batch []*req) {
		mu.Lock()
		readers++
		most, biggest = max(most, readers), max(biggest, len(batch))
		mu.Unlock()
		for _, r := range batch {
			r.seen++
		}
		mu.Lock()
		readers--
		mu.Unlock()
		for _, r := range batch {
			close(r.done)
		}
	}}
	reqs := make([]*req, 100)
	var wg sync.WaitGroup
	for i := range reqs {
		reqs[i] = &req{n: i, done: make(chan struct{})}
		wg.Add(1)
		go func(r *req) {
			defer wg.Done()
			b.Submit(r)
			<-r.done
		}(reqs[i])
	}
	wg.Wait()
	for _, r := range reqs {
		if r.seen != 1 {
			t.Fatalf("request %d read %d times; want once", r.n, r.seen)
		}
	}
	if biggest > 4 || most > 2 {
		t.Fatalf("largest batch %d (max 4), most readers at once %d (max 2)", biggest, most)
	}
}
