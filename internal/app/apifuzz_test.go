package app_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// TestAPIFuzz drives requests from the served OpenAPI document, so every
// operation - today's and every one added later - is fuzzed without a
// hand-written row: a request built from each operation's request schema
// (with real ids of records it made), then mutations of each field
// (missing, wrong type, null, huge, deep, boundary numbers, a lone
// surrogate, NUL, an extra field) and of the id, as owner, another user,
// an admin, an API key and anonymous. Every answer goes through the
// contract check (a declared status, a body on its schema, a declared
// error code) and none may be a 5xx. The seed is fixed and the count
// bounded (GENIE_API_FUZZ_SEED and GENIE_API_FUZZ_ROUNDS change them;
// scripts/fuzz-api.sh runs a long pass).
func TestAPIFuzz(t *testing.T) {
	seed, _ := strconv.ParseUint(os.Getenv("GENIE_API_FUZZ_SEED"), 10, 64)
	rounds, _ := strconv.Atoi(os.Getenv("GENIE_API_FUZZ_ROUNDS"))
	rounds = max(rounds, 1)
	apitest.EachStore(t, func(t *testing.T, store string) {
		// Every path runs as users of its own: a long pass signs up more of
		// them than the deployment-wide sign-up limit lets through a minute.
		s := apitest.Start(t, store, func(c *app.Config) { c.AuthGlobalLimit = -1 })
		owner, other, admin := s.NewUser(t, auth.RoleUser), s.NewUser(t, auth.RoleUser), s.NewUser(t, auth.RoleAdmin)
		key := s.NewKey(t, owner, "fuzz")
		doc := apitest.Str(s.Call(t, owner.Token, "documents", "create", "", map[string]any{"name": "d", "content": "We open at 9."}).Expect(t, 201, "").Data(), "document", "id")
		genie := apitest.Str(s.Call(t, owner.Token, "genies", "create", "", map[string]any{"name": "g", "document_ids": []string{doc}}).Expect(t, 201, "").Data(), "genie", "id")
		otherGenie := apitest.Str(s.Call(t, other.Token, "genies", "create", "", map[string]any{"name": "o"}).Expect(t, 201, "").Data(), "genie", "id")
		ids := []string{genie, doc, otherGenie, "00000000-0000-0000-0000-000000000000"}

		res, err := s.Client.Get(s.URL + "/v1/openapi.json")
		if err != nil {
			t.Fatal(err)
		}
		var doc3 map[string]any
		if err := json.NewDecoder(res.Body).Decode(&doc3); err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		f := &apiFuzzer{doc: doc3, ids: ids, r: rand.New(rand.NewPCG(seed, 24))}
		paths := doc3["paths"].(map[string]any)
		var names []string
		for p := range paths {
			if strings.Count(p, "/") == 3 && strings.HasPrefix(p, "/v1/") && !strings.Contains(p, "{") {
				names = append(names, p)
			}
		}
		slices.Sort(names)
		callers := []string{owner.Token, other.Token, admin.Token, key, ""}
		sent, byStatus, refusedAccepted, allowedRefused := 0, map[int]int{}, 0, 0
		// slowest is the longest answer and what it answered: a figure
		// logged (and recorded in BENCHMARKS.md), not asserted, since a
		// test must not depend on the host's speed.
		var slowest time.Duration
		slowestOp := ""
		timed := func(op string, do func() *apitest.Resp) *apitest.Resp {
			start := time.Now()
			r := do()
			if d := time.Since(start); d > slowest {
				slowest, slowestOp = d, fmt.Sprintf("%s (%d)", op, r.Status)
			}
			return r
		}
		for range rounds {
			for _, p := range names {
				op, _ := paths[p].(map[string]any)["post"].(map[string]any)
				if op == nil {
					continue
				}
				body := f.requestSchema(op)
				_, needsID := f.idParam(op)
				send := func(cred string, data any, id string) *apitest.Resp {
					t.Helper()
					path := p
					if needsID || id != "" {
						path += "?id=" + url.QueryEscape(id)
					}
					r := timed("POST "+p, func() *apitest.Resp { return s.Do(t, "POST", path, cred, data) })
					sent++
					byStatus[r.Status]++
					if r.Status >= 500 {
						t.Errorf("POST %s as caller %d: %d %.300s", path, slices.Index(callers, cred), r.Status, r.Raw)
					}
					return r
				}
				valid := f.value(body, "", 0)
				// What the request schema allows, the server must not refuse
				// for its form: a 400 to a body the schema accepts, sent by a
				// caller allowed to act, is a disagreement unless it is one
				// of the rules a schema cannot say (semanticRefusals). The
				// body is built twice: with the ids of real records, and from
				// the schema alone (as a client that knows only the document
				// would), with an id matching the declared id pattern.
				allowed := func(cred string, data any, id string) {
					t.Helper()
					r := send(cred, data, id)
					if r.Status != http.StatusBadRequest || s.RequestRefusal(t, p, data) != "" {
						return
					}
					var env struct {
						Error struct{ Code, Field, Message string }
					}
					json.Unmarshal(r.Raw, &env) //nolint:errcheck // checked by the contract
					for _, key := range []string{p + " " + env.Error.Field, "* " + env.Error.Field} {
						if why, ok := semanticRefusals[key]; ok && strings.Contains(env.Error.Message, why) {
							return
						}
					}
					allowedRefused++
					b, _ := json.Marshal(data)
					t.Errorf("POST %s?id=%s refused a body its request schema allows: %s\nbody: %.300s", p, id, r.Raw, b)
				}
				for _, c := range callers {
					if c == owner.Token || c == admin.Token {
						allowed(c, valid, f.recordID(op))
						continue
					}
					send(c, valid, f.pick(ids))
				}
				f.naive = true
				allowed(owner.Token, f.value(body, "", 0), f.idFor(op))
				f.naive = false
				props, _ := f.resolve(body)["properties"].(map[string]any)
				var fields []string
				for k := range props {
					fields = append(fields, k)
				}
				slices.Sort(fields)
				for _, field := range fields {
					for range 3 {
						data, _ := f.value(body, "", 0).(map[string]any)
						if data == nil {
							data = map[string]any{}
						}
						mutated := f.mutate(data, field)
						// What the request schema refuses, the server must refuse.
						if r := send(owner.Token, mutated, f.pick(ids)); r.Status < 300 {
							if why := s.RequestRefusal(t, p, mutated); why != "" {
								refusedAccepted++
								t.Errorf("POST %s answered %d to a body its request schema refuses: %s\nbody: %.300s", p, r.Status, why, mutated)
							}
						}
					}
				}
				if needsID {
					for _, id := range []string{"", "../../etc/passwd", "\x00", strings.Repeat("9", 10_000), "\xed\xa0\x80", "' OR 1=1 --"} {
						send(owner.Token, valid, id)
					}
				}
			}
		}
		t.Logf("%s: %d requests over %d action operations (seed %d, %d rounds); statuses %v; %d accepted that the request schema refuses, %d refused that it allows",
			store, sent, len(names), seed, rounds, byStatus, refusedAccepted, allowedRefused)

		// The other operations of the document: the envelope forms, the
		// REST forms of api-keys, the sign-in provider and the health
		// checks, by the methods, path and query parameters and bodies it
		// declares. They run as users of their own, since some change the
		// caller (a new password ends the other sessions; logout ends this
		// one).
		sent, byStatus = 0, map[int]int{}
		// A redirect (a mailed link's verify) is the answer checked, not
		// the page it leads to.
		s.Client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		var others []string
		for p := range paths {
			if !slices.Contains(names, p) {
				others = append(others, p)
			}
		}
		slices.Sort(others)
		for range rounds {
			for _, p := range others {
				item := paths[p].(map[string]any)
				for _, method := range []string{"get", "post", "put", "patch", "delete"} {
					op, _ := item[method].(map[string]any)
					if op == nil {
						continue
					}
					u := s.NewUser(t, auth.RoleUser)
					body := f.requestSchema(op)
					send := func(cred string, data any) {
						t.Helper()
						path := f.fillPath(p, op)
						var b any
						if body != nil {
							b = data
						}
						r := timed(strings.ToUpper(method)+" "+p, func() *apitest.Resp { return s.Do(t, strings.ToUpper(method), path, cred, b) })
						sent++
						byStatus[r.Status]++
						if r.Status >= 500 {
							t.Errorf("%s %s: %d %.300s", strings.ToUpper(method), path, r.Status, r.Raw)
						}
					}
					for _, c := range []string{u.Token, admin.Token, s.NewKey(t, u, "fuzz"), ""} {
						send(c, f.value(body, "", 0))
					}
					props, _ := f.resolve(body)["properties"].(map[string]any)
					var fields []string
					for k := range props {
						fields = append(fields, k)
					}
					slices.Sort(fields)
					for _, field := range fields {
						data, _ := f.value(body, "", 0).(map[string]any)
						if data == nil {
							data = map[string]any{}
						}
						send(u.Token, f.mutate(data, field))
					}
				}
			}
		}
		t.Logf("%s: %d requests over %d other paths (envelope, REST, sign-in, health); statuses %v", store, sent, len(others), byStatus)
		t.Logf("%s: the slowest answer of the run took %v: %s", store, slowest.Round(time.Millisecond), slowestOp)
	})
}

// fillPath puts values in a path's parameters ({id}: a record id or a
// hostile one; {resource}: one of its enum or an unknown name) and adds
// its query parameters (an enum value, else a short string; the
// optional ones half of the time).
func (f *apiFuzzer) fillPath(p string, op map[string]any) string {
	q := url.Values{}
	ps, _ := op["parameters"].([]any)
	for _, x := range ps {
		pm, _ := x.(map[string]any)
		name, _ := pm["name"].(string)
		sch, _ := pm["schema"].(map[string]any)
		v := ""
		if e, ok := f.resolve(sch)["enum"].([]any); ok && len(e) > 0 && f.r.IntN(8) > 0 {
			v = fmt.Sprint(e[f.r.IntN(len(e))])
		} else {
			v = f.pick(append([]string{"x", "", "../../etc/passwd", "%00", strings.Repeat("9", 300)}, f.ids...))
		}
		switch pm["in"] {
		case "path": // a path parameter is never empty: "/v1/api-keys/" is another path
			if v == "" {
				v = "x"
			}
			p = strings.ReplaceAll(p, "{"+name+"}", url.PathEscape(v))
		case "query":
			if pm["required"] == true || f.r.IntN(2) == 0 {
				q.Set(name, v)
			}
		}
	}
	if len(q) > 0 {
		p += "?" + q.Encode()
	}
	return p
}

type apiFuzzer struct {
	doc   map[string]any
	ids   []string
	r     *rand.Rand
	naive bool
}

func (f *apiFuzzer) pick(xs []string) string { return xs[f.r.IntN(len(xs))] }

// semanticRefusals are the refusals of a schema-valid body that no schema
// can express, by "path field", with a part of their message: they depend
// on records, content or the network, not on the form of the request.
var semanticRefusals = map[string]string{
	// The sources' content decides whether a document can be made.
	"/v1/genie-documents/generate documentIds": "not enough content",
	// A webhook's host must resolve (to a public address); the test
	// machine resolves no public name.
	"/v1/webhooks/create url": "does not resolve",
	"/v1/webhooks/update url": "does not resolve",
	// A voice id is listed once; a genie has one mailbox (a new address
	// replaces it only when asked for).
	"/v1/preselected-voices/create voice_id":              "is already in the list",
	"/v1/agent-mailboxes-self/provision desiredLocalpart": "already has a mailbox",
	// How long a URL a QR code can hold depends on its error-correction
	// level.
	"/v1/qr-code/render target_url": "too long for a QR code",
	// A user holds at most 5 active keys.
	"/v1/api-keys/create name": "active API keys, the maximum",
	// An admin acting for a user names one that exists (any action).
	"* userId": "no user with id",
}

// recordID is the id of a record this test made, or idFor's when op's id
// parameter declares a pattern those ids do not match.
func (f *apiFuzzer) recordID(op map[string]any) string {
	id := f.pick(f.ids)
	p, _ := f.idParam(op)
	schema, _ := p["schema"].(map[string]any)
	if pattern, _ := schema["pattern"].(string); pattern != "" && !regexp.MustCompile(pattern).MatchString(id) {
		return f.idFor(op)
	}
	return id
}

// idFor is an id for op's id parameter as a client that knows only the
// document would send: a record-like value that matches its pattern.
func (f *apiFuzzer) idFor(op map[string]any) string {
	p, _ := f.idParam(op)
	schema, _ := p["schema"].(map[string]any)
	pattern, _ := schema["pattern"].(string)
	candidates := []string{"fuzz value", "00000000-0000-0000-0000-000000000000", "1"}
	if pattern == "" {
		return f.pick(candidates)
	}
	re := regexp.MustCompile(pattern)
	for _, c := range candidates {
		if re.MatchString(c) {
			return c
		}
	}
	return candidates[0]
}

// resolve follows a $ref into the document's components.
func (f *apiFuzzer) resolve(s map[string]any) map[string]any {
	for s != nil {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		cur := any(f.doc)
		for _, tok := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = cur.(map[string]any)[tok]
		}
		s, _ = cur.(map[string]any)
	}
	return s
}

func (f *apiFuzzer) requestSchema(op map[string]any) map[string]any {
	rb, _ := op["requestBody"].(map[string]any)
	c, _ := rb["content"].(map[string]any)
	j, _ := c["application/json"].(map[string]any)
	s, _ := j["schema"].(map[string]any)
	return f.resolve(s)
}

func (f *apiFuzzer) idParam(op map[string]any) (map[string]any, bool) {
	ps, _ := op["parameters"].([]any)
	for _, p := range ps {
		if pm, _ := p.(map[string]any); pm["name"] == "id" && pm["in"] == "query" {
			return pm, pm["required"] == true
		}
	}
	return nil, false
}

// value builds a value valid for schema s (as far as its keywords say).
func (f *apiFuzzer) value(s map[string]any, name string, depth int) any {
	s = f.resolve(s)
	if s == nil || depth > 6 {
		return nil
	}
	if c, ok := s["const"]; ok {
		return c
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[f.r.IntN(len(e))]
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 {
			a, _ := alts[f.r.IntN(len(alts))].(map[string]any)
			return f.value(a, name, depth+1)
		}
	}
	typ, _ := s["type"].(string)
	if ts, ok := s["type"].([]any); ok && len(ts) > 0 {
		typ, _ = ts[0].(string)
	}
	switch typ {
	case "object":
		out := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		req, _ := s["required"].([]any)
		// In a fixed order, so that a seed replays the same bodies.
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if slices.Contains(req, any(k)) || f.r.IntN(2) == 0 {
				out[k] = f.value(props[k].(map[string]any), k, depth+1)
			}
		}
		return out
	case "array":
		items, _ := s["items"].(map[string]any)
		n := f.r.IntN(3)
		if m, ok := s["minItems"].(float64); ok && n < int(m) {
			n = int(m)
		}
		out := make([]any, 0, n)
		for range n {
			out = append(out, f.value(items, name, depth+1))
		}
		return out
	case "integer", "number":
		n := 1.0
		if m, ok := s["minimum"].(float64); ok {
			n = m
		}
		return n
	case "boolean":
		return f.r.IntN(2) == 0
	case "string":
		switch s["format"] {
		case "email":
			return "fuzz@example.com"
		case "uri":
			return "https://example.com/hook"
		case "date-time":
			return "2026-11-26T12:00:00Z"
		}
		if !f.naive && strings.HasSuffix(strings.ToLower(name), "id") || strings.HasSuffix(name, "_ids") || strings.HasSuffix(name, "Ids") {
			return f.pick(f.ids)
		}
		v := "fuzz value"
		if m, ok := s["minLength"].(float64); ok && len(v) < int(m) {
			v = strings.Repeat("x", int(m))
		}
		if m, ok := s["maxLength"].(float64); ok && len(v) > int(m) {
			v = v[:int(m)]
		}
		return v
	}
	return "x"
}

// lone is a placeholder turned into a lone surrogate escape in the JSON
// text (encoding/json cannot write one).
const lone = "lone-surrogate-placeholder-7f3a"

// mutate returns data with field changed in one hostile way, as the JSON
// text to send.
func (f *apiFuzzer) mutate(data map[string]any, field string) string {
	deep := any("bottom")
	for range 200 {
		deep = []any{deep}
	}
	switch f.r.IntN(12) {
	case 0:
		delete(data, field)
	case 1:
		data[field] = nil
	case 2:
		if _, isString := data[field].(string); isString {
			data[field] = 12345
		} else {
			data[field] = "a string"
		}
	case 3:
		data[field] = strings.Repeat("é", 40_000)
	case 4:
		data[field] = deep
	case 5:
		data[field] = []any{-1, 0, -0.0, 1 << 53, 1e308, 3.5}[f.r.IntN(6)]
	case 6:
		data[field] = lone
	case 7:
		data[field] = "a\x00b"
	case 8:
		data["zz_extra_"+field] = map[string]any{"x": 1}
	case 9:
		data[field] = []any{nil, lone, map[string]any{}}
	case 10:
		data[field] = " " + fmt.Sprint(data[field]) + " "
	default:
		data[field] = map[string]any{"$gt": ""}
	}
	b, _ := json.Marshal(data)
	return strings.ReplaceAll(string(b), lone, `\ud800`)
}
