package db

import (
	"context"
	"database/sql"
	"sync"
)

// TxStmts reuses prepared statements inside write transactions on SQLite,
// where the driver otherwise parses a statement's SQL on every call (the
// Pool's cache serves only statements outside transactions). A statement
// cannot be prepared inside a transaction for later ones (database/sql
// closes it with the transaction, and the writer's single connection is
// busy), so the first transaction that runs a query runs it unprepared and
// asks for it; Prepare, called after the transaction, prepares what was
// asked for on the writer, and every later transaction on that connection
// reuses it. On PostgreSQL it passes through: pgx caches statements per
// connection itself.
type TxStmts struct {
	w      *Pool
	mu     sync.Mutex
	stmts  map[string]*sql.Stmt
	wanted map[string]struct{}
}

// NewTxStmts returns an empty statement cache for transactions on d.
func (d *DB) NewTxStmts() *TxStmts {
	return &TxStmts{w: d.W, stmts: map[string]*sql.Stmt{}, wanted: map[string]struct{}{}}
}

// In returns tx as a Querier that runs through the cached statements.
func (c *TxStmts) In(tx *sql.Tx) Querier {
	if c == nil || !c.w.cache {
		return tx
	}
	return txQuerier{tx: tx, c: c}
}

// Prepare prepares the statements asked for since the last call. It needs
// the writer connection, so it must not run inside a transaction.
func (c *TxStmts) Prepare(ctx context.Context) {
	if c == nil || !c.w.cache {
		return
	}
	c.mu.Lock()
	var queries []string
	for q := range c.wanted {
		queries = append(queries, q)
	}
	clear(c.wanted)
	c.mu.Unlock()
	for _, q := range queries {
		st, err := c.w.DB.PrepareContext(ctx, q)
		if err != nil {
			continue // it runs unprepared, and reports its error there
		}
		c.mu.Lock()
		if c.stmts[q] == nil && len(c.stmts) < maxCachedStmts {
			c.stmts[q] = st
			st = nil
		}
		c.mu.Unlock()
		if st != nil {
			st.Close()
		}
	}
}

func (c *TxStmts) get(query string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.stmts[query]
	if st == nil && len(c.stmts)+len(c.wanted) < maxCachedStmts {
		c.wanted[query] = struct{}{}
	}
	return st
}

type txQuerier struct {
	tx *sql.Tx
	c  *TxStmts
}

func (q txQuerier) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := q.c.get(query); st != nil {
		return q.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return q.tx.ExecContext(ctx, query, args...)
}

func (q txQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := q.c.get(query); st != nil {
		return q.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return q.tx.QueryContext(ctx, query, args...)
}

func (q txQuerier) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := q.c.get(query); st != nil {
		return q.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return q.tx.QueryRowContext(ctx, query, args...)
}
