package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"genie/internal/apperr"
	"genie/internal/auth"
)

// DefaultMaxBody is the request body limit. The largest legal request is a
// 1,000,000-character document; encoded by a client that escapes every
// character outside ASCII (as Python's json.dumps does), each character can
// take up to 12 bytes ("\ud83d\ude00"), so 12,000,000 bytes plus room for
// the envelope is the smallest limit that accepts every legal request.
const DefaultMaxBody = 12_000_000 + 64<<10

// Options configure a Server.
type Options struct {
	Auth    *auth.Authenticator
	Limiter *auth.RateLimiter
	Log     *slog.Logger
	MaxBody int64
}

// Server dispatches envelopes to registered actions.
type Server struct {
	opt       Options
	resources map[string]Actions
}

// NewServer returns a Server with no resources.
func NewServer(o Options) *Server {
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	return &Server{opt: o, resources: map[string]Actions{}}
}

// Register adds (or extends) a resource's actions.
func (s *Server) Register(resource string, actions Actions) {
	if s.resources[resource] == nil {
		s.resources[resource] = Actions{}
	}
	for name, a := range actions {
		s.resources[resource][name] = a
	}
}

// Mount adds the v1 routes to mux: POST /v1, POST /v1/{resource} and the
// REST forms of api-keys.
func (s *Server) Mount(mux *http.ServeMux) {
	mux.HandleFunc("POST /v1", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, "", "", "") })
	mux.HandleFunc("POST /v1/{resource}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, r.PathValue("resource"), "", "")
	})
	mux.HandleFunc("GET /v1/api-keys", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, "api-keys", "list", "") })
	mux.HandleFunc("PATCH /v1/api-keys/{id}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, "api-keys", "revoke", r.PathValue("id"))
	})
	mux.HandleFunc("DELETE /v1/api-keys/{id}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, "api-keys", "delete", r.PathValue("id"))
	})
	notAllowed := func(w http.ResponseWriter, r *http.Request) {
		e := apperr.InvalidAction("%s %s is not supported: send POST %s with a JSON envelope", r.Method, r.URL.Path, r.URL.Path)
		e.HTTPStatus = http.StatusMethodNotAllowed
		w.Header().Set("Allow", "POST")
		WriteError(r.Context(), w, s.opt.Log, e)
	}
	mux.HandleFunc("/v1", notAllowed)
	mux.HandleFunc("/v1/", notAllowed)
}

// envelope is the decoded request body.
type envelope struct {
	Resource string
	Action   string
	ID       string
	HasID    bool
	Data     json.RawMessage
	hasNUL   bool // the body escapes U+0000 somewhere
}

// serve handles one request. pathResource, restAction and restID come from
// the URL; for REST forms the body is not read.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, pathResource, restAction, restID string) {
	ctx := r.Context()
	fail := func(err error) { WriteError(ctx, w, s.opt.Log, err) }

	var env envelope
	var parseErr error
	if restAction != "" {
		env = envelope{Resource: pathResource, Action: restAction, ID: restID, HasID: restID != "", Data: json.RawMessage("{}")}
	} else {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.opt.MaxBody))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				e := apperr.Invalid("body", "request body is larger than %d bytes", s.opt.MaxBody)
				e.HTTPStatus = http.StatusRequestEntityTooLarge
				fail(e)
				return
			}
			fail(apperr.Invalid("body", "request body could not be read"))
			return
		}
		env, parseErr = parseEnvelope(body, pathResource)
	}
	setRoute(ctx, env.Resource, env.Action)

	cred, credErr := auth.Extract(r)
	if env.Resource == "api-keys" && (cred.Method == auth.MethodAPIKey || credErr != nil) {
		fail(apperr.New(apperr.CodeInvalidToken, "API keys are managed with a session token; an API key cannot manage API keys"))
		return
	}
	if credErr != nil {
		fail(credErr)
		return
	}
	var caller *auth.Caller
	if cred.Method != auth.MethodNone {
		c, err := s.opt.Auth.Resolve(ctx, cred)
		if err != nil {
			fail(err)
			return
		}
		caller = c
		ctx = auth.WithCaller(ctx, c)
	}
	if caller != nil && caller.Method == auth.MethodAPIKey && s.opt.Limiter != nil {
		q, err := s.opt.Limiter.Take(ctx, "key:"+caller.KeyID)
		if err != nil {
			fail(err)
			return
		}
		h := w.Header()
		h.Set("X-RateLimit-Limit", strconv.Itoa(q.Limit))
		h.Set("X-RateLimit-Remaining", strconv.Itoa(q.Remaining))
		h.Set("X-RateLimit-Reset", strconv.FormatInt(q.Reset.Unix(), 10))
		if !q.Allowed {
			fail(apperr.RateLimited(q.Reset.Sub(s.opt.Limiter.DB.Now()), "rate limit of %d requests per minute for this API key exceeded", q.Limit))
			return
		}
	}
	if parseErr != nil {
		fail(parseErr)
		return
	}
	actions, ok := s.resources[env.Resource]
	if !ok {
		fail(apperr.InvalidAction("unknown resource %q", env.Resource))
		return
	}
	action, ok := actions[env.Action]
	if !ok {
		fail(apperr.InvalidAction("action %q is not supported for resource %q", env.Action, env.Resource))
		return
	}
	if err := checkAccess(action.Access, caller); err != nil {
		fail(err)
		return
	}
	if env.hasNUL && !action.AcceptsNUL {
		// PostgreSQL cannot store U+0000 in text, and no field needs it.
		fail(apperr.Invalid("data", "text in data must not contain the NUL character (\\u0000)"))
		return
	}
	req := &Request{Caller: caller, Resource: env.Resource, Action: env.Action, ID: env.ID, HasID: env.HasID, Data: env.Data, HTTP: r.WithContext(ctx)}
	resp, err := action.Handle(ctx, req)
	if err != nil {
		fail(err)
		return
	}
	if resp == nil {
		resp = OK(nil)
	}
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	WriteSuccess(w, resp.Status, resp.Data)
}

func checkAccess(a Access, c *auth.Caller) error {
	if a == Public {
		return nil
	}
	if c == nil {
		return apperr.Unauthorized("authentication required: send an API key or a session token in the Authorization header")
	}
	switch a {
	case SessionOnly:
		if c.Method != auth.MethodSession {
			return apperr.New(apperr.CodeInvalidToken, "this action needs a session token")
		}
	case AdminOnly:
		if !c.IsAdmin() {
			return apperr.AdminOnly()
		}
	}
	return nil
}

// parseEnvelope decodes and checks the body. It always returns the resource
// when one can be determined, even with an error, so that credential rules
// that depend on the resource still apply.
func parseEnvelope(body []byte, pathResource string) (envelope, error) {
	env := envelope{Resource: pathResource, Data: json.RawMessage("{}")}
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		body = []byte("{}")
	}
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&raw); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return env, apperr.Invalid("body", "request body must be a JSON object")
		}
		return env, apperr.Invalid("body", "request body is not valid JSON: %v", err)
	}
	if dec.More() {
		return env, apperr.Invalid("body", "request body has data after the JSON object")
	}
	if raw == nil {
		return env, apperr.Invalid("body", "request body must be a JSON object")
	}
	env.hasNUL = hasEscapedNUL(body)
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
	case pathResource == "" && !hasRes:
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
	if d, ok := raw["data"]; ok && string(d) != "null" {
		if len(d) == 0 || d[0] != '{' {
			return env, apperr.Invalid("data", "data must be an object")
		}
		env.Data = d
	}
	return env, nil
}

// hasEscapedNUL reports whether a JSON text contains the escape \u0000
// (raw NUL bytes are not valid JSON and fail to parse).
func hasEscapedNUL(b []byte) bool {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`u0000`))
		if j < 0 {
			return false
		}
		j += i
		n := 0
		for k := j - 1; k >= 0 && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 1 {
			return true
		}
		i = j + 5
	}
}
