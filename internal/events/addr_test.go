package events_test

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
)

// Outcome of a webhook URL without and with --webhook-allow-private.
const (
	ok      = "ok"      // allowed either way
	private = "private" // refused unless private targets are allowed
	never   = "never"   // refused always (metadata, link-local, not unicast)
)

// targetCases lists each spelling of each kind of address a webhook must
// not reach, and public ones that must stay allowed.
var targetCases = []struct{ url, want string }{
	// Loopback in every spelling.
	{"https://127.0.0.1/h", private},
	{"https://127.1/h", private},
	{"https://127.0.1/h", private},
	{"https://0x7f000001/h", private},
	{"https://0X7F.1/h", private},
	{"https://2130706433/h", private},
	{"https://0177.0.0.1/h", private},
	{"https://017700000001/h", private},
	{"https://127.0.0.1./h", private},
	{"https://[::1]/h", private},
	{"https://[::ffff:127.0.0.1]/h", private},
	{"https://[::ffff:7f00:1]/h", private},
	{"https://[::127.0.0.1]/h", private},     // IPv4-compatible
	{"https://[::ffff:0:7f00:1]/h", private}, // SIIT
	{"https://[64:ff9b::7f00:1]/h", private}, // NAT64 well-known
	{"https://[64:ff9b::127.0.0.1]/h", private},
	{"https://[64:ff9b:1::7f00:1]/h", private},                    // NAT64 local-use, /96
	{"https://[64:ff9b:1:7f00:1::]/h", private},                   // NAT64 local-use, /48
	{"https://[2002:7f00:1::1]/h", private},                       // 6to4
	{"https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/h", private}, // Teredo, client 127.0.0.1
	{"https://[fe80::5efe:7f00:1]/h", never},                      // link-local anyway
	{"https://[2001:db8::5efe:7f00:1]/h", private},                // ISATAP
	{"https://localhost/h", private},
	{"https://loopback.test/h", private}, // a name resolving to loopback
	// Private networks.
	{"https://10.1.2.3/h", private},
	{"https://10.258/h", private},
	{"https://0xa.1.2.3/h", private},
	{"https://012.1.2.3/h", private},
	{"https://192.168.0.1/h", private},
	{"https://3232235521/h", private},
	{"https://172.16.0.1/h", private},
	{"https://100.64.0.1/h", private},
	{"https://[64:ff9b::a01:203]/h", private},
	{"https://[64:ff9b::192.168.0.1]/h", private},
	{"https://[2002:c0a8:1::1]/h", private},
	{"https://[::ffff:10.0.0.1]/h", private},
	{"https://[::10.0.0.1]/h", private},
	{"https://[::ffff:0:a00:1]/h", private},
	{"https://[fd12:3456::1]/h", private}, // unique local
	{"https://[fc00::1]/h", private},
	{"https://[fec0::1]/h", private}, // site-local
	{"https://private.test/h", private},
	// Metadata and link-local: never, in every spelling.
	{"https://169.254.169.254/h", never},
	{"https://169.254.43518/h", never},
	{"https://0xa9fea9fe/h", never},
	{"https://2852039166/h", never},
	{"https://0251.0376.0251.0376/h", never},
	{"https://[::ffff:169.254.169.254]/h", never},
	{"https://[::169.254.169.254]/h", never},
	{"https://[::ffff:0:a9fe:a9fe]/h", never},
	{"https://[64:ff9b::a9fe:a9fe]/h", never},
	{"https://[64:ff9b::169.254.169.254]/h", never},
	{"https://[64:ff9b:1::a9fe:a9fe]/h", never},
	{"https://[64:ff9b:1:a9fe:a9:fe00::]/h", never}, // local-use, /48
	{"https://[2002:a9fe:a9fe::1]/h", never},
	{"https://[2001:0:4136:e378:8000:63bf:5601:5601]/h", never}, // Teredo, client 169.254.169.254
	{"https://[fe80::1]/h", never},
	{"https://[fd00:ec2::254]/h", never},
	{"https://100.100.100.200/h", never},
	{"https://metadata.test/h", never}, // a name resolving to metadata
	// Not unicast.
	{"https://0.0.0.0/h", never},
	{"https://0/h", never},
	{"https://[::]/h", never},
	{"https://255.255.255.255/h", never},
	{"https://224.0.0.1/h", never},
	{"https://[ff02::1]/h", never},
	{"https://[64:ff9b::e000:1]/h", never},
	// Numeric hosts that are no address at all.
	{"https://256.1.1.1/h", never},
	{"https://1.2.3.4.5/h", never},
	{"https://09.1.1.1/h", never},
	{"https://4294967296/h", never},
	// Public: allowed.
	{"https://93.184.215.14/h", ok},
	{"https://0x5db8d70e/h", ok},
	{"https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/h", ok},
	{"https://[64:ff9b::5db8:d70e]/h", ok},
	{"https://[2002:5db8:d70e::1]/h", ok},
	{"https://public.test/h", ok},
	{"https://v4.example/h", ok}, // a name whose last label is not a number
}

func fakeResolve(_ context.Context, host string) ([]netip.Addr, error) {
	m := map[string]string{"localhost": "127.0.0.1", "loopback.test": "::1", "private.test": "10.0.0.7",
		"metadata.test": "169.254.169.254", "public.test": "93.184.215.14", "v4.example": "93.184.215.14"}
	if a, ok := m[host]; ok {
		return []netip.Addr{netip.MustParseAddr(a)}, nil
	}
	return nil, errors.New("no such host")
}

// TestWebhookTargetSpellings: the address rule applied to each spelling,
// without and with private targets allowed.
func TestWebhookTargetSpellings(t *testing.T) {
	for _, allow := range []bool{false, true} {
		w := &events.Webhooks{AllowPrivate: allow, Resolve: fakeResolve}
		for _, c := range targetCases {
			err := w.CheckURL(context.Background(), c.url)
			refused := c.want == never || (c.want == private && !allow)
			if (err != nil) != refused {
				t.Errorf("allow private %v: %s: error %v, want refused %v", allow, c.url, err, refused)
			}
		}
	}
}

// TestCheckAddrEmbedded: the connect-time check (the same function) on
// the address a dial actually uses.
func TestCheckAddrEmbedded(t *testing.T) {
	for _, c := range []struct {
		addr        string
		allow, deny bool // allowed with the flag; allowed without it
	}{
		{"64:ff9b::7f00:1", true, false},
		{"64:ff9b::a9fe:a9fe", false, false},
		{"2002:a00:1::1", true, false},
		{"::ffff:0:a9fe:a9fe", false, false},
		{"2606:2800:21f:cb07:6820:80da:af6b:8b2c", true, true},
		{"fe80::1%eth0", false, false},
	} {
		a := netip.MustParseAddr(c.addr)
		if got := events.CheckAddr(a, true) == nil; got != c.allow {
			t.Errorf("%s with the flag: allowed %v, want %v", c.addr, got, c.allow)
		}
		if got := events.CheckAddr(a, false) == nil; got != c.deny {
			t.Errorf("%s without the flag: allowed %v, want %v", c.addr, got, c.deny)
		}
	}
}

// TestWebhookTargetsOverHTTP: webhooks create refuses the numeric and
// embedded spellings with VALIDATION_ERROR on url, on both stores, and
// with --webhook-allow-private still refuses metadata through NAT64.
func TestWebhookTargetsOverHTTP(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		dev := apitest.Start(t, store, fast)
		u, v := s.NewUser(t, auth.RoleUser), dev.NewUser(t, auth.RoleUser)
		for _, c := range targetCases {
			if strings.Contains(c.url, ".test/") || strings.Contains(c.url, "localhost") || c.want == ok {
				continue // names need the fake resolver; public addresses need no network here
			}
			r := s.Call(t, u.Token, "webhooks", "create", "", map[string]any{"url": c.url, "events": []string{"*"}}).Expect(t, 400, "VALIDATION_ERROR")
			if r.Err()["field"] != "url" {
				t.Fatalf("%s: %v", c.url, r.Err())
			}
			if c.want == never {
				r := dev.Call(t, v.Token, "webhooks", "create", "", map[string]any{"url": c.url, "events": []string{"*"}})
				r.Expect(t, 400, "VALIDATION_ERROR")
			}
		}
		dev.Call(t, v.Token, "webhooks", "create", "", map[string]any{"url": fmt.Sprintf("http://[64:ff9b::7f00:1]:%d/h", 9), "events": []string{"*"}}).Expect(t, 201, "")
	})
}
