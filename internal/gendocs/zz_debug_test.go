package gendocs

import (
	"fmt"
	"testing"
)

func TestZZNorm(t *testing.T) {
	for _, kb := range loadEvalCorpus(t) {
		for _, s := range kb.sources {
			fmt.Printf("=== %s / %s\n%s\n", kb.name, s.Name, normalizeText(s.Content))
		}
	}
}
