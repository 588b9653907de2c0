package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/requestid"
)

// reqInfo is filled in as a request is handled, for the access log.
type reqInfo struct {
	id       string
	resource string
	action   string
	errCode  string
	userID   string // the caller, once known
	keyID    string // the API key used, if any (its id, never the key)
}

type infoKey struct{}

func infoFrom(ctx context.Context) *reqInfo {
	i, _ := ctx.Value(infoKey{}).(*reqInfo)
	return i
}

// RequestID returns the id of the request being handled.
func RequestID(ctx context.Context) string { return requestid.From(ctx) }

// setCaller records who made the request, for the access log.
func setCaller(ctx context.Context, userID, keyID string) {
	if i := infoFrom(ctx); i != nil {
		i.userID, i.keyID = userID, keyID
	}
}

func setRoute(ctx context.Context, resource, action string) {
	if i := infoFrom(ctx); i != nil {
		i.resource, i.action = resource, action
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// validRequestID accepts a caller's X-Request-Id only if it is short and
// printable, so that it is safe to log and echo.
func validRequestID(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

func newRequestID() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Middleware wraps next with a request id (echoed as X-Request-Id), panic
// recovery (a 500 INTERNAL_ERROR body, details in the log) and one
// structured access-log line per request. It never logs headers or bodies,
// so keys, tokens, passwords and PINs stay out of the log; paths under any
// of the secretPrefixes (such as "/update/", whose next segment is an
// edit-link token) are logged with the rest replaced by "...".
func Middleware(log *slog.Logger, next http.Handler, secretPrefixes ...string) http.Handler {
	return ObservedMiddleware(log, nil, next, secretPrefixes...)
}

// Observer is told of every answered request (for metrics).
type Observer func(resource, action string, status int, code string, d time.Duration)

// ObservedMiddleware is Middleware that also tells observe (when not nil)
// of every answered request.
func ObservedMiddleware(log *slog.Logger, observe Observer, next http.Handler, secretPrefixes ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &reqInfo{id: r.Header.Get("X-Request-Id")}
		if !validRequestID(info.id) {
			info.id = newRequestID()
		}
		ctx := requestid.With(context.WithValue(r.Context(), infoKey{}, info), info.id)
		w.Header().Set("X-Request-Id", info.id)
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				log.ErrorContext(ctx, "panic", "request_id", info.id, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if sw.status == 0 {
					WriteError(ctx, sw, log, errors.New("panic"))
				}
			}
			attrs := []any{
				"request_id", info.id, "method", r.Method, "path", logPath(r.URL.Path, secretPrefixes),
				"status", sw.status, "bytes", sw.bytes,
				"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
			}
			if info.resource != "" {
				attrs = append(attrs, "resource", info.resource, "action", info.action)
			}
			if info.errCode != "" {
				attrs = append(attrs, "error_code", info.errCode)
			}
			if info.userID != "" {
				attrs = append(attrs, "user_id", info.userID)
			}
			if info.keyID != "" {
				attrs = append(attrs, "key_id", info.keyID)
			}
			if observe != nil {
				observe(info.resource, info.action, sw.status, info.errCode, time.Since(start))
			}
			log.Log(ctx, statusLevel(sw.status), "request", attrs...)
		}()
		next.ServeHTTP(sw, r.WithContext(ctx))
	})
}

// statusLevel is the log level of a request's line: ERROR for a failure of
// the server, WARN for a 503 (a process still starting, /readyz before its
// search index is built, or load shed at capacity: meant, and retried
// elsewhere), INFO otherwise.
func statusLevel(status int) slog.Level {
	switch {
	case status == http.StatusServiceUnavailable:
		return slog.LevelWarn
	case status >= 500:
		return slog.LevelError
	}
	return slog.LevelInfo
}

// logPath returns path with whatever follows a secret prefix elided.
func logPath(path string, secretPrefixes []string) string {
	for _, p := range secretPrefixes {
		if strings.HasPrefix(path, p) && len(path) > len(p) {
			return p + "..."
		}
	}
	return path
}

// NotFoundHandler answers unknown paths with a NOT_FOUND body.
func NotFoundHandler(log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(r.Context(), w, log, apperr.New(apperr.CodeNotFound, "no route for %s %s", r.Method, r.URL.Path))
	})
}
