package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
)

// WriteJSON writes v as the JSON body with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"success":false,"error":{"code":"INTERNAL_ERROR","message":"internal error","status":500}}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)+1))
	w.WriteHeader(status)
	w.Write(body)         //nolint:errcheck
	w.Write([]byte{'\n'}) //nolint:errcheck
}

type successEnvelope struct {
	Success bool `json:"success"`
	Data    any  `json:"data"`
}

// WriteSuccess writes {success:true,data:...}.
func WriteSuccess(w http.ResponseWriter, status int, data any) {
	body, err := successBody(data)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"success":false,"error":{"code":"INTERNAL_ERROR","message":"internal error","status":500}}` + "\n")
	}
	writeBody(w, status, body)
}

// successBody encodes {success:true,data:...} with a final newline.
func successBody(data any) ([]byte, error) {
	if raw, ok := data.(json.RawMessage); ok { // encoded by the action already (a cached page): written as is
		body := make([]byte, 0, len(raw)+32)
		return append(append(append(body, `{"success":true,"data":`...), raw...), "}\n"...), nil
	}
	if data == nil {
		data = struct{}{}
	}
	b, err := json.Marshal(successEnvelope{Success: true, Data: data})
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// writeBody writes an encoded JSON body.
func writeBody(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body) //nolint:errcheck
}

type errorBody struct {
	Success bool           `json:"success"`
	Error   map[string]any `json:"error"`
}

// ErrorBody builds the error object for err: an *apperr.Error keeps its code
// and message; anything else is INTERNAL_ERROR with a fixed message.
func ErrorBody(err error) (int, errorBody) {
	e, ok := apperr.As(err)
	if !ok {
		e = &apperr.Error{Code: apperr.CodeInternal, Message: "internal error; the request id in the X-Request-Id header identifies it in the server log"}
	}
	status := e.Status()
	obj := map[string]any{"code": e.Code, "message": e.Message, "status": status}
	if e.Field != "" {
		obj["field"] = e.Field
	}
	for k, v := range e.Extra {
		obj[k] = v
	}
	return status, errorBody{Success: false, Error: obj}
}

// WriteError writes the error body for err and logs unexpected errors with
// the request id.
func WriteError(ctx context.Context, w http.ResponseWriter, log *slog.Logger, err error) {
	e, ok := apperr.As(err)
	if !ok || e.Code == apperr.CodeInternal {
		log.ErrorContext(ctx, "request failed", "request_id", RequestID(ctx), "err", err)
	}
	if ok && e.RetryAfter > 0 {
		secs := int((e.RetryAfter + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
	status, body := ErrorBody(err)
	if info := infoFrom(ctx); info != nil {
		info.errCode, _ = body.Error["code"].(string)
	}
	WriteJSON(w, status, body)
}
