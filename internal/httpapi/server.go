package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/idempotency"
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
	// MaxBody is the largest body of any request (DefaultMaxBody); each
	// action's own limit (Action.MaxBody, else DefaultActionMaxBody) is
	// applied as soon as the action is known.
	MaxBody int64
	// BodyBudget bounds the body bytes of all requests in flight
	// (DefaultBodyBudget).
	BodyBudget int64
	// MaxInFlight bounds the actions running at once, and AdmitWait how
	// long a request waits for a slot before it is refused with a
	// retryable 429 (see admission.go).
	MaxInFlight int
	AdmitWait   time.Duration
	// Idempotency keeps the answers of requests sent with an
	// Idempotency-Key header to actions declared Idempotent (nil: the
	// header is ignored).
	Idempotency *idempotency.Store
}

// Server dispatches envelopes to registered actions.
type Server struct {
	opt       Options
	resources map[string]Actions
	mux       *http.ServeMux // once mounted: the REST forms of later resources go here
	budget    *semaphore.Weighted
	slots     *semaphore.Weighted
}

// NewServer returns a Server with no resources.
func NewServer(o Options) *Server {
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.BodyBudget <= 0 {
		o.BodyBudget = DefaultBodyBudget
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = DefaultMaxInFlight()
	}
	if o.AdmitWait <= 0 {
		o.AdmitWait = DefaultAdmitWait
	}
	return &Server{opt: o, resources: map[string]Actions{},
		budget: semaphore.NewWeighted(o.BodyBudget), slots: semaphore.NewWeighted(int64(o.MaxInFlight))}
}

// Register adds (or extends) a resource's actions.
func (s *Server) Register(resource string, actions Actions) {
	if s.resources[resource] == nil {
		s.resources[resource] = Actions{}
	}
	for name, a := range actions {
		s.resources[resource][name] = a
		if s.mux != nil {
			s.mountREST(s.mux, resource, name, a)
		}
	}
}

// mountREST adds an action's REST forms to mux.
func (s *Server) mountREST(mux *http.ServeMux, resource, name string, a Action) {
	for _, rt := range a.REST {
		hasID := strings.Contains(rt.Path, "{id}")
		mux.HandleFunc(rt.Method+" "+rt.Path, func(w http.ResponseWriter, r *http.Request) {
			s.serve(w, r, route{resource: resource, action: name, id: r.PathValue("id"), hasID: hasID, noBody: true})
		})
	}
}

// sessionOnly reports whether every action of the resource needs a
// session token (api-keys): an API key is then refused before its body is
// read.
func (s *Server) sessionOnly(resource string) bool {
	actions := s.resources[resource]
	if len(actions) == 0 {
		return false
	}
	for _, a := range actions {
		if a.Access != SessionOnly {
			return false
		}
	}
	return true
}

// Resources returns every registered resource with its action names,
// sorted.
func (s *Server) Resources() map[string][]string {
	out := make(map[string][]string, len(s.resources))
	for res, actions := range s.resources {
		out[res] = slices.Sorted(maps.Keys(actions))
	}
	return out
}

// Action returns a registered action's declaration (the zero Action when
// there is none).
func (s *Server) Action(resource, action string) Action { return s.resources[resource][action] }

// Mount adds the v1 routes to mux: the envelope forms POST /v1 and POST
// /v1/{resource}, each action's own form POST /v1/{resource}/{action}
// (body: the data; record id: the id query parameter), and the REST forms
// the actions declare (those of resources registered later are added as
// they are registered).
func (s *Server) Mount(mux *http.ServeMux) {
	mux.HandleFunc("POST /v1", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, route{}) })
	mux.HandleFunc("POST /v1/{resource}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, route{resource: r.PathValue("resource")})
	})
	mux.HandleFunc("POST /v1/{resource}/{action}", func(w http.ResponseWriter, r *http.Request) {
		id, hasID := r.URL.Query()["id"]
		rt := route{resource: r.PathValue("resource"), action: r.PathValue("action"), dataBody: true, hasID: hasID}
		if hasID {
			rt.id = id[0]
		}
		s.serve(w, r, rt)
	})
	for _, res := range slices.Sorted(maps.Keys(s.resources)) {
		for _, name := range slices.Sorted(maps.Keys(s.resources[res])) {
			s.mountREST(mux, res, name, s.resources[res][name])
		}
	}
	s.mux = mux
	notAllowed := func(w http.ResponseWriter, r *http.Request) {
		e := apperr.InvalidAction("%s %s is not supported: send POST %s with a JSON body (GET /v1/openapi.json describes every operation)", r.Method, r.URL.Path, r.URL.Path)
		e.HTTPStatus = http.StatusMethodNotAllowed
		w.Header().Set("Allow", "POST")
		WriteError(r.Context(), w, s.opt.Log, e)
	}
	mux.HandleFunc("/v1", notAllowed)
	mux.HandleFunc("/v1/", notAllowed)
}

// route is what the URL says of a request: the resource and action when
// the path names them, the record id of the REST and per-action forms,
// and how to read the body (an envelope, the data itself, or none).
type route struct {
	resource, action, id string
	hasID                bool
	noBody               bool // REST forms: the body is not read
	dataBody             bool // per-action form: the body is the data
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

// serve handles one request; rt is what the URL says.
//
// The order protects the server from what it has not checked yet: the
// credential is resolved (and an API key's rate limit taken) before any of
// the body is read; the body is read as a stream within the action's limit
// and the shared body budget; only then does the request wait for one of
// the slots in which actions run.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, rt route) {
	ctx := r.Context()
	release := func() {}  // gives back the slot the action runs in
	bodyDone := rt.noBody // REST forms have no body to read
	fail := func(err error) {
		if !bodyDone && (r.ContentLength < 0 || r.ContentLength > smallBody) {
			// Answer now and drop the connection rather than read the rest
			// of a body that will not be used (net/http would read up to
			// 256 KiB of it, waiting for a slow client, before answering)
			// - except for a body past its limit, whose rest is read and
			// dropped within a bound first (see drainTooLarge).
			if !(isTooLarge(err) && drainTooLarge(w, r)) {
				w.Header().Set("Connection", "close")
			}
		}
		WriteError(ctx, w, s.opt.Log, err)
	}
	s.setRoute(ctx, rt.resource, rt.action)

	// A request with a small body (most are) waits for its slot before
	// anything touches the database; one with a large or unknown body
	// waits after its body is read, so that slow uploads waiting for the
	// body budget never hold the slots small requests need.
	early := r.ContentLength >= 0 && r.ContentLength <= smallBody
	if early {
		if err := s.admit(ctx, &release); err != nil {
			fail(err)
			return
		}
	}
	defer func() { release() }()

	ctx, caller, err := s.authenticate(ctx, w, r, rt.resource)
	if err == nil {
		err = s.limitKey(ctx, w, caller)
	}
	if err != nil {
		fail(err)
		return
	}
	env, err := s.readEnvelope(ctx, r, rt, caller, &bodyDone)
	if err != nil {
		fail(err)
		return
	}
	action, err := s.admissible(env, caller)
	if err == nil && !early {
		err = s.admit(ctx, &release)
	}
	if err != nil {
		fail(err)
		return
	}
	req := &Request{Caller: caller, Resource: env.Resource, Action: env.Action, ID: env.ID, HasID: env.HasID, Data: env.Data, HTTP: r.WithContext(ctx)}
	if key, ok := r.Header["Idempotency-Key"]; ok && action.Idempotent && s.opt.Idempotency != nil && caller != nil {
		s.serveIdempotent(ctx, w, action, req, key, fail)
		return
	}
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
	WriteSuccess(w, statusOf(action, resp), resp.Data)
}

// authenticate resolves the request's credential, if any, to its caller
// and returns the context that carries it. An API key on a resource all
// of whose actions need a session is refused before anything else.
func (s *Server) authenticate(ctx context.Context, w http.ResponseWriter, r *http.Request, pathResource string) (context.Context, *auth.Caller, error) {
	cred, credErr := auth.Extract(r)
	if s.sessionOnly(pathResource) && (cred.Method == auth.MethodAPIKey || credErr != nil) {
		return ctx, nil, errKeysNeedSession
	}
	if credErr != nil {
		return ctx, nil, credErr
	}
	if cred.Method == auth.MethodNone {
		return ctx, nil, nil
	}
	c, err := s.opt.Auth.Resolve(ctx, cred)
	if err != nil {
		if cred.Method == auth.MethodAPIKey && pathResource == "" && s.namesSessionOnly(ctx, w, r) {
			err = errKeysNeedSession // the rule for api-keys holds for any API key
		}
		return ctx, nil, err
	}
	ctx = auth.WithCaller(ctx, c)
	setCaller(ctx, c.UserID, c.KeyID)
	return ctx, c, nil
}

// limitKey takes one request from an API key's per-minute allowance and
// says what is left in the X-RateLimit headers.
func (s *Server) limitKey(ctx context.Context, w http.ResponseWriter, caller *auth.Caller) error {
	if caller == nil || caller.Method != auth.MethodAPIKey || s.opt.Limiter == nil {
		return nil
	}
	q, err := s.opt.Limiter.Take(ctx, "key:"+caller.KeyID)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(q.Limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(q.Remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatInt(q.Reset.Unix(), 10))
	if !q.Allowed {
		return apperr.RateLimited(q.Reset.Sub(s.opt.Limiter.DB.Now()), "rate limit of %d requests per minute for this API key exceeded", q.Limit)
	}
	return nil
}

// readEnvelope reads the request's body, within the action's limit, into
// the envelope (the route's own resource, action and id, and the data);
// *bodyDone says whether the whole body was read.
func (s *Server) readEnvelope(ctx context.Context, r *http.Request, rt route, caller *auth.Caller, bodyDone *bool) (envelope, error) {
	env := envelope{Resource: rt.resource, Action: rt.action, ID: rt.id, HasID: rt.hasID, Data: json.RawMessage("{}")}
	if rt.noBody {
		return env, nil
	}
	body := &bodyReader{ctx: ctx, r: r.Body, limit: s.opt.MaxBody, budget: s.budget}
	if r.ContentLength > s.opt.MaxBody {
		body.n = r.ContentLength // refused before a byte is read
	}
	var err error
	if rt.dataBody {
		if _, known := s.resources[rt.resource][rt.action]; !known {
			return env, s.unknown(rt.resource, rt.action)
		}
		body.tighten(s.maxBodyFor(rt.resource, rt.action))
		env, err = decodeData(body, env)
	} else {
		env, err = decodeEnvelope(body, rt.resource, s.maxBodyFor)
	}
	body.release()
	*bodyDone = err == nil
	s.setRoute(ctx, env.Resource, env.Action)
	if s.sessionOnly(env.Resource) && caller != nil && caller.Method == auth.MethodAPIKey {
		return env, errKeysNeedSession
	}
	return env, err
}

// admissible returns the envelope's action once the caller may run it
// with this data.
func (s *Server) admissible(env envelope, caller *auth.Caller) (Action, error) {
	action, ok := s.resources[env.Resource][env.Action]
	if !ok {
		return Action{}, s.unknown(env.Resource, env.Action)
	}
	if err := checkAccess(action.Access, caller); err != nil {
		return Action{}, err
	}
	if env.hasNUL && !action.AcceptsNUL {
		// PostgreSQL cannot store U+0000 in text, and no field needs it.
		return Action{}, apperr.Invalid("data", "text in data must not contain the NUL character (\\u0000)")
	}
	return action, nil
}

// OtherLabel stands, in metric labels and the access log, for a resource
// or action the registry does not know.
const OtherLabel = "other"

// setRoute records the request's resource and action for the access log
// and the metrics, as registered names only: a name the registry does not
// know (a path segment, an id, a client's typo, bytes that are not UTF-8)
// is recorded as OtherLabel, so that no client can grow the set of label
// values.
func (s *Server) setRoute(ctx context.Context, resource, action string) {
	resource, action = s.label(resource, action)
	setRoute(ctx, resource, action)
}

// label maps a resource and action to the registered names (see setRoute).
func (s *Server) label(resource, action string) (string, string) {
	actions, ok := s.resources[resource]
	switch {
	case resource == "" && action == "":
		return "", ""
	case !ok:
		return OtherLabel, OtherLabel
	case action == "":
		return resource, ""
	}
	if _, ok := actions[action]; !ok {
		return resource, OtherLabel
	}
	return resource, action
}

// unknown is the INVALID_ACTION answer for an unknown resource or action:
// it lists what exists, so a caller can find its way.
func (s *Server) unknown(resource, action string) error {
	actions, ok := s.resources[resource]
	if !ok {
		return apperr.InvalidAction("unknown resource %q; the resources are: %s (GET /v1/openapi.json describes them)",
			resource, strings.Join(slices.Sorted(maps.Keys(s.resources)), ", "))
	}
	return apperr.InvalidAction("action %q is not supported for resource %q; its actions are: %s",
		action, resource, strings.Join(slices.Sorted(maps.Keys(actions)), ", "))
}

// DrainTooLarge bounds how much of a body past its limit is read and
// dropped before the 413 is sent, and DrainWait how long that may take.
// Many clients (Python's http.client, several SDKs) write the whole body
// before they read the answer: if the server closed the connection with
// their bytes unread, the kernel would reset it and they would see a
// broken pipe instead of the 413. Past the bound the connection is closed
// all the same.
const (
	DrainTooLarge = 1 << 20
	DrainWait     = 5 * time.Second
)

func isTooLarge(err error) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.HTTPStatus == http.StatusRequestEntityTooLarge
}

// drainTooLarge reads and drops the rest of r's body, at most
// DrainTooLarge bytes for at most DrainWait, and reports whether it
// reached the body's end (the connection can then serve the next
// request).
func drainTooLarge(w http.ResponseWriter, r *http.Request) bool {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(DrainWait)) //nolint:errcheck // best effort: the byte bound still holds
	n, err := io.CopyN(io.Discard, r.Body, DrainTooLarge+1)
	rc.SetReadDeadline(time.Time{}) //nolint:errcheck
	return n <= DrainTooLarge && errors.Is(err, io.EOF)
}

// smallBody is the size of an unread body that is read and dropped after
// an early answer, so the connection can serve the client's next request.
const smallBody = 64 << 10

// errKeysNeedSession answers any API key on a resource all of whose actions
// need a session token: api-keys, the only such resource.
var errKeysNeedSession = apperr.New(apperr.CodeInvalidToken, "API keys are managed with a session token; an API key cannot manage API keys")

// namesSessionOnly reports whether the envelope in the body names a
// resource all of whose actions need a session (api-keys), whose page
// answers INVALID_TOKEN for any bad API key. It reads
// at most a small body's worth, for at most a second: a bad credential
// must not let a request hold the server with a large or slow body.
func (s *Server) namesSessionOnly(ctx context.Context, w http.ResponseWriter, r *http.Request) bool {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(time.Second)) //nolint:errcheck // best effort: the limit below still holds
	env, err := decodeEnvelope(&bodyReader{ctx: ctx, r: r.Body, limit: DefaultActionMaxBody}, "", nil)
	return err == nil && s.sessionOnly(env.Resource)
}

// maxBodyFor is the body limit of an action: its declared MaxBody, else
// DefaultActionMaxBody; an unknown action gets the default too (its
// request is refused anyway).
func (s *Server) maxBodyFor(resource, action string) int64 {
	if a, ok := s.resources[resource][action]; ok && a.MaxBody > 0 {
		return min(a.MaxBody, s.opt.MaxBody)
	}
	return DefaultActionMaxBody
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

// MaxIdempotencyKey bounds an Idempotency-Key header.
const MaxIdempotencyKey = 255

// serveIdempotent runs an action sent with an Idempotency-Key: the first
// request with the key runs and its answer is kept; a retry gets that
// answer back (see package idempotency for the rules).
func (s *Server) serveIdempotent(ctx context.Context, w http.ResponseWriter, action Action, req *Request, keys []string, fail func(error)) {
	key := keys[0]
	if len(keys) > 1 || key == "" || len(key) > MaxIdempotencyKey || strings.IndexFunc(key, func(r rune) bool { return r < 0x21 || r > 0x7e }) >= 0 {
		fail(apperr.Invalid("Idempotency-Key", "the Idempotency-Key header must be one value of 1 to %d printable ASCII characters (a random UUID is a good key)", MaxIdempotencyKey))
		return
	}
	data := req.Data
	var v any
	if json.Unmarshal(data, &v) == nil {
		data, _ = json.Marshal(v) // the same data however it was spelled
	}
	scope := req.Caller.UserID
	store := s.opt.Idempotency
	stored, err := store.Begin(ctx, scope, key, idempotency.Fingerprint(req.Resource, req.Action, req.ID, data))
	switch {
	case errors.Is(err, idempotency.ErrMismatch):
		fail(apperr.Invalid("Idempotency-Key", "this Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request"))
		return
	case errors.Is(err, idempotency.ErrBusy):
		fail(apperr.RateLimited(time.Second, "a request with this Idempotency-Key is still running; retry shortly to get its answer"))
		return
	case err != nil:
		fail(err)
		return
	case stored != nil:
		w.Header().Set("Idempotent-Replayed", "true")
		writeBody(w, stored.Status, stored.Body)
		return
	}
	bg := context.WithoutCancel(ctx)
	defer func() {
		if p := recover(); p != nil {
			store.Release(bg, scope, key) //nolint:errcheck // the lock runs out anyway
			panic(p)
		}
	}()
	resp, herr := action.Handle(ctx, req)
	var status int
	var body []byte
	if herr != nil {
		st, eb := ErrorBody(herr)
		status = st
		body, _ = json.Marshal(eb)
		body = append(body, '\n')
	} else {
		if resp == nil {
			resp = OK(nil)
		}
		status = statusOf(action, resp)
		if body, err = successBody(resp.Data); err != nil {
			herr, status = err, http.StatusInternalServerError
		}
	}
	// Keep the answer, unless it asks for a retry (which must run again).
	if status == http.StatusTooManyRequests || status >= 500 {
		err = store.Release(bg, scope, key)
	} else {
		err = store.Finish(bg, scope, key, status, body)
	}
	if err != nil {
		s.opt.Log.ErrorContext(ctx, "keep the answer of an idempotent request; a retry will run it again", "err", err)
	}
	if herr != nil {
		fail(herr)
		return
	}
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	writeBody(w, status, body)
}

// Registered returns the registered actions by resource, for the
// document that describes them. It is the server's own map: read it, do
// not change it.
func (s *Server) Registered() map[string]Actions { return s.resources }

// Log is the server's logger.
func (s *Server) Log() *slog.Logger { return s.opt.Log }
