package gendocs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// FuzzGenerate runs the embedded generator over arbitrary sources, as
// generate does (trimming, reading, trimming again), with each template
// and with and without a purpose: it must never panic or fail with an
// internal error, and a document it returns must pass Validate. CI replays
// the seeds (a page of each held-out set and a few hostile shapes);
// `go test ./internal/gendocs -run '^$' -fuzz FuzzGenerate -fuzzminimizetime 3s`
// explores (the default minimisation of a long page takes a minute).
func FuzzGenerate(f *testing.F) {
	for _, dir := range []string{"evalheldout5", "evalheldout6"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
		for _, p := range files {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			_, body, _ := strings.Cut(string(b), "=== doc: ")
			f.Add(body, uint8(len(p)), "")
		}
	}
	for _, s := range []string{
		"(1) Go\n(2) In the x, click\n(a)\n(3) Click Save\n",
		"Warum wir \nKündigt der , verlängert\n🚗\n⚠️ \n/ \nDentist: $1\nThe fees are:\nA: $\n",
		"If needed, x.\nTu as 1 pour a\nWhen the\n# A: b\n- a\nB?\nc\n",
		strings.Repeat("FAQ: ? ", 400),
		// a lead-in announcing the business's steps longer than the intro
		"Repairs\nOnce we have it " + strings.Repeat("in hand and looked at it closely ", 30) + "we will:\n1. inspect it,\n2. call you, and\n3. ask you.\n",
	} {
		f.Add(s, uint8(0), "")
		f.Add(s, uint8(1), "a purpose")
		f.Add(s, uint8(2), "")
		f.Add(s, uint8(4), "") // a how-to without a purpose
	}
	f.Fuzz(func(t *testing.T, content string, tpl uint8, purpose string) {
		template := []Template{FAQ, HowTo, OnePager}[int(tpl)%3]
		srcs := []Source{{Name: "page", Content: content}}
		srcs, _ = fit(srcs, 3*MaxSourceChars)
		srcs, _, err := normalizeSources(srcs, nil)
		if err != nil {
			return
		}
		srcs, _ = fit(srcs, MaxSourceChars)
		req := Request{Template: template, Purpose: purpose, GenieName: DefaultGenieName, Sources: srcs}
		d, err := (&Service{Log: quiet}).produce(context.Background(), req)
		if err != nil {
			if e, ok := apperr.As(err); !ok || e.Code == apperr.CodeInternal {
				t.Fatalf("%s: internal error %v", template, err)
			}
			return
		}
		if err := Validate(d, template, srcs); err != nil {
			t.Fatalf("%s: invalid document: %v", template, err)
		}
	})
}
