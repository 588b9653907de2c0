package readmodel

import (
	"context"
	"errors"
	"maps"
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
