package console_test

import (
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/console"
)

// FuzzWantsHTML: any Accept header is answered without a panic, and a
// header naming no HTML type never gets the page.
func FuzzWantsHTML(f *testing.F) {
	for _, s := range []string{"", "*/*", "text/html", "text/html;q=0.5, application/json", "text/html;q=", ";;;,,,", "text/html;q=1e309", "application/xhtml+xml;level=1;q=0.9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, accept string) {
		if console.WantsHTML(accept) && !strings.Contains(strings.ToLower(accept), "html") {
			t.Fatalf("WantsHTML(%q) = true without an HTML type", accept)
		}
	})
}
