package main

import (
	"compress/gzip"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestHumanize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"python3-requests", "Python3 requests"},
		{"libc++-dev", "Libc dev"},
		{"0ad", "0ad"},
		{"g++_12.2", "G 12 2"},
	} {
		if got := humanize(c.in); got != c.want {
			t.Errorf("humanize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCorpusFromFiles reads a Packages list and a changelog written here
// and checks the texts and searches drawn from them.
func TestCorpusFromFiles(t *testing.T) {
	dir := t.TempDir()
	var pk strings.Builder
	for _, p := range []struct{ name, desc string }{
		{"vim-tiny", "Vi IMproved - enhanced vi editor - compact version"},
		{"python3-flask", "micro web framework based on Werkzeug and Jinja2"},
		{"curl", "command line tool for transferring data with URL syntax"},
	} {
		pk.WriteString("Package: " + p.name + "\nVersion: 1\nDescription: " + p.desc + "\nSection: misc\n\n")
	}
	for i := range 1000 { // the loader wants a real list's size
		pk.WriteString("Package: filler-" + strconv.Itoa(i) + "\nDescription: filler package number " + strconv.Itoa(i) + "\n\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "x_Packages"), []byte(pk.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "doc", "curl"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "doc", "curl", "changelog.Debian.gz"))
	if err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(f)
	z.Write([]byte("curl (7.88) bookworm; urgency=medium\n\n  * Fix a crash when resolving hosts over IPv6.\n  * x\n\n -- Maintainer <m@example.com>  Mon, 1 Jan 2024\n")) //nolint:errcheck
	z.Close()
	f.Close()
	aptLists, changelogs = filepath.Join(dir, "*Packages*"), filepath.Join(dir, "doc", "*", "changelog.Debian.gz")
	t.Cleanup(func() { aptLists, changelogs = "/var/lib/apt/lists/*Packages*", "/usr/share/doc/*/changelog.Debian.gz" })
	c, err := loadCorpus()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(c.names, "Vim tiny") || !slices.Contains(c.taglines, "micro web framework based on Werkzeug and Jinja2") {
		t.Fatalf("names or descriptions not read: %v / %v", c.names[:3], c.taglines[:3])
	}
	if !slices.Contains(c.sentences, "Fix a crash when resolving hosts over IPv6.") || slices.Contains(c.sentences, "x") {
		t.Fatalf("changelog entries: %v", c.sentences[len(c.sentences)-2:])
	}
	if c.terms < 20 {
		t.Fatalf("%d distinct terms", c.terms)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		q := c.search(r.IntN)
		w := strings.Split(q, " ")
		if len(w) != 2 || len(w[0]) < 3 || len(w[1]) < 3 || strings.IndexFunc(q, func(r rune) bool {
			return r != ' ' && !unicode.IsLower(r) && !unicode.IsDigit(r)
		}) >= 0 {
			t.Fatalf("search %q: want two lower-case words of letters and digits, three or more each", q)
		}
		name, tagline, desc := c.listing(r)
		if name == "" || tagline == "" || desc == "" {
			t.Fatalf("listing %q %q %q", name, tagline, desc)
		}
	}
}

// TestSearchPrefixesWholeLetters: a search's last word cut as typed
// keeps whole letters (a cut inside one is not valid UTF-8, which the
// server refuses).
func TestSearchPrefixesWholeLetters(t *testing.T) {
	c := &corpus{taglines: []string{"éèêëéèê àâäàâäà ïîïîïîï"}}
	r := rand.New(rand.NewPCG(1, 2))
	cut := 0
	for range 200 {
		q := c.search(r.IntN)
		if !utf8.ValidString(q) {
			t.Fatalf("search %q is not valid UTF-8", q)
		}
		if len([]rune(q)) < 15 {
			cut++
		}
	}
	if cut == 0 {
		t.Fatal("no search cut its last word")
	}
}

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"two words here", 9, "two"}, // at the last space
		{"éééé", 3, "é"},             // never inside a character
		{"abcdef", 4, "abcd"},        // no space: cut at n
	} {
		if got := truncate(tc.in, tc.n); got != tc.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
