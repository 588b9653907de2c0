package community_test

import (
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// fixture is the shared marketplace test fixture (apitest.Catalog): a
// server with an admin, a user and a consumer, and helpers that build a
// catalog through the API.
type fixture = apitest.Catalog

func newFixture(t *testing.T, store string) *fixture { return apitest.NewCatalog(t, store) }

func slugs(t *testing.T, d map[string]any) []string {
	t.Helper()
	out := []string{}
	for _, g := range d["genies"].([]any) {
		out = append(out, g.(map[string]any)["slug"].(string))
	}
	return out
}
