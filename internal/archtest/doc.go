// Package archtest holds no code: its tests read the source tree and check
// the rules that keep the architecture in shape (docs in README.md's
// architecture section). writers_test.go checks that each table is written
// only by the package that owns it; imports_test.go that only actions
// files import the HTTP package and that platform packages import no
// resource.
package archtest
