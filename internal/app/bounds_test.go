package app_test

import (
	"fmt"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestStoredIntegersAreBounded: every integer the service stores is
// checked against a documented range before it reaches the database, so
// the largest JSON numbers are a 400 naming the field on both stores,
// never a 500 or a value that breaks a later call.
func TestStoredIntegersAreBounded(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		admin := s.NewUser(t, auth.RoleAdmin)
		for i, v := range []string{"1000000001", "2147483648", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e300"} {
			for _, c := range []struct{ body, field string }{
				{`{"resource":"preselected-voices","action":"create","data":{"voice_id":"v%d","label":"L","gender":"male","sort_order":%s}}`, "sort_order"},
				{`{"resource":"marketplace","action":"categories","data":{"mode":"create","name":"c","slug":"c%d","order":%s}}`, "order"},
			} {
				r := s.Do(t, "POST", "/v1", admin.Token, fmt.Sprintf(c.body, i, v)).Expect(t, 400, "VALIDATION_ERROR")
				if apitest.Str(r.Err(), "field") != c.field {
					t.Errorf("%s = %s: field %q", c.field, v, apitest.Str(r.Err(), "field"))
				}
			}
		}
		s.Do(t, "POST", "/v1", admin.Token, `{"resource":"preselected-voices","action":"create","data":{"voice_id":"ok","label":"L","gender":"male","sort_order":-1000000000}}`).Expect(t, 201, "")
		s.Do(t, "POST", "/v1", admin.Token, `{"resource":"marketplace","action":"categories","data":{"mode":"create","name":"c","slug":"ok","order":1000000000}}`).Expect(t, 201, "")
	})
}
