package identity

import (
	"net/http/httptest"
	"testing"

	"github.com/geniehq/genie/internal/auth"
)

func TestClientAddr(t *testing.T) {
	cases := []struct {
		remote, header, value, want string
	}{
		{"203.0.113.7:5000", "", "", "203.0.113.7"},
		{"[2001:db8:1:2:3:4:5:6]:443", "", "", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:443", "", "", "2001:db8:1:2::/64"}, // same /64, same client
		{"[::ffff:198.51.100.1]:80", "", "", "198.51.100.1"},
		{"10.0.0.1:80", "X-Forwarded-For", "198.51.100.9, 203.0.113.5", "203.0.113.5"}, // the proxy's own view
		{"10.0.0.1:80", "X-Forwarded-For", "", "10.0.0.1"},                             // header missing: the peer
		{"10.0.0.1:80", "", "198.51.100.9", "10.0.0.1"},                                // header not trusted
		{"10.0.0.1:80", "X-Real-IP", "not an address", "unknown"},
		{"garbage", "", "", "unknown"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("POST", "/auth/v1/signup", nil)
		r.RemoteAddr = c.remote
		if c.value != "" {
			h := c.header
			if h == "" {
				h = "X-Forwarded-For"
			}
			r.Header.Set(h, c.value)
		}
		if got := auth.ClientAddr(r, c.header); got != c.want {
			t.Errorf("ClientAddr(%q, %s=%q) = %q, want %q", c.remote, c.header, c.value, got, c.want)
		}
	}
}
