package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// sqlitePath is the file path of a SQLite DSN.
func sqlitePath(dsn string) string {
	path := strings.TrimPrefix(dsn, "file:")
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	return path
}

// openFile opens one connection to a SQLite file without applying any
// migration or pragma beyond a busy timeout.
func openFile(path string, readOnly bool) (*sql.DB, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?_pragma=busy_timeout(10000)"
	if readOnly {
		dsn += "&mode=ro"
	}
	d, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(1)
	return d, nil
}

// IntegrityCheck runs SQLite's integrity_check on a database file and
// returns an error describing any problem it reports.
func IntegrityCheck(ctx context.Context, path string) error {
	d, err := openFile(path, true)
	if err != nil {
		return err
	}
	defer d.Close()
	rows, err := d.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("integrity check of %s: %w", path, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check of %s: %w", path, err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("integrity check of %s failed: %s", path, strings.Join(problems, "; "))
	}
	return nil
}

// Backup writes a consistent copy of the SQLite database dsn to out while
// other processes keep using it: VACUUM INTO reads one snapshot (every
// transaction committed before it started, none after) into a new file,
// which is checked with integrity_check, synced, and only then renamed to
// out. It refuses to overwrite out.
func Backup(ctx context.Context, dsn, out string) (int64, error) {
	if IsPostgresDSN(dsn) {
		return 0, errors.New("backup copies SQLite databases; for PostgreSQL use pg_dump (docs/operations.md)")
	}
	src := sqlitePath(dsn)
	if _, err := os.Stat(src); err != nil {
		return 0, fmt.Errorf("database %s: %w", src, err)
	}
	if _, err := os.Stat(out); err == nil {
		return 0, fmt.Errorf("%s exists; give a new file name", out)
	}
	tmp := filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".partial")
	os.Remove(tmp)
	defer os.Remove(tmp)
	d, err := openFile(src, false)
	if err != nil {
		return 0, err
	}
	_, err = d.ExecContext(ctx, `VACUUM INTO $1`, tmp)
	d.Close()
	if err != nil {
		return 0, fmt.Errorf("copy %s: %w", src, err)
	}
	if err := IntegrityCheck(ctx, tmp); err != nil {
		return 0, err
	}
	size, err := syncFile(tmp)
	if err != nil {
		return 0, err
	}
	if err := os.Rename(tmp, out); err != nil {
		return 0, err
	}
	return size, syncDir(filepath.Dir(out))
}

// Restore replaces the SQLite database dsn by the backup file from, after
// checking the backup's integrity. The service must be stopped: the
// database's WAL and shared-memory files are removed with it.
func Restore(ctx context.Context, from, dsn string) error {
	if IsPostgresDSN(dsn) {
		return errors.New("restore replaces SQLite databases; for PostgreSQL use pg_restore (docs/operations.md)")
	}
	if err := IntegrityCheck(ctx, from); err != nil {
		return err
	}
	dst := sqlitePath(dsn)
	tmp := filepath.Join(filepath.Dir(dst), "."+filepath.Base(dst)+".restoring")
	defer os.Remove(tmp)
	if err := copyFile(from, tmp); err != nil {
		return err
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(dst + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		return err
	}
	return syncDir(filepath.Dir(dst))
}

// copyFile copies src to a new private file dst and syncs it.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

func syncFile(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return st.Size(), f.Sync()
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
