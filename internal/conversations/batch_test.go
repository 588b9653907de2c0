package conversations_test

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/conversations"
	"github.com/geniehq/genie/internal/platform/db"
)

// TestBatcher: writes queued behind a running transaction commit together
// in the next one, and a write that fails there is rolled back alone, with
// its own error, on both stores.
func TestBatcher(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		d, err := db.Open(ctx, apitest.NewDSN(t, store))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		do, queued := conversations.NewBatch(d)
		insert := func(tx *sql.Tx, i int) error {
			_, err := tx.Exec(`INSERT INTO rate_limits (bucket, window_start, count) VALUES ($1, 1, 1)`, fmt.Sprint("b", i))
			return err
		}
		// The first write holds its transaction until the others queue.
		release, started := make(chan struct{}), make(chan struct{})
		first := make(chan error, 1)
		go func() { first <- do(func(tx *sql.Tx) error { close(started); <-release; return insert(tx, -1) }) }()
		<-started
		const n = 40
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = do(func(tx *sql.Tx) error {
					if err := insert(tx, i); err != nil {
						return err
					}
					if i%10 == 3 { // fails after its own insert, which must go too
						_, err := tx.Exec(`INSERT INTO no_such_table VALUES (1)`)
						return err
					}
					return nil
				})
			}()
		}
		for deadline := time.Now().Add(10 * time.Second); queued() < n; {
			if time.Now().After(deadline) {
				t.Fatalf("%d writes queued, want %d", queued(), n)
			}
			time.Sleep(time.Millisecond)
		}
		close(release)
		wg.Wait()
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		for i, err := range errs {
			if (i%10 == 3) != (err != nil) {
				t.Errorf("write %d: err %v", i, err)
			}
		}
		var got int
		if err := d.R.QueryRow(`SELECT COUNT(*) FROM rate_limits`).Scan(&got); err != nil || got != n+1-n/10 {
			t.Fatalf("%d rows committed (%v), want %d", got, err, n+1-n/10)
		}
	})
}
