package secrets

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Names of the server keys.
const (
	JWTSecret   = "jwt_secret"           // signs the embedded provider's session tokens (HS256)
	EditLinkKey = "edit_link_key"        // seals edit-link tokens at rest
	MailKey     = "mail_credentials_key" // seals mail-tenant API keys and webhook signing secrets at rest (the name is kept for existing key files)
)

// Names lists every server key.
var Names = []string{JWTSecret, EditLinkKey, MailKey}

// Key is one version of a server key. The first live key of a name is the
// current one (it signs and seals); the others are kept so that what they
// signed or sealed still verifies and opens until they retire.
type Key struct {
	ID      string    `json:"id"`
	Secret  []byte    `json:"secret"` // 32 bytes, base64 in the file
	Created time.Time `json:"created_at"`
	// RetireAt, when set, is when the key stops being accepted; rotation
	// sets it on the key it replaces.
	RetireAt *time.Time `json:"retire_at,omitempty"`
}

func (k Key) live(now time.Time) bool { return k.RetireAt == nil || now.Before(*k.RetireAt) }

// NewKey returns a new random key.
func NewKey(now time.Time) Key {
	s := make([]byte, KeySize)
	rand.Read(s)
	id := make([]byte, 4)
	rand.Read(id)
	return Key{ID: hex.EncodeToString(id), Secret: s, Created: now.UTC().Truncate(time.Second)}
}

// configuredKey turns a secret given to the process (flag or environment)
// into a key. Its id is derived from the secret, so every process given
// the same secret agrees on it.
func configuredKey(secret []byte) Key {
	h := sha256.Sum256(append([]byte("genie key id\x00"), secret...))
	return Key{ID: "c" + hex.EncodeToString(h[:3]), Secret: secret}
}

// fileFormat is the key file: versions of each key, current first.
type fileFormat struct {
	Keys map[string][]Key `json:"keys"`
}

// Keyring holds the server keys outside the database: in a key file
// (mode 0600) that every process of a deployment shares, or given to the
// process directly. A running process notices a rotation written to the
// file within ReloadEvery.
type Keyring struct {
	path       string
	now        func() time.Time
	configured map[string]Key

	mu      sync.Mutex
	keys    map[string][]Key
	modTime time.Time
	checked atomic.Int64 // unix nanos of the last look at the file
}

// ReloadEvery is how often a process looks at its key file for changes.
const ReloadEvery = 2 * time.Second

// ErrNoKeyFile is returned by Open when the file does not exist and may
// not be created.
var ErrNoKeyFile = errors.New("key file does not exist")

// Open reads the key file at path; with create, a missing file is created
// empty (mode 0600). A file that others may read is refused, as ssh does.
// An empty path gives a keyring of configured keys only.
func Open(path string, create bool, now func() time.Time) (*Keyring, error) {
	if now == nil {
		now = time.Now
	}
	kr := &Keyring{path: path, now: now, configured: map[string]Key{}, keys: map[string][]Key{}}
	if path == "" {
		return kr, nil
	}
	if create {
		if err := createEmpty(path); err != nil {
			return nil, err
		}
	}
	if err := kr.load(); err != nil {
		return nil, err
	}
	return kr, nil
}

// createEmpty makes an empty key file at path unless one exists. It is
// written whole and linked into place, so a process opening it at the same
// moment never reads it half-written.
func createEmpty(path string) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	err := writeWhole(path, []byte("{\"keys\":{}}\n"), func(tmp string) error {
		if err := os.Link(tmp, path); !errors.Is(err, fs.ErrExist) {
			return err
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("create key file %s: %w", path, err)
	}
	return nil
}

// writeWhole writes data to a new private file beside path, syncs it and
// hands its name to place (a rename or a link into path).
func writeWhole(path string, data []byte, place func(tmp string) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".genie-keys-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o600)
	}
	if err != nil {
		return err
	}
	return place(tmp.Name())
}

// Path is the key file's path ("" when there is none).
func (kr *Keyring) Path() string { return kr.path }

// Configure makes name use a secret given to the process instead of the
// key file.
func (kr *Keyring) Configure(name string, secret []byte) {
	kr.mu.Lock()
	defer kr.mu.Unlock()
	kr.configured[name] = configuredKey(secret)
}

// load reads the file; the caller holds kr.mu or owns kr.
func (kr *Keyring) load() error {
	st, err := os.Stat(kr.path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", ErrNoKeyFile, kr.path)
	}
	if err != nil {
		return fmt.Errorf("key file: %w", err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("key file %s may be read by others (mode %04o): run chmod 600 %s", kr.path, st.Mode().Perm(), kr.path)
	}
	b, err := os.ReadFile(kr.path)
	if err != nil {
		return fmt.Errorf("key file: %w", err)
	}
	var f fileFormat
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("key file %s is not valid: %v", kr.path, err)
	}
	for name, ks := range f.Keys {
		for _, k := range ks {
			if len(k.Secret) != KeySize || k.ID == "" {
				return fmt.Errorf("key file %s: a %s key is malformed", kr.path, name)
			}
		}
	}
	if f.Keys == nil {
		f.Keys = map[string][]Key{}
	}
	kr.keys, kr.modTime = f.Keys, st.ModTime()
	kr.checked.Store(kr.now().UnixNano())
	return nil
}

// refresh reloads the file when it changed, at most every ReloadEvery. A
// file that became unreadable keeps the keys already loaded.
func (kr *Keyring) refresh() {
	if kr.path == "" || time.Duration(time.Now().UnixNano()-kr.checked.Load()) < ReloadEvery {
		return
	}
	kr.checked.Store(time.Now().UnixNano())
	st, err := os.Stat(kr.path)
	if err != nil || st.ModTime().Equal(kr.modTime) {
		return
	}
	kr.load() //nolint:errcheck // keep the loaded keys; the next start reports the problem
}

// Keys returns the live keys of name, current first (nil when it has none).
func (kr *Keyring) Keys(name string) []Key {
	kr.mu.Lock()
	defer kr.mu.Unlock()
	if k, ok := kr.configured[name]; ok {
		return []Key{k}
	}
	kr.refresh()
	now := kr.now()
	var live []Key
	for _, k := range kr.keys[name] {
		if k.live(now) {
			live = append(live, k)
		}
	}
	return live
}

// update changes the file under an exclusive lock, re-reading it first so
// that two processes (or a process and `genie secrets rotate`) never
// overwrite each other, and replaces it atomically.
func (kr *Keyring) update(change func(keys map[string][]Key) bool) error {
	kr.mu.Lock()
	defer kr.mu.Unlock()
	if kr.path == "" {
		return errors.New("no key file is configured")
	}
	lock, err := os.OpenFile(kr.path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return fmt.Errorf("lock key file: %w", err)
	}
	defer lock.Close()
	if err := lockFile(lock); err != nil {
		return fmt.Errorf("lock key file: %w", err)
	}
	defer unlockFile(lock) //nolint:errcheck
	if err := kr.load(); err != nil {
		return err
	}
	if !change(kr.keys) {
		return nil
	}
	b, err := json.MarshalIndent(fileFormat{Keys: kr.keys}, "", "  ")
	if err != nil {
		return err
	}
	err = writeWhole(kr.path, append(b, '\n'), func(tmp string) error { return os.Rename(tmp, kr.path) })
	if err != nil {
		return fmt.Errorf("write key file: %w", err)
	}
	return kr.load()
}

// Ensure makes sure name has a current key in the file, generating one the
// first time, and returns its live keys.
func (kr *Keyring) Ensure(name string) ([]Key, error) {
	if ks := kr.Keys(name); len(ks) > 0 {
		return ks, nil
	}
	err := kr.update(func(keys map[string][]Key) bool {
		if len(keys[name]) > 0 {
			return false
		}
		keys[name] = []Key{NewKey(kr.now())}
		return true
	})
	if err != nil {
		return nil, err
	}
	return kr.Keys(name), nil
}

// Adopt adds secret (a key found elsewhere, such as the settings table of
// an older version) to name: as the current key when name has none, else
// as an extra live key behind the current one, so that what it signed or
// sealed keeps working. Adopting a key the file already has changes
// nothing.
func (kr *Keyring) Adopt(name string, secret []byte) error {
	if len(secret) != KeySize {
		return fmt.Errorf("adopt %s: key is %d bytes, want %d", name, len(secret), KeySize)
	}
	return kr.update(func(keys map[string][]Key) bool {
		if slices.ContainsFunc(keys[name], func(k Key) bool { return string(k.Secret) == string(secret) }) {
			return false
		}
		k := NewKey(kr.now())
		k.Secret = append([]byte(nil), secret...)
		keys[name] = append(keys[name], k)
		return true
	})
}

// Rotate makes a new current key for name. The keys it replaces stay live
// for overlap, so that tokens and sealed values made with them keep
// working while they are resealed or expire; keys already retired are
// dropped from the file.
func (kr *Keyring) Rotate(name string, overlap time.Duration) (Key, error) {
	now := kr.now()
	k := NewKey(now)
	err := kr.update(func(keys map[string][]Key) bool {
		retire := now.Add(overlap).UTC().Truncate(time.Second)
		kept := []Key{k}
		for _, old := range keys[name] {
			if !old.live(now) {
				continue
			}
			if old.RetireAt == nil || old.RetireAt.After(retire) {
				old.RetireAt = &retire
			}
			kept = append(kept, old)
		}
		keys[name] = kept
		return true
	})
	return k, err
}

// Prune drops the keys of name that are not current, at once: after a
// reseal, or to cut off what a leaked old key signed.
func (kr *Keyring) Prune(name string) error {
	return kr.update(func(keys map[string][]Key) bool {
		if len(keys[name]) <= 1 {
			return false
		}
		keys[name] = keys[name][:1]
		return true
	})
}
