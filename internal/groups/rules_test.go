package groups_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// positions returns the user's groups' positions in list order.
func positions(t *testing.T, s *apitest.Server, token string) []float64 {
	t.Helper()
	var out []float64
	for _, g := range s.Call(t, token, "genie-groups", "list", "", nil).Expect(t, 200, "").Data()["groups"].([]any) {
		out = append(out, g.(map[string]any)["position"].(float64))
	}
	return out
}

func dense(t *testing.T, what string, ps []float64) {
	t.Helper()
	for i, p := range ps {
		if p != float64(i) {
			t.Fatalf("%s: positions %v are not 0..n-1", what, ps)
		}
	}
}

// TestPositionsStayDense: deletes close the gap, an update's position
// moves the group (the last place at most), and concurrent creates and
// deletes leave 0..n-1; positions and admin options are bounded.
func TestPositionsStayDense(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u, admin := s.NewUser(t, auth.RoleUser), s.NewUser(t, auth.RoleAdmin)
		var ids []string
		for i := range 5 {
			g := s.Call(t, u.Token, "genie-groups", "create", "", map[string]any{"name": fmt.Sprint("g", i)}).Expect(t, 201, "").Data()
			ids = append(ids, fmt.Sprint(g["group"].(map[string]any)["id"]))
		}
		s.Call(t, u.Token, "genie-groups", "delete", ids[1], nil).Expect(t, 200, "")
		dense(t, "after a delete", positions(t, s, u.Token))

		r := s.Call(t, u.Token, "genie-groups", "update", ids[0], map[string]any{"position": 1_000_000}).Expect(t, 200, "").Data()
		if r["group"].(map[string]any)["position"] != 3.0 {
			t.Fatalf("a position past the end: %v, want the last place (3)", r["group"])
		}
		s.Call(t, u.Token, "genie-groups", "update", ids[4], map[string]any{"position": 0}).Expect(t, 200, "")
		ps := positions(t, s, u.Token)
		dense(t, "after moves", ps)
		for _, bad := range []any{-1, 1_000_001, int64(1) << 62, 1.5, "2"} {
			r := s.Call(t, u.Token, "genie-groups", "update", ids[2], map[string]any{"position": bad}).Expect(t, 400, "VALIDATION_ERROR")
			if apitest.Str(r.Err(), "field") != "position" {
				t.Fatalf("position %v: field %q", bad, apitest.Str(r.Err(), "field"))
			}
		}
		s.Call(t, u.Token, "genie-groups", "create", "", map[string]any{"name": "after"}).Expect(t, 201, "")
		dense(t, "after refused updates", positions(t, s, u.Token))

		// Concurrent creates and deletes.
		var wg sync.WaitGroup
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if i%3 == 0 && i/3 < len(ids) {
					s.Call(t, u.Token, "genie-groups", "delete", ids[i/3], nil)
					return
				}
				s.Call(t, u.Token, "genie-groups", "create", "", map[string]any{"name": fmt.Sprint("c", i)})
			}()
		}
		wg.Wait()
		ps = positions(t, s, u.Token)
		dense(t, "after concurrent creates and deletes", ps)
		if !slices.IsSorted(ps) {
			t.Fatalf("list order %v", ps)
		}

		// adminMode is for admins.
		for _, action := range []string{"list", "counts"} {
			s.Call(t, u.Token, "genie-groups", action, "", map[string]any{"adminMode": true}).Expect(t, 403, "FORBIDDEN")
			s.Call(t, admin.Token, "genie-groups", action, "", map[string]any{"adminMode": true}).Expect(t, 200, "")
		}
		s.Call(t, u.Token, "genie-groups", "list", "", map[string]any{"adminMode": false}).Expect(t, 200, "")
	})
}
