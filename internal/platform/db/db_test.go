package db_test

import (
	"context"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/platform/db"
)

// TestConcurrentMigrate: processes starting together on one database each
// apply every migration once, and a second run applies nothing.
func TestConcurrentMigrate(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, err := db.Open(ctx, dsn)
				if err != nil {
					errs <- err
					return
				}
				defer d.Close()
				_, err = d.Migrate(ctx)
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("concurrent migrate: %v", err)
			}
		}
		d, err := db.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		applied, err := d.Migrate(ctx)
		if err != nil || len(applied) != 0 {
			t.Fatalf("second migrate applied %v, %v", applied, err)
		}
		migs, _ := db.Migrations(d.Engine)
		v, err := d.SchemaVersion(ctx)
		if err != nil || v != migs[len(migs)-1].Version {
			t.Fatalf("schema version %d, %v", v, err)
		}
		// A schema newer than the binary is refused.
		if _, err := d.W.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'future', $1)`, d.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Migrate(ctx); err == nil {
			t.Fatal("migrate accepted a newer schema")
		}
	})
}

func TestMigrationsMatch(t *testing.T) {
	a, err := db.Migrations(db.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.Migrations(db.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("%d sqlite migrations, %d postgres", len(a), len(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			t.Fatalf("migration %d: %s vs %s", i, a[i].Name, b[i].Name)
		}
	}
}

func TestPlaceholders(t *testing.T) {
	if got := db.Placeholders(3, 3); got != "$3, $4, $5" {
		t.Fatalf("Placeholders = %q", got)
	}
}
