package app_test

import (
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestOverlongRequestEnvelope: a URL or header past the 64 KiB the server
// reads is answered 431 with the JSON error body the document declares
// (the /v1 envelope and the sign-in provider's fields), not net/http's
// plain text; an unparsable request line gets a JSON 400; the server then
// serves normally.
func TestOverlongRequestEnvelope(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		long := strings.Repeat("a", 100<<10)
		for _, path := range []string{"/v1/documents/all?x=" + long, "/v1?x=" + long, "/auth/v1/token?grant_type=password&x=" + long} {
			r := s.Do(t, "POST", path, u.Token, `{}`)
			if r.Status != 431 || r.Code() != "VALIDATION_ERROR" || apitest.Str(r.Body, "error_code") != "request_too_large" ||
				apitest.Str(r.Err(), "field") != "url" || r.Body["success"] != false {
				t.Fatalf("%.40s…: %d %s", path, r.Status, r.Raw)
			}
		}
		r := s.Do(t, "GET", "/healthz", "", nil, "X-Big", long)
		if r.Status != 431 || r.Code() != "VALIDATION_ERROR" {
			t.Fatalf("a large header: %d %s", r.Status, r.Raw)
		}
		conn, err := net.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.Write([]byte("GARBAGE\r\n\r\n")) //nolint:errcheck
		buf := make([]byte, 4096)
		n, _ := conn.Read(buf)
		if got := string(buf[:n]); !strings.HasPrefix(got, "HTTP/1.1 400") || !strings.Contains(got, "application/json") || !strings.Contains(got, `"VALIDATION_ERROR"`) {
			t.Fatalf("an unparsable request: %q", got)
		}
		s.Call(t, u.Token, "documents", "all", "", nil).Expect(t, 200, "")
		if res, err := http.Get(s.URL + "/healthz"); err != nil || res.StatusCode != 200 {
			t.Fatalf("healthz after: %v %v", res, err)
		}
	})
}
