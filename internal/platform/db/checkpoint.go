package db

import (
	"context"
	"database/sql"
	"time"
)

// checkpointInterval is how often the WAL is copied back into the SQLite
// database file.
const checkpointInterval = 500 * time.Millisecond

// checkpointer runs SQLite WAL checkpoints on its own connection, off the
// request path. PASSIVE checkpoints never wait for readers or the writer;
// a TRUNCATE one is tried when the WAL has grown large, to give the space
// back.
type checkpointer struct {
	db     *sql.DB
	cancel context.CancelFunc
	done   chan struct{}
}

func startCheckpointer(db *sql.DB) *checkpointer {
	ctx, cancel := context.WithCancel(context.Background())
	c := &checkpointer{db: db, cancel: cancel, done: make(chan struct{})}
	go c.run(ctx)
	return c
}

func (c *checkpointer) run(ctx context.Context) {
	defer close(c.done)
	t := time.NewTicker(checkpointInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			c.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`) //nolint:errcheck // best effort at close
			return
		case <-t.C:
			var busy, logFrames, done int
			if err := c.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &logFrames, &done); err != nil {
				continue
			}
			// 64k frames of 4 KiB: a WAL past 256 MiB is cut back when the
			// moment allows (TRUNCATE waits for readers, bounded by the busy
			// timeout, and fails harmlessly if it cannot finish).
			if logFrames > 65536 && done == logFrames {
				c.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`) //nolint:errcheck
			}
		}
	}
}

func (c *checkpointer) stop() {
	c.cancel()
	<-c.done
	c.db.Close()
}
