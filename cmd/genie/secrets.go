package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/editlinks"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/mailtenants"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/secrets"
)

const secretsUsage = `usage:
  genie secrets init   [--db D] [--key-file F]                       make the key file (or complete it) and move keys out of the database
  genie secrets list   [--db D] [--key-file F]                       the keys' ids and dates (never the keys)
  genie secrets rotate [--db D] [--key-file F] --name N [--overlap T] a new current key; the old one stays valid for T, stored values are resealed
  genie secrets prune  [--db D] [--key-file F] --name N               drop every key of N but the current one, at once
names: jwt_secret, edit_link_key, mail_credentials_key
`

// keyFileFlag adds --key-file (env GENIE_KEY_FILE).
func keyFileFlag(fs *flag.FlagSet) *string {
	return fs.String("key-file", env("GENIE_KEY_FILE", ""), "file holding the server keys; default <db>.keys for SQLite, required for PostgreSQL (env GENIE_KEY_FILE)")
}

// defaultOverlap is how long a replaced key stays valid: for the JWT
// secret, the life of an access token (3600 s) plus the verifier's leeway;
// for sealing keys, long enough for every process to load the new key and
// for a reseal to be run again if one failed.
var defaultOverlap = map[string]time.Duration{
	secrets.JWTSecret:   time.Hour + 2*time.Minute,
	secrets.EditLinkKey: time.Hour,
	secrets.MailKey:     time.Hour,
}

func runSecrets(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, err := subFlagSet("secrets", []string{"init", "list", "rotate", "prune"}, args, stderr, secretsUsage)
	if err != nil {
		return err
	}
	cmd := args[0]
	dsn := dbFlag(fs)
	keyFile := keyFileFlag(fs)
	name := fs.String("name", "", "key name (rotate, prune)")
	overlap := fs.Duration("overlap", 0, "how long the replaced key stays valid (rotate); default 1h2m for jwt_secret, 1h for the others")
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	if (cmd == "rotate" || cmd == "prune") && !slices.Contains(secrets.Names, *name) {
		return fmt.Errorf("--name %q: use one of jwt_secret, edit_link_key, mail_credentials_key", *name)
	}
	if *overlap < 0 {
		return fmt.Errorf("--overlap must not be negative")
	}
	path := *keyFile
	if path == "" {
		path = app.DefaultKeyFile(*dsn)
	}
	if path == "" {
		return fmt.Errorf("--key-file is required with PostgreSQL")
	}
	d, err := app.OpenDB(ctx, *dsn)
	if err != nil {
		return err
	}
	defer d.Close()
	kr, err := secrets.Open(path, cmd == "init", nil)
	if err != nil {
		return err
	}
	out := map[string]any{"key_file": path}
	switch cmd {
	case "init":
		moved, err := secrets.MoveLegacy(ctx, d, kr)
		if err != nil {
			return err
		}
		for _, n := range secrets.Names {
			if _, err := kr.Ensure(n); err != nil {
				return err
			}
		}
		out["moved_from_database"] = append([]string{}, moved...)
	case "rotate":
		if *overlap == 0 {
			*overlap = defaultOverlap[*name]
		}
		k, err := kr.Rotate(*name, *overlap)
		if err != nil {
			return err
		}
		out["name"], out["id"] = *name, k.ID
		if *name != secrets.JWTSecret {
			// Let running processes load the new key first, so that
			// nothing they seal afterwards needs the old one.
			time.Sleep(2*secrets.ReloadEvery + 500*time.Millisecond)
			resealed, failed, err := reseal(ctx, d, kr, *name)
			if err != nil {
				return err
			}
			out["resealed"], out["unreadable"] = resealed, failed
		}
	case "prune":
		if err := kr.Prune(*name); err != nil {
			return err
		}
	}
	out["keys"] = describeKeys(kr)
	return json.NewEncoder(stdout).Encode(out)
}

// reseal seals the values stored under the key name again with its
// current key.
func reseal(ctx context.Context, d *db.DB, kr *secrets.Keyring, name string) (int, int, error) {
	ring, err := kr.Ring(name)
	if err != nil {
		return 0, 0, err
	}
	if name == secrets.EditLinkKey {
		return editlinks.Reseal(ctx, d, ring)
	}
	// The credentials key seals mail tenant keys and webhook signing secrets.
	r1, f1, err := mailtenants.Reseal(ctx, d, mailtenants.NewCipher(ring))
	if err != nil {
		return r1, f1, err
	}
	r2, f2, err := events.Reseal(ctx, d, ring)
	return r1 + r2, f1 + f2, err
}

// describeKeys lists ids and dates, never the keys themselves.
func describeKeys(kr *secrets.Keyring) []map[string]any {
	var list []map[string]any
	for _, n := range secrets.Names {
		for i, k := range kr.Keys(n) {
			e := map[string]any{"name": n, "id": k.ID, "current": i == 0}
			if !k.Created.IsZero() {
				e["created_at"] = k.Created
			}
			if k.RetireAt != nil {
				e["retire_at"] = *k.RetireAt
			}
			list = append(list, e)
		}
	}
	return list
}
