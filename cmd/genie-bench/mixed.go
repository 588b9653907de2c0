package main

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/geniehq/genie/internal/apikeys"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/users"
)

// class is one kind of request in the mixed scenario: weight is its share
// of requests, req returns a body and the API key to send it with ("" for
// none).
type class struct {
	name   string
	weight int
	req    func() (body, key string)
}

type classResult struct {
	name     string
	rps      float64
	p50, p99 time.Duration
	errors   int64
}

// runMixed drives clients that each pick a class at random for every
// request and reports each class on its own. Client i sends to
// urls[i % len(urls)] (servers on one database). A write the rules refuse
// (a second review of a listing, removing a favorite that is not there)
// answers 400 or 404 as designed and is not counted as an error.
func runMixed(client *http.Client, urls []string, clients int, dur time.Duration, classes []class) []classResult {
	total := 0
	for _, c := range classes {
		total += c.weight
	}
	type sample struct {
		class int
		d     time.Duration
		err   bool
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	samples := make([][]sample, clients)
	start := time.Now()
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			url := urls[i%len(urls)]
			r := rand.New(rand.NewPCG(uint64(i), 42))
			for !stop.Load() {
				n, ci := r.IntN(total), 0
				for n >= classes[ci].weight {
					n -= classes[ci].weight
					ci++
				}
				body, key := classes[ci].req()
				t0 := time.Now()
				_, err := postAs(client, url, body, key)
				failed := err != nil && !strings.Contains(err.Error(), "status 400") && !strings.Contains(err.Error(), "status 404")
				samples[i] = append(samples[i], sample{ci, time.Since(t0), failed})
			}
		}()
	}
	time.Sleep(dur)
	stop.Store(true)
	wg.Wait()
	elapsed := time.Since(start)
	out := make([]classResult, len(classes))
	for ci, c := range classes {
		var lat []time.Duration
		var errs int64
		for _, ss := range samples {
			for _, s := range ss {
				if s.class == ci {
					lat = append(lat, s.d)
					if s.err {
						errs++
					}
				}
			}
		}
		slices.Sort(lat)
		out[ci] = classResult{name: c.name, errors: errs}
		if len(lat) > 0 {
			out[ci].rps, out[ci].p50, out[ci].p99 = float64(len(lat))/elapsed.Seconds(), lat[len(lat)/2], lat[len(lat)*99/100]
		}
	}
	return out
}

// benchKeys makes n users with an API key each, for the community writes.
func benchKeys(ctx context.Context, a *app.App, n int) ([]string, error) {
	ks := &apikeys.Service{DB: a.DB}
	var keys []string
	for range n {
		u, err := a.Users.Create(ctx, users.NewUser{Email: "bench-" + randomKey()[:12] + "@example.com", Role: auth.RoleUser, FullName: "Bench"})
		if err != nil {
			return nil, fmt.Errorf("bench user: %w", err)
		}
		k, err := ks.Create(ctx, apikeys.Owner{UserID: u.ID, Role: auth.RoleUser}, "bench")
		if err != nil {
			return nil, fmt.Errorf("bench key: %w", err)
		}
		keys = append(keys, k.Key)
	}
	return keys, nil
}

func randomKey() string {
	b := make([]byte, 32)
	crand.Read(b) //nolint:errcheck // never fails
	return hex.EncodeToString(b)
}

// distinct is a search for a random pair of the catalog's real words
// (realistic catalog: two consecutive words of a real description, the
// last often a prefix): nearly every one is new.
func distinct(pick func(int) int) string {
	if benchCorpus != nil {
		return `{"resource":"marketplace","action":"list","data":{"query":{"search":"` + benchCorpus.search(pick) + `"}}}`
	}
	w := realWords()
	return `{"resource":"marketplace","action":"list","data":{"query":{"search":"` + w[pick(len(w))] + " " + w[pick(len(w))] + `"}}}`
}

// waitReady waits until the server at base answers /readyz with 200 (its
// search index built), for at most five minutes.
func waitReady(ctx context.Context, client *http.Client, base string) error {
	deadline := time.Now().Add(5 * time.Minute)
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/readyz", nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s: not ready after five minutes (last: %v)", base, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
