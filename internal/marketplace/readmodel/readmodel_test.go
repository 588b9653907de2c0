package readmodel

import "testing"

// TestVersioned: a value is served only for the version it was computed
// for; a newer version drops the older entries, an older put is ignored,
// and a full map starts again.
func TestVersioned(t *testing.T) {
	c := NewVersioned[string, int](2)
	c.Put(1, "a", 10)
	steps := []struct {
		do      func()
		version int64
		key     string
		want    int
		ok      bool
	}{
		{nil, 1, "a", 10, true},
		{nil, 2, "a", 0, false}, // asked at a newer version: not served
		{func() { c.Put(2, "b", 20) }, 1, "a", 0, false},
		{nil, 2, "b", 20, true},
		{func() { c.Put(1, "c", 30) }, 1, "c", 0, false}, // an older put is ignored
		{func() { c.Put(2, "c", 30) }, 2, "c", 30, true},
		{func() { c.Put(2, "d", 40) }, 2, "b", 0, false}, // full: cleared before d
		{nil, 2, "d", 40, true},
	}
	for i, s := range steps {
		if s.do != nil {
			s.do()
		}
		if got, ok := c.Get(s.version, s.key); got != s.want || ok != s.ok {
			t.Errorf("step %d: Get(%d, %q) = %d, %v; want %d, %v", i, s.version, s.key, got, ok, s.want, s.ok)
		}
	}
}
