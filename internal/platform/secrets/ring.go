package secrets

import (
	"strings"
	"sync"
)

// Ring seals values with the current key of one name and opens them with
// any live key of it. A sealed value is the key's id, a colon and what
// Box.Seal returns; a value without an id (sealed before keys had
// versions) is tried with every live key.
type Ring struct {
	kr    *Keyring
	name  string
	first Key // the current key when the ring was made: used if the file loses every key

	mu    sync.Mutex
	boxes map[string]*Box // by key id
}

// Ring returns the ring of name, generating its first key when the key
// file has none.
func (kr *Keyring) Ring(name string) (*Ring, error) {
	ks, err := kr.Ensure(name)
	if err != nil {
		return nil, err
	}
	return &Ring{kr: kr, name: name, first: ks[0], boxes: map[string]*Box{}}, nil
}

func (r *Ring) box(k Key) *Box {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.boxes[k.ID]
	if b == nil {
		b, _ = NewBox(k.Secret) // 32-byte keys are checked when loaded
		r.boxes[k.ID] = b
	}
	return b
}

func (r *Ring) keys() []Key {
	if ks := r.kr.Keys(r.name); len(ks) > 0 {
		return ks
	}
	return []Key{r.first}
}

// Current is the id of the key Seal uses now.
func (r *Ring) Current() string { return r.keys()[0].ID }

// Seal encrypts plain bound to ad with the current key.
func (r *Ring) Seal(plain string, ad []byte) string {
	k := r.keys()[0]
	return k.ID + ":" + r.box(k).Seal(plain, ad)
}

// Open decrypts what Seal returned for the same ad, with whichever live
// key sealed it. The second result reports whether that key is the
// current one (if not, the value should be sealed again).
func (r *Ring) Open(sealed string, ad []byte) (string, bool, error) {
	ks := r.keys()
	if id, rest, ok := strings.Cut(sealed, ":"); ok {
		for i, k := range ks {
			if k.ID == id {
				p, err := r.box(k).Open(rest, ad)
				return p, i == 0 && err == nil, err
			}
		}
		sealed = rest // a key adopted under another id: try them all
	}
	for _, k := range ks { // sealed before keys had ids
		if p, err := r.box(k).Open(sealed, ad); err == nil {
			return p, false, nil
		}
	}
	return "", false, ErrOpen
}
