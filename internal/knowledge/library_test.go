package knowledge

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestLibraryReparsesOnlyChangedVersions(t *testing.T) {
	lib := NewLibrary(1 << 20)
	a := Source{ID: "a", Name: "A", Content: "Refunds take 5 days.", Version: "1"}
	b := Source{ID: "b", Name: "B", Content: "Shipping is free.", Version: "1"}
	base1 := lib.Base([]Source{a, b})
	base2 := lib.Base([]Source{a, b})
	if base1.docs[0] != base2.docs[0] || base1.docs[1] != base2.docs[1] {
		t.Fatal("same versions were parsed again")
	}
	a.Version, a.Content = "2", "Refunds take 9 days."
	base3 := lib.Base([]Source{a, b})
	if base3.docs[0] == base1.docs[0] {
		t.Error("a changed version was not parsed again")
	}
	if base3.docs[1] != base1.docs[1] {
		t.Error("an unchanged document was parsed again")
	}
	if got := base3.Ask("how long do refunds take"); !strings.Contains(got.Text, "9 days") {
		t.Errorf("answer after the edit = %q, want the new text", got.Text)
	}
}

func TestLibraryIsBounded(t *testing.T) {
	lib := NewLibrary(20 << 10)
	for i := range 50 {
		lib.Base([]Source{{ID: fmt.Sprint(i), Content: strings.Repeat(fmt.Sprintf("Word%d and more text. ", i), 100), Version: "1"}})
	}
	docs, bytes := lib.Len()
	if bytes > 20<<10 || docs == 0 || docs == 50 {
		t.Errorf("library holds %d documents, %d bytes; want some, at most %d bytes", docs, bytes, 20<<10)
	}
	// a document bigger than the whole bound is parsed but not kept
	big := Source{ID: "big", Content: strings.Repeat("Large text here. ", 5000), Version: "1"}
	if a := lib.Base([]Source{big}).Ask("large text"); !a.Answered {
		t.Errorf("big document: not answered")
	}
	if _, bytes := lib.Len(); bytes > 20<<10 {
		t.Errorf("library grew to %d bytes with a document over the bound", bytes)
	}
}

func TestLibraryConcurrent(t *testing.T) {
	lib := NewLibrary(1 << 20)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				src := Source{ID: fmt.Sprint(i % 5), Name: "n", Content: shopEN, Version: fmt.Sprint(i % 3)}
				if a := lib.Base([]Source{src}).Ask("can i pay with paypal"); !a.Answered {
					t.Errorf("goroutine %d: not answered", g)
					return
				}
			}
		}()
	}
	wg.Wait()
}
