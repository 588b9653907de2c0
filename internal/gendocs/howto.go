package gendocs

import (
	"regexp"
	"strconv"
	"strings"
)

// imperatives are verbs that start an instruction ("Book a table online.").
var imperatives = toSet(`add apply arrive ask attach bring book call cancel check choose click collect come complete
confirm connect contact copy create download drop email enter fill find follow give go install keep leave let log make
mark note open order pack pay pick place plan prepare press print read register remember remove reply request reserve
return review save scan schedule select send set share show sign start stop submit take tap tell try turn type update
upload use visit wait wash write`)

var (
	sequenceWord = regexp.MustCompile(`^(?i:first|second|third|then|next|finally|lastly|after that|afterwards|now)\s*,?\s+`)
	youMust      = regexp.MustCompile(`^(?i:you)\s+(?:will\s+)?(?:need to|should|must|have to)\s+(.+)$`)
	nextHeading  = regexp.MustCompile(`(?i)\b(next|after|afterwards|what happens|follow[- ]?up|then what)\b`)
)

// instruction returns s as an instruction ("You need to bring ID." gives
// "Bring ID."), or "" when s does not read as one.
func instruction(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") {
		return ""
	}
	s = sequenceWord.ReplaceAllString(s, "")
	if m := youMust.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	first, _, _ := strings.Cut(s, " ")
	if !imperatives[strings.ToLower(strings.TrimRight(first, ",:"))] || len(strings.Fields(s)) < 2 {
		return ""
	}
	return capitalize(s)
}

// stepList is a candidate procedure.
type stepList struct {
	unit
	steps []string
	after []block // what follows the list in its part
}

// stepLists finds procedures: ordered lists, and unordered lists whose
// items are mostly instructions, of at least MinSteps items.
func (c *corpus) stepLists() []stepList {
	var out []stepList
	for pi, p := range c.parts {
		for i := 0; i < len(p.blocks); {
			b := p.blocks[i]
			if b.kind == para {
				i++
				continue
			}
			j := i
			var items []string
			imperative := 0
			for j < len(p.blocks) && p.blocks[j].list == b.list && p.blocks[j].kind != para {
				items = append(items, p.blocks[j].text)
				if instruction(p.blocks[j].text) != "" {
					imperative++
				}
				j++
			}
			if len(items) >= MinSteps && (b.kind == step || imperative*2 >= len(items)) {
				text := p.heading + " " + strings.Join(items, " ")
				out = append(out, stepList{unit: unit{doc: c.docOf[pi], pos: pi, part: pi, score: overlap(c.purpose, text)},
					steps: items, after: p.blocks[j:]})
			}
			i = j
		}
	}
	return out
}

// bestSteps prefers the list that best matches the purpose, then the
// longest, then the first.
func (c *corpus) bestSteps() (stepList, bool) {
	lists := c.stepLists()
	if len(lists) == 0 {
		return c.sentenceSteps()
	}
	best := lists[0]
	for _, l := range lists[1:] {
		if l.score > best.score || l.score == best.score && len(l.steps) > len(best.steps) {
			best = l
		}
	}
	return best, true
}

// sentenceSteps gathers instructions written as sentences, when the
// sources have no list of steps: those of the one source with the most
// (best matches of the purpose first), so that one procedure is told.
func (c *corpus) sentenceSteps() (stepList, bool) {
	byDoc := map[int][]unit{}
	var docs []int
	for _, u := range c.sentenceUnits() {
		if s := instruction(u.text); s != "" {
			u.text = s
			if byDoc[u.doc] == nil {
				docs = append(docs, u.doc)
			}
			byDoc[u.doc] = append(byDoc[u.doc], u)
		}
	}
	best, bestScore := -1, -1
	for _, d := range docs {
		score := 0
		for _, u := range byDoc[d] {
			score += u.score
		}
		if score > bestScore || score == bestScore && len(byDoc[d]) > len(byDoc[best]) {
			best, bestScore = d, score
		}
	}
	if best < 0 || len(byDoc[best]) < MinSteps {
		return stepList{}, false
	}
	found := pick(byDoc[best], MaxSteps, self)
	l := stepList{unit: found[0]}
	for _, u := range found {
		l.steps = append(l.steps, u.text)
		c.used[u.text] = true
	}
	return l, true
}

func (c *corpus) howTo(req Request) (*Document, error) {
	l, ok := c.bestSteps()
	if !ok {
		n := len(c.unused(c.sentenceUnits(), func(u unit) bool { return instruction(u.text) != "" }))
		return nil, notEnough("a how-to: the sources give %d of the %d steps needed (a numbered list, or instructions such as \"Book a table online.\")", n, MinSteps)
	}
	if len(l.steps) > MaxSteps {
		l.steps = l.steps[:MaxSteps]
	}
	p := c.parts[l.part]
	topic := p.heading
	if topic == "" {
		topic = p.doc
	}
	title := topic
	if !howToHead.MatchString(topic) {
		title = topic + ": step by step"
	}
	d := &Document{Title: truncateText(title, MaxTitleLen), Subtitle: subtitle(req, "A guide for customers of "+req.GenieName)}

	intro := "This guide from " + req.GenieName + " walks you through " + lowerFirst(strings.TrimRight(topic, ".")) + "."
	if p.heading == "" {
		intro = "This guide from " + req.GenieName + " takes you through it step by step."
	}
	if lead := c.leadText(l); lead != "" {
		intro += "\n\n" + lead
	}
	d.Sections = append(d.Sections, Section{Heading: "Overview", Body: truncateText(intro, MaxIntroLen)})

	lines := make([]string, len(l.steps))
	for i, s := range l.steps {
		lines[i] = strconv.Itoa(i+1) + ". " + s
	}
	d.Sections = append(d.Sections, Section{Heading: "Steps", Body: strings.Join(lines, "\n")})

	if next := c.nextSteps(l); next != "" {
		d.Sections = append(d.Sections, Section{Heading: "Next steps", Body: next})
	}
	return d, nil
}

// leadText is the introduction the sources give to the steps: the first
// paragraph of the steps' part, else of its document, at most two
// sentences.
func (c *corpus) leadText(l stepList) string {
	for _, pi := range []int{l.part, c.firstPartOf(l.doc)} {
		for _, b := range c.parts[pi].blocks {
			if b.kind != para || numberedPrefix.MatchString(b.text) {
				continue
			}
			ss := sentences(b.text)
			if len(ss) > 2 {
				ss = ss[:2]
			}
			if instruction(ss[0]) != "" && c.used[instruction(ss[0])] {
				continue
			}
			return strings.Join(ss, " ")
		}
	}
	return ""
}

func (c *corpus) firstPartOf(doc int) int {
	for pi := range c.parts {
		if c.docOf[pi] == doc {
			return pi
		}
	}
	return 0
}

// nextSteps is what follows the steps in their part, or a later part of
// the same document whose heading speaks of next steps.
func (c *corpus) nextSteps(l stepList) string {
	if len(l.after) > 0 {
		return formatBlocks(l.after, 600)
	}
	for pi := l.part + 1; pi < len(c.parts) && c.docOf[pi] == l.doc; pi++ {
		if nextHeading.MatchString(c.parts[pi].heading) {
			return formatBlocks(c.parts[pi].blocks, 600)
		}
	}
	return ""
}
