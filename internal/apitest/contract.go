package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The contract check: every response the black-box suite receives through
// Do (and so Call) is validated against the server's own OpenAPI document
// (GET /v1/openapi.json): its status must be one the operation declares,
// and its body must match the schema declared for that status. A mismatch
// fails the test that made the request, so the document cannot drift from
// the server. GENIE_TEST_CONTRACT=0 turns the check off (for debugging).

const docURL = "mem://genie/openapi.json"

type contract struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	compiled map[string]*jsonschema.Schema
}

var (
	contractOnce sync.Once
	theContract  *contract
	contractErr  error
)

// loadContract fetches and compiles the document once per test binary.
func loadContract(s *Server) (*contract, error) {
	contractOnce.Do(func() {
		res, err := s.Client.Get(s.URL + "/v1/openapi.json")
		if err != nil {
			contractErr = err
			return
		}
		defer res.Body.Close()
		var buf bytes.Buffer
		if _, err := buf.ReadFrom(res.Body); err != nil {
			contractErr = err
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
		if err != nil {
			contractErr = fmt.Errorf("openapi.json: %w", err)
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource(docURL, doc); err != nil {
			contractErr = err
			return
		}
		m, _ := doc.(map[string]any)
		theContract = &contract{doc: m, compiler: c, compiled: map[string]*jsonschema.Schema{}}
	})
	return theContract, contractErr
}

func contractOn() bool { return os.Getenv("GENIE_TEST_CONTRACT") != "0" }

// pointer escapes a JSON pointer token for a URL fragment.
func pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		t = strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
		b.WriteString("/" + url.PathEscape(t))
	}
	return b.String()
}

func (c *contract) schema(ptr string) (*jsonschema.Schema, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.compiled[ptr]; ok {
		return s, nil
	}
	s, err := c.compiler.Compile(docURL + "#" + ptr)
	if err != nil {
		return nil, err
	}
	c.compiled[ptr] = s
	return s, nil
}

// operation finds the documented operation a request reached: its path
// key and method in the document.
func (c *contract) operation(method, path string, body any) (string, string, bool) {
	paths, _ := c.doc["paths"].(map[string]any)
	path, _, _ = strings.Cut(path, "?")
	m := strings.ToLower(method)
	has := func(p string) bool {
		item, _ := paths[p].(map[string]any)
		_, ok := item[m]
		return ok
	}
	if method == http.MethodPost && (path == "/v1" || strings.Count(path, "/") == 2 && strings.HasPrefix(path, "/v1/")) {
		env := envelopeOf(body)
		res, _ := env["resource"].(string)
		if path != "/v1" {
			res = strings.TrimPrefix(path, "/v1/")
		}
		act, _ := env["action"].(string)
		p := "/v1/" + res + "/" + act
		if res != "" && act != "" && has(p) {
			return p, "post", true
		}
		return "", "", false
	}
	if has(path) {
		return path, m, true
	}
	if strings.HasPrefix(path, "/v1/api-keys/") && strings.Count(path, "/") == 3 && has("/v1/api-keys/{id}") &&
		(method == http.MethodPatch || method == http.MethodDelete) {
		return "/v1/api-keys/{id}", m, true
	}
	return "", "", false
}

func envelopeOf(body any) map[string]any {
	var raw []byte
	switch b := body.(type) {
	case nil:
		return nil
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	case map[string]any:
		return b
	default:
		raw, _ = json.Marshal(b)
	}
	var m map[string]any
	json.Unmarshal(raw, &m) //nolint:errcheck // not an envelope: no operation
	return m
}

// check validates one response; it returns a description of the breach, or
// "".
func (c *contract) check(method, path string, reqBody any, status int, header http.Header, raw []byte) string {
	isJSON := strings.HasPrefix(header.Get("Content-Type"), "application/json")
	p, m, ok := c.operation(method, path, reqBody)
	if !ok {
		// No operation (an unknown action or route): an error under /v1
		// must still be the error body.
		if strings.HasPrefix(path, "/v1") && status >= 400 && isJSON {
			return c.validate(pointer("components", "schemas", "ErrorBody"), raw)
		}
		return ""
	}
	paths := c.doc["paths"].(map[string]any)
	op := paths[p].(map[string]any)[m].(map[string]any)
	responses, _ := op["responses"].(map[string]any)
	st := strconv.Itoa(status)
	resp, declared := responses[st].(map[string]any)
	if !declared {
		return fmt.Sprintf("%s %s answered %d, which the document does not declare for %s %s (declared: %v)",
			method, path, status, strings.ToUpper(m), p, keysOf(responses))
	}
	ptr := pointer("paths", p, m, "responses", st)
	if ref, ok := resp["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/components/responses/")
		resp, _ = c.doc["components"].(map[string]any)["responses"].(map[string]any)[name].(map[string]any)
		ptr = pointer("components", "responses", name)
	}
	content, _ := resp["content"].(map[string]any)
	if _, ok := content["application/json"]; !ok {
		return ""
	}
	if !isJSON {
		return fmt.Sprintf("%s %s answered %d with Content-Type %q, not JSON", method, path, status, header.Get("Content-Type"))
	}
	if msg := c.validate(ptr+pointer("content", "application/json", "schema"), raw); msg != "" {
		return msg
	}
	return undeclaredCode(op, method, path, p, status, raw)
}

// undeclaredCode checks an error's code against the operation's
// x-error-codes: the /v1 envelope's error.code, or a sign-in provider
// error's error_code.
func undeclaredCode(op map[string]any, method, path, p string, status int, raw []byte) string {
	declared, ok := op["x-error-codes"].([]any)
	if !ok || status < 400 {
		return ""
	}
	var body struct {
		Error *struct {
			Code string `json:"code"`
		} `json:"error"`
		ErrorCode string `json:"error_code"`
	}
	if json.Unmarshal(raw, &body) != nil {
		return ""
	}
	// A body written before the path is known (431) carries both forms:
	// one of them must be declared.
	var codes []string
	if body.Error != nil && body.Error.Code != "" {
		codes = append(codes, body.Error.Code)
	}
	if body.ErrorCode != "" {
		codes = append(codes, body.ErrorCode)
	}
	for _, code := range codes {
		for _, d := range declared {
			if d == code {
				return ""
			}
		}
	}
	if len(codes) == 0 {
		return ""
	}
	return fmt.Sprintf("%s %s answered %d with error code %v, which x-error-codes of %s does not declare (declared: %v)", method, path, status, codes, p, declared)
}

func (c *contract) validate(ptr string, raw []byte) string {
	sch, err := c.schema(ptr)
	if err != nil {
		return fmt.Sprintf("compile %s: %v", ptr, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Sprintf("body is not JSON: %v", err)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Sprintf("body does not match %s: %v", ptr, err)
	}
	return ""
}

func keysOf(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// checkContract fails t when the response breaks the published contract.
func (s *Server) checkContract(t testing.TB, method, path string, body any, r *Resp) {
	t.Helper()
	if !contractOn() {
		return
	}
	c, err := loadContract(s)
	if err != nil {
		t.Fatalf("load the OpenAPI document: %v", err)
	}
	if msg := c.check(method, path, body, r.Status, r.Header, r.Raw); msg != "" {
		t.Errorf("contract: %s\nbody: %s", msg, truncate(r.Raw))
	}
}

// RequestRefusal says why the request schema of the documented operation
// POST path refuses data ("" when the schema takes it, or when the
// operation declares no JSON body); data is a value or its JSON text. So that a fuzzer can check the server
// refuses what the document refuses.
func (s *Server) RequestRefusal(t testing.TB, path string, data any) string {
	t.Helper()
	c, err := loadContract(s)
	if err != nil {
		t.Fatalf("load the OpenAPI document: %v", err)
	}
	op, _ := c.doc["paths"].(map[string]any)[path].(map[string]any)["post"].(map[string]any)
	body, _ := op["requestBody"].(map[string]any)
	content, _ := body["content"].(map[string]any)
	if _, ok := content["application/json"]; !ok {
		return ""
	}
	raw, ok := data.(string) // a body already encoded, as Do takes it
	if !ok {
		b, err := json.Marshal(data)
		if err != nil {
			t.Fatalf("encode the request: %v", err)
		}
		raw = string(b)
	}
	return c.validate(pointer("paths", path, "post", "requestBody", "content", "application/json", "schema"), []byte(raw))
}
