package db_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/platform/db"
)

// TestChangesWithoutAsking: on SQLite the WAL index header stays the same
// while nothing commits and moves with a commit through another handle on
// the file (another process's, as far as this one can tell); on PostgreSQL
// a listener hears a notification sent by another connection's commit.
func TestChangesWithoutAsking(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		ctx := context.Background()
		open := func() *db.DB {
			d, err := db.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			if _, err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			return d
		}
		mine, other := open(), open()
		if store == "sqlite" {
			s1, ok1 := mine.WALStamp()
			s2, ok2 := mine.WALStamp()
			if !ok1 || !ok2 || s1 != s2 {
				t.Fatalf("stamps without a commit: %v %v, equal %v", ok1, ok2, s1 == s2)
			}
			if _, err := other.W.ExecContext(ctx, `CREATE TABLE t (x INTEGER)`); err != nil {
				t.Fatal(err)
			}
			if s3, ok := mine.WALStamp(); !ok || s3 == s1 {
				t.Fatalf("stamp after another handle's commit: ok %v, moved %v", ok, s3 != s1)
			}
			if l := mine.Listen("c", func() {}); l != nil {
				t.Fatal("a listener on SQLite")
			}
			return
		}
		if _, ok := mine.WALStamp(); ok {
			t.Fatal("a WAL stamp on PostgreSQL")
		}
		var heard atomic.Int64
		l := mine.Listen("genie_test_changes", func() { heard.Add(1) })
		deadline := time.Now().Add(10 * time.Second)
		for !l.Healthy() && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if !l.Healthy() {
			t.Fatal("listener never connected")
		}
		before := heard.Load()
		if _, err := other.W.ExecContext(ctx, `SELECT pg_notify('genie_test_changes', '')`); err != nil {
			t.Fatal(err)
		}
		for heard.Load() == before && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if heard.Load() == before {
			t.Fatal("notification not heard")
		}
	})
}
