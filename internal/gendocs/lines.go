package gendocs

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Helpers on lines of text that the generator's rules share.

// fence opens or closes a Markdown code block (in a model's output).
var fence = regexp.MustCompile("^(```|~~~)")

// shellCommand is a line of a README's code block that runs a package
// manager or a common tool ("pip install tidyq", "$ npm i x").
var shellCommand = regexp.MustCompile(`^\$?\s*(pip3?|pipx|npm|npx|yarn|pnpm|go|brew|apt(-get)?|docker|curl|wget|git|make|cargo|gem|composer|dotnet|conda|uv|poetry|helm|kubectl|snap|choco|winget)\s+\S`)

// shellCommands returns the lines of a code block of at most three
// commands ("pip install tidyq"), or nil.
func shellCommands(block []string) []string {
	var cmds []string
	for _, l := range block {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if !shellCommand.MatchString(l) || len(l) > 100 || len(cmds) == 3 {
			return nil
		}
		cmds = append(cmds, strings.TrimSpace(strings.TrimPrefix(l, "$")))
	}
	return cmds
}

// firstWord is the leading run of letters of s, lower case, after an
// opening "¿".
func firstWord(s string) string {
	s = strings.TrimLeft(s, "¿¡ ")
	end := len(s)
	for i, r := range s {
		if !unicode.IsLetter(r) {
			end = i
			break
		}
	}
	return strings.ToLower(s[:end])
}

// startsUpper says whether s starts with a capital or a digit, after an
// opening mark ("¿Cómo", "«Le", "(The").
func startsUpper(s string) bool {
	s = strings.TrimLeft(s, "¿¡«\"'“(")
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r)
}
