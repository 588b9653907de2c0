package secrets_test

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"genie/internal/apitest"
	"genie/internal/db"
	"genie/internal/secrets"
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

func TestStoredKeyIsShared(t *testing.T) {
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
		var wg sync.WaitGroup
		keys := make([][]byte, 8)
		for i := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				keys[i], _ = secrets.Stored(ctx, d, "test_key")
			}()
		}
		wg.Wait()
		for _, k := range keys {
			if len(k) != 32 || !bytes.Equal(k, keys[0]) {
				t.Fatalf("processes disagree on the key: %x vs %x", k, keys[0])
			}
		}
		c, _ := secrets.Key(ctx, d, "test_key", "configured")
		if bytes.Equal(c, keys[0]) || len(c) != 32 {
			t.Fatal("a configured secret must win over the stored key")
		}
	})
}
