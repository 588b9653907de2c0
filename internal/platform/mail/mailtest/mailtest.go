// Package mailtest runs real SMTP software for tests: swaks as a client and
// aiosmtpd as a relay that prints what it receives. When a tool is missing
// the test is skipped with a message, or fails when GENIE_TEST_STRICT=1.
package mailtest

import (
	"bufio"
	"bytes"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// Python is the interpreter with Debian's python3-aiosmtpd.
const Python = "/usr/bin/python3"

// Require skips the test (or fails it under GENIE_TEST_STRICT=1) when ok is
// false.
func Require(t testing.TB, ok bool, what string) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("GENIE_TEST_STRICT") == "1" {
		t.Fatalf("%s is required (GENIE_TEST_STRICT=1)", what)
	}
	t.Skipf("%s not installed: skipped (install it, or set GENIE_TEST_STRICT=1 to make this a failure)", what)
}

// Swaks sends one message with swaks to the SMTP server at addr and returns
// swaks's transcript and whether the server accepted the message.
func Swaks(t testing.TB, addr, from, to string, extra ...string) (string, bool) {
	t.Helper()
	path, err := exec.LookPath("swaks")
	Require(t, err == nil, "swaks")
	args := append([]string{"--server", addr, "--from", from, "--to", to, "--timeout", "20"}, extra...)
	out, err := exec.Command(path, args...).CombinedOutput()
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatalf("run swaks: %v", err)
	}
	return string(out), err == nil
}

// Relay is a running aiosmtpd with the Debugging handler.
type Relay struct {
	Addr string
	out  Log
}

// Output is everything aiosmtpd printed so far.
func (r *Relay) Output() string { return r.out.String() }

// Messages are the messages received so far, as printed between aiosmtpd's
// MESSAGE FOLLOWS and END MESSAGE lines. A message whose END MESSAGE line
// is not printed yet is not one: aiosmtpd prints a message in several
// writes, and a test that read it half-printed would miss its last
// headers.
func (r *Relay) Messages() []string {
	var out []string
	for _, part := range strings.Split(r.Output(), "---------- MESSAGE FOLLOWS ----------")[1:] {
		msg, _, ended := strings.Cut(part, "------------ END MESSAGE ------------")
		if !ended {
			break
		}
		out = append(out, strings.TrimSpace(msg))
	}
	return out
}

// WaitMessages waits up to 10 s for at least n messages.
func (r *Relay) WaitMessages(t testing.TB, n int) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := r.Messages(); len(m) >= n {
			return m
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("relay got %d messages, want %d; output:\n%s", len(r.Messages()), n, r.Output())
	return nil
}

// StartRelay starts aiosmtpd on a free loopback port until the test ends;
// extra arguments go to aiosmtpd (for example --tlscert/--tlskey).
func StartRelay(t testing.TB, extra ...string) *Relay {
	t.Helper()
	ok := exec.Command(Python, "-c", "import aiosmtpd").Run() == nil
	Require(t, ok, "python3-aiosmtpd ("+Python+" -m aiosmtpd)")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := &Relay{Addr: addr}
	args := append([]string{"-u", "-m", "aiosmtpd", "-n", "-l", addr, "-c", "aiosmtpd.handlers.Debugging"}, extra...)
	cmd := exec.Command(Python, args...)
	cmd.Stdout, cmd.Stderr = &r.out, &r.out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start aiosmtpd: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill() //nolint:errcheck
		cmd.Wait()         //nolint:errcheck
	})
	// Ready means aiosmtpd's own greeting arrived: a bare successful dial
	// is not enough, since a loopback dial to a port nothing listens on
	// yet can connect to itself, and another test's server may have taken
	// the port in the meantime.
	deadline := time.Now().Add(10 * time.Second)
	for {
		if greeted(addr) {
			return r
		}
		if time.Now().After(deadline) {
			t.Fatalf("aiosmtpd did not start on %s: %s", addr, r.Output())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// greeted reports whether an SMTP server answering with aiosmtpd's 220
// greeting listens on addr.
func greeted(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(time.Second)) //nolint:errcheck
	line, err := bufio.NewReader(c).ReadString('\n')
	return err == nil && strings.HasPrefix(line, "220 ") && strings.Contains(line, "Python SMTP")
}

// Log is a concurrency-safe buffer for a test server's log, to check what
// was (and was not) logged.
type Log struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// String is everything logged so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
