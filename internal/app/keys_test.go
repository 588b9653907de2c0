package app_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/editlinks"
	"github.com/geniehq/genie/internal/mailtenants"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// newLink makes a document with an edit link and returns its ID and token.
func newLink(t *testing.T, s *apitest.Server, token string) (doc, link string) {
	t.Helper()
	doc = apitest.Str(s.Call(t, token, "documents", "create", "", map[string]any{"name": "n", "content": "c"}).Expect(t, 201, "").Data(), "document", "id")
	link = apitest.Str(s.Call(t, token, "doc-edit-link", "generate", doc, nil).Expect(t, 201, "").Data(), "link", "token")
	return doc, link
}

// linkToken reads a link's token back through the owner's get.
func linkToken(t *testing.T, s *apitest.Server, token, doc string) string {
	t.Helper()
	return apitest.Str(s.Call(t, token, "doc-edit-link", "get", doc, nil).Expect(t, 200, "").Data(), "link", "token")
}

// dbText is everything the database holds, as one string: the SQLite
// files (database and WAL) byte for byte, or every row of every
// PostgreSQL table as text, as a dump would have it.
func dbText(t *testing.T, s *apitest.Server) string {
	t.Helper()
	if !strings.HasPrefix(s.DSN, "postgres") {
		var b bytes.Buffer
		for _, suffix := range []string{"", "-wal"} {
			raw, err := os.ReadFile(s.DSN + suffix)
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			b.Write(raw)
		}
		return b.String()
	}
	pg, err := sql.Open("pgx", s.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	rows, err := pg.Query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n) //nolint:errcheck
		tables = append(tables, n)
	}
	rows.Close()
	var b strings.Builder
	for _, table := range tables {
		rows, err := pg.Query(`SELECT t::text FROM "` + table + `" t`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var line string
			rows.Scan(&line) //nolint:errcheck
			b.WriteString(line + "\n")
		}
		rows.Close()
	}
	return b.String()
}

// TestDatabaseAloneHoldsNoKey: after sign-ins, API keys, edit links and
// mail tenant credentials, neither the database files (SQLite) nor a dump
// of every table (PostgreSQL) contain a server key in any encoding, and
// the settings table has none; the keys are in a private key file.
func TestDatabaseAloneHoldsNoKey(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		s.NewKey(t, u, "k")
		doc, _ := newLink(t, s, u.Token)
		s.Call(t, u.Token, "doc-edit-link", "set-pin", doc, map[string]any{"pin": "4321"}).Expect(t, 200, "")
		s.Call(t, admin.Token, "mail-tenant-credentials", "upsert", "", map[string]any{"owner_email": "owner@acme.example",
			"tenant_id": "tenant-1", "api_key": "tenant-secret-key-123", "tenant_name": "Acme", "owner_user_id": "mail-user-9"}).Expect(t, 200, "")

		text := dbText(t, s)
		var n int
		if err := s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM settings WHERE key IN ($1, $2, $3)`, secrets.JWTSecret, secrets.EditLinkKey, secrets.MailKey).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d server keys in the settings table (%v)", n, err)
		}
		for _, name := range secrets.Names {
			ks := s.App.Keys.Keys(name)
			if len(ks) == 0 {
				t.Fatalf("no %s key", name)
			}
			for _, k := range ks {
				for _, enc := range []string{string(k.Secret), base64.StdEncoding.EncodeToString(k.Secret), base64.RawStdEncoding.EncodeToString(k.Secret),
					base64.RawURLEncoding.EncodeToString(k.Secret), base64.StdEncoding.EncodeToString(k.Secret)[:20]} {
					if strings.Contains(text, enc) {
						t.Fatalf("the database holds the %s key", name)
					}
				}
			}
		}
		if strings.Contains(text, "tenant-secret-key-123") {
			t.Fatal("the database holds a tenant API key in plain text")
		}
		st, err := os.Stat(s.App.Keys.Path())
		if err != nil || st.Mode().Perm() != 0o600 {
			t.Fatalf("key file %s: %v %v", s.App.Keys.Path(), st, err)
		}
	})
}

// TestLegacyKeysMoveOut: a database where an older version kept the keys
// in the settings table starts with them moved into the key file and
// erased from the database, and what they signed and sealed keeps working:
// sessions stay signed in and edit links keep their tokens.
func TestLegacyKeysMoveOut(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		old, fresh := filepath.Join(t.TempDir(), "old.keys"), filepath.Join(t.TempDir(), "new.keys")
		for _, f := range []string{old, fresh} {
			if _, err := secrets.Open(f, true, nil); err != nil { // as `genie secrets init` would
				t.Fatal(err)
			}
		}
		s1 := apitest.StartOn(t, dsn, func(c *app.Config) { c.KeyFile = old })
		u := s1.NewUser(t, auth.RoleUser)
		doc, token := newLink(t, s1, u.Token)
		// What an older version left: the keys as settings rows, no file.
		for _, name := range secrets.Names {
			k := s1.App.Keys.Keys(name)[0].Secret
			if _, err := s1.App.DB.W.Exec(`INSERT INTO settings (key, value) VALUES ($1, $2)`, name, base64.RawStdEncoding.EncodeToString(k)); err != nil {
				t.Fatal(err)
			}
		}
		os.Remove(old)

		s2 := apitest.StartOn(t, dsn, func(c *app.Config) { c.KeyFile = fresh })
		var n int
		if err := s2.App.DB.R.QueryRow(`SELECT COUNT(*) FROM settings WHERE key IN ($1, $2, $3)`, secrets.JWTSecret, secrets.EditLinkKey, secrets.MailKey).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d key rows left in the database (%v)", n, err)
		}
		s2.Call(t, u.Token, "documents", "all", "", nil).Expect(t, 200, "")
		if got := linkToken(t, s2, u.Token, doc); got != token {
			t.Fatalf("edit-link token after the move: %q, want %q", got, token)
		}
		s2.Call(t, "", "doc-edit-link", "public-get", "", map[string]any{"token": token}).Expect(t, 200, "")
	})
}

// TestKeyRotation: rotating the JWT secret keeps live sessions signed in
// while new tokens use the new key; pruning the old key ends them.
// Rotating the edit-link key and resealing keeps every link readable after
// the old key is gone. The rotation is made through the key file, as
// `genie secrets rotate` does, and the running server notices it.
func TestKeyRotation(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		admin := s.NewUser(t, auth.RoleAdmin)
		doc, token := newLink(t, s, u.Token)
		s.Call(t, admin.Token, "mail-tenant-credentials", "upsert", "", map[string]any{"owner_email": "owner@acme.example",
			"tenant_id": "tenant-1", "api_key": "tenant-key-1"}).Expect(t, 200, "")
		cli, err := secrets.Open(s.App.Keys.Path(), false, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cli.Rotate(secrets.JWTSecret, time.Hour); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{secrets.EditLinkKey, secrets.MailKey} {
			if _, err := cli.Rotate(name, time.Hour); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(secrets.ReloadEvery + 500*time.Millisecond) // the server reloads the file
		s.Call(t, u.Token, "documents", "all", "", nil).Expect(t, 200, "")
		fresh, _ := s.SignIn(t, u.Email, u.Password)
		if fresh == u.Token {
			t.Fatal("sign-in returned the old token")
		}
		s.Call(t, fresh, "documents", "all", "", nil).Expect(t, 200, "")

		ring, err := cli.Ring(secrets.EditLinkKey)
		if err != nil {
			t.Fatal(err)
		}
		if resealed, failed, err := editlinks.Reseal(context.Background(), s.App.DB, ring); err != nil || resealed != 1 || failed != 0 {
			t.Fatalf("Reseal = %d, %d, %v", resealed, failed, err)
		}
		mailRing, err := cli.Ring(secrets.MailKey)
		if err != nil {
			t.Fatal(err)
		}
		cipher := mailtenants.NewCipher(mailRing)
		if resealed, failed, err := mailtenants.Reseal(context.Background(), s.App.DB, cipher); err != nil || resealed != 1 || failed != 0 {
			t.Fatalf("mail Reseal = %d, %d, %v", resealed, failed, err)
		}
		for _, name := range secrets.Names {
			if err := cli.Prune(name); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(secrets.ReloadEvery + 500*time.Millisecond)
		s.Call(t, u.Token, "documents", "all", "", nil).Expect(t, 401, "INVALID_TOKEN")
		s.Call(t, fresh, "documents", "all", "", nil).Expect(t, 200, "")
		if got := linkToken(t, s, fresh, doc); got != token {
			t.Fatalf("edit-link token after rotation: %q, want %q", got, token)
		}
		var team int64
		if err := s.App.DB.R.QueryRow(`SELECT team_id FROM mail_tenant_credentials`).Scan(&team); err != nil {
			t.Fatal(err)
		}
		c, err := (&mailtenants.Store{DB: s.App.DB, Cipher: cipher}).ForTeam(context.Background(), team)
		if err != nil || c.APIKey != "tenant-key-1" {
			t.Fatalf("tenant key after rotation: %v %v", c, err)
		}
	})
}
