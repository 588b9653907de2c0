package gendocs

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkEmbeddedLimit generates each template from sources at the
// internal size limit.
func BenchmarkEmbeddedLimit(b *testing.B) {
	var sb strings.Builder
	for i := 1; sb.Len() < MaxSourceChars; i++ {
		fmt.Fprintf(&sb, "## Meeting room %d\n\nMeeting room %d is on floor %d and seats %d guests. You can book it online. "+
			"It costs %d pounds an hour, and the price includes coffee and a projector.\n\n1. Open the booking page.\n2. Choose room %d.\n3. Pay by card.\n\n", i, i, i%7, 8+i%20, 20+i, i)
	}
	srcs := []Source{{Name: "Rooms", Content: sb.String()}}
	for _, tpl := range Templates {
		b.Run(string(tpl), func(b *testing.B) {
			for b.Loop() {
				if _, err := (&Service{Log: quiet}).produce(b.Context(), Request{Template: tpl, Purpose: "projector", GenieName: "x", Sources: srcs}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTwentyDocuments2MB runs what generate does after loading the
// sources, from 20 pasted web pages of 100 KB each (2 MB): normalisation,
// trimming to MaxSourceChars, language detection, generation and the
// output checks.
func BenchmarkTwentyDocuments2MB(b *testing.B) {
	var srcs []Source
	for d := range 20 {
		var sb strings.Builder
		for i := 0; sb.Len() < 100_000; i++ {
			fmt.Fprintf(&sb, "Share\n2 min. read\nRoom %d-%d\nMeeting room %d is on floor %d and seats %d guests. You can book it online. "+
				"It costs %d pounds an hour.\n<p>The price includes <strong>coffee</strong> and a projector.</p>\n1. Open the booking page.\n2. Choose room %d.\n3. Pay by card.\n\n",
				d, i, i, i%7, 8+i%20, 20+i, i)
		}
		srcs = append(srcs, Source{Name: fmt.Sprintf("Rooms %d", d), Content: sb.String()})
	}
	// the bare baseline: what every template does before generating
	b.Run("baseline-normalise-only", func(b *testing.B) {
		for b.Loop() {
			prepareSources(b, srcs)
		}
	})
	for _, tpl := range Templates {
		b.Run(string(tpl), func(b *testing.B) {
			for b.Loop() {
				sources, lang := prepareSources(b, srcs)
				if _, err := (&Service{Log: quiet}).produce(b.Context(), Request{Template: tpl, Purpose: "projector", GenieName: "x", Sources: sources, Lang: lang}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// prepareSources does what generate does before the generator runs:
// trimming, normalisation, trimming again and language detection.
func prepareSources(b *testing.B, srcs []Source) ([]Source, string) {
	sources, _ := fit(srcs, 3*MaxSourceChars)
	sources, _, err := normalizeSources(sources, nil)
	if err != nil {
		b.Fatal(err)
	}
	sources, _ = fit(sources, MaxSourceChars)
	lang, err := sourceLanguage(sources)
	if err != nil {
		b.Fatal(err)
	}
	return sources, lang
}
