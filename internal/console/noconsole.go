//go:build noconsole

package console

import "io/fs"

// Included reports whether this binary carries the console (false in a
// build with -tags noconsole).
const Included = false

func files() fs.FS { return nil }
