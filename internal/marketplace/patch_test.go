package marketplace

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

const (
	uuidA = "11111111-1111-4111-8111-111111111111"
	uuidB = "22222222-2222-4222-8222-222222222222"
)

func baseListing() Listing {
	brand, thumb, demo := uuidA, "https://example.com/a.png", "https://example.com/a.mp4"
	return Listing{ID: uuidA, Slug: "old", DisplayName: "Old", Tagline: "old tag", Description: "old text",
		CategoryID: uuidA, BrandID: &brand, ThumbnailURL: &thumb, DemoVideoURL: &demo,
		IsFeatured: false, IsPublic: true, Metadata: field.RawObject(`{"a":1}`)}
}

// changed lists the JSON keys of the listing that differ between a and b.
func changed(t *testing.T, a, b Listing) []string {
	t.Helper()
	var ma, mb map[string]any
	for _, x := range []struct {
		l Listing
		m *map[string]any
	}{{a, &ma}, {b, &mb}} {
		raw, err := json.Marshal(x.l)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, x.m); err != nil {
			t.Fatal(err)
		}
	}
	var out []string
	for k := range ma {
		if !reflect.DeepEqual(ma[k], mb[k]) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestListingUpdateNullOnlyWhereDeclared: a null where the published
// schema has none (slug, is_public) is refused, naming the field.
func TestListingUpdateNullOnlyWhereDeclared(t *testing.T) {
	for _, name := range []string{"slug", "is_public"} {
		var in UpdateRequest
		err := field.DecodePartial(json.RawMessage(`{"`+name+`":null}`), &in)
		if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeValidation || e.Field != name {
			t.Fatalf("%s: null: %v", name, err)
		}
	}
}

// TestListingUpdateChangesOnlySuppliedFields: each field of update's data,
// given alone, changes that field of the listing and no other; null clears
// the nullable ones; unknown keys (a typo) are ignored, as the envelope
// ignores them everywhere.
func TestListingUpdateChangesOnlySuppliedFields(t *testing.T) {
	cases := []struct {
		data    string
		changed []string
		check   func(l Listing) bool
	}{
		{`{}`, nil, nil},
		{`{"slug":" new-slug "}`, []string{"slug"}, func(l Listing) bool { return l.Slug == "new-slug" }},
		{`{"display_name":" New "}`, []string{"display_name"}, func(l Listing) bool { return l.DisplayName == "New" }},
		{`{"category_id":"` + uuidB + `"}`, []string{"category_id"}, func(l Listing) bool { return l.CategoryID == uuidB }},
		{`{"tagline":"new tag"}`, []string{"tagline"}, func(l Listing) bool { return l.Tagline == "new tag" }},
		{`{"tagline":null}`, []string{"tagline"}, func(l Listing) bool { return l.Tagline == "" }},
		{`{"description":"new text"}`, []string{"description"}, func(l Listing) bool { return l.Description == "new text" }},
		{`{"brand_id":"` + uuidB + `"}`, []string{"brand_id"}, func(l Listing) bool { return *l.BrandID == uuidB }},
		{`{"brand_id":null}`, []string{"brand_id"}, func(l Listing) bool { return l.BrandID == nil }},
		{`{"brand_id":" "}`, []string{"brand_id"}, func(l Listing) bool { return l.BrandID == nil }},
		{`{"thumbnail_url":"https://example.com/b.png"}`, []string{"thumbnail_url"}, func(l Listing) bool { return *l.ThumbnailURL == "https://example.com/b.png" }},
		{`{"thumbnail_url":null}`, []string{"thumbnail_url"}, func(l Listing) bool { return l.ThumbnailURL == nil }},
		{`{"demo_video_url":"https://example.com/b.mp4"}`, []string{"demo_video_url"}, func(l Listing) bool { return *l.DemoVideoURL == "https://example.com/b.mp4" }},
		{`{"demo_video_url":""}`, []string{"demo_video_url"}, func(l Listing) bool { return l.DemoVideoURL == nil }},
		{`{"is_featured":true}`, []string{"is_featured"}, func(l Listing) bool { return l.IsFeatured }},
		{`{"is_public":false}`, []string{"is_public"}, func(l Listing) bool { return !l.IsPublic }},
		{`{"metadata":{"difficulty":"Easy"}}`, []string{"metadata"}, func(l Listing) bool { return string(l.Metadata) == `{"difficulty":"Easy"}` }},
		{`{"metadata":null}`, []string{"metadata"}, func(l Listing) bool { return string(l.Metadata) == `{}` }},
		{`{"dispaly_name":"typo"}`, nil, nil},
		{`{"is_public":false,"tagline":"x"}`, []string{"is_public", "tagline"}, nil},
	}
	covered := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.data, func(t *testing.T) {
			var in UpdateRequest
			if err := field.DecodePartial(json.RawMessage(tc.data), &in); err != nil {
				t.Fatal(err)
			}
			full := ListingRequest(in)
			p, err := full.validate(false)
			if err != nil {
				t.Fatal(err)
			}
			before := baseListing()
			after := before
			p.apply(&after)
			if got := changed(t, before, after); !slices.Equal(got, tc.changed) {
				t.Fatalf("changed %v, want %v", got, tc.changed)
			}
			if tc.check != nil && !tc.check(after) {
				t.Fatalf("wrong value: %+v", after)
			}
		})
		for _, k := range tc.changed {
			covered[k] = true
		}
	}
	// Every field of update's data (but agent_id, which cannot change) has
	// a case above, so a field added without its apply line fails here.
	for f := range reflect.TypeFor[UpdateRequest]().Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "agent_id" && !covered[name] {
			t.Errorf("no case changes %s", name)
		}
	}
}

func TestListingPatchFilters(t *testing.T) {
	var in UpdateRequest
	if err := field.DecodePartial(json.RawMessage(`{"metadata":{"difficulty":"Easy","industry":"Retail"}}`), &in); err != nil {
		t.Fatal(err)
	}
	full := ListingRequest(in)
	p, err := full.validate(false)
	if err != nil {
		t.Fatal(err)
	}
	d, i := p.filters()
	if d == nil || i == nil || *d == "" || *i == "" {
		t.Fatalf("filters %v %v", d, i)
	}
	if d, i := (&patch{}).filters(); d != nil || i != nil {
		t.Fatal("filters without metadata")
	}
}

func TestListingPatchErrors(t *testing.T) {
	for _, tc := range []struct {
		create bool
		data   string
		field  string
	}{
		{false, `{"agent_id":"` + uuidA + `"}`, "agent_id"},
		{false, `{"slug":"Not A Slug"}`, "slug"},
		{false, `{"display_name":"  "}`, "display_name"},
		{false, `{"category_id":"x"}`, "category_id"},
		{false, `{"brand_id":"x"}`, "brand_id"},
		{false, `{"thumbnail_url":"ftp://example.com/x"}`, "thumbnail_url"},
		{false, `{"demo_video_url":"/relative"}`, "demo_video_url"},
		{false, `{"tagline":"` + strings.Repeat("x", MaxTaglineLen+1) + `"}`, "tagline"},
		{false, `{"metadata":[1]}`, "metadata"},
		{true, `{"slug":"s","display_name":"n","category_id":"` + uuidA + `"}`, "agent_id"},
		{true, `{"agent_id":"` + uuidA + `","display_name":"n","category_id":"` + uuidA + `"}`, "slug"},
		{true, `{"agent_id":"x","slug":"s","display_name":"n","category_id":"` + uuidA + `"}`, "agent_id"},
	} {
		t.Run(tc.data, func(t *testing.T) {
			// The declared limits are checked as data is decoded; the rest
			// by validate. Either way the error names the field.
			var in ListingRequest
			err := field.DecodePartial(json.RawMessage(tc.data), &in)
			if err == nil {
				_, err = in.validate(tc.create)
			}
			e, ok := apperr.As(err)
			if !ok || e.Code != apperr.CodeValidation || e.Field != tc.field {
				t.Fatalf("validate: %v, want a VALIDATION_ERROR on %s", err, tc.field)
			}
		})
	}
}

// TestListingCreateDefaults: fields not supplied on create take their
// defaults (public, not featured, metadata {}, no brand or media).
func TestListingCreateDefaults(t *testing.T) {
	var in ListingRequest
	data := `{"agent_id":" ` + uuidA + ` ","slug":"s","display_name":"N","category_id":"` + uuidB + `"}`
	if err := field.DecodePartial(json.RawMessage(data), &in); err != nil {
		t.Fatal(err)
	}
	p, err := in.validate(true)
	if err != nil {
		t.Fatal(err)
	}
	l := p.newListing()
	if *l.AgentID != uuidA || l.Slug != "s" || l.DisplayName != "N" || l.CategoryID != uuidB || !l.IsPublic || l.IsFeatured ||
		string(l.Metadata) != "{}" || l.BrandID != nil || l.ThumbnailURL != nil || l.Tagline != "" {
		t.Fatalf("create defaults: %+v", l)
	}
}
