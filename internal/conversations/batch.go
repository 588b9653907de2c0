package conversations

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

// batcher commits the writes of concurrent asks together: while one
// transaction commits, the next asks queue, and then go in one transaction
// (each under its own savepoint, so that one failing write leaves the
// others), instead of each waiting for SQLite's single writer in turn.
// A write's caller waits until its transaction has committed, so an answer
// is only returned once it is stored.
type batcher struct {
	db *db.DB

	mu      sync.Mutex
	queue   []*pendingWrite
	running bool
}

type pendingWrite struct {
	fn   func(tx *sql.Tx) error
	done chan error
}

// maxBatch bounds the writes of one transaction.
const maxBatch = 128

// do runs fn in a transaction shared with other queued writes and returns
// its error once that transaction has committed (or failed).
func (b *batcher) do(fn func(tx *sql.Tx) error) error {
	p := &pendingWrite{fn: fn, done: make(chan error, 1)}
	b.mu.Lock()
	b.queue = append(b.queue, p)
	if !b.running {
		b.running = true
		go b.run()
	}
	b.mu.Unlock()
	return <-p.done
}

func (b *batcher) run() {
	for {
		b.mu.Lock()
		n := min(len(b.queue), maxBatch)
		batch := b.queue[:n:n]
		b.queue = b.queue[n:]
		if n == 0 {
			b.running = false
			b.queue = nil
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		b.commit(batch)
	}
}

// commit runs a batch in one transaction. A write that fails is rolled back
// to its savepoint and gets its error; the others commit.
func (b *batcher) commit(batch []*pendingWrite) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	errs := make([]error, len(batch))
	err := b.db.Tx(ctx, func(tx *sql.Tx) error {
		for i, p := range batch {
			if len(batch) == 1 {
				errs[i] = p.fn(tx)
				return errs[i]
			}
			if _, err := tx.ExecContext(ctx, "SAVEPOINT ask"); err != nil {
				return err
			}
			if errs[i] = p.fn(tx); errs[i] != nil {
				if _, err := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT ask"); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, "RELEASE SAVEPOINT ask"); err != nil {
				return err
			}
		}
		return nil
	})
	for i, p := range batch {
		switch {
		case errs[i] != nil:
			p.done <- errs[i]
		case err != nil:
			p.done <- fmt.Errorf("conversations: write batch: %w", err)
		default:
			p.done <- nil
		}
	}
}
