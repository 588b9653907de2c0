package marketplace

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

type lexWeights struct {
	lex string
	w   uint8
}

func parseAll(s string) ([]lexWeights, error) {
	var out []lexWeights
	err := parseTSVector(s, func(lex string, w uint8) { out = append(out, lexWeights{lex, w}) })
	return out, err
}

// TestParseTSVector reads PostgreSQL's text form of a tsvector.
func TestParseTSVector(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []lexWeights
		bad  bool
	}{
		{in: ""},
		{in: `'a':1A 'fat':2B,4C 'cat':5`, want: []lexWeights{{"a", weightA}, {"fat", weightB | weightC}, {"cat", weightD}}},
		{in: `'it''s':1A,3A 'back\\slash':2 'q\'x':7D`, want: []lexWeights{{"it's", weightA}, {`back\slash`, weightD}, {"q'x", weightD}}},
		{in: `'nopos' 'café':12B`, want: []lexWeights{{"nopos", 0}, {"café", weightB}}},
		{in: `'mixed':1A,2,3C`, want: []lexWeights{{"mixed", weightA | weightD | weightC}}},
		{in: `'x`, bad: true},
		{in: `x`, bad: true},
		{in: `'x':`, bad: true},
		{in: `'x':A`, bad: true},
		{in: `'x':1Z`, bad: true},
		{in: `'x':1,`, bad: true},
		{in: `'x':1234567`, bad: true},
	} {
		got, err := parseAll(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("%q: read as %v, want an error", c.in, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

// FuzzParseTSVector: any text is read or refused, never a panic; what is
// read, written back in the same form, reads the same.
func FuzzParseTSVector(f *testing.F) {
	for _, s := range []string{`'a':1A 'fat':2B,4C 'cat':5`, `'it''s':1A 'b\\s'`, `'x':1,2D`, `'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseAll(s)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, lw := range got {
			b.WriteString("'" + strings.ReplaceAll(strings.ReplaceAll(lw.lex, `\`, `\\`), "'", "''") + "'")
			sep := ":"
			for i, letter := range "ABCD" {
				if lw.w&(1<<i) != 0 {
					fmt.Fprintf(&b, "%s%d%c", sep, i+1, letter)
					sep = ","
				}
			}
			b.WriteByte(' ')
		}
		again, err := parseAll(b.String())
		if err != nil || !slices.Equal(again, got) {
			t.Fatalf("%q read as %v; written back %q, read as %v (%v)", s, got, b.String(), again, err)
		}
	})
}
