package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations
var migrationFS embed.FS

// Migration is one numbered schema step.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations returns the embedded migrations for the engine, in order.
func Migrations(engine Engine) ([]Migration, error) {
	dir := path.Join("migrations", string(engine))
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and '_'", name)
		}
		body, err := fs.ReadFile(migrationFS, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: strings.TrimSuffix(name, ".sql"), SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("two migrations numbered %d", out[i].Version)
		}
	}
	return out, nil
}

// migrationLockID is the PostgreSQL advisory lock key held while migrating,
// so that several processes starting together apply each step once.
const migrationLockID = 0x67656e6965 // "genie"

// Migrate applies every embedded migration not yet recorded, each in its own
// transaction, and returns the versions it applied. It refuses to run against
// a database whose schema is newer than this binary.
func (d *DB) Migrate(ctx context.Context) ([]int, error) {
	migs, err := Migrations(d.Engine)
	if err != nil {
		return nil, err
	}
	conn, err := d.W.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if d.Engine == Postgres {
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", migrationLockID); err != nil {
			return nil, fmt.Errorf("migration lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLockID) //nolint:errcheck
	}
	ts := "TIMESTAMP"
	if d.Engine == Postgres {
		ts = "TIMESTAMPTZ"
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at `+ts+` NOT NULL)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	applied := map[int]bool{}
	maxApplied := 0
	rows, err := conn.QueryContext(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return nil, err
		}
		applied[v] = true
		maxApplied = max(maxApplied, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if n := len(migs); n > 0 && maxApplied > migs[n-1].Version {
		return nil, fmt.Errorf("database schema version %d is newer than this binary's %d: upgrade genie", maxApplied, migs[n-1].Version)
	}
	var done []int
	for _, m := range migs {
		if applied[m.Version] {
			continue
		}
		if err := d.apply(ctx, conn, m); err != nil {
			return done, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		done = append(done, m.Version)
	}
	return done, nil
}

func (d *DB) apply(ctx context.Context, conn *sql.Conn, m Migration) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	// Another process may have applied it between our read and our lock (SQLite).
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = $1", m.Version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	// Both drivers run a multi-statement script given without arguments.
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
		m.Version, m.Name, d.Now()); err != nil {
		return err
	}
	return tx.Commit()
}

// SchemaVersion returns the highest applied migration version.
func (d *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v sql.NullInt64
	err := d.R.QueryRowContext(ctx, "SELECT MAX(version) FROM schema_migrations").Scan(&v)
	return int(v.Int64), err
}
