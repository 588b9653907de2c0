package qrcodes

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/url"
	"strings"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/qr"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Rendering bounds.
const (
	MinSize     = 64
	MaxSize     = 2048
	DefaultSize = 512
	// quietZone is the white margin around a code, in modules, that
	// scanners need (ISO/IEC 18004).
	quietZone = 4
)

var levels = map[string]qr.ErrorCorrectionLevel{"L": qr.L, "M": qr.M, "Q": qr.Q, "H": qr.H}

// RenderRequest is the data of qr-code render.
type RenderRequest struct {
	// AgentID is the caller's genie the code is for.
	AgentID *string `json:"agentId" schema:"required,minLength=1"`
	// Format is png (default) or svg.
	Format *string `json:"format" schema:"enum=png|svg"`
	// Size is the image's width and height in pixels, 64 to 2048 (512).
	Size *int `json:"size" schema:"min=64,max=2048"`
	// Level is the error correction level: L, M (default), Q or H.
	Level *string `json:"level" schema:"enum=L|M|Q|H"`
	// TargetURL is what the code opens (an absolute http(s) URL); default
	// the genie's conversation page, <base-url>/chat/<agentId>.
	TargetURL *string `json:"target_url" schema:"maxLength=2048,format=uri,pattern=^[hH][tT][tT][pP][sS]?://[^/?#\\s]+([/?#]\\S*)?$"`
}

// Rendered is a QR code image.
type Rendered struct {
	Format      string `json:"format"`
	ContentType string `json:"content_type"`
	TargetURL   string `json:"target_url"`
	// Size is the image's width and height in pixels (a PNG is exactly
	// this size; an SVG scales).
	Size int `json:"size"`
	// Image is the PNG or SVG file, base64 (standard alphabet, padded).
	Image string `json:"image"`
}

// Render draws a QR code that opens the caller's genie's page (or the
// target URL given).
func (s *Service) Render(ctx context.Context, c *auth.Caller, in *RenderRequest) (*Rendered, error) {
	if in.AgentID == nil || *in.AgentID == "" {
		return nil, apperr.Required("agentId")
	}
	out := Rendered{Format: "png", ContentType: "image/png", Size: DefaultSize}
	if in.Format != nil {
		switch *in.Format {
		case "png":
		case "svg":
			out.Format, out.ContentType = "svg", "image/svg+xml"
		default:
			return nil, apperr.Invalid("format", "format must be png or svg")
		}
	}
	if in.Size != nil {
		if *in.Size < MinSize || *in.Size > MaxSize {
			return nil, apperr.Invalid("size", "size must be %d to %d pixels", MinSize, MaxSize)
		}
		out.Size = *in.Size
	}
	level := qr.M
	if in.Level != nil {
		l, ok := levels[*in.Level]
		if !ok {
			return nil, apperr.Invalid("level", "level must be L, M, Q or H")
		}
		level = l
	}
	if !field.IsUUID(*in.AgentID) {
		return nil, apperr.AgentNotFound()
	}
	if err := s.ownGenie(ctx, c.UserID, *in.AgentID); err != nil {
		return nil, err
	}
	out.TargetURL = strings.TrimRight(s.BaseURL, "/") + "/chat/" + *in.AgentID
	if in.TargetURL != nil {
		if err := checkURL("target_url", *in.TargetURL); err != nil {
			return nil, err
		}
		u, err := asciiURL(*in.TargetURL)
		if err != nil {
			return nil, err
		}
		out.TargetURL = u
	}
	code, err := qr.Encode(out.TargetURL, level, qr.Auto)
	if err != nil {
		return nil, apperr.Invalid("target_url", "target_url is too long for a QR code at level %s", levelName(level))
	}
	var img []byte
	if out.Format == "svg" {
		img = svg(code, out.Size)
	} else if img, err = pngImage(code, out.Size); err != nil {
		return nil, fmt.Errorf("qrcodes: render png: %w", err)
	}
	out.Image = base64.StdEncoding.EncodeToString(img)
	return &out, nil
}

// asciiURL percent-encodes the UTF-8 bytes of characters outside ASCII
// (RFC 3987's mapping of an IRI to a URI): scanners disagree on the
// character set of a code's bytes, but every one reads ASCII alike. A
// host outside ASCII must be given in its ASCII (punycode) form.
func asciiURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", apperr.Invalid("target_url", "target_url must be an absolute http(s) URL")
	}
	for i := 0; i < len(u.Host); i++ {
		if u.Host[i] >= 0x80 {
			return "", apperr.Invalid("target_url", "target_url's host must be in its ASCII (punycode) form")
		}
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; c >= 0x80 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

func levelName(l qr.ErrorCorrectionLevel) string {
	for name, v := range levels {
		if v == l {
			return name
		}
	}
	return "?"
}

// modules returns the code's dark modules as a grid, one entry a module.
func modules(code barcode.Barcode) [][]bool {
	b := code.Bounds()
	grid := make([][]bool, b.Dy())
	for y := range grid {
		grid[y] = make([]bool, b.Dx())
		for x := range grid[y] {
			r, _, _, _ := code.At(b.Min.X+x, b.Min.Y+y).RGBA()
			grid[y][x] = r < 0x8000
		}
	}
	return grid
}

// pngImage draws the code with its quiet zone on a size × size white
// square, each module a whole number of pixels, centred.
func pngImage(code barcode.Barcode, size int) ([]byte, error) {
	grid := modules(code)
	n := len(grid) + 2*quietZone
	scale := max(size/n, 1)
	off := (size - scale*len(grid)) / 2
	img := image.NewGray(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	for y, row := range grid {
		for x, dark := range row {
			if dark {
				draw.Draw(img, image.Rect(off+x*scale, off+y*scale, off+(x+1)*scale, off+(y+1)*scale), image.NewUniform(color.Black), image.Point{}, draw.Src)
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// svg draws the code as one path of unit squares in a viewBox that
// includes the quiet zone, so it scales without blur.
func svg(code barcode.Barcode, size int) []byte {
	grid := modules(code)
	n := len(grid) + 2*quietZone
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, size, size, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y, row := range grid {
		for x, dark := range row {
			if dark {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+quietZone, y+quietZone)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}
