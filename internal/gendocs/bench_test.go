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
