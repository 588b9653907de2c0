package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/marketplace"
)

// corpus is real short text from the machine, for a realistic catalog:
// Debian's package records (names and one-line descriptions, in
// /var/lib/apt/lists after apt-get update) and the changelog entries of
// the installed packages (/usr/share/doc/*/changelog.Debian.gz). Listings
// take a package's name, another's description as tagline, and a few
// descriptions and changelog entries as description; searches are words
// of those texts, the last one often a prefix, as people type.
type corpus struct {
	names     []string
	taglines  []string
	sentences []string
	terms     int // distinct terms (letters and digits, lower-cased)
}

// benchCorpus is the corpus of a realistic catalog (nil: synthetic).
var benchCorpus *corpus

// aptLists and changelogs are where the corpus comes from.
var (
	aptLists   = "/var/lib/apt/lists/*Packages*"
	changelogs = "/usr/share/doc/*/changelog.Debian.gz"
)

func loadCorpus() (*corpus, error) {
	files, _ := filepath.Glob(aptLists)
	c := &corpus{}
	seen := map[string]bool{}
	for _, f := range files {
		b, err := readCompressed(f)
		if err != nil {
			return nil, err
		}
		for line := range strings.Lines(string(b)) {
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "Package: "):
				c.names = append(c.names, humanize(strings.TrimPrefix(line, "Package: ")))
			case strings.HasPrefix(line, "Description: "):
				d := strings.TrimPrefix(line, "Description: ")
				if !seen[d] {
					seen[d] = true
					c.taglines = append(c.taglines, truncate(d, marketplace.MaxTaglineLen)) // a few run longer
				}
			}
		}
	}
	if len(c.taglines) < 1000 {
		return nil, fmt.Errorf("realistic catalog: %d package descriptions under %s; run apt-get update, or use -catalog synthetic", len(c.taglines), aptLists)
	}
	c.sentences = append(c.sentences, c.taglines...)
	logs, _ := filepath.Glob(changelogs)
	for _, f := range logs {
		for _, e := range changelogEntries(f) {
			if !seen[e] {
				seen[e] = true
				c.sentences = append(c.sentences, e)
			}
		}
	}
	terms := map[string]bool{}
	for _, s := range [][]string{c.names, c.sentences} {
		for _, t := range s {
			for _, w := range words(t) {
				terms[w] = true
			}
		}
	}
	c.terms = len(terms)
	return c, nil
}

// readCompressed reads an apt list, which apt may keep compressed: its
// own helper decompresses whatever apt wrote; lz4 and gzip are fallbacks.
func readCompressed(f string) ([]byte, error) {
	if out, err := exec.Command("/usr/lib/apt/apt-helper", "cat-file", f).Output(); err == nil {
		return out, nil
	}
	switch {
	case strings.HasSuffix(f, ".lz4"):
		return exec.Command("lz4", "-dc", f).Output()
	case strings.HasSuffix(f, ".gz"):
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		z, err := gzip.NewReader(fh)
		if err != nil {
			return nil, err
		}
		return io.ReadAll(z)
	}
	return os.ReadFile(f)
}

// changelogEntries returns the entries ("* ..." items) of a Debian
// changelog, each up to 200 bytes.
func changelogEntries(f string) []string {
	fh, err := os.Open(f)
	if err != nil {
		return nil
	}
	defer fh.Close()
	z, err := gzip.NewReader(fh)
	if err != nil {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(io.LimitReader(z, 8<<20))
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if e, ok := bytes.CutPrefix(line, []byte("* ")); ok && len(e) > 10 {
			out = append(out, truncate(string(e), 200))
		}
	}
	return out
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if i := strings.LastIndexByte(s[:n], ' '); i > 0 {
		return s[:i]
	}
	for n > 0 && !utf8.RuneStart(s[n]) { // not inside a character
		n--
	}
	return s[:n]
}

// humanize makes a package name a display name: "python3-requests" is
// "Python3 requests".
func humanize(pkg string) string {
	s := strings.Map(func(r rune) rune {
		if r == '-' || r == '.' || r == '+' || r == '_' {
			return ' '
		}
		return r
	}, pkg)
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

// words are the lower-cased runs of letters and digits of s.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// listing returns a listing's name, tagline and description.
func (c *corpus) listing(r *rand.Rand) (name, tagline, description string) {
	n := 2 + r.IntN(3)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = c.sentences[r.IntN(len(c.sentences))]
	}
	return c.names[r.IntN(len(c.names))], c.taglines[r.IntN(len(c.taglines))], strings.Join(parts, ". ")
}

// search returns a search as people type it: two consecutive words of a
// description, the second cut to a prefix of at least three letters half
// of the time.
func (c *corpus) search(pick func(int) int) string {
	for {
		w := slices.DeleteFunc(words(c.taglines[pick(len(c.taglines))]), func(w string) bool { return len(w) < 3 })
		if len(w) < 2 {
			continue
		}
		i := pick(len(w) - 1)
		a, b := w[i], w[i+1]
		if r := []rune(b); pick(2) == 0 && len(r) > 3 { // as typed: whole letters
			b = string(r[:3+pick(len(r)-3)])
		}
		return a + " " + b
	}
}
