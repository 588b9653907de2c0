package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
)

// TestBodyLimits: a body is refused as soon as it passes its action's
// limit, which only actions taking large content raise; the credential is
// judged before any of the body is read.
func TestBodyLimits(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		pad := strings.Repeat("x", 200_000)
		tooLarge := func(r *apitest.Resp) {
			t.Helper()
			if r.Status != http.StatusRequestEntityTooLarge || r.Code() != "VALIDATION_ERROR" || apitest.Str(r.Err(), "field") != "body" {
				t.Fatalf("want 413 on body, got %d %s", r.Status, r.Raw)
			}
		}
		// A public read with a large body, resource and action first or
		// data first.
		tooLarge(s.Do(t, "POST", "/v1", "", `{"resource":"marketplace","action":"list","data":{"search":"`+pad+`"}}`))
		tooLarge(s.Do(t, "POST", "/v1", "", `{"data":{"search":"`+pad+`"},"resource":"marketplace","action":"list"}`))
		tooLarge(s.Do(t, "POST", "/v1/marketplace", "", `{"action":"list","data":{"search":"`+pad+`"}}`))
		if !strings.Contains(string(s.Do(t, "POST", "/v1", "", `{"resource":"marketplace","action":"list","data":{"x":"`+pad+`"}}`).Raw), strconv.Itoa(httpapi.DefaultActionMaxBody)) {
			t.Fatal("the 413 does not name the limit")
		}
		// Actions that take content take it.
		s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "big", "content": pad}).Expect(t, 201, "")
		s.Call(t, u.Token, "genies", "create", "", map[string]any{"name": "g", "instructions": strings.Repeat("é", 100_000)}).Expect(t, 201, "")

		// A bad credential is refused while the body is still arriving.
		for _, cred := range []string{"svc_live_" + strings.Repeat("A", 43), "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad"} {
			pr, pw := io.Pipe()
			req, _ := http.NewRequest("POST", s.URL+"/v1", pr)
			req.Header.Set("Authorization", "Bearer "+cred)
			go pw.Write([]byte(`{"resource":"documents","action":"create","data":{"content":"`)) //nolint:errcheck
			done := make(chan *http.Response, 1)
			go func() {
				res, err := s.Client.Do(req)
				if err != nil {
					t.Error(err)
				}
				done <- res
			}()
			select {
			case res := <-done:
				if res == nil || res.StatusCode != 401 {
					t.Fatalf("bad credential with an unfinished body: %v", res)
				}
				res.Body.Close()
			case <-time.After(20 * time.Second):
				t.Fatal("a bad credential waited for the body")
			}
			pw.Close()
		}
	})
}

// TestBodyBudget: bodies in flight share a budget; past it a request is
// refused with a retryable 429 instead of growing the server's memory, and
// small requests still pass.
func TestBodyBudget(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		// The first 64 KiB of every body are free; the budget covers the rest.
		s := apitest.Start(t, store, func(c *app.Config) { c.BodyBudget = 240 << 10 })
		u := s.NewUser(t, auth.RoleUser)
		// A slow upload holds about 140 KiB of the budget.
		pr, pw := io.Pipe()
		req, _ := http.NewRequest("POST", s.URL+"/v1", pr)
		req.Header.Set("Authorization", "Bearer "+u.Token)
		held := make(chan struct{})
		go func() {
			pw.Write([]byte(`{"resource":"documents","action":"create","data":{"name":"slow","content":"` + strings.Repeat("a", 200<<10))) //nolint:errcheck
			close(held)
		}()
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, err := s.Client.Do(req); err == nil {
				res.Body.Close()
			}
		}()
		<-held
		time.Sleep(200 * time.Millisecond) // the server has taken the bytes written
		r := s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "big", "content": strings.Repeat("b", 200<<10)})
		if r.Status != 429 || r.Code() != "RATE_LIMIT_EXCEEDED" || r.Header.Get("Retry-After") == "" {
			t.Fatalf("a body past the budget: %d %s", r.Status, r.Code())
		}
		s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "small", "content": "c"}).Expect(t, 201, "")
		pw.Write([]byte(`"}}`)) //nolint:errcheck
		pw.Close()
		wg.Wait()
		if r := s.Call(t, u.Token, "documents", "create", "", map[string]any{"name": "big", "content": strings.Repeat("b", 200<<10)}); r.Status != 201 {
			t.Fatalf("the same body once the budget is free: %d %s", r.Status, r.Code())
		}
	})
}

// TestAdmission: past the actions that may run at once, a request waits
// its turn for a while and is then refused with a retryable 429; the
// server serves again as soon as a slot frees.
func TestAdmission(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) { c.MaxInFlight, c.AdmitWait = 1, 100*time.Millisecond })
		u := s.NewUser(t, auth.RoleUser)
		release := make(chan struct{})
		entered := make(chan struct{}, 1)
		s.App.API.Register("probe", httpapi.Actions{"hold": {Access: httpapi.Authenticated, Handle: func(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
			entered <- struct{}{}
			<-release
			return httpapi.OK(map[string]any{}), nil
		}}})
		done := make(chan *apitest.Resp, 1)
		go func() { done <- s.Call(t, u.Token, "probe", "hold", "", nil) }()
		<-entered
		r := s.Call(t, u.Token, "documents", "all", "", nil)
		if r.Status != 429 || r.Code() != "RATE_LIMIT_EXCEEDED" || r.Header.Get("Retry-After") != "1" {
			t.Fatalf("past capacity: %d %s (Retry-After %q)", r.Status, r.Raw, r.Header.Get("Retry-After"))
		}
		close(release)
		(<-done).Expect(t, 200, "")
		s.Call(t, u.Token, "documents", "all", "", nil).Expect(t, 200, "")
	})
}

// TestTooLargeBodyWrittenFirst: a client that writes its whole body before
// reading (as Python's http.client does) gets the 413 with its error
// body, not a reset connection, for a body up to DrainTooLarge past the
// limit, with a declared length or chunked; the connection then serves
// the next request.
func TestTooLargeBodyWrittenFirst(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		body := `{"resource":"documents","action":"all","data":{"x":"` + strings.Repeat("x", 900<<10) + `"}}`
		for _, chunked := range []bool{false, true} {
			conn, err := net.Dial("tcp", strings.TrimPrefix(s.URL, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			var req bytes.Buffer
			fmt.Fprintf(&req, "POST /v1 HTTP/1.1\r\nHost: genie\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\n", u.Token)
			if chunked {
				fmt.Fprintf(&req, "Transfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n", len(body), body)
			} else {
				fmt.Fprintf(&req, "Content-Length: %d\r\n\r\n%s", len(body), body)
			}
			// The whole request, then a second one on the same connection.
			fmt.Fprintf(&req, "POST /v1 HTTP/1.1\r\nHost: genie\r\nAuthorization: Bearer %s\r\nContent-Length: 40\r\n\r\n%s", u.Token, `{"resource":"documents","action":"all"} `)
			conn.SetDeadline(time.Now().Add(30 * time.Second)) //nolint:errcheck
			if _, err := conn.Write(req.Bytes()); err != nil {
				t.Fatalf("chunked %v: writing the body before reading: %v", chunked, err)
			}
			br := bufio.NewReader(conn)
			res, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("chunked %v: reading the answer after writing the body: %v", chunked, err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 413 || !strings.Contains(string(b), `"field":"body"`) {
				t.Fatalf("chunked %v: %d %s", chunked, res.StatusCode, b)
			}
			res, err = http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("chunked %v: the next request on the connection: %v", chunked, err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Fatalf("chunked %v: the next request: %d", chunked, res.StatusCode)
			}
		}
	})
}
