package marketplace_test

import (
	"testing"
	"time"

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

func num(v any) float64 { f, _ := v.(float64); return f }

// eventually retries check until it returns "" and fails with its last
// answer when that takes longer than 10 s: for what another process
// commits within its flush interval (views). It returns the time taken.
func eventually(t *testing.T, check func() string) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		msg := check()
		if msg == "" {
			return time.Since(start)
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("after %v: %s", time.Since(start).Round(time.Millisecond), msg)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
