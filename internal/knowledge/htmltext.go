package knowledge

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// skipped are elements whose content is page chrome or not text.
var skipped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true, atom.Svg: true,
	atom.Nav: true, atom.Iframe: true, atom.Textarea: true,
	atom.Aside: true, atom.Select: true, atom.Head: true, atom.Img: true, atom.Object: true,
}

// A form is not skipped: ASP.NET pages wrap their whole content in one.
// Its controls are (select, textarea; input has no content; a button
// only says something when it is an accordion's question). A
// footer is not skipped either: a small business's footer holds its
// address, phone number and opening hours; its menus are link lists
// (linkList) and its copyright line is chrome (IsChrome).

// blockAtoms break the flow of text into paragraphs.
var blockAtoms = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Section: true, atom.Article: true, atom.Main: true, atom.Header: true,
	atom.Blockquote: true, atom.Pre: true, atom.Address: true, atom.Figure: true, atom.Figcaption: true,
	atom.Hr: true, atom.Body: true, atom.Html: true, atom.Center: true, atom.Fieldset: true, atom.Details: true,
}

// looksHTML says whether content is HTML rather than Markdown or text: it
// has at least two block-level tags.
func looksHTML(s string) bool {
	z := html.NewTokenizer(strings.NewReader(s))
	n := 0
	for i := 0; i < 2000; i++ {
		switch z.Next() {
		case html.ErrorToken:
			return false
		case html.StartTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if blockAtoms[a] || a == atom.Li || a == atom.Table || a == atom.Br || (a >= atom.H1 && a <= atom.H6) ||
				a == atom.H1 || a == atom.H2 || a == atom.H3 || a == atom.H4 || a == atom.H5 || a == atom.H6 {
				if n++; n >= 2 {
					return true
				}
			}
		}
	}
	return false
}

// htmlElements parses HTML (a page or a fragment) into elements.
func htmlElements(s string) []element {
	root, err := html.Parse(strings.NewReader(s))
	if err != nil {
		return nil
	}
	w := &htmlWalker{}
	w.walk(root)
	w.flush()
	return w.out
}

type htmlWalker struct {
	out []element
	buf strings.Builder
	inP int // depth inside <p>: its line breaks are spaces
}

// flush ends the paragraph being collected.
func (w *htmlWalker) flush() {
	if strings.TrimSpace(w.buf.String()) != "" {
		w.out = append(w.out, lineElements(strings.Split(w.buf.String(), "\n"))...)
	}
	w.buf.Reset()
}

func (w *htmlWalker) walk(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.node(c)
	}
}

func (w *htmlWalker) node(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		// in a paragraph a line break is a space; text outside any (a
		// page pasted as text with a few tags in it) keeps its lines,
		// which lineElements reads as web text
		if w.inP > 0 {
			w.buf.WriteString(strings.ReplaceAll(n.Data, "\n", " "))
		} else {
			w.buf.WriteString(n.Data)
		}
		return
	case html.ElementNode:
	case html.DocumentNode:
		w.walk(n)
		return
	default:
		return
	}
	a := n.DataAtom
	switch {
	case skipped[a] || furniture(n):
	case a == atom.Br:
		w.buf.WriteByte('\n')
	case a == atom.H1 || a == atom.H2 || a == atom.H3 || a == atom.H4 || a == atom.H5 || a == atom.H6:
		w.flush()
		if t := clean(textOf(n)); t != "" {
			w.out = append(w.out, element{kind: elHeading, level: int(n.Data[1] - '0'), text: t})
		}
	case a == atom.Button:
		// FAQ pages put each question in an accordion's button, its
		// answer in the panel after it; other buttons ("Send", "Accept")
		// are controls
		if t := clean(textOf(n)); strings.HasSuffix(t, "?") && len(strings.Fields(t)) <= 25 {
			w.flush()
			w.out = append(w.out, element{kind: elHeading, level: levelQuestion, text: t})
		}
	case a == atom.Pre:
		w.flush()
		if el, ok := codeElement(rawText(n)); ok {
			w.out = append(w.out, el)
		}
	case (a == atom.Ul || a == atom.Ol) && linkList(n):
		// a menu: every item a short link ("Home", "Prices", "Contact")
	case a == atom.Ul || a == atom.Ol:
		w.flush()
		el := element{kind: elList, ordered: a == atom.Ol}
		for li := n.FirstChild; li != nil; li = li.NextSibling {
			if t := clean(textOf(li)); t != "" && li.Type == html.ElementNode {
				el.items = append(el.items, t)
			}
		}
		if len(el.items) > 0 {
			w.out = append(w.out, el)
		}
	case a == atom.Table:
		w.flush()
		w.out = append(w.out, htmlTable(n))
	case a == atom.Dt || a == atom.Summary:
		w.flush()
		if t := clean(textOf(n)); t != "" {
			w.out = append(w.out, element{kind: elHeading, level: levelQuestion, text: t})
		}
	case blockAtoms[a] || a == atom.Dd || a == atom.Dl || a == atom.Li:
		w.flush()
		if a == atom.P {
			w.inP++
			defer func() { w.inP-- }()
		}
		w.walk(n)
		w.flush()
	default: // inline
		w.walk(n)
	}
}

// furnitureRoles and furnitureNames mark page furniture by an element's
// role, or by a word of its id or class ("main-navbar", "cookie_banner"):
// navigation, breadcrumbs, cookie notices, share buttons. ("menu" is no
// such word: a restaurant's menu is its content.)
var (
	furnitureRoles = toSet(`navigation search menu menubar dialog alertdialog`)
	furnitureNames = toSet(`nav navbar navigation menubar breadcrumb breadcrumbs cookie cookies consent gdpr
		share sharing social skip`)
)

// furniture says whether an element is page furniture by its role, id or
// class.
func furniture(n *html.Node) bool {
	for _, at := range n.Attr {
		switch at.Key {
		case "role":
			if furnitureRoles[strings.ToLower(at.Val)] {
				return true
			}
		case "id", "class":
			for _, w := range strings.FieldsFunc(strings.ToLower(at.Val), func(r rune) bool { return r == ' ' || r == '-' || r == '_' }) {
				if furnitureNames[w] {
					return true
				}
			}
		}
	}
	return false
}

// linkList says whether a list is a menu: at least two items, each a
// link of at most five words and nothing else.
func linkList(list *html.Node) bool {
	items := 0
	for li := list.FirstChild; li != nil; li = li.NextSibling {
		if li.Type != html.ElementNode {
			continue
		}
		all := strings.TrimSpace(textOf(li))
		if all == "" {
			continue
		}
		var links strings.Builder
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && c.DataAtom == atom.A {
					links.WriteString(textOf(c) + " ")
					continue
				}
				walk(c)
			}
		}
		walk(li)
		if clean(links.String()) != clean(all) || len(strings.Fields(all)) > 5 {
			return false
		}
		items++
	}
	return items >= 2
}

// htmlTable reads a table's rows; a first row of header cells is its header.
func htmlTable(t *html.Node) element {
	el := element{kind: elTable}
	var rows func(n *html.Node)
	rows = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom != atom.Tr {
				rows(c)
				continue
			}
			var cells []string
			allTH := true
			for td := c.FirstChild; td != nil; td = td.NextSibling {
				if td.DataAtom == atom.Td || td.DataAtom == atom.Th {
					cells = append(cells, clean(textOf(td)))
					allTH = allTH && td.DataAtom == atom.Th
				}
			}
			if allTH && el.header == nil && len(el.rows) == 0 {
				el.header = cells
			} else if len(cells) > 0 {
				el.rows = append(el.rows, cells)
			}
		}
	}
	rows(t)
	return el
}

// rawText is the text of n and its descendants as it is, line breaks kept
// (a <pre> block).
func rawText(n *html.Node) string { return nodeText(n, true) }

// textOf is the text of n and its descendants, block elements separated by
// spaces, skipped elements left out.
func textOf(n *html.Node) string { return nodeText(n, false) }

func nodeText(n *html.Node, raw bool) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		case n.Type == html.ElementNode && raw && n.DataAtom == atom.Br:
			b.WriteByte('\n')
		case n.Type == html.ElementNode && !raw && skipped[n.DataAtom]:
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if !raw && n.Type == html.ElementNode && (blockAtoms[n.DataAtom] || n.DataAtom == atom.Li || n.DataAtom == atom.Br) {
			b.WriteByte(' ')
		}
	}
	walk(n)
	return b.String()
}
