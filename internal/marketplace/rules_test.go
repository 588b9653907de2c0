package marketplace

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

func TestTrendingScore(t *testing.T) {
	for _, tc := range []struct {
		points []float64
		want   float64
	}{
		{nil, 0},
		{[]float64{10}, 10},
		{[]float64{0, 10}, 5},
		{[]float64{4, 4, 4}, 7},
		{[]float64{0, 0, 0, 0, 0, 0, 64}, 1},
		{[]float64{0, 0, 0, 0, 0, 0, 0, 1000}, 0}, // outside the window
		{[]float64{1, 0, 0, 0, 0, 0, 1}, 1.0156},
	} {
		if got := TrendingScore(tc.points); got != tc.want {
			t.Errorf("TrendingScore(%v) = %v, want %v", tc.points, got, tc.want)
		}
	}
}

func TestParseQuery(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	yes := true
	for _, tc := range []struct {
		in    string
		want  Query
		field string
	}{
		{``, Query{Sort: SortNewest}, ""},
		{`null`, Query{Sort: SortNewest}, ""},
		{`{}`, Query{Sort: SortNewest}, ""},
		{`{"category":" support ","brand":"acme"}`, Query{Category: "support", Brand: "acme", Sort: SortNewest}, ""},
		{`{"search":"Refund  HELP!"}`, Query{Words: []string{"refund", "help"}, Sort: sortRelevance}, ""},
		{`{"search":"refund","sortBy":"rating"}`, Query{Words: []string{"refund"}, Sort: SortRating}, ""},
		{`{"search":"   "}`, Query{Sort: SortNewest}, ""},
		{`{"featured":"true"}`, Query{Featured: &yes, Sort: SortNewest}, ""},
		{`{"featured":true}`, Query{Featured: &yes, Sort: SortNewest}, ""},
		{`{"minRating":"3.5"}`, Query{MinRating: f(3.5), Sort: SortNewest}, ""},
		{`{"minRating":4}`, Query{MinRating: f(4), Sort: SortNewest}, ""},
		{`{"difficulty":"Beginner","industry":"RETAIL"}`, Query{Difficulty: "beginner", Industry: "retail", Sort: SortNewest}, ""},
		{`{"sortBy":"clones"}`, Query{Sort: SortClones}, ""},
		{`{"sortBy":"best"}`, Query{}, "query.sortBy"},
		{`{"featured":"maybe"}`, Query{}, "query.featured"},
		{`{"minRating":"-1"}`, Query{}, "query.minRating"},
		{`{"minRating":"NaN"}`, Query{}, "query.minRating"},
		{`{"minRating":[1]}`, Query{}, "query.minRating"},
		{`{"category":1}`, Query{}, "query.category"},
		{`{"search":"a b c d e f g h i j k l m n o p q"}`, Query{}, "query.search"},
		{`[1]`, Query{}, "query"},
	} {
		got, err := ParseQuery(json.RawMessage(tc.in), SortNewest)
		if tc.field != "" {
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.CodeValidation || e.Field != tc.field {
				t.Errorf("ParseQuery(%s) error %v, want field %s", tc.in, err, tc.field)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseQuery(%s): %v", tc.in, err)
			continue
		}
		if got.Category != tc.want.Category || got.Brand != tc.want.Brand || !slices.Equal(got.Words, tc.want.Words) ||
			got.Sort != tc.want.Sort || got.Difficulty != tc.want.Difficulty || got.Industry != tc.want.Industry ||
			(got.Featured == nil) != (tc.want.Featured == nil) || (got.MinRating == nil) != (tc.want.MinRating == nil) ||
			got.MinRating != nil && *got.MinRating != *tc.want.MinRating {
			t.Errorf("ParseQuery(%s) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestMatchExpr(t *testing.T) {
	for _, tc := range []struct {
		engine db.Engine
		fields string
		want   string
	}{
		{db.SQLite, "", `"refund" "hel"*`},
		{db.SQLite, "A", `{display_name} : ("refund" "hel"*)`},
		{db.SQLite, "AB", `{display_name tagline} : ("refund" "hel"*)`},
		{db.Postgres, "", `refund & hel:*`},
		{db.Postgres, "A", `refund:A & hel:*A`},
		{db.Postgres, "AB", `refund:AB & hel:*AB`},
	} {
		if got := matchExpr(tc.engine, []string{"refund", "hel"}, tc.fields); got != tc.want {
			t.Errorf("matchExpr(%s, %q) = %s, want %s", tc.engine, tc.fields, got, tc.want)
		}
	}
}

// TestQueryKeyCoversEveryField: the caches tell queries apart by
// Query.key, so changing any one field of a query must change its key.
func TestQueryKeyCoversEveryField(t *testing.T) {
	base := Query{}
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		q := base
		f := reflect.ValueOf(&q).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"x"}))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		default:
			t.Fatalf("field %s: kind %s not covered by this test", typ.Field(i).Name, f.Kind())
		}
		if q.key() == base.key() {
			t.Errorf("field %s does not change the key %q", typ.Field(i).Name, q.key())
		}
	}
}
