package readmodel

import (
	"context"
	"strings"
	"sync"
	"time"
)

// ViewKey is what a flush of views adds to: a listing's views on a UTC day.
type ViewKey struct {
	Seq int64
	Day int64
}

// ViewBatch is one flush of views: its generation (increasing, about the
// wall clock in milliseconds), the views per listing and day, and the
// same summed per listing.
type ViewBatch struct {
	Gen   int64
	Views map[ViewKey]int64
	BySeq map[int64]int64
}

// ViewCounter holds the views this process counted and has not committed.
// It knows no SQL: a flush hands its batch to the commit function it was
// made with (the catalog's), which commits the views in one transaction,
// together with this process's marker (the generation of the flush).
//
// A read answers with the committed count plus this process's views the
// count it read lacks. To know which those are without holding readers
// back while a flush commits, every flush has a generation, committed
// with it as this process's marker. A read reads the marker in the same
// statement (snapshot) as the committed counts: the flushes of a later
// generation are not in what it read, so Add adds their views, kept here
// for a few seconds after they commit, to the views still pending.
type ViewCounter struct {
	commit func(ctx context.Context, b ViewBatch) error
	warn   func(err error)

	mu       sync.Mutex
	pending  map[ViewKey]int64 // counted, not yet in a flush
	bySeq    map[int64]int64   // pending, summed per listing
	total    int64             // sum of pending
	flushes  []*flushed        // the flush committing now and recent ones
	gen      int64             // the last flush's generation
	looping  bool              // the flush loop runs
	interval time.Duration
	max      int64

	flushMu sync.Mutex // one flush at a time, so generations commit in order
}

// maxUncommitted bounds the pending views to this many times the limit
// (SetLimits) while commits fail.
const maxUncommitted = 8

// flushed is a flush's views per listing, kept while a read may have read
// counts that lack them.
type flushed struct {
	gen   int64
	bySeq map[int64]int64
	done  time.Time // when it committed (zero while it commits)
}

// flushesKept bounds how long a committed flush's views are kept: a read
// whose read of the committed counts is older than that could count them
// twice or not at all (reads take milliseconds).
const flushesKept = 10 * time.Second

// NewViewCounter returns a counter that commits its views with commit
// every interval while there are any, and tells Add's caller to commit
// them itself when max are pending. warn receives the errors of the
// background commits (which are retried at the next interval).
func NewViewCounter(interval time.Duration, max int, commit func(ctx context.Context, b ViewBatch) error, warn func(err error)) *ViewCounter {
	return &ViewCounter{commit: commit, warn: warn, interval: interval, max: int64(max),
		pending: map[ViewKey]int64{}, bySeq: map[int64]int64{}}
}

// SetLimits sets how often the counter commits and how many views may
// wait before Add reports it full (0 keeps a value).
func (c *ViewCounter) SetLimits(interval time.Duration, maxPending int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if interval > 0 {
		c.interval = interval
	}
	if maxPending > 0 {
		c.max = int64(maxPending)
	}
}

// Pending is the number of views counted and not committed.
func (c *ViewCounter) Pending() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Add counts one view of listing seq on day, for a read that read the
// committed counts with this process's marker at generation seen, and
// returns the views of the listing that those counts lack: the pending
// ones (this one included) and those of flushes after seen. full is true
// when the caller should commit (Flush) before it answers.
func (c *ViewCounter) Add(seq, day, seen int64) (uncommitted int64, full bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// While commits keep failing (the reads that find the counter full
	// fail with them), views past maxUncommitted times the limit are not
	// counted, so memory stays bounded.
	if c.total < maxUncommitted*c.max {
		c.pending[ViewKey{seq, day}]++
		c.bySeq[seq]++
		c.total++
	}
	if !c.looping {
		c.looping = true
		go c.loop()
	}
	uncommitted = c.bySeq[seq]
	for _, f := range c.flushes {
		if f.gen > seen {
			uncommitted += f.bySeq[seq]
		}
	}
	return uncommitted, c.total >= c.max
}

// loop commits the pending views every interval while there are any, and
// ends when a flush leaves none (the next view starts it again).
func (c *ViewCounter) loop() {
	for {
		c.mu.Lock()
		interval := c.interval
		c.mu.Unlock()
		time.Sleep(interval)
		err := c.Flush(context.Background())
		c.mu.Lock()
		// A closed database (a service dropped without Close) ends the
		// loop; any other error is retried at the next interval.
		if err == nil && c.total == 0 || err != nil && strings.Contains(err.Error(), "database is closed") {
			c.looping = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		if err != nil && c.warn != nil {
			c.warn(err)
		}
	}
}

// Settle commits this process's pending views, so that a read that
// shows view counts includes every view this process answered (it waits
// for a flush committing now, too).
func (c *ViewCounter) Settle(ctx context.Context) error {
	c.mu.Lock()
	n := c.total
	for _, f := range c.flushes {
		if f.done.IsZero() {
			n++
		}
	}
	c.mu.Unlock()
	if n == 0 {
		return nil
	}
	return c.Flush(ctx)
}

// Flush commits the pending views (with a 30-second limit, whatever ctx's
// cancellation). On failure the views go back to pending for the next
// flush.
func (c *ViewCounter) Flush(ctx context.Context) error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()
	c.mu.Lock()
	batch := c.pending
	if len(batch) == 0 {
		c.mu.Unlock()
		return nil
	}
	c.gen = max(c.gen+1, time.Now().UnixMilli())
	f := &flushed{gen: c.gen, bySeq: c.bySeq}
	c.flushes = append(c.flushes, f)
	c.pending, c.bySeq, c.total = map[ViewKey]int64{}, map[int64]int64{}, 0
	c.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	err := c.commit(ctx, ViewBatch{Gen: f.gen, Views: batch, BySeq: f.bySeq})
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	kept := c.flushes[:0]
	for _, g := range c.flushes {
		switch {
		case g == f && err != nil: // back to pending, for the next flush
			for k, n := range batch {
				c.pending[k] += n
				c.bySeq[k.Seq] += n
				c.total += n
			}
		case g == f:
			g.done = now
			kept = append(kept, g)
		case now.Sub(g.done) < flushesKept:
			kept = append(kept, g)
		}
	}
	clear(c.flushes[len(kept):])
	c.flushes = kept
	return err
}

// Batcher reads requests in batches: the requests that arrive while
// batches are being read share the next one, so a burst of reads costs
// a few statements instead of one each. Read answers every request of
// a batch (the requests carry their own answer and completion signal).
type Batcher[R any] struct {
	// Max bounds one batch.
	Max int
	// Workers bounds the batches read at once.
	Workers int
	// Read answers the batch.
	Read func(batch []R)

	mu      sync.Mutex
	pending []R
	running int // batches being read now
}

// Submit queues r for the next batch, starting a reader if fewer than
// Workers run.
func (b *Batcher[R]) Submit(r R) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = append(b.pending, r)
	if b.running < max(b.Workers, 1) {
		b.running++
		go b.run()
	}
}

func (b *Batcher[R]) run() {
	for {
		b.mu.Lock()
		batch := b.pending
		if len(batch) > b.Max {
			batch = batch[:b.Max]
		}
		b.pending = b.pending[len(batch):]
		if len(batch) == 0 {
			b.running--
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		b.Read(batch)
	}
}
