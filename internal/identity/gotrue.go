package identity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/jsoncheck"
	"github.com/geniehq/genie/internal/users"
)

// This file is the GoTrue HTTP adapter over Service: each route reads the
// request, calls one Service method and returns the answer; serve writes
// the answer, or the error as GoTrue's error body, in one place.

// maxBody bounds auth request bodies.
const maxBody = 64 << 10

// gotrue serves the /auth/v1 routes of a Service.
type gotrue struct{ s *Service }

// answer is a route's successful answer.
type answer struct {
	status   int
	body     any    // written as JSON; nil for no body
	noStore  bool   // Cache-Control: no-store (a session)
	location string // a 303 redirect instead (GET /verify)
}

// route handles one request: w is for reading the body (decode) and for a
// header the route adds; serve writes the answer or the error.
type route func(w http.ResponseWriter, r *http.Request) (*answer, error)

// Mount adds the provider's routes under /auth/v1.
func (s *Service) Mount(mux *http.ServeMux) {
	h := gotrue{s: s}
	for pattern, fn := range map[string]route{
		"POST /auth/v1/signup":  h.signup,
		"POST /auth/v1/token":   h.token,
		"GET /auth/v1/user":     h.user,
		"PUT /auth/v1/user":     h.updateUser,
		"POST /auth/v1/recover": mailing(h, (*Service).Recover),
		"POST /auth/v1/verify":  h.verifyPost,
		"GET /auth/v1/verify":   h.verifyGet,
		"POST /auth/v1/resend":  mailing(h, (*Service).Resend),
		"POST /auth/v1/logout":  h.logout,
		"GET /auth/v1/health":   h.health,
		"GET /auth/v1/settings": h.settings,
		"/auth/v1/":             h.notFound,
	} {
		mux.HandleFunc(pattern, h.serve(fn))
	}
}

func (h gotrue) serve(fn route) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := fn(w, r)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		switch {
		case a.location != "":
			http.Redirect(w, r, a.location, http.StatusSeeOther)
		case a.body == nil:
			w.WriteHeader(a.status)
		default:
			if a.noStore {
				w.Header().Set("Cache-Control", "no-store")
			}
			writeJSON(w, a.status, a.body)
		}
	}
}

// authError is the GoTrue error body that auth-js understands.
type authError struct {
	Code      int    `json:"code"`
	ErrorCode string `json:"error_code"`
	Msg       string `json:"msg"`
}

// fail writes err: a refusal as itself, a busy password hasher as a
// retryable 429, anything else as a 500 whose detail goes to the log only.
func (h gotrue) fail(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	switch {
	case errors.As(err, &e):
	case errors.Is(err, users.ErrBusy):
		e = errBusy
	default:
		h.s.Log.ErrorContext(r.Context(), "auth request failed", "path", r.URL.Path, "err", err)
		e = refuse(http.StatusInternalServerError, "unexpected_failure", "internal error")
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", e.retryAfter())
	}
	writeJSON(w, e.Status, authError{Code: e.Status, ErrorCode: e.Code, Msg: e.Msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) //nolint:errcheck
}

func answerJSON(body any) *answer    { return &answer{status: http.StatusOK, body: body} }
func session(b *SessionBody) *answer { return &answer{status: http.StatusOK, body: b, noStore: true} }

// sessionOr is the answer to a method that starts a session.
func sessionOr(b *SessionBody, err error) (*answer, error) {
	if err != nil {
		return nil, err
	}
	return session(b), nil
}

// decode reads the JSON body into dst.
func decode(w http.ResponseWriter, r *http.Request, dst any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return refuse(http.StatusRequestEntityTooLarge, "request_too_large", fmt.Sprintf("request body is larger than %d bytes", maxBody))
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return invalid("request body must be a JSON object: " + err.Error())
	}
	// encoding/json would store a lone surrogate or bytes that are not
	// UTF-8 as U+FFFD: a password or email changed behind the user's back.
	// PostgreSQL cannot store U+0000 in text, and no field needs it (/v1
	// refuses it too).
	if bt := jsoncheck.FindBadTextOrNUL(body); bt != nil {
		return invalid(bt.Problem)
	}
	return nil
}

// admit counts the request against the per-address and global limits.
func (h gotrue) admit(r *http.Request) error {
	return h.s.Admit(r.Context(), auth.ClientAddr(r, h.s.ClientIPHeader))
}

// admitDecode is admit, then decode.
func (h gotrue) admitDecode(w http.ResponseWriter, r *http.Request, dst any) error {
	if err := h.admit(r); err != nil {
		return err
	}
	return decode(w, r, dst)
}

// bearer verifies the request's bearer token as one of the provider's
// sessions.
func (h gotrue) bearer(r *http.Request) (*auth.Claims, error) {
	scheme, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if !strings.EqualFold(scheme, "Bearer") || tok == "" {
		return nil, refuse(http.StatusUnauthorized, "no_authorization", "This endpoint requires a Bearer token")
	}
	return h.s.Authenticate(r.Context(), strings.TrimSpace(tok))
}

func redirectTo(r *http.Request) string { return r.URL.Query().Get("redirect_to") }

func (h gotrue) signup(w http.ResponseWriter, r *http.Request) (*answer, error) {
	if err := h.s.SignupAllowed(); err != nil {
		return nil, err
	}
	var in SignupInput
	if err := h.admitDecode(w, r, &in); err != nil {
		return nil, err
	}
	res, err := h.s.SignUp(r.Context(), in, redirectTo(r))
	if err != nil {
		return nil, err
	}
	if res.Session != nil {
		return session(res.Session), nil
	}
	return answerJSON(res.User), nil
}

func (h gotrue) token(w http.ResponseWriter, r *http.Request) (*answer, error) {
	switch r.URL.Query().Get("grant_type") {
	case "password":
		var in PasswordInput
		if err := h.admitDecode(w, r, &in); err != nil {
			return nil, err
		}
		return sessionOr(h.s.SignIn(r.Context(), in))
	case "refresh_token":
		var in RefreshInput
		if err := decode(w, r, &in); err != nil {
			return nil, err
		}
		return sessionOr(h.s.Refresh(r.Context(), in))
	}
	return nil, invalid("unsupported grant_type; use password or refresh_token")
}

func (h gotrue) user(w http.ResponseWriter, r *http.Request) (*answer, error) {
	c, err := h.bearer(r)
	if err != nil {
		return nil, err
	}
	u, err := h.s.User(r.Context(), c.Subject)
	if err != nil {
		return nil, err
	}
	return answerJSON(u), nil
}

func (h gotrue) updateUser(w http.ResponseWriter, r *http.Request) (*answer, error) {
	c, err := h.bearer(r)
	if err != nil {
		return nil, err
	}
	var in UpdateUserInput
	if err := decode(w, r, &in); err != nil {
		return nil, err
	}
	u, err := h.s.UpdateUser(r.Context(), c, in, redirectTo(r))
	if err != nil {
		return nil, err
	}
	return answerJSON(u), nil
}

// mailing is the route of a method that may mail a code in the
// background (recover, resend): it answers 200 {} whether or not a mail
// goes out.
func mailing[T any](h gotrue, call func(*Service, context.Context, T, string) error) route {
	return func(w http.ResponseWriter, r *http.Request) (*answer, error) {
		var in T
		if err := h.admitDecode(w, r, &in); err != nil {
			return nil, err
		}
		if err := call(h.s, r.Context(), in, redirectTo(r)); err != nil {
			return nil, err
		}
		return answerJSON(struct{}{}), nil
	}
}

func (h gotrue) verifyPost(w http.ResponseWriter, r *http.Request) (*answer, error) {
	var in VerifyInput
	if err := h.admitDecode(w, r, &in); err != nil {
		return nil, err
	}
	return sessionOr(h.s.Verify(r.Context(), in))
}

// verifyGet is the mailed link: it redeems the link token and sends the
// browser on (303) to the allowed redirect_to or the site URL with the
// session in the fragment, which auth-js picks up (detectSessionInUrl),
// or with GoTrue's error fields there when the link is spent or expired.
func (h gotrue) verifyGet(w http.ResponseWriter, r *http.Request) (*answer, error) {
	if err := h.admit(r); err != nil {
		return nil, err
	}
	q := r.URL.Query()
	typ, token := q.Get("type"), q.Get("token")
	if typ == "" {
		return nil, invalid("Verify requires a verification type")
	}
	if token == "" {
		return nil, invalid("Verify requires a token or a token hash")
	}
	target, _, _ := strings.Cut(h.s.redirectTarget(q.Get("redirect_to")), "#")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	body, err := h.s.VerifyLink(r.Context(), typ, token)
	var e *Error
	if errors.As(err, &e) {
		return &answer{location: target + "#" + errorFragment(e).Encode()}, nil
	}
	if err != nil {
		return nil, err
	}
	frag := url.Values{
		"access_token": {body.AccessToken}, "token_type": {body.TokenType},
		"expires_in": {strconv.Itoa(body.ExpiresIn)}, "expires_at": {strconv.FormatInt(body.ExpiresAt, 10)},
		"refresh_token": {body.RefreshToken}, "type": {typ}, "sb": {""},
	}
	return &answer{location: target + "#" + frag.Encode()}, nil
}

// errorFragment is GoTrue's error fields for a redirect's fragment.
func errorFragment(e *Error) url.Values {
	oauth := map[int]string{http.StatusBadRequest: "invalid_request", http.StatusForbidden: "access_denied",
		http.StatusUnprocessableEntity: "invalid_request"}
	frag := url.Values{"error_code": {e.Code}, "error_description": {e.Msg}, "sb": {""}}
	if s, ok := oauth[e.Status]; ok {
		frag.Set("error", s)
	}
	return frag
}

func (h gotrue) logout(w http.ResponseWriter, r *http.Request) (*answer, error) {
	c, err := h.bearer(r)
	if err != nil {
		return nil, err
	}
	if err := h.s.Logout(r.Context(), c, r.URL.Query().Get("scope")); err != nil {
		return nil, err
	}
	return &answer{status: http.StatusNoContent}, nil
}

func (h gotrue) health(w http.ResponseWriter, r *http.Request) (*answer, error) {
	return answerJSON(map[string]any{"name": "genie-auth", "description": "embedded GoTrue-compatible sign-in"}), nil
}

func (h gotrue) settings(w http.ResponseWriter, r *http.Request) (*answer, error) {
	return answerJSON(h.s.Settings()), nil
}

func (h gotrue) notFound(w http.ResponseWriter, r *http.Request) (*answer, error) {
	return nil, refuse(http.StatusNotFound, "not_found", "this endpoint is not supported by the embedded provider")
}
