package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/jsoncheck"
)

// DefaultActionMaxBody is the body limit of an action that declares none:
// room for any small JSON request. Actions that take large content (a
// document's text) declare their own.
const DefaultActionMaxBody = 64 << 10

// DefaultBodyBudget bounds the bytes of large request bodies that all
// requests in flight may hold at once (beyond the first
// DefaultActionMaxBody bytes of each, which are free). Decoding and binding
// keep about three copies of a body, so this bounds their memory to about
// 50 MiB whatever the number of connections, still lets the largest legal
// request (a 1,000,000-character document, 12 MB escaped) through, and keeps the CPU spent
// decoding them from crowding out small requests (genie-load's bodies
// scenario: BENCHMARKS.md).
const DefaultBodyBudget = 16 << 20

// budgetChunk is the least a body reader takes from the budget at a time.
const budgetChunk = 32 << 10

// maxRead bounds one read from the body, so that the budget a reader
// holds exceeds what it has read by less than one read.
const maxRead = budgetChunk

// budgetWait is how long a body waits for the budget before the request is
// refused with a retryable 429.
const budgetWait = time.Second

// errTooLarge is returned by a bodyReader past its limit.
var errTooLarge = errors.New("request body too large")

// errBusy is returned by a bodyReader that could not get budget in time.
var errBusy = errors.New("request body budget exhausted")

// bodyReader reads a request body within a limit that may tighten once
// the action is known, drawing the bytes it reads from the shared budget
// (returned by release).
type bodyReader struct {
	ctx    context.Context
	r      io.Reader
	n      int64 // bytes read
	limit  int64
	budget *semaphore.Weighted
	held   int64
	err    error // errTooLarge or errBusy, once hit
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.n > b.limit {
		b.err = errTooLarge
		return 0, b.err
	}
	if max := b.limit + 1 - b.n; int64(len(p)) > max { // one byte past the limit tells it is exceeded
		p = p[:max]
	}
	if len(p) > maxRead {
		p = p[:maxRead] // so that no single read needs much of the budget
	}
	// The first DefaultActionMaxBody bytes of every body are free: small
	// requests never wait behind large ones (their memory is bounded by
	// the connections the server holds), and a large body draws on the
	// budget for the rest.
	if b.budget != nil && b.n+int64(len(p)) > b.held+DefaultActionMaxBody {
		need := b.n + int64(len(p)) - b.held - DefaultActionMaxBody
		ctx, cancel := context.WithTimeout(b.ctx, budgetWait)
		err := b.budget.Acquire(ctx, need)
		cancel()
		if err != nil {
			b.err = errBusy
			return 0, b.err
		}
		b.held += need
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	if b.n > b.limit {
		b.err = errTooLarge
		return n, b.err
	}
	return n, err
}

// tighten lowers the limit (never raises it).
func (b *bodyReader) tighten(limit int64) {
	if limit < b.limit {
		b.limit = limit
	}
}

// release gives the budget back.
func (b *bodyReader) release() {
	if b.budget != nil && b.held > 0 {
		b.budget.Release(b.held)
		b.held = 0
	}
}

// readError turns a failure to read or decode the body into the answer.
func (b *bodyReader) readError(err error) error {
	switch {
	case errors.Is(err, errTooLarge) || errors.Is(b.err, errTooLarge):
		e := apperr.Invalid("body", "request body is larger than %d bytes, the limit for this request", b.limit)
		e.HTTPStatus = http.StatusRequestEntityTooLarge
		return e
	case errors.Is(err, errBusy) || errors.Is(b.err, errBusy):
		return apperr.RateLimited(time.Second, "the server is receiving too much request data at once; retry shortly")
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		e := apperr.Invalid("body", "request body is larger than %d bytes", mbe.Limit)
		e.HTTPStatus = http.StatusRequestEntityTooLarge
		return e
	}
	return nil
}

// decodeEnvelope reads the envelope from rd as a stream. When resource and
// action come before data (as every JSON encoder writes a struct or an
// object built in that order), limitFor tightens the body limit to the
// action's before data is read, so an oversized body is refused after at
// most that many bytes. It returns the resource whenever one can be
// determined, even with an error, so that credential rules that depend on
// it still apply. An empty body counts as {}.
func decodeEnvelope(b *bodyReader, pathResource string, limitFor func(resource, action string) int64) (envelope, error) {
	env := envelope{Resource: pathResource, Data: json.RawMessage("{}")}
	dec := json.NewDecoder(b)
	tok, err := dec.Token()
	if err == io.EOF { // an empty body is {}
		return checkEnvelope(env, map[string]json.RawMessage{}, pathResource)
	}
	if err != nil {
		return env, syntaxError(b, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return env, apperr.Invalid("body", "request body must be a JSON object")
	}
	raw := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return env, syntaxError(b, err)
		}
		key, _ := tok.(string)
		if key == "data" && limitFor != nil {
			res := pathResource
			if res == "" {
				res = stringValue(raw["resource"])
			}
			if act := stringValue(raw["action"]); res != "" && act != "" {
				b.tighten(limitFor(res, act))
			}
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return env, syntaxError(b, err)
		}
		switch key {
		case "resource", "action", "id", "data":
			raw[key] = v // the last of repeated keys wins, as with encoding/json
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return env, syntaxError(b, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		if e := b.readError(err); e != nil {
			return env, e
		}
		return env, apperr.Invalid("body", "request body has data after the JSON object")
	}
	if limitFor != nil { // data came before the action: judge the size before looking inside
		res := pathResource
		if res == "" {
			res = stringValue(raw["resource"])
		}
		if limit := limitFor(res, stringValue(raw["action"])); b.n > limit {
			env.Resource = res
			b.limit = limit
			return env, b.readError(errTooLarge)
		}
	}
	return checkEnvelope(env, raw, pathResource)
}

// syntaxError explains why the body could not be decoded.
func syntaxError(b *bodyReader, err error) error {
	if e := b.readError(err); e != nil {
		return e
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return apperr.Invalid("body", "request body is not valid JSON: unexpected end of input")
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return apperr.Invalid("body", "request body is not valid JSON: %v", err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return apperr.Invalid("body", "request body must be a JSON object")
	}
	return apperr.Invalid("body", "request body could not be read: %v", err)
}

// stringValue is the string a raw JSON value holds, or "".
func stringValue(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) != nil {
		return ""
	}
	return s
}

// checkEnvelope validates the envelope's members.
func checkEnvelope(env envelope, raw map[string]json.RawMessage, pathResource string) (envelope, error) {
	str := func(field string) (string, bool, error) {
		v, ok := raw[field]
		if !ok || string(v) == "null" {
			return "", false, nil
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return "", false, apperr.Invalid(field, "%s must be a string", field)
		}
		return s, true, nil
	}
	res, hasRes, resErr := str("resource")
	if pathResource == "" && resErr == nil {
		env.Resource = res
	}
	action, _, actErr := str("action")
	env.Action = action
	id, hasID, idErr := str("id")
	env.ID, env.HasID = id, hasID
	switch {
	case resErr != nil:
		return env, resErr
	case pathResource == "" && res == "": // missing, null or ""
		return env, apperr.Required("resource")
	case pathResource != "" && hasRes && res != pathResource:
		return env, apperr.Invalid("resource", "resource %q in the body does not match %q in the path", res, pathResource)
	case actErr != nil:
		return env, actErr
	case env.Action == "":
		return env, apperr.Required("action")
	case idErr != nil:
		return env, idErr
	}
	for _, field := range []string{"resource", "action", "id", "data"} {
		v, ok := raw[field]
		if !ok {
			continue
		}
		if bt := jsoncheck.FindBadText(v); bt != nil {
			// Paths are relative to the value: "body" is the value itself.
			path, problem := bt.Path, bt.Problem
			if path == "body" {
				path, problem = field, strings.Replace(problem, "body", field, 1)
			}
			return env, apperr.Invalid(path, "%s", problem)
		}
		if jsoncheck.HasEscapedNUL(v) {
			env.hasNUL = true
		}
	}
	if d, ok := raw["data"]; ok && string(d) != "null" {
		if len(d) == 0 || d[0] != '{' {
			return env, apperr.Invalid("data", "data must be an object")
		}
		env.Data = d
	}
	return env, nil
}

// decodeData reads a body that is the action's data itself (the
// per-action form POST /v1/{resource}/{action}); env already holds the
// resource, action and id from the URL. An empty body is {}.
func decodeData(b *bodyReader, env envelope) (envelope, error) {
	body, err := io.ReadAll(b)
	if err != nil {
		if e := b.readError(err); e != nil {
			return env, e
		}
		return env, apperr.Invalid("body", "request body could not be read: %v", err)
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		body = []byte("{}")
	}
	var v json.RawMessage
	if err := json.Unmarshal(body, &v); err != nil {
		return env, apperr.Invalid("body", "request body is not valid JSON: %v", err)
	}
	if body[0] != '{' {
		return env, apperr.Invalid("body", "request body must be a JSON object: the action's data")
	}
	quote := func(s string) json.RawMessage { q, _ := json.Marshal(s); return q }
	raw := map[string]json.RawMessage{"action": quote(env.Action), "data": body}
	if env.HasID {
		raw["id"] = quote(env.ID)
	}
	return checkEnvelope(env, raw, env.Resource)
}

// parseEnvelope decodes a whole body held in memory (the fuzz target and
// the unit tests use it).
func parseEnvelope(body []byte, pathResource string) (envelope, error) {
	b := &bodyReader{ctx: context.Background(), r: strings.NewReader(string(body)), limit: int64(len(body)) + 1}
	return decodeEnvelope(b, pathResource, nil)
}
