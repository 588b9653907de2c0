package mailboxes

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/geniehq/genie/internal/knowledge"
)

// What is asked in a mail: people write letters, not search queries. A
// greeting, a sign-off with a name and a signature only dilute the
// question, so they are taken off, and each question (a sentence ending
// with "?") is asked on its own. A mail without a question mark is asked
// as a whole, and its subject too.

// maxQuestions bounds the questions of one mail that are answered.
const maxQuestions = 3

// greetings open a mail ("Hi," "Bonjour Marie," "Sehr geehrte Damen und
// Herren,"): the words up to the first comma are dropped when the sentence
// starts with one.
var greetings = []string{
	"hi", "hello", "hey", "dear", "good morning", "good afternoon", "good evening", "greetings",
	"bonjour", "bonsoir", "salut", "cher", "chère", "madame", "monsieur",
	"hallo", "guten tag", "guten morgen", "liebe", "lieber", "sehr geehrte", "sehr geehrter", "moin", "servus",
	"hola", "buenos días", "buenos dias", "buenas tardes", "buenas", "estimado", "estimada", "querido", "querida",
}

// signoffs close a mail: the sentence that starts with one and everything
// after it are dropped.
var signoffs = []string{
	"thanks", "thank you", "many thanks", "regards", "best regards", "kind regards", "best wishes", "best,", "cheers", "sincerely", "yours",
	"merci", "cordialement", "bien à vous", "bien cordialement", "bonne journée", "salutations", "amitiés",
	"danke", "vielen dank", "viele grüße", "mit freundlichen grüßen", "beste grüße", "liebe grüße", "grüße", "gruß",
	"gracias", "muchas gracias", "saludos", "un saludo", "atentamente", "cordialmente",
}

// startsWithWord reports whether s starts with the phrase p followed by a
// non-letter (or the end).
func startsWithWord(s, p string) bool {
	if !strings.HasPrefix(s, p) {
		return false
	}
	rest := s[len(p):]
	if rest == "" || strings.HasSuffix(p, ",") {
		return true
	}
	r := []rune(rest)[0]
	return !unicode.IsLetter(r)
}

// mailQuestions returns what to ask the knowledge base for a mail: its
// questions (at most maxQuestions; each must be answered: all is true),
// with greetings and sign-offs taken off,
// else its cleaned text and its subject (either may answer it).
func mailQuestions(subject, body string) (qs []string, all bool) {
	if i := strings.Index(body, "\n-- \n"); i >= 0 {
		body = body[:i]
	}
	var kept, questions []string
	sentences := knowledge.Sentences(strings.Join(strings.Fields(body), " "))
	for i, s := range sentences {
		low := strings.ToLower(strings.TrimSpace(s))
		if isSignoff(low) {
			if asksLater(sentences[i+1:]) {
				continue // "Thanks for the quick answer! One more question: ...?"
			}
			break
		}
		s = dropGreeting(s, low)
		if s == "" {
			continue
		}
		kept = append(kept, s)
		if strings.HasSuffix(s, "?") && len(questions) < maxQuestions {
			questions = append(questions, s)
		}
	}
	if len(questions) > 0 {
		return questions, true
	}
	var out []string
	if text := strings.TrimSpace(strings.Join(kept, " ")); text != "" {
		out = append(out, truncateRunes(text, maxQuestion))
	}
	subject = strings.TrimSpace(subject)
	for _, p := range []string{"re:", "fwd:", "fw:", "aw:", "tr:", "wg:"} {
		if strings.HasPrefix(strings.ToLower(subject), p) {
			subject = strings.TrimSpace(subject[len(p):])
		}
	}
	if subject != "" {
		out = append(out, truncateRunes(subject, maxQuestion))
	}
	return out, false
}

// asksLater reports whether one of the sentences is a question.
func asksLater(sentences []string) bool {
	for _, s := range sentences {
		if strings.HasSuffix(strings.TrimSpace(s), "?") {
			return true
		}
	}
	return false
}

func isSignoff(low string) bool {
	for _, p := range signoffs {
		if startsWithWord(low, p) {
			return true
		}
	}
	return false
}

// dropGreeting takes a greeting off the start of a sentence: "Hi Ann, when
// do you open?" gives "when do you open?"; a sentence that is only a
// greeting gives "".
func dropGreeting(s, low string) string {
	for _, g := range greetings {
		if !startsWithWord(low, g) {
			continue
		}
		i := strings.IndexAny(s, ",!:")
		if i < 0 || i > 60 {
			if len([]rune(s)) <= 40 && !strings.HasSuffix(s, "?") {
				return "" // "Hello Maria" alone
			}
			return s
		}
		return strings.TrimSpace(s[i+1:])
	}
	return strings.TrimSpace(s)
}

// htmlText is the text of an HTML mail body, for mail without a text part:
// what is quoted (blockquote, Gmail's and Thunderbird's quote blocks) or
// not shown (head, style, script) is left out; blocks end lines.
func htmlText(s string) string {
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		return ""
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Blockquote, atom.Head, atom.Style, atom.Script, atom.Template:
				return
			case atom.Br:
				b.WriteString("\n")
			}
			for _, a := range n.Attr {
				if a.Key == "class" && (strings.Contains(a.Val, "gmail_quote") || strings.Contains(a.Val, "moz-cite-prefix")) {
					return
				}
			}
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.P, atom.Div, atom.Li, atom.Tr, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Table, atom.Ul, atom.Ol:
				b.WriteString("\n")
			}
		}
	}
	walk(doc)
	return strings.TrimSpace(b.String())
}
