package marketplace

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/platform/field"
)

// TestAppendPage: pages encoded from the cached encodings are the bytes
// json.Marshal makes of SlimPage and FullPage, for listings with and
// without a cached encoding, any view count, and text that looks like the
// view_count key.
func TestAppendPage(t *testing.T) {
	brand, thumb := "b1", "https://x/t.png"
	mk := func(i int, tricky string) *Listing {
		return &Listing{ID: "id", Slug: "s", DisplayName: tricky, Tagline: `"view_count":7`, Description: tricky,
			CategoryID: "c", BrandID: &brand, Category: Ref{ID: "c", Name: `"view_count":`, Slug: "c"},
			Brand: &Ref{ID: brand, Name: "B", Slug: "b"}, ThumbnailURL: &thumb, Rating: 4.5, RatingCount: 3,
			ViewCount: int64(i * 1000), CloneCount: 2, Metadata: field.RawObject(`{"view_count":99}`),
			CreatedAt: time.Unix(int64(i), 0).UTC(), UpdatedAt: time.Unix(0, 0).UTC()}
	}
	for _, n := range []int{0, 1, 3} {
		var ls []*Listing
		for i := range n {
			l := mk(i, []string{"plain", `a "quoted" \ text`, "é ü <b>"}[i%3])
			if i%2 == 0 { // cached, and its encodings made by an earlier page
				l.enc = &encoded{}
				if _, err := l.enc.fullOf(l); err != nil {
					t.Fatal(err)
				}
				if _, err := l.enc.slimOf(l); err != nil {
					t.Fatal(err)
				}
				l.ViewCount += 12345 // a fresh count after caching
			} else if i%3 == 1 {
				l.enc = &encoded{} // cached, not yet encoded
			}
			ls = append(ls, l)
		}
		for _, slim := range []bool{false, true} {
			got, err := appendPage(int64(n*7), ls, 20, 40, slim)
			if err != nil {
				t.Fatal(err)
			}
			var want []byte
			if slim {
				want, err = json.Marshal(SlimPage{Count: int64(n * 7), Genies: toSlim(ls), Limit: 20, Offset: 40})
			} else {
				want, err = json.Marshal(FullPage{Count: int64(n * 7), Genies: values(ls), Limit: 20, Offset: 40})
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("n=%d slim=%v:\n got %s\nwant %s", n, slim, got, want)
			}
		}
	}
}

func values[T any](ps []*T) []T {
	out := make([]T, len(ps))
	for i, p := range ps {
		out[i] = *p
	}
	return out
}
