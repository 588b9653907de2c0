package gendocs

import (
	"regexp"
	"strings"
)

var (
	offerCue    = regexp.MustCompile(`(?i)\b(offers?|offering|provides?|providing|sells?|serves?|services?|products?|speciali[sz]e[sd]?|menu|range|includes?|available|we (?:make|build|run|do|help|create|design|deliver|teach|repair|host))\b`)
	audienceCue = regexp.MustCompile(`(?i)\b(for (?:anyone|everyone|people|families|businesses|companies|teams|customers|clients|students|beginners|those|you|small|local|busy|young|older|new)|ideal for|perfect for|designed for|made for|built for|suited to|suitable for|aimed at|whether you|our (?:customers|clients|guests|members|students)|who (?:want|need|are|love|like))\b`)
	contactCue  = regexp.MustCompile(`(?i)(\b(call us|phone us|ring us|e-?mail us|contact us|reach us|visit us|find us|our address|whatsapp)\b|\S@[a-z0-9-]+\.|\+?\d[\d ()-]{7,}\d)`)
	youCue      = regexp.MustCompile(`(?i)\b(you|your)\b`)
)

const (
	maxOnePagerBody = 700 // characters a section
	maxKeyPoints    = 5
)

// onePager builds: what the business offers, who it is for, sections of
// the sources' own topics, key points, and how to get in touch when the
// sources say. 4 to 6 sections; the fixed headings are the only words not
// taken from the sources.
func (c *corpus) onePager(req Request) (*Document, error) {
	all := c.sentenceUnits()
	var sections []Section
	add := func(heading string, us []unit) bool {
		if len(us) == 0 {
			return false
		}
		sections = append(sections, Section{Heading: heading, Body: truncateText(c.joinSentences(us), maxOnePagerBody)})
		return true
	}
	audience := pick(c.unused(all, func(u unit) bool { return audienceCue.MatchString(u.text) }), 3, self)
	if len(audience) == 0 {
		audience = pick(c.unused(all, func(u unit) bool {
			return youCue.MatchString(u.text) && instruction(u.text) == "" && !contactCue.MatchString(u.text)
		}), 2, self)
	}
	isAudience := map[string]bool{}
	for _, u := range audience {
		isAudience[u.text] = true
	}
	offers := pick(c.unused(all, func(u unit) bool { return offerCue.MatchString(u.text) && !isAudience[u.text] }), 3, self)
	if len(offers) == 0 {
		offers = pick(c.unused(all, func(u unit) bool { return !isAudience[u.text] }), 2, func(u unit) unit { u.score = 0; return u })
	}
	add("What "+req.GenieName+" offers", offers)
	if !add("Who it is for", audience) {
		return nil, notEnough("a one-pager: the sources do not say who the business is for (for example \"Ideal for families\" or \"for small businesses\")")
	}

	contact := pick(c.unused(all, func(u unit) bool { return contactCue.MatchString(u.text) }), 3, self)
	for _, u := range contact {
		c.used[u.text] = true // kept for the last section
	}
	room := MaxOnePager - len(sections) - 1 - boolInt(len(contact) > 0)
	sections = append(sections, c.topics(room, sections)...)
	if points := c.keyPoints(all); len(points) > 0 {
		sections = append(sections, Section{Heading: "Key points", Body: bulletList(points)})
	}
	if len(contact) > 0 && len(sections) < MaxOnePager {
		sections = append(sections, Section{Heading: "How to get in touch", Body: truncateText(c.joinSentences(contact), maxOnePagerBody)})
	}
	if len(sections) < MinOnePager {
		return nil, notEnough("a one-pager: the sources give %d sections, at least %d are needed; add documents with more to say", len(sections), MinOnePager)
	}
	return &Document{Title: truncateText(capitalize(req.GenieName)+" at a glance", MaxTitleLen), Subtitle: subtitle(req, ""), Sections: sections}, nil
}

func self(u unit) unit { return u }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keyPoints are short facts not used yet: sentences with figures
// (prices, times) first, then the rest, best matches of the purpose first.
func (c *corpus) keyPoints(all []unit) []string {
	short := c.unused(all, func(u unit) bool { return len(u.text) <= 240 && len(strings.Fields(u.text)) >= 3 })
	for i := range short {
		if strings.IndexAny(short[i].text, "0123456789") >= 0 {
			short[i].score++
		}
	}
	chosen := pick(short, maxKeyPoints, self)
	out := make([]string, len(chosen))
	for i, u := range chosen {
		out[i] = u.text
		c.used[u.text] = true
	}
	return out
}

// topics are sections named by the sources' own headings, best matches of
// the purpose first, with their text not yet used.
func (c *corpus) topics(n int, have []Section) []Section {
	if n <= 0 {
		return nil
	}
	taken := map[string]bool{"key points": true, "how to get in touch": true}
	for _, s := range have {
		taken[strings.ToLower(s.Heading)] = true
	}
	type topic struct {
		unit
		heading string
		blocks  []block
	}
	var cands []topic
	for pi, p := range c.parts {
		key := strings.ToLower(p.heading)
		bs := c.unusedBlocks(p.blocks)
		if p.heading == "" || taken[key] || len(bs) == 0 {
			continue
		}
		taken[key] = true
		cands = append(cands, topic{unit: unit{doc: c.docOf[pi], pos: pi, part: pi,
			score: overlap(c.purpose, p.heading+" "+formatBlocks(bs, 2000))}, heading: p.heading, blocks: bs})
	}
	var out []Section
	for _, t := range pick(cands, n, func(t topic) unit { return t.unit }) {
		body := formatBlocks(t.blocks, 500)
		for _, b := range t.blocks {
			for _, s := range sentences(b.text) {
				c.used[s] = true
			}
		}
		out = append(out, Section{Heading: t.heading, Body: body})
	}
	return out
}

// unusedBlocks returns blocks without the sentences already used; blocks
// left empty are dropped.
func (c *corpus) unusedBlocks(bs []block) []block {
	var out []block
	for _, b := range bs {
		var keep []string
		for _, s := range sentences(b.text) {
			if !c.used[s] {
				keep = append(keep, s)
			}
		}
		if len(keep) > 0 {
			b.text = strings.Join(keep, " ")
			if b.kind == step {
				b.kind = bullet // what is left of a procedure reads as a list
			}
			out = append(out, b)
		}
	}
	return out
}
