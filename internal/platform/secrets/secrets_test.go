package secrets_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/secrets"
)

func TestBox(t *testing.T) {
	k1 := bytes.Repeat([]byte{1}, 32)
	k2 := bytes.Repeat([]byte{2}, 32)
	b1, _ := secrets.NewBox(k1)
	b2, _ := secrets.NewBox(k2)
	s := b1.Seal("token", []byte("row-1"))
	if s == b1.Seal("token", []byte("row-1")) {
		t.Fatal("two seals of one value are equal: the nonce is not random")
	}
	if got, err := b1.Open(s, []byte("row-1")); err != nil || got != "token" {
		t.Fatalf("Open = %q, %v", got, err)
	}
	for name, open := range map[string]func() (string, error){
		"other row": func() (string, error) { return b1.Open(s, []byte("row-2")) },
		"other key": func() (string, error) { return b2.Open(s, []byte("row-1")) },
		"garbage":   func() (string, error) { return b1.Open("!!", nil) },
		"short":     func() (string, error) { return b1.Open("AAAA", nil) },
	} {
		if _, err := open(); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
	if _, err := secrets.NewBox([]byte("short")); err == nil {
		t.Fatal("NewBox accepted a short key")
	}
}

func openKeys(t *testing.T, path string, now func() time.Time) *secrets.Keyring {
	t.Helper()
	kr, err := secrets.Open(path, true, now)
	if err != nil {
		t.Fatal(err)
	}
	return kr
}

// TestKeyFileIsShared: processes that open one key file agree on the key
// they generate, however they race, and the file is private.
func TestKeyFileIsShared(t *testing.T) {
	path := filepath.Join(t.TempDir(), "genie.db.keys")
	var wg sync.WaitGroup
	keys := make([][]byte, 8)
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kr := openKeys(t, path, nil) // one keyring each, as separate processes
			ks, err := kr.Ensure(secrets.EditLinkKey)
			if err != nil {
				t.Error(err)
				return
			}
			keys[i] = ks[0].Secret
		}()
	}
	wg.Wait()
	for _, k := range keys {
		if len(k) != 32 || !bytes.Equal(k, keys[0]) {
			t.Fatalf("processes disagree on the key: %x vs %x", k, keys[0])
		}
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode: %v %v", st.Mode(), err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := secrets.Open(path, false, nil); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a key file others may read was accepted: %v", err)
	}
	if _, err := secrets.Open(filepath.Join(t.TempDir(), "missing"), false, nil); !errors.Is(err, secrets.ErrNoKeyFile) {
		t.Fatalf("missing file without create: %v", err)
	}
}

// TestRotation: after a rotation new values are sealed with the new key,
// old ones still open until the old key retires, and a prune cuts it off.
func TestRotation(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	path := filepath.Join(t.TempDir(), "keys")
	kr := openKeys(t, path, clock)
	ring, err := kr.Ring(secrets.MailKey)
	if err != nil {
		t.Fatal(err)
	}
	first := ring.Current()
	old := ring.Seal("secret", []byte("row"))
	legacyKey := kr.Keys(secrets.MailKey)[0].Secret
	legacyBox, _ := secrets.NewBox(legacyKey)
	legacy := legacyBox.Seal("legacy", []byte("row")) // sealed before keys had ids

	if _, err := kr.Rotate(secrets.MailKey, time.Hour); err != nil {
		t.Fatal(err)
	}
	// Another process sees the rotation through the file.
	other := openKeys(t, path, clock)
	for _, k := range []*secrets.Keyring{kr, other} {
		if ks := k.Keys(secrets.MailKey); len(ks) != 2 || ks[1].ID != first {
			t.Fatalf("after rotate: %d live keys", len(ks))
		}
	}
	if ring.Current() == first {
		t.Fatal("the ring still seals with the old key")
	}
	if p, current, err := ring.Open(old, []byte("row")); err != nil || p != "secret" || current {
		t.Fatalf("old value during the overlap: %q %v %v", p, current, err)
	}
	if p, _, err := ring.Open(legacy, []byte("row")); err != nil || p != "legacy" {
		t.Fatalf("legacy value: %q %v", p, err)
	}
	fresh := ring.Seal("new", []byte("row"))
	if p, current, err := ring.Open(fresh, []byte("row")); err != nil || p != "new" || !current {
		t.Fatalf("new value: %q %v %v", p, current, err)
	}

	now = now.Add(2 * time.Hour) // the overlap is over
	if _, _, err := ring.Open(old, []byte("row")); err == nil {
		t.Fatal("a value sealed with a retired key still opens")
	}
	if _, _, err := ring.Open(fresh, []byte("row")); err != nil {
		t.Fatalf("the current key stopped working: %v", err)
	}
	if _, err := kr.Rotate(secrets.MailKey, time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := kr.Prune(secrets.MailKey); err != nil {
		t.Fatal(err)
	}
	if ks := kr.Keys(secrets.MailKey); len(ks) != 1 {
		t.Fatalf("after prune: %d live keys", len(ks))
	}
	if _, _, err := ring.Open(fresh, []byte("row")); err == nil {
		t.Fatal("a value sealed with a pruned key still opens")
	}
}

// TestMoveLegacy: keys an older version kept in the settings table move
// into the key file and leave the database; a key the file already has
// for that name stays current and the moved one stays usable beside it.
func TestMoveLegacy(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		ctx := context.Background()
		d, err := db.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		kr := openKeys(t, filepath.Join(t.TempDir(), "keys"), nil)
		current, err := kr.Ensure(secrets.EditLinkKey)
		if err != nil {
			t.Fatal(err)
		}
		legacy := map[string][]byte{secrets.JWTSecret: bytes.Repeat([]byte{1}, 32), secrets.EditLinkKey: bytes.Repeat([]byte{2}, 32)}
		for name, k := range legacy {
			if _, err := d.W.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ($1, $2)`, name, base64.RawStdEncoding.EncodeToString(k)); err != nil {
				t.Fatal(err)
			}
		}
		moved, err := secrets.MoveLegacy(ctx, d, kr)
		if err != nil || len(moved) != 2 {
			t.Fatalf("MoveLegacy = %v, %v", moved, err)
		}
		var n int
		if err := d.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM settings WHERE key IN ($1, $2, $3)`, secrets.JWTSecret, secrets.EditLinkKey, secrets.MailKey).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d key rows left in the database (%v)", n, err)
		}
		if ks := kr.Keys(secrets.JWTSecret); len(ks) != 1 || !bytes.Equal(ks[0].Secret, legacy[secrets.JWTSecret]) {
			t.Fatalf("moved JWT secret: %+v", ks)
		}
		ks := kr.Keys(secrets.EditLinkKey)
		if len(ks) != 2 || !bytes.Equal(ks[0].Secret, current[0].Secret) || !bytes.Equal(ks[1].Secret, legacy[secrets.EditLinkKey]) {
			t.Fatalf("edit-link keys after the move: %d", len(ks))
		}
		if moved, err := secrets.MoveLegacy(ctx, d, kr); err != nil || len(moved) != 0 {
			t.Fatalf("second MoveLegacy = %v, %v", moved, err)
		}
	})
}
