// Package apperr defines the service's error type and the one table that maps
// an error code to its HTTP status. Every package returns *Error for failures a
// caller can act on; anything else becomes INTERNAL_ERROR at the edge.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Error codes of the v1 interface. The code is the stable identifier; messages
// are for people and may change.
const (
	CodeUnauthorized     = "UNAUTHORIZED"
	CodeInvalidKeyPrefix = "INVALID_KEY_PREFIX"
	CodeKeyNotFound      = "KEY_NOT_FOUND"
	CodeInvalidToken     = "INVALID_TOKEN"
	CodeForbidden        = "FORBIDDEN"
	CodeNotFound         = "NOT_FOUND"
	CodeAgentNotFound    = "AGENT_NOT_FOUND"
	CodeValidation       = "VALIDATION_ERROR"
	CodeInvalidAction    = "INVALID_ACTION"
	CodeRateLimited      = "RATE_LIMIT_EXCEEDED"
	CodeInternal         = "INTERNAL_ERROR"
)

var statusByCode = map[string]int{
	CodeUnauthorized:     http.StatusUnauthorized,
	CodeInvalidKeyPrefix: http.StatusUnauthorized,
	CodeKeyNotFound:      http.StatusUnauthorized,
	CodeInvalidToken:     http.StatusUnauthorized,
	CodeForbidden:        http.StatusForbidden,
	CodeNotFound:         http.StatusNotFound,
	CodeAgentNotFound:    http.StatusNotFound,
	CodeValidation:       http.StatusBadRequest,
	CodeInvalidAction:    http.StatusBadRequest,
	CodeRateLimited:      http.StatusTooManyRequests,
	CodeInternal:         http.StatusInternalServerError,
}

// Error is a failure with a spec error code. Field names the offending
// request field for validation errors; Extra carries additional members of the
// error object (for example attemptsRemaining). RetryAfter, when positive, is
// sent as the Retry-After header.
type Error struct {
	Code       string
	Message    string
	Field      string
	Extra      map[string]any
	RetryAfter time.Duration
	// HTTPStatus overrides the status derived from Code; zero means derived.
	HTTPStatus int
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Status is the HTTP status of the error.
func (e *Error) Status() int {
	if e.HTTPStatus != 0 {
		return e.HTTPStatus
	}
	if s, ok := statusByCode[e.Code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// StatusOf returns the HTTP status for a code.
func StatusOf(code string) int {
	if s, ok := statusByCode[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// As returns err as an *Error when it is one (or wraps one).
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// HasCode reports whether err is an *Error with the given code.
func HasCode(err error, code string) bool {
	e, ok := As(err)
	return ok && e.Code == code
}

// New returns an error with a code and a formatted message.
func New(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid is a VALIDATION_ERROR about one request field; the message should
// name the field.
func Invalid(field, format string, args ...any) *Error {
	return &Error{Code: CodeValidation, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Required is the VALIDATION_ERROR for a missing required field.
func Required(field string) *Error {
	return Invalid(field, "%s is required", field)
}

// NotFound is NOT_FOUND for the named kind of record.
func NotFound(what string) *Error {
	return &Error{Code: CodeNotFound, Message: what + " not found"}
}

// AgentNotFound is AGENT_NOT_FOUND: the genie is missing or not the caller's.
func AgentNotFound() *Error {
	return &Error{Code: CodeAgentNotFound, Message: "genie not found"}
}

// Forbidden is FORBIDDEN with a message.
func Forbidden(format string, args ...any) *Error {
	return New(CodeForbidden, format, args...)
}

// AdminOnly is the FORBIDDEN returned to non-admins calling admin actions.
func AdminOnly() *Error {
	return Forbidden("this action requires the internal_admin role")
}

// Unauthorized is UNAUTHORIZED with a message.
func Unauthorized(format string, args ...any) *Error {
	return New(CodeUnauthorized, format, args...)
}

// InvalidAction is INVALID_ACTION for an unsupported resource or action.
func InvalidAction(format string, args ...any) *Error {
	return New(CodeInvalidAction, format, args...)
}

// RateLimited is RATE_LIMIT_EXCEEDED with a retry delay.
func RateLimited(retryAfter time.Duration, format string, args ...any) *Error {
	e := New(CodeRateLimited, format, args...)
	e.RetryAfter = retryAfter
	return e
}
