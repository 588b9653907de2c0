package app

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// DefaultKeyFile is the key file of a SQLite database when none is given:
// beside it, so that the two are found together but are two files (a copy
// of the database alone unseals nothing).
func DefaultKeyFile(dsn string) string {
	path := db.File(dsn)
	if path == "" || path == ":memory:" {
		return ""
	}
	return path + ".keys"
}

// errKeysNeeded explains what a PostgreSQL deployment must give.
var errKeysNeeded = errors.New("with PostgreSQL the server keys are kept outside the database: give every process the same key file " +
	"(--key-file or GENIE_KEY_FILE; make it once with `genie secrets init --key-file FILE`), " +
	"or the secrets GENIE_JWT_SECRET, GENIE_EDIT_LINK_KEY and GENIE_MAIL_KEY")

// OpenKeyring opens the server keys the configuration names (see
// docs/security.md): secrets given to the process win; the others come
// from the key file, created beside a SQLite database when missing. With
// PostgreSQL the file must exist already, since every process must share
// one. Keys an older version kept in the database are moved into the file.
func OpenKeyring(ctx context.Context, cfg Config, d *db.DB) (*secrets.Keyring, error) {
	path := cfg.KeyFile
	if path == "" {
		path = DefaultKeyFile(cfg.DB)
	}
	configured := map[string][]byte{}
	if cfg.JWTSecret != "" {
		configured[secrets.JWTSecret] = []byte(cfg.JWTSecret) // as given: it may be shared with another provider
	}
	for name, v := range map[string]string{secrets.EditLinkKey: cfg.EditLinkKey, secrets.MailKey: cfg.MailKey} {
		if v != "" {
			k := sha256.Sum256([]byte(v))
			configured[name] = k[:]
		}
	}
	needed := 2 // edit links and mail
	if !cfg.DisableEmbeddedAuth || cfg.JWTSecret != "" {
		needed++
	}
	if path == "" && len(configured) < needed {
		if d.Engine == db.Postgres {
			return nil, errKeysNeeded
		}
		return nil, errors.New("an in-memory database needs --key-file or the secrets GENIE_JWT_SECRET, GENIE_EDIT_LINK_KEY and GENIE_MAIL_KEY")
	}
	kr, err := secrets.Open(path, d.Engine != db.Postgres, cfg.Now)
	if errors.Is(err, secrets.ErrNoKeyFile) {
		return nil, fmt.Errorf("%w (%s does not exist)", errKeysNeeded, path)
	}
	if err != nil {
		return nil, err
	}
	for name, k := range configured {
		kr.Configure(name, k)
	}
	moved, err := secrets.MoveLegacy(ctx, d, kr)
	if err != nil {
		return nil, err
	}
	if len(moved) > 0 {
		cfg.Log.Info("moved server keys out of the database into the key file", "keys", moved, "key_file", path)
	}
	return kr, nil
}
