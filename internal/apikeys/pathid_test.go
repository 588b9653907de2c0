package apikeys_test

import (
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestRESTPathIDs: ids in the REST forms' paths that are not valid UTF-8,
// hold NUL or are anything but a key's id answer like any unknown id.
func TestRESTPathIDs(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		for _, id := range []string{"%FF", "%00", "a%00b", "%C3%28", "%ED%A0%80", "nope", "00000000-0000-0000-0000-000000000000", "%E2%80%AE"} {
			for _, method := range []string{"PATCH", "DELETE"} {
				s.Do(t, method, "/v1/api-keys/"+id, u.Token, nil).Expect(t, 404, "NOT_FOUND")
			}
		}
	})
}
