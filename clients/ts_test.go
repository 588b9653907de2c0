package clients_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// TestTypeScriptClient runs the generated TypeScript client (clients/ts,
// built by scripts/openapi.sh) under Node against the real server on each
// store.
func TestTypeScriptClient(t *testing.T) {
	dir, _ := filepath.Abs("ts")
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(filepath.Join(dir, "dist", "index.js")); err != nil || statErr != nil {
		if os.Getenv("GENIE_TEST_STRICT") != "" {
			t.Fatalf("node or clients/ts/dist missing (scripts/openapi.sh builds it)")
		}
		t.Skip("TypeScript client skipped: needs node and clients/ts built by scripts/openapi.sh")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, "scripts/smoke.mjs")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GENIE_URL="+s.URL, "GENIE_TOKEN="+u.Token)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("TypeScript client failed: %v\n%s", err, out)
		}
		lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
		var res struct {
			OK    bool     `json:"ok"`
			Steps []string `json:"steps"`
		}
		if err := json.Unmarshal(lines[len(lines)-1], &res); err != nil || !res.OK || len(res.Steps) < 10 {
			t.Fatalf("unexpected output: %s", out)
		}
		t.Logf("TypeScript client steps: %v", res.Steps)
	})
}
