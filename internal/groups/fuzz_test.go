package groups

import (
	"strconv"
	"testing"
)

// FuzzParseID: a group ID is a positive int64 written in decimal; an
// accepted one formats back to an equal number.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{"1", "12", "0", "-1", "01", "+3", "9223372036854775807", "9223372036854775808", "1e3", " 1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseID("id", s)
		if err != nil {
			return
		}
		if id < 1 {
			t.Fatalf("ParseID(%q) = %d", s, id)
		}
		if back, _ := strconv.ParseInt(strconv.FormatInt(id, 10), 10, 64); back != id {
			t.Fatalf("ParseID(%q) = %d does not round-trip", s, id)
		}
	})
}
