package main

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestViewsAcrossProcessesAndKill: marketplace views are counted in memory
// and committed in batches. Through two genie serve processes on one
// database, every get is answered (none shed) and the committed total is
// exact, on both stores; a process killed with SIGKILL mid-load loses at
// most the views it had not committed (bounded by --views-max-pending),
// and one stopped with SIGTERM commits all of its views first.
func TestViewsAcrossProcessesAndKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		s := apitest.StartOn(t, dsn) // in-process: builds the catalog, reads the totals
		admin := s.NewUser(t, auth.RoleAdmin)
		cat := apitest.Str(s.Call(t, admin.Token, "marketplace", "categories", "", map[string]any{"mode": "create", "name": "C", "slug": "c"}).
			Expect(t, 201, "").Data(), "category", "id")
		agent := apitest.Str(s.Call(t, admin.Token, "genies", "create", "", map[string]any{"name": "lamp genie"}).Expect(t, 201, "").Data(), "genie", "id")
		s.Call(t, admin.Token, "marketplace", "create", "", map[string]any{"agent_id": agent, "slug": "lamp", "display_name": "Lamp", "category_id": cat}).
			Expect(t, 201, "")
		committed := func() int64 { // as the in-process server reads it: it counts no views itself
			d := s.Call(t, "", "marketplace", "all", "", nil).Expect(t, 200, "").Data()
			return int64(d["genies"].([]any)[0].(map[string]any)["view_count"].(float64))
		}
		// The in-process server learns of another process's commit when
		// its notification arrives, or within a second without one
		// (PostgreSQL; docs/marketplace.md, "Freshness"): reads wait for
		// the count to reach want, or to hold still past that second.
		committedNow := func(want int64) int64 {
			deadline := time.Now().Add(10 * time.Second)
			got, since := committed(), time.Now()
			for got != want && time.Since(since) < 1500*time.Millisecond && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
				if n := committed(); n != got {
					got, since = n, time.Now()
				}
			}
			return got
		}
		const maxPending = 50
		a := startBinary(t, dsn, "--smtp-addr", "", "--views-max-pending", fmt.Sprint(maxPending))
		b := startBinary(t, dsn, "--smtp-addr", "", "--views-flush-interval", "1m")

		// gets streams gets at the processes from workers until stop is
		// closed or n are answered; it returns the number answered.
		const workers = 8
		gets := func(n int64, stop <-chan struct{}, ps ...*proc) (answered *atomic.Int64, wait func()) {
			answered = new(atomic.Int64)
			var wg sync.WaitGroup
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; answered.Load() < n && !closed(stop); i++ {
						st, m, err := post(ps[(w+i)%len(ps)].url+"/v1", "", map[string]any{"resource": "marketplace", "action": "get", "id": "lamp"})
						if err != nil {
							return // killed
						}
						if st != http.StatusOK {
							t.Errorf("get: %d %v", st, m)
							return
						}
						answered.Add(1)
					}
				}()
			}
			return answered, wg.Wait
		}

		// 1. Exact across two processes, with no request asking for it:
		// each process commits its views within its flush interval (b only
		// at shutdown, below; a every 250 ms).
		n1, wait := gets(600, nil, a, b)
		wait()
		if t.Failed() {
			return
		}
		// b commits its views when a read of it shows view counts.
		post(b.url+"/v1", "", map[string]any{"resource": "marketplace", "action": "stats"}) //nolint:errcheck
		want := n1.Load()
		deadline := time.Now().Add(10 * time.Second)
		for committed() != want && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if got := committed(); got != want {
			t.Fatalf("%d gets answered through two processes, %d views committed", want, got)
		}
		st := s.Call(t, "", "marketplace", "stats", "", nil).Expect(t, 200, "").Data()
		tr := s.Call(t, "", "marketplace", "trending", "", nil).Expect(t, 200, "").Data()["items"].([]any)
		if st["total_views"] != float64(want) || len(tr) != 1 || tr[0].(map[string]any)["interactions_today"] != float64(want) {
			t.Fatalf("after %d views: stats %v, trending %v", want, st, tr)
		}

		// 2. SIGTERM: b commits the views it holds before it exits.
		n2, wait := gets(300, nil, b)
		wait()
		if err := b.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		b.cmd.Wait() //nolint:errcheck
		want += n2.Load()
		if got := committedNow(want); got != want {
			t.Fatalf("after SIGTERM: %d views committed, want %d (%d answered by the stopped process)", got, want, n2.Load())
		}

		// 3. SIGKILL mid-load: a loses at most what it had not committed.
		stop := make(chan struct{})
		n3, wait := gets(1<<40, stop, a)
		for n3.Load() < 1000 {
			time.Sleep(2 * time.Millisecond)
		}
		if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		a.cmd.Wait() //nolint:errcheck
		close(stop)
		wait()
		got := committedNow(-1) - want // -1: no count to wait for, only for it to hold still
		lost := n3.Load() - got
		// Pending and committing: at most maxPending each, plus the gets
		// of a batch in progress; views of gets killed before their answer
		// may be committed (lost below 0 by at most the workers).
		if bound := int64(2 * (maxPending + workers)); lost > bound || lost < -workers {
			t.Fatalf("killed after %d answered gets: %d committed, %d lost; bound %d", n3.Load(), got, lost, bound)
		}
		t.Logf("killed after %d answered gets: %d committed, %d lost (bound %d)", n3.Load(), got, lost, 2*(maxPending+workers))
	})
}

// closed reports whether c is closed (never, for nil).
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// TestCachedPagesAcrossProcesses: two genie serve processes on one
// database; a listing created through one shows in the other's cached
// list page: at the next read on SQLite (the WAL index header that every
// commit moves is read from the other process's file mapping), within its
// notification's delivery on PostgreSQL (logged).
func TestCachedPagesAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		s := apitest.StartOn(t, dsn) // in-process: the admin's token
		admin := s.NewUser(t, auth.RoleAdmin)
		cat := apitest.Str(s.Call(t, admin.Token, "marketplace", "categories", "", map[string]any{"mode": "create", "name": "C", "slug": "c"}).
			Expect(t, 201, "").Data(), "category", "id")
		a := startBinary(t, dsn, "--smtp-addr", "")
		b := startBinary(t, dsn, "--smtp-addr", "")
		count := func(p *proc) float64 {
			st, m, err := post(p.url+"/v1", "", map[string]any{"resource": "marketplace", "action": "list"})
			if err != nil || st != 200 {
				t.Fatalf("list: %d %v %v", st, m, err)
			}
			return m["data"].(map[string]any)["count"].(float64)
		}
		for i := range 5 {
			for range 2 { // the second read is served from b's cache
				if got := count(b); got != float64(i) {
					t.Fatalf("b's count %v, want %d", got, i)
				}
			}
			agent := apitest.Str(s.Call(t, admin.Token, "genies", "create", "", map[string]any{"name": fmt.Sprint("g", i)}).Expect(t, 201, "").Data(), "genie", "id")
			st, m, err := post(a.url+"/v1", admin.Token, map[string]any{"resource": "marketplace", "action": "create",
				"data": map[string]any{"agent_id": agent, "slug": fmt.Sprint("l-", i), "display_name": "L", "category_id": cat}})
			if err != nil || st != 201 {
				t.Fatalf("create through a: %d %v %v", st, m, err)
			}
			start := time.Now()
			for count(b) != float64(i+1) {
				if store == "sqlite" {
					t.Fatalf("b's cached page misses a's write committed before the read")
				}
				if time.Since(start) > 10*time.Second {
					t.Fatalf("b never saw a's write")
				}
				time.Sleep(5 * time.Millisecond)
			}
			t.Logf("a's write seen by b after %v", time.Since(start).Round(time.Microsecond))
		}
	})
}
