// Package secrets keeps the server's own keys and seals values at rest.
//
// The keys live outside the database (see Keyring): in a key file shared
// by every process of a deployment, or given to the process directly, so
// that a copy of the database alone yields no usable credential. A Box
// encrypts values with AES-256-GCM bound to additional data (the row they
// belong to), so a sealed value copied to another row does not open; a
// Ring does so with the current version of a key and opens with any live
// one.
package secrets

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/geniehq/genie/internal/platform/db"
)

// KeySize is the size of generated keys.
const KeySize = 32

// MoveLegacy moves the keys that older versions kept in the settings table
// into the key file, then erases them from the database, so that a copy of
// the database alone holds no key. The file is written (and synced) before
// the rows are deleted: a crash between the two leaves a key in both
// places, never in neither. It returns the names moved.
func MoveLegacy(ctx context.Context, d *db.DB, kr *Keyring) ([]string, error) {
	var moved []string
	for _, name := range Names {
		var v string
		err := d.W.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = $1`, name).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		k, err := base64.RawStdEncoding.DecodeString(v)
		if err != nil || len(k) != KeySize {
			return nil, fmt.Errorf("the %s setting is not %d bytes of base64", name, KeySize)
		}
		if kr.Path() == "" {
			return nil, fmt.Errorf("the database still holds the %s key of an older version: give a key file (--key-file) to move it into", name)
		}
		if err := kr.Adopt(name, k); err != nil {
			return nil, err
		}
		if _, err := d.W.ExecContext(ctx, `DELETE FROM settings WHERE key = $1`, name); err != nil {
			return nil, fmt.Errorf("erase %s from the database: %w", name, err)
		}
		moved = append(moved, name)
	}
	return moved, nil
}

// Reseal seals every value of one column again with the current key, so
// that older keys can be dropped after a rotation. query selects (id,
// sealed value) rows; update sets $1 as the new value where the id is $2
// and the value is still $3 (a row changed meanwhile is left alone). open
// returns the plain value and whether the current key sealed it. Values
// that no live key opens are counted in failed and left alone.
func Reseal[ID any](ctx context.Context, d *db.DB, query, update string,
	open func(id ID, sealed string) (plain string, current bool, err error), seal func(id ID, plain string) string) (resealed, failed int, err error) {
	type row struct {
		id     ID
		sealed string
	}
	rows, err := d.R.QueryContext(ctx, query)
	if err != nil {
		return 0, 0, fmt.Errorf("reseal: %w", err)
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.sealed); err != nil {
			rows.Close()
			return 0, 0, fmt.Errorf("reseal: %w", err)
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, fmt.Errorf("reseal: %w", err)
	}
	for _, r := range all {
		plain, current, err := open(r.id, r.sealed)
		if err != nil {
			failed++
			continue
		}
		if current {
			continue
		}
		if _, err := d.W.ExecContext(ctx, update, seal(r.id, plain), r.id, r.sealed); err != nil {
			return resealed, failed, fmt.Errorf("reseal: %w", err)
		}
		resealed++
	}
	return resealed, failed, nil
}

// Box seals and opens values with one key.
type Box struct{ aead cipher.AEAD }

// NewBox returns a Box for a 32-byte key.
func NewBox(key []byte) (*Box, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("secrets: key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("secrets: key: %w", err)
	}
	return &Box{aead: aead}, nil
}

// ErrOpen is returned by Open for a value that is malformed or was sealed
// with another key or for other additional data.
var ErrOpen = errors.New("secrets: sealed value cannot be opened with this key")

// Seal encrypts plain bound to ad: base64 of a random nonce and the
// ciphertext.
func (b *Box) Seal(plain string, ad []byte) string {
	nonce := make([]byte, b.aead.NonceSize())
	rand.Read(nonce)
	return base64.RawStdEncoding.EncodeToString(b.aead.Seal(nonce, nonce, []byte(plain), ad))
}

// Open decrypts what Seal returned for the same ad.
func (b *Box) Open(sealed string, ad []byte) (string, error) {
	raw, err := base64.RawStdEncoding.DecodeString(sealed)
	n := b.aead.NonceSize()
	if err != nil || len(raw) < n {
		return "", ErrOpen
	}
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], ad)
	if err != nil {
		return "", ErrOpen
	}
	return string(plain), nil
}
