package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version and revision are stamped by scripts/release.sh with -ldflags
// "-X main.version=... -X main.revision=..."; otherwise they come from the
// module and VCS information Go records in the binary.
var version, revision string

// buildVersion returns the version and revision of this binary.
func buildVersion() (v, rev string, dirty bool) {
	v, rev = version, revision
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "" {
					rev = s.Value
				}
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	return v, rev, dirty
}

// runVersion prints the version, whatever the arguments.
func runVersion(_ context.Context, _ []string, w, _ io.Writer) error {
	v, rev, dirty := buildVersion()
	fmt.Fprintf(w, "genie %s", v)
	if rev != "" {
		fmt.Fprintf(w, " (revision %s", rev)
		if dirty {
			fmt.Fprint(w, ", modified")
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintf(w, " %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}

// buildVersionString is the version the server publishes (GET / and the
// OpenAPI document).
func buildVersionString() string {
	v, _, _ := buildVersion()
	return v
}
