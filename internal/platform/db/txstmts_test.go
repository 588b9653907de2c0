package db_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/platform/db"
)

// TestTxStmts runs the same statements through a TxStmts in many
// transactions, committed and rolled back, before and after they are
// prepared: the results are those of plain transactions on both stores.
func TestTxStmts(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		d, err := db.Open(ctx, apitest.NewDSN(t, store))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if _, err := d.W.ExecContext(ctx, `CREATE TABLE txstmts (k TEXT PRIMARY KEY, n INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		c := d.NewTxStmts()
		add := func(k string, fail bool) (int64, error) {
			var n int64
			err := d.Tx(ctx, func(tx *sql.Tx) error {
				q := c.In(tx)
				if _, err := q.ExecContext(ctx, `INSERT INTO txstmts (k, n) VALUES ($1, 0) ON CONFLICT (k) DO NOTHING`, k); err != nil {
					return err
				}
				if err := q.QueryRowContext(ctx, `UPDATE txstmts SET n = n + 1 WHERE k = $1 RETURNING n`, k).Scan(&n); err != nil {
					return err
				}
				if fail {
					return errors.New("roll back")
				}
				return nil
			})
			c.Prepare(ctx)
			return n, err
		}
		for i := range 5 {
			n, err := add("a", false)
			if err != nil || n != int64(i+1) {
				t.Fatalf("transaction %d: n %d, %v", i, n, err)
			}
			if _, err := add("a", true); err == nil {
				t.Fatal("the failing transaction committed")
			}
		}
		want := 2 // the INSERT and the UPDATE, each prepared once
		if d.Engine == db.Postgres {
			want = 0 // pgx prepares and caches statements itself
		}
		if n := c.Prepared(); n != want {
			t.Fatalf("%d statements prepared, want %d", n, want)
		}
		var got []string
		err = d.Tx(ctx, func(tx *sql.Tx) error {
			rows, err := c.In(tx).QueryContext(ctx, `SELECT k, n FROM txstmts`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var k string
				var n int64
				if err := rows.Scan(&k, &n); err != nil {
					return err
				}
				if n != 5 {
					t.Errorf("%s = %d after 5 commits and 5 rollbacks", k, n)
				}
				got = append(got, k)
			}
			return rows.Err()
		})
		if err != nil || len(got) != 1 {
			t.Fatalf("rows %v, %v", got, err)
		}
		// A statement that cannot be prepared still runs (and fails) unprepared.
		err = d.Tx(ctx, func(tx *sql.Tx) error {
			_, err := c.In(tx).ExecContext(ctx, `UPDATE no_such_table SET n = 1`)
			return err
		})
		c.Prepare(ctx)
		if err == nil {
			t.Fatal("a statement on a missing table succeeded")
		}
		if n := c.Prepared(); n != want+min(want, 1) {
			t.Fatalf("%d statements prepared after the SELECT and the failing UPDATE", n)
		}
	})
}
