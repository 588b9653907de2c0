package auth

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientAddr is the client's address for rate limiting: the peer's, or,
// when a trusted reverse proxy sets header, the right-most address in it
// (the one the proxy itself saw). IPv6 addresses count per /64, the block
// one client usually holds. An address that cannot be parsed is
// "unknown", one bucket for all of them.
func ClientAddr(r *http.Request, header string) string {
	raw := ""
	if header != "" {
		if v := r.Header.Values(header); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			raw = strings.TrimSpace(parts[len(parts)-1])
		}
	}
	if raw == "" {
		raw = r.RemoteAddr
		if h, _, err := net.SplitHostPort(raw); err == nil {
			raw = h
		}
	}
	a, err := netip.ParseAddr(raw)
	if err != nil {
		return "unknown"
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
