package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// buildBinary compiles cmd/genie once per test binary.
var buildBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "genie-bin")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "genie")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

type proc struct {
	cmd  *exec.Cmd
	url  string
	logs *lockedBuffer
}

// lockedBuffer is a bytes.Buffer that the process's stderr copier and the
// test may use at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func startBinary(t *testing.T, dsn string, extra ...string) *proc {
	t.Helper()
	bin, err := buildBinary()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	p := &proc{url: "http://" + addr, logs: &lockedBuffer{}}
	if extra == nil {
		extra = []string{"--smtp-addr", ""}
	}
	args := []string{"serve", "--db", dsn, "--addr", addr}
	if strings.HasPrefix(dsn, "postgres") { // processes of one deployment share a key file
		args = append(args, "--key-file", apitest.KeyFile(dsn))
		if _, err := secrets.Open(apitest.KeyFile(dsn), true, nil); err != nil {
			t.Fatal(err)
		}
	}
	p.cmd = exec.Command(bin, append(args, extra...)...)
	p.cmd.Stderr = p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() }) //nolint:errcheck
	for range 200 {
		if res, err := http.Get(p.url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return p
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("server did not become ready: %s", p.logs)
	return nil
}

func post(url, token string, body any) (int, map[string]any, error) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var m map[string]any
	err = json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m, err
}

// TestKill9LosesNoAnsweredKey streams API key creations at the real binary,
// kills it with SIGKILL mid-stream, restarts it on the same database, and
// checks that every key whose creation was answered exists and works.
func TestKill9LosesNoAnsweredKey(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	apitest.EachStore(t, func(t *testing.T, store string) {
		dsn := apitest.NewDSN(t, store)
		p := startBinary(t, dsn)
		const nUsers = 24
		tokens := make([]string, nUsers)
		for i := range tokens {
			st, m, err := post(p.url+"/auth/v1/signup", "", map[string]string{"email": fmt.Sprintf("crash%d@example.com", i), "password": "crash-password"})
			if err != nil || st != 200 {
				t.Fatalf("signup: %d %v %v", st, m, err)
			}
			tokens[i] = m["access_token"].(string)
		}
		var (
			mu       sync.Mutex
			answered = map[string]string{} // key -> id
			wg       sync.WaitGroup
		)
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := w; i < nUsers*5; i += 4 {
					st, m, err := post(p.url+"/v1", tokens[i%nUsers], map[string]any{"resource": "api-keys", "action": "create", "data": map[string]any{"name": fmt.Sprint("k", i)}})
					if err != nil {
						return // the server is gone
					}
					if st == 201 {
						k := m["data"].(map[string]any)["api_key"].(map[string]any)
						mu.Lock()
						answered[k["key"].(string)] = k["id"].(string)
						mu.Unlock()
					}
				}
			}()
		}
		// Kill once a good part of the stream has been answered.
		for {
			mu.Lock()
			n := len(answered)
			mu.Unlock()
			if n >= nUsers*2 {
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
		if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		p.cmd.Wait() //nolint:errcheck
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		if len(answered) >= nUsers*5 {
			t.Fatalf("the stream finished before the kill (%d keys); nothing was tested", len(answered))
		}
		q := startBinary(t, dsn)
		for key, id := range answered {
			st, m, err := post(q.url+"/v1", key, map[string]any{"resource": "genies", "action": "all"})
			if err != nil || st != 200 {
				t.Fatalf("key %s (id %s) answered before the kill does not work after restart: %d %v %v", key[:12], id, st, m, err)
			}
		}
		t.Logf("%d answered keys all survived kill -9", len(answered))
	})
}
