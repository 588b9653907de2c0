package db

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
)

// maxCachedStmts bounds the prepared-statement cache of a Pool; queries
// beyond it (generated ones with many shapes) run unprepared.
const maxCachedStmts = 512

// Pool is a *sql.DB whose QueryContext, QueryRowContext and ExecContext
// reuse prepared statements. The SQLite driver parses a statement's SQL on
// every call otherwise, which costs a third of a simple request's CPU;
// PostgreSQL's driver caches statements itself, so there Pool passes
// through.
type Pool struct {
	*sql.DB
	cache bool
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
	n     atomic.Int32
}

func newPool(db *sql.DB, cache bool) *Pool {
	return &Pool{DB: db, cache: cache, stmts: map[string]*sql.Stmt{}}
}

// stmt returns the cached statement for query, preparing it on first use;
// nil means "run it unprepared".
func (p *Pool) stmt(ctx context.Context, query string) *sql.Stmt {
	if !p.cache {
		return nil
	}
	p.mu.Lock()
	st := p.stmts[query]
	p.mu.Unlock()
	if st != nil || p.n.Load() >= maxCachedStmts {
		return st
	}
	st, err := p.DB.PrepareContext(ctx, query)
	if err != nil {
		return nil // the unprepared call reports the error
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if old := p.stmts[query]; old != nil {
		st.Close()
		return old
	}
	p.stmts[query] = st
	p.n.Add(1)
	return st
}

// QueryContext runs a query, through a cached prepared statement if possible.
func (p *Pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a single-row query, through a cached statement if
// possible.
func (p *Pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := p.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.DB.QueryRowContext(ctx, query, args...)
}

// ExecContext runs a statement, through a cached statement if possible.
func (p *Pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := p.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.DB.ExecContext(ctx, query, args...)
}

// Close closes the cached statements and the pool.
func (p *Pool) Close() error {
	p.mu.Lock()
	for q, st := range p.stmts {
		st.Close()
		delete(p.stmts, q)
	}
	p.mu.Unlock()
	return p.DB.Close()
}
