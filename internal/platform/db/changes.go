package db

import (
	"context"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// Learning that the database changed without asking it: a cache that
// must never serve data older than the last committed write of any
// process can skip reading its version counters while nothing committed.
//
// On SQLite, every committed transaction of any process on the file moves
// the header of the WAL index (the -shm file: its iChange counter and
// mxFrame; https://www.sqlite.org/walformat.html), which a read of 48
// bytes, without a statement or a lock, compares. On PostgreSQL, writers
// send a notification that a Listener, on a connection of its own,
// delivers.

// walStamp reads the SQLite WAL index header.
type walStamp struct {
	mu   sync.Mutex
	path string
	f    *os.File
}

// WALStamp returns the SQLite WAL index header: when two stamps read at
// different times are equal, no transaction committed between them, in
// any process. ok is false on PostgreSQL or when the index cannot be read
// (then nothing may be concluded).
func (d *DB) WALStamp() (stamp [48]byte, ok bool) {
	w := d.wal
	if w == nil {
		return stamp, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		f, err := os.Open(w.path)
		if err != nil {
			return stamp, false
		}
		w.f = f
	}
	if n, err := w.f.ReadAt(stamp[:], 0); n != len(stamp) || err != nil {
		w.f.Close()
		w.f = nil
		return stamp, false
	}
	return stamp, true
}

func (w *walStamp) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f != nil {
		w.f.Close()
		w.f = nil
	}
}

// Listener receives the notifications of one PostgreSQL channel on a
// connection of its own, reconnecting when it is lost.
type Listener struct {
	healthy atomic.Bool
	cancel  context.CancelFunc
	done    chan struct{}
}

// Healthy reports whether the listener is connected and listening: only
// then does the absence of notifications mean the absence of writes.
func (l *Listener) Healthy() bool { return l != nil && l.healthy.Load() }

// Listen starts listening to channel on PostgreSQL (nil on SQLite).
// onChange runs for every notification, and whenever the connection is
// made or lost (notifications may have been missed meanwhile). The
// listener stops when d closes.
func (d *DB) Listen(channel string, onChange func()) *Listener {
	if d.Engine != Postgres {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	l := &Listener{cancel: cancel, done: make(chan struct{})}
	d.lmu.Lock()
	if d.closed {
		d.lmu.Unlock()
		cancel()
		close(l.done)
		return l
	}
	d.listeners = append(d.listeners, l)
	d.lmu.Unlock()
	go func() {
		defer close(l.done)
		for ctx.Err() == nil {
			l.listen(ctx, d.dsn, channel, onChange)
			l.healthy.Store(false)
			onChange()
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}()
	return l
}

// listen runs one connection until it fails or ctx ends.
func (l *Listener) listen(ctx context.Context, dsn, channel string, onChange func()) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := pgx.Connect(cctx, dsn)
	cancel()
	if err != nil {
		return
	}
	defer conn.Close(context.Background()) //nolint:errcheck // the connection is done with
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return
	}
	l.healthy.Store(true)
	onChange() // writes made while no listener listened
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return
		}
		onChange()
	}
}

func (l *Listener) stop() {
	l.cancel()
	<-l.done
}
