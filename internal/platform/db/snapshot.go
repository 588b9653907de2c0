package db

import (
	"context"
	"database/sql"
	"fmt"
)

// Snapshot runs fn in a read-only transaction on the read pool that sees
// one consistent state of the database for all its statements: a
// REPEATABLE READ transaction on PostgreSQL; on SQLite (WAL) any read
// transaction, whose snapshot is taken at its first read.
func (d *DB) Snapshot(ctx context.Context, fn func(tx *sql.Tx) error) error {
	var opts *sql.TxOptions
	if d.Engine == Postgres {
		opts = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	}
	tx, err := d.R.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin snapshot: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to keep
	return fn(tx)
}
