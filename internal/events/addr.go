package events

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
)

// Address rules for webhook targets. A target is judged on every IPv4
// address it can reach: the address itself and, for an IPv6 address, each
// IPv4 address it embeds under a translation or tunnelling scheme, since a
// host with NAT64, 6to4 or Teredo routes such an address to that IPv4
// host.

var (
	// metadataV4 are cloud metadata services outside link-local
	// (169.254.0.0/16 is refused whole): Alibaba Cloud, Oracle Cloud.
	metadataV4 = []netip.Addr{netip.MustParseAddr("100.100.100.200"), netip.MustParseAddr("192.0.0.192")}
	// metadataV6 is AWS's IPv6 metadata prefix.
	metadataV6 = netip.MustParsePrefix("fd00:ec2::/32")

	nat64WellKnown = netip.MustParsePrefix("64:ff9b::/96")   // RFC 6052
	nat64Local     = netip.MustParsePrefix("64:ff9b:1::/48") // RFC 8215
	sixToFour      = netip.MustParsePrefix("2002::/16")      // RFC 3056
	teredo         = netip.MustParsePrefix("2001::/32")      // RFC 4380
	siit           = netip.MustParsePrefix("::ffff:0:0:0/96")
	v4Compatible   = netip.MustParsePrefix("::/96") // RFC 4291, deprecated
	siteLocal      = netip.MustParsePrefix("fec0::/10")
	sharedV4       = netip.MustParsePrefix("100.64.0.0/10")
	thisNetworkV4  = netip.MustParsePrefix("0.0.0.0/8")
	reservedV4     = netip.MustParsePrefix("240.0.0.0/4")
	ietfV4         = netip.MustParsePrefix("192.0.0.0/24")
	benchmarkV4    = netip.MustParsePrefix("198.18.0.0/15")
)

// embeddedV4 returns the IPv4 addresses an IPv6 address a embeds:
// IPv4-mapped (::ffff:a.b.c.d), SIIT (::ffff:0:a.b.c.d), IPv4-compatible
// (::a.b.c.d), NAT64 (64:ff9b::/96, and 64:ff9b:1::/48 at each RFC 6052
// position an operator may use), 6to4 (2002:AABB:CCDD::/48), Teredo (the
// server and the obfuscated client address) and ISATAP (an interface id
// of 0000:5efe or 0200:5efe then the address).
func embeddedV4(a netip.Addr) []netip.Addr {
	if !a.Is6() || a.Is4In6() {
		if a.Is4In6() {
			return []netip.Addr{a.Unmap()}
		}
		return nil
	}
	b := a.As16()
	v4 := func(i int) netip.Addr { return netip.AddrFrom4([4]byte{b[i], b[i+1], b[i+2], b[i+3]}) }
	// RFC 6052: the address is split around the reserved octet 8.
	rfc6052 := func(n int) netip.Addr {
		var q [4]byte
		j := 0
		for i := n / 8; j < 4; i++ {
			if i == 8 {
				continue
			}
			q[j] = b[i]
			j++
		}
		return netip.AddrFrom4(q)
	}
	var out []netip.Addr
	switch {
	case siit.Contains(a), nat64WellKnown.Contains(a):
		out = append(out, v4(12))
	case v4Compatible.Contains(a) && !a.IsUnspecified() && !a.IsLoopback():
		out = append(out, v4(12))
	case nat64Local.Contains(a):
		for _, n := range []int{48, 56, 64, 96} {
			out = append(out, rfc6052(n))
		}
	case sixToFour.Contains(a):
		out = append(out, v4(2))
	case teredo.Contains(a):
		c := v4(12).As4()
		out = append(out, v4(4), netip.AddrFrom4([4]byte{^c[0], ^c[1], ^c[2], ^c[3]}))
	}
	if (b[8] == 0 || b[8] == 2) && b[9] == 0 && b[10] == 0x5e && b[11] == 0xfe { // ISATAP
		out = append(out, v4(12))
	}
	return out
}

// CheckAddr refuses the addresses a webhook must never reach, judged on
// the address and on every IPv4 address it embeds (see embeddedV4):
// link-local (169.254.0.0/16, fe80::/10) and other cloud metadata
// addresses, unspecified, multicast, broadcast and reserved ones always;
// loopback, private, unique-local, site-local and shared (CGNAT) ones
// unless allowPrivate.
func CheckAddr(a netip.Addr, allowPrivate bool) error {
	if a.Zone() != "" {
		return fmt.Errorf("%s has a zone; a webhook target cannot", a)
	}
	a = a.Unmap()
	if err := checkOne(a, allowPrivate); err != nil {
		return err
	}
	if nat64Local.Contains(a) {
		// A local-use NAT64 prefix is the operator's own network, and
		// where it carries the IPv4 address depends on the operator's
		// prefix length: refused as private, and as metadata when any
		// reading of it is metadata.
		if !allowPrivate {
			return fmt.Errorf("%s is in the local-use NAT64 prefix 64:ff9b:1::/48 (allowed only with --webhook-allow-private)", a)
		}
		for _, e := range embeddedV4(a) {
			if e.IsLinkLocalUnicast() || slices.Contains(metadataV4, e) {
				return fmt.Errorf("%s may embed %s, a cloud metadata address", a, e)
			}
		}
		return nil
	}
	for _, e := range embeddedV4(a) {
		if err := checkOne(e, allowPrivate); err != nil {
			return fmt.Errorf("%s embeds %s: %w", a, e, err)
		}
	}
	return nil
}

func checkOne(a netip.Addr, allowPrivate bool) error {
	switch {
	case a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast():
		return fmt.Errorf("%s is a link-local address (cloud metadata services live there)", a)
	case a.Is6() && metadataV6.Contains(a), slices.Contains(metadataV4, a):
		return fmt.Errorf("%s is a cloud metadata address", a)
	case a.IsUnspecified() || a.IsMulticast() || a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) ||
		reservedV4.Contains(a) || thisNetworkV4.Contains(a):
		return fmt.Errorf("%s is not a unicast address", a)
	case !allowPrivate && (a.IsLoopback() || a.IsPrivate() || sharedV4.Contains(a) || siteLocal.Contains(a) ||
		ietfV4.Contains(a) || benchmarkV4.Contains(a)):
		return fmt.Errorf("%s is a loopback or private address (allowed only with --webhook-allow-private)", a)
	}
	return nil
}

// errNotIPv4 is a host whose last label is a number but that is not an
// IPv4 address in any spelling.
var errNotIPv4 = errors.New("the host is numeric but not a valid IPv4 address")

// numericHost reads a host the way browsers and the C library do when its
// last label is a number (the WHATWG URL standard's IPv4 parser): each
// part decimal, octal (leading 0) or hex (0x), the last part filling the
// remaining bytes, so 127.1, 0x7f000001, 2130706433 and 0177.0.0.1 are
// all 127.0.0.1. ok is false for a host that is a name.
func numericHost(host string) (a netip.Addr, ok bool, err error) {
	parts := strings.Split(strings.TrimSuffix(host, "."), ".")
	last := parts[len(parts)-1]
	if last == "" || !isNumber(last) {
		return netip.Addr{}, false, nil
	}
	if len(parts) > 4 {
		return netip.Addr{}, true, errNotIPv4
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		n, err := parseIPv4Number(p)
		if err != nil {
			return netip.Addr{}, true, errNotIPv4
		}
		nums[i] = n
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, true, errNotIPv4
		}
	}
	lastBits := 8 * (5 - len(nums))
	if nums[len(nums)-1] >= 1<<lastBits {
		return netip.Addr{}, true, errNotIPv4
	}
	v := nums[len(nums)-1]
	for i, n := range nums[:len(nums)-1] {
		v |= n << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true, nil
}

// isNumber is the WHATWG "ends in a number" test for one label.
func isNumber(s string) bool {
	if _, err := parseIPv4Number(s); err == nil {
		return true
	}
	return strings.Trim(s, "0123456789") == ""
}

func parseIPv4Number(s string) (uint64, error) {
	base := 10
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, base = s[2:], 16
		if s == "" {
			return 0, nil
		}
	case len(s) >= 2 && s[0] == '0':
		s, base = s[1:], 8
	}
	if s == "" || strings.ContainsAny(s, "+-_") {
		return 0, errNotIPv4
	}
	return strconv.ParseUint(s, base, 32)
}
