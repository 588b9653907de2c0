// Package jsoncheck finds text in a JSON document that encoding/json would
// silently change while decoding it.
package jsoncheck

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// BadText is a string of a JSON text that would not decode to the text the
// client sent: encoding/json silently turns a lone surrogate escape
// ("\ud800") and bytes that are not UTF-8 into U+FFFD, which would store
// something else than the client meant, so such requests are refused.
type BadText struct {
	// Path locates the string: object keys joined by dots, array indexes
	// in brackets ("data.document_ids[2]"); a bad object key is named by
	// the object that holds it.
	Path string
	// Problem says what is wrong, for the error message.
	Problem string
}

// FindBadText returns the first bad string of a valid JSON text, or nil.
// The text must already have been parsed successfully.
func FindBadText(b []byte) *BadText {
	if utf8.Valid(b) && !hasSurrogateEscape(b) {
		return nil // the common case: one pass, no allocation
	}
	w := textWalker{b: b}
	w.value("")
	return w.bad
}

// FindBadTextOrNUL is FindBadText that also finds a string holding the
// NUL character (the escape \u0000), which PostgreSQL cannot store in
// text.
func FindBadTextOrNUL(b []byte) *BadText {
	if !HasEscapedNUL(b) {
		return FindBadText(b)
	}
	w := textWalker{b: b, nul: true}
	w.value("")
	return w.bad
}

// hasSurrogateEscape reports whether b contains an escape in the surrogate
// range (\uD800–\uDFFF), paired or not; the walker then tells which.
func hasSurrogateEscape(b []byte) bool {
	for i := 0; i+5 < len(b); i++ {
		if b[i] == '\\' && b[i+1] == 'u' && (b[i+2] == 'd' || b[i+2] == 'D') {
			switch b[i+3] {
			case '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'A', 'B', 'C', 'D', 'E', 'F':
				return true
			}
		}
		if b[i] == '\\' {
			i++ // skip the escaped character, so "\\ud800" is not an escape
		}
	}
	return false
}

// textWalker walks a valid JSON text keeping the path of the current value.
type textWalker struct {
	b   []byte
	i   int
	bad *BadText
	nul bool // a NUL character is a problem too
}

func (w *textWalker) skipSpace() {
	for w.i < len(w.b) {
		switch w.b[w.i] {
		case ' ', '\t', '\n', '\r':
			w.i++
		default:
			return
		}
	}
}

func (w *textWalker) value(path string) {
	w.skipSpace()
	if w.bad != nil || w.i >= len(w.b) {
		return
	}
	switch w.b[w.i] {
	case '{':
		w.members('}', func() {
			key, problem := w.str(true)
			if problem != "" {
				w.fail(path, "a key of "+orBody(path)+" "+problem)
				return
			}
			w.skipSpace()
			w.i++ // ':'
			w.value(join(path, key))
		})
	case '[':
		n := 0
		w.members(']', func() {
			w.value(path + "[" + strconv.Itoa(n) + "]")
			n++
		})
	case '"':
		if _, problem := w.str(false); problem != "" {
			w.fail(path, orBody(path)+" "+problem)
		}
	default: // number, true, false, null
		for w.i < len(w.b) {
			switch w.b[w.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			w.i++
		}
	}
}

// members walks the members of the object or array that starts at w.i, up
// to its closing byte end: member reads each one (from its first byte) and
// stops the walk by failing.
func (w *textWalker) members(end byte, member func()) {
	w.i++
	for w.bad == nil {
		w.skipSpace()
		if w.i >= len(w.b) || w.b[w.i] == end {
			w.i++
			return
		}
		if w.b[w.i] == ',' {
			w.i++
			continue
		}
		member()
	}
}

func (w *textWalker) fail(path, problem string) {
	w.bad = &BadText{Path: orBody(path), Problem: problem}
}

func orBody(path string) string {
	if path == "" {
		return "body"
	}
	return path
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// str reads the string at w.i and returns what is wrong with it, if
// anything, and its value when asked (for keys: values need no copy).
func (w *textWalker) str(wantValue bool) (string, string) {
	w.i++ // opening quote
	start := w.i
	var out []byte
	problem := ""
	for w.i < len(w.b) {
		c := w.b[w.i]
		switch {
		case c == '"':
			w.i++
			if !wantValue {
				return "", problem
			}
			if out == nil {
				out = w.b[start : w.i-1]
			}
			return string(out), problem
		case c == '\\':
			if out == nil && wantValue {
				out = append([]byte(nil), w.b[start:w.i]...)
			}
			r, n, paired := w.escape()
			if problem == "" && !paired {
				problem = "contains an unpaired surrogate escape (\\u" + string(w.b[w.i+2:w.i+6]) + "), which is not a character"
			}
			if n == 0 { // a simple escape: \" \\ \/ \b \f \n \r \t
				n = 2
				r = rune(unescape(w.b[w.i+1]))
			}
			if problem == "" && r == 0 && w.nul {
				problem = "contains the NUL character (\\u0000), which is not accepted in text"
			}
			if wantValue {
				out = utf8.AppendRune(out, r)
			}
			w.i += n
		case c < utf8.RuneSelf:
			if out != nil {
				out = append(out, c)
			}
			w.i++
		default:
			r, size := utf8.DecodeRune(w.b[w.i:])
			if r == utf8.RuneError && size == 1 && problem == "" {
				problem = "is not valid UTF-8 text"
			}
			if out != nil {
				out = append(out, w.b[w.i:w.i+size]...)
			}
			w.i += size
		}
	}
	return string(out), problem
}

func unescape(c byte) byte {
	switch c {
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return c
}

// escape decodes a \uXXXX escape (and the low half of a surrogate pair
// after it) at w.i. It returns the rune and the bytes consumed, or n = 0
// for a simple escape; ok is false for an unpaired surrogate.
func (w *textWalker) escape() (r rune, n int, ok bool) {
	if w.i+1 >= len(w.b) || w.b[w.i+1] != 'u' {
		return 0, 0, true
	}
	r1 := hex4(w.b[w.i+2:])
	if r1 < 0xD800 || r1 > 0xDFFF {
		return r1, 6, true
	}
	if r1 <= 0xDBFF && w.i+11 < len(w.b) && w.b[w.i+6] == '\\' && w.b[w.i+7] == 'u' {
		if r2 := hex4(w.b[w.i+8:]); r2 >= 0xDC00 && r2 <= 0xDFFF {
			return (r1-0xD800)<<10 + (r2 - 0xDC00) + 0x10000, 12, true
		}
	}
	return utf8.RuneError, 6, false
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}

// HasEscapedNUL reports whether a JSON text contains the escape \u0000
// (raw NUL bytes are not valid JSON and fail to parse).
func HasEscapedNUL(b []byte) bool {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`u0000`))
		if j < 0 {
			return false
		}
		j += i
		n := 0
		for k := j - 1; k >= 0 && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 1 {
			return true
		}
		i = j + 5
	}
}
