package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/platform/db"
)

// runBackup copies a SQLite database consistently while the service runs.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("backup", stderr)
	dsn := dbFlag(fs)
	out := fs.String("out", "", "file to write the copy to (required; must not exist)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("--out is required")
	}
	n, err := db.Backup(ctx, *dsn, *out)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{
		"out": *out, "bytes": n, "integrity_check": "ok",
		"key_file": app.DefaultKeyFile(*dsn),
		"note":     "the copy holds no server keys: keep the key file too, stored apart from the copy (docs/operations.md)",
	})
}

// runRestore puts a backup in place of a SQLite database; the service must
// be stopped.
func runRestore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("restore", stderr)
	dsn := dbFlag(fs)
	from := fs.String("from", "", "backup file made by genie backup (required)")
	force := fs.Bool("force", false, "replace an existing database (stop the service first)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *from == "" {
		return fmt.Errorf("--from is required")
	}
	if _, err := os.Stat(*dsn); err == nil && !*force {
		return fmt.Errorf("%s exists: stop the service, then run restore again with --force to replace it", *dsn)
	}
	if err := db.Restore(ctx, *from, *dsn); err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{"restored": *dsn, "from": *from})
}
