package gendocs

import (
	"sort"
	"strconv"
	"strings"
)

// corpus is the parsed sources with the purpose's words, shared by the
// embedded generator's templates.
type corpus struct {
	parts   []part
	docOf   []int // source index of each part
	purpose map[string]bool
	used    map[string]bool // sentences already placed in the document
}

func newCorpus(req Request) *corpus {
	c := &corpus{purpose: termSet(req.Purpose), used: map[string]bool{}}
	for i, s := range req.Sources {
		for _, p := range parse(s) {
			c.parts = append(c.parts, p)
			c.docOf = append(c.docOf, i)
		}
	}
	return c
}

// unit is a candidate passage: where it stands (source, position in the
// source) and how well it matches the purpose.
type unit struct {
	doc, pos, score int
	part            int
	text            string
}

// sentenceUnits lists every sentence of paragraphs and every list item, in
// source order.
func (c *corpus) sentenceUnits() []unit {
	var out []unit
	pos := map[int]int{}
	for pi, p := range c.parts {
		d := c.docOf[pi]
		for _, b := range p.blocks {
			ss := []string{b.text}
			if b.kind == para {
				ss = sentences(b.text)
			}
			for _, s := range ss {
				out = append(out, unit{doc: d, pos: pos[d], part: pi, text: s, score: overlap(c.purpose, s+" "+p.heading)})
				pos[d]++
			}
		}
	}
	return out
}

// pick chooses up to n items: the best matches of the purpose first; among
// equals the earliest of each source before the second of any (so every
// source is covered); the chosen items are returned in source order.
func pick[T any](items []T, n int, key func(T) unit) []T {
	out := append([]T(nil), items...)
	sortByPreference(out, key)
	if len(out) > n {
		out = out[:n]
	}
	sortBySource(out, key)
	return out
}

// sortByPreference orders items as pick prefers them.
func sortByPreference[T any](items []T, key func(T) unit) {
	sort.SliceStable(items, func(a, b int) bool {
		ua, ub := key(items[a]), key(items[b])
		if ua.score != ub.score {
			return ua.score > ub.score
		}
		if ua.pos != ub.pos {
			return ua.pos < ub.pos
		}
		return ua.doc < ub.doc
	})
}

// sortBySource orders items as they stand in the sources.
func sortBySource[T any](items []T, key func(T) unit) {
	sort.SliceStable(items, func(a, b int) bool {
		ua, ub := key(items[a]), key(items[b])
		if ua.doc != ub.doc {
			return ua.doc < ub.doc
		}
		return ua.pos < ub.pos
	})
}

// formatBlocks writes blocks in the body format, stopping before max
// characters: paragraphs apart by a blank line, list items one a line
// ("- " bullets, steps renumbered from 1 in each list).
func formatBlocks(blocks []block, max int) string {
	var sb strings.Builder
	n, prevKind, prevList := 0, para, -1
	for i, b := range blocks {
		line := b.text
		switch b.kind {
		case bullet:
			line = "- " + line
		case step:
			if b.list != prevList {
				n = 0
			}
			n++
			line = strconv.Itoa(n) + ". " + line
		}
		sep := "\n\n"
		if i > 0 && b.kind != para && prevKind == b.kind && b.list == prevList {
			sep = "\n"
		}
		if i == 0 {
			sep = ""
		}
		if sb.Len()+len(sep)+len(line) > max {
			if i == 0 {
				sb.WriteString(truncateText(line, max))
			}
			break
		}
		sb.WriteString(sep + line)
		prevKind, prevList = b.kind, b.list
	}
	return sb.String()
}

// bulletList writes items as "- " lines.
func bulletList(items []string) string {
	lines := make([]string, len(items))
	for i, s := range items {
		lines[i] = "- " + s
	}
	return strings.Join(lines, "\n")
}

// joinSentences joins the texts of units as one paragraph and marks them
// used.
func (c *corpus) joinSentences(us []unit) string {
	texts := make([]string, len(us))
	for i, u := range us {
		texts[i] = u.text
		c.used[u.text] = true
	}
	return strings.Join(texts, " ")
}

// unused filters units whose text is already in the document and that
// match cond.
func (c *corpus) unused(us []unit, cond func(unit) bool) []unit {
	var out []unit
	for _, u := range us {
		if !c.used[u.text] && cond(u) {
			out = append(out, u)
		}
	}
	return out
}
