// Package db opens the service's SQL store — SQLite (embedded default) or
// PostgreSQL — and migrates it.
//
// There is no SQL dialect layer: queries elsewhere are written once in the
// subset of SQL both engines accept ($n placeholders, INSERT ... RETURNING,
// ON CONFLICT, TRUE/FALSE) and run unchanged on either. What this package
// hides of the engines' differences is:
//
//   - connections: DB.R for reads and DB.W for writes and transactions (one
//     writer connection on SQLite, so writers queue in Go instead of failing
//     with "database is locked"; one pool on PostgreSQL), with prepared
//     statements cached on SQLite (Pool);
//   - DB.Tx, and DB.ForUpdate / DB.ForUpdateOf for the row-lock suffix
//     inside it;
//   - the errors callers branch on: IsUniqueViolation, IsForeignKeyViolation;
//   - the schema: one migration per engine for each step under migrations/,
//     kept equivalent by TestSchemasMatch (which lists the objects one engine
//     has on purpose, such as full-text search);
//   - SQLite file operations: Backup, Restore, IntegrityCheck, and the
//     background WAL checkpointer;
//   - nullable columns: StringPtr, Int64Ptr, TimePtr and NullIfEmpty.
//
// Where SQL must differ (full-text search, for one), the caller branches on
// DB.Engine itself.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Engine names a store implementation.
type Engine string

// Engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// Querier is what both *sql.DB and *sql.Tx offer.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// DB is an open store. Reads go to R; writes and transactions to W. On
// PostgreSQL both are the same pool; on SQLite W has a single connection so
// writers queue in Go instead of failing with "database is locked".
type DB struct {
	Engine Engine
	R      *Pool
	W      *Pool
	// Now is the clock used for every stored timestamp; tests may replace it.
	Now func() time.Time

	checkpointer *checkpointer // SQLite only
	wal          *walStamp     // SQLite only (changes.go)

	dsn       string // PostgreSQL: for listeners' connections
	lmu       sync.Mutex
	listeners []*Listener
	closed    bool
}

// File is the SQLite file a DSN names ("" for PostgreSQL), for what is
// kept beside the database.
func File(dsn string) string {
	if IsPostgresDSN(dsn) {
		return ""
	}
	return sqlitePath(dsn)
}

// Open opens the store named by dsn: a postgres:// or postgresql:// URL
// selects PostgreSQL, anything else is a SQLite file path (":memory:" is
// not supported, since readers and the writer need to share one database).
func Open(ctx context.Context, dsn string) (*DB, error) {
	d := &DB{Now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }, dsn: dsn}
	if IsPostgresDSN(dsn) {
		d.Engine = Postgres
		pool, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		pool.SetMaxOpenConns(32)
		pool.SetMaxIdleConns(32)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		p := newPool(pool, false)
		d.R, d.W = p, p
	} else {
		d.Engine = SQLite
		if dsn == "" || strings.Contains(dsn, ":memory:") {
			return nil, errors.New("open sqlite: a file path is required")
		}
		path := sqlitePath(dsn)
		// busy_timeout is given once per DSN: with two, the driver applies
		// them in no defined order, and the checkpointer's short timeout
		// would silently become the long one.
		base := "file:" + (&url.URL{Path: path}).EscapedPath() +
			"?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
			"&_pragma=synchronous(NORMAL)&_time_format=sqlite"
		const busy = "&_pragma=busy_timeout(10000)"
		// The writer never checkpoints on commit (a commit that happens to
		// cross the threshold would stall every queued writer); the
		// checkpointer does it in the background instead.
		w, err := sql.Open("sqlite", base+busy+"&_txlock=immediate&_pragma=wal_autocheckpoint(0)"+
			"&_pragma=cache_size("+writerCache+")&_pragma=mmap_size("+mmapSize+")")
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		w.SetMaxOpenConns(1)
		w.SetMaxIdleConns(1)
		w.SetConnMaxLifetime(0)
		w.SetConnMaxIdleTime(0)
		r, err := sql.Open("sqlite", base+busy+"&_pragma=query_only(1)")
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		r.SetMaxOpenConns(8)
		r.SetMaxIdleConns(8)
		r.SetConnMaxIdleTime(0)
		r.SetConnMaxLifetime(0)
		d.R, d.W = newPool(r, true), newPool(w, true)
		// A short busy timeout: a TRUNCATE checkpoint that cannot finish at
		// once must give up rather than hold writers back.
		ck, err := sql.Open("sqlite", base+"&_pragma=busy_timeout(100)")
		if err != nil {
			d.Close()
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		ck.SetMaxOpenConns(1)
		d.checkpointer = startCheckpointer(ck)
		d.wal = &walStamp{path: path + "-shm"}
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for {
		err := d.W.PingContext(pctx)
		if err == nil {
			return d, nil
		}
		// Processes opening a new SQLite file together race to switch it
		// to WAL, and the loser gets SQLITE_BUSY without the busy handler
		// being consulted: wait and try again.
		if isBusy(err) && pctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		d.Close()
		return nil, fmt.Errorf("connect to %s database: %w", d.Engine, err)
	}
}

func isBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}

// IsPostgresDSN reports whether dsn selects PostgreSQL.
func IsPostgresDSN(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Close closes both pools.
func (d *DB) Close() error {
	d.lmu.Lock()
	ls := d.listeners
	d.listeners, d.closed = nil, true
	d.lmu.Unlock()
	for _, l := range ls {
		l.stop()
	}
	if d.wal != nil {
		d.wal.close()
	}
	if d.checkpointer != nil {
		d.checkpointer.stop()
	}
	err := d.W.Close()
	if d.R != d.W {
		if rerr := d.R.Close(); err == nil {
			err = rerr
		}
	}
	return err
}

// Ping checks that the database answers.
func (d *DB) Ping(ctx context.Context) error {
	if err := d.W.PingContext(ctx); err != nil {
		return err
	}
	var one int
	return d.R.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Tx runs fn in a write transaction and commits it when fn returns nil. On
// SQLite the transaction takes the write lock at BEGIN (IMMEDIATE), so
// read-then-write sequences inside fn are serialized.
func (d *DB) Tx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// InTx is Tx for a change that answers a value: fn's result, once the
// transaction has committed.
func InTx[T any](ctx context.Context, d *DB, fn func(tx *sql.Tx) (T, error)) (T, error) {
	var out T
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = fn(tx)
		return err
	})
	return out, err
}

// ForUpdate is the row-lock suffix for SELECTs inside Tx: "FOR UPDATE" on
// PostgreSQL, nothing on SQLite where the transaction already holds the
// database write lock.
func (d *DB) ForUpdate() string {
	if d.Engine == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// LockName serializes the transactions tx of every process that lock
// the same name, until tx ends: a PostgreSQL transaction-level advisory
// lock on the name's 64-bit hash; nothing on SQLite, where the
// transaction already holds the database write lock. It is for work
// that has no row to lock yet (the first row of a set, or a set whose
// rows all change).
func (d *DB) LockName(ctx context.Context, tx *sql.Tx, name string) error {
	if d.Engine != Postgres {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, name); err != nil {
		return fmt.Errorf("lock %q: %w", name, err)
	}
	return nil
}

// ForUpdateOf is ForUpdate limited to the rows of the named tables (or
// aliases) of a join: "FOR UPDATE OF a, b" on PostgreSQL, nothing on
// SQLite.
func (d *DB) ForUpdateOf(tables ...string) string {
	if d.Engine == Postgres {
		return " FOR UPDATE OF " + strings.Join(tables, ", ")
	}
	return ""
}

// IsUniqueViolation reports whether err is a unique-constraint violation.
func IsUniqueViolation(err error) bool {
	return violates(err, "23505", sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
}

// IsForeignKeyViolation reports whether err is a foreign-key violation.
func IsForeignKeyViolation(err error) bool {
	return violates(err, "23503", sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY)
}

// violates reports whether err is a constraint violation of a kind: by
// its PostgreSQL SQLSTATE, or one of its SQLite extended result codes.
func violates(err error, pgCode string, sqliteCodes ...int) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == pgCode
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return slices.Contains(sqliteCodes, se.Code())
	}
	return false
}

// Params collects a query's arguments while its text is built: Add
// appends one and returns its placeholder ("$3").
type Params []any

// Add appends v and returns its placeholder.
func (p *Params) Add(v any) string {
	*p = append(*p, v)
	return fmt.Sprintf("$%d", len(*p))
}

// Args are xs as a query's arguments (for an IN list of Placeholders).
func Args[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// Placeholders returns "$from, $from+1, ..." for n arguments.
func Placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", from+i)
	}
	return b.String()
}

// The SQLite writer's page access. The writer keeps a larger private page
// cache (negative: KiB) and maps up to mmapSize bytes of the file, so the
// pages a write walks (indexes of a 1 GB catalog) stay at hand between its
// transactions. The readers keep the defaults: a reader's cache and
// mapping are dropped whenever another connection has committed since its
// last transaction (every read under write load), so a large cache or a
// mapping only adds the cost of unmapping (measured in BENCHMARKS.md).
const (
	mmapSize    = "1073741824" // 1 GiB of address space, not memory
	writerCache = "-65536"     // 64 MiB
)
