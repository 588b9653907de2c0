//go:build !noconsole

package console

import (
	"embed"
	"io/fs"
)

// built is the console as scripts/console.sh builds it (console/ → dist/).
//
//go:embed all:dist
var built embed.FS

// Included reports whether this binary carries the console (false in a
// build with -tags noconsole).
const Included = true

func files() fs.FS {
	sub, err := fs.Sub(built, "dist")
	if err != nil {
		panic(err) // embedded at build time
	}
	return sub
}
