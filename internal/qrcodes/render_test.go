package qrcodes_test

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// zbarimg decodes a QR code image with the real decoder from zbar-tools;
// without it the test is skipped, unless GENIE_TEST_STRICT=1.
func zbarimg(t *testing.T, img []byte, name string) string {
	t.Helper()
	bin, err := exec.LookPath("zbarimg")
	if err != nil {
		if os.Getenv("GENIE_TEST_STRICT") == "1" {
			t.Fatal("zbarimg (Debian zbar-tools) is required with GENIE_TEST_STRICT=1")
		}
		t.Skip("zbarimg not installed (apt-get install zbar-tools)")
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, img, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "--quiet", "--raw", path).Output()
	if err != nil {
		t.Fatalf("zbarimg found no code in %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// TestRender: the PNG decodes back, with a real decoder, to the genie's
// page or the given URL at every size and level; the SVG is a scalable
// image of the same code; bad input is a 400 naming the field and another
// user's genie is AGENT_NOT_FOUND.
func TestRender(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u, other := s.NewUser(t, auth.RoleUser), s.NewUser(t, auth.RoleUser)
		g := apitest.Str(s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "Front desk"}).Expect(t, 201, "").Data(), "genie", "id")

		for _, c := range []struct {
			data map[string]any
			want string
			size int
		}{
			{map[string]any{"agentId": g}, s.URL + "/chat/" + g, 512},
			{map[string]any{"agentId": g, "size": 64, "level": "L"}, s.URL + "/chat/" + g, 64},
			{map[string]any{"agentId": g, "size": 2048, "level": "H", "target_url": "https://shop.example.com/chat?x=1&y=é"}, "https://shop.example.com/chat?x=1&y=%C3%A9", 2048},
		} {
			d := s.Call(t, u.Token, "qr-code", "render", "", c.data).Expect(t, 200, "").Data()
			if d["format"] != "png" || d["content_type"] != "image/png" || d["target_url"] != c.want {
				t.Fatalf("render %v: %v %v %v", c.data, d["format"], d["content_type"], d["target_url"])
			}
			img, err := base64.StdEncoding.DecodeString(apitest.Str(d, "image"))
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(img))
			if err != nil || cfg.Width != c.size || cfg.Height != c.size {
				t.Fatalf("png %v: %dx%d, %v", c.data, cfg.Width, cfg.Height, err)
			}
			if got := zbarimg(t, img, "code.png"); got != c.want {
				t.Fatalf("decoded %q, want %q", got, c.want)
			}
		}

		d := s.Call(t, u.Token, "qr-code", "render", "", map[string]any{"agentId": g, "format": "svg", "size": 300}).Expect(t, 200, "").Data()
		svg, _ := base64.StdEncoding.DecodeString(apitest.Str(d, "image"))
		if d["content_type"] != "image/svg+xml" || !bytes.HasPrefix(svg, []byte("<svg ")) || !bytes.Contains(svg, []byte(`width="300"`)) || !bytes.Contains(svg, []byte("<path")) {
			t.Fatalf("svg: %v %.200s", d["content_type"], svg)
		}

		for field, data := range map[string]map[string]any{
			"agentId":    {},
			"format":     {"agentId": g, "format": "gif"},
			"size":       {"agentId": g, "size": 63},
			"level":      {"agentId": g, "level": "X"},
			"target_url": {"agentId": g, "target_url": "javascript:alert(1)"},
		} {
			r := s.Call(t, u.Token, "qr-code", "render", "", data).Expect(t, 400, "VALIDATION_ERROR")
			if apitest.Str(r.Err(), "field") != field {
				t.Errorf("%v: field %q, want %q", data, apitest.Str(r.Err(), "field"), field)
			}
		}
		s.Call(t, u.Token, "qr-code", "render", "", map[string]any{"agentId": g, "size": 4097}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, u.Token, "qr-code", "render", "", map[string]any{"agentId": g, "target_url": "https://x.example/" + strings.Repeat("a", 2000), "level": "H"}).Expect(t, 400, "VALIDATION_ERROR")
		s.Call(t, other.Token, "qr-code", "render", "", map[string]any{"agentId": g}).Expect(t, 404, "AGENT_NOT_FOUND")
		s.Call(t, u.Token, "qr-code", "render", "", map[string]any{"agentId": "00000000-0000-0000-0000-000000000000"}).Expect(t, 404, "AGENT_NOT_FOUND")
		s.Call(t, "", "qr-code", "render", "", map[string]any{"agentId": g}).Expect(t, 401, "UNAUTHORIZED")
	})
}
