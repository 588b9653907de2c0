package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/db"
)

// TestBackupUnderWrites: a backup taken while writers keep writing opens,
// passes integrity_check and holds every write acknowledged before it
// started; restored in place of a database, it serves those records.
func TestBackupUnderWrites(t *testing.T) {
	dir := t.TempDir()
	dsn := filepath.Join(dir, "genie.db")
	s := apitest.StartOn(t, dsn)
	u := s.NewUser(t, auth.RoleUser)

	var mu sync.Mutex
	var acked []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var writes atomic.Int64
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				r := s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": fmt.Sprintf("w%d-%d", w, i), "content": strings.Repeat("x", 2000)})
				if r.Status == 201 {
					mu.Lock()
					acked = append(acked, apitest.Str(r.Data(), "document", "id"))
					mu.Unlock()
					writes.Add(1)
				}
			}
		}()
	}
	for writes.Load() < 100 {
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	before := append([]string(nil), acked...)
	mu.Unlock()
	out := filepath.Join(dir, "copy.db")
	code, stdout, errOut := run(t, "backup", "--db", dsn, "--out", out)
	close(stop)
	wg.Wait()
	if code != 0 || !strings.Contains(stdout, `"integrity_check":"ok"`) {
		t.Fatalf("backup: exit %d, %s %s", code, stdout, errOut)
	}
	if err := db.IntegrityCheck(context.Background(), out); err != nil {
		t.Fatal(err)
	}
	copyDB, err := sql.Open("sqlite", "file:"+out+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	rows, err := copyDB.Query(`SELECT id FROM documents`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		rows.Scan(&id) //nolint:errcheck
		have[id] = true
	}
	rows.Close()
	copyDB.Close()
	for _, id := range before {
		if !have[id] {
			t.Fatalf("the backup lacks document %s, acknowledged before it started (%d of %d present)", id, len(have), len(before))
		}
	}
	t.Logf("%d writes acknowledged before the backup, %d documents in it, %d writes in all", len(before), len(have), writes.Load())

	if code, _, errOut := run(t, "backup", "--db", dsn, "--out", out); code != 1 || !strings.Contains(errOut, "exists") {
		t.Fatalf("backup over an existing file: %d %s", code, errOut)
	}

	// Restore into a fresh place, with the original key file beside it.
	restored := filepath.Join(t.TempDir(), "genie.db")
	if code, _, errOut := run(t, "restore", "--db", restored, "--from", out); code != 0 {
		t.Fatalf("restore: %d %s", code, errOut)
	}
	if code, _, errOut := run(t, "restore", "--db", restored, "--from", out); code != 1 || !strings.Contains(errOut, "--force") {
		t.Fatalf("restore over a database without --force: %d %s", code, errOut)
	}
	keys, err := os.ReadFile(app.DefaultKeyFile(dsn))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(app.DefaultKeyFile(restored), keys, 0o600); err != nil {
		t.Fatal(err)
	}
	s2 := apitest.StartOn(t, restored)
	d := s2.Call(t, u.Token, "documents", "get", before[0], nil).Expect(t, 200, "").Data()
	if apitest.Str(d, "document", "id") != before[0] {
		t.Fatalf("restored document: %v", d)
	}
}
