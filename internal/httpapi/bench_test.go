package httpapi_test

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// BenchmarkAuthenticatedCall measures a small authenticated action (genies
// all, one genie) through the real HTTP server, per credential kind and
// store: the cost of the envelope, authentication, and for API keys the
// shared rate-limit counter. Run with:
//
//	go test -run '^$' -bench AuthenticatedCall -benchtime 5s ./internal/api/
func BenchmarkAuthenticatedCall(b *testing.B) {
	stores := []string{"sqlite"}
	if os.Getenv(apitest.PostgresEnv) != "" {
		stores = append(stores, "postgres")
	}
	for _, store := range stores {
		s := apitest.Start(b, store, func(c *app.Config) { c.RateLimit = 1 << 30 })
		u := s.NewUser(b, auth.RoleUser)
		key := s.NewKey(b, u, "bench")
		s.Call(b, key, "genies", "create", "", map[string]any{"name": "bench"}).Expect(b, 201, "")
		for _, c := range []struct{ name, cred string }{{"session", u.Token}, {"apikey", key}} {
			b.Run(store+"/"+c.name, func(b *testing.B) {
				body := []byte(`{"resource":"genies","action":"all"}`)
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
				b.SetParallelism(8) // 16 clients on 2 cores
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						req, _ := http.NewRequest("POST", s.URL+"/v1", bytes.NewReader(body))
						req.Header.Set("Authorization", "Bearer "+c.cred)
						res, err := client.Do(req)
						if err != nil {
							b.Error(err)
							return
						}
						io.Copy(io.Discard, res.Body) //nolint:errcheck
						res.Body.Close()
						if res.StatusCode != 200 {
							b.Errorf("status %d", res.StatusCode)
							return
						}
					}
				})
			})
		}
	}
}
