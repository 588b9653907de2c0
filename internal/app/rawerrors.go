package app

import (
	"bytes"
	"encoding/json"
	"net"
	"strconv"
)

// net/http answers a request it cannot read (request line and headers past
// MaxHeaderBytes, an unparsable request) itself, before any handler, in
// plain text. errorListener rewrites those answers, on their way to the
// connection, into the service's JSON error body, so that every answer a
// client gets is one the API document describes. The body carries both
// the /v1 envelope (success, error) and the sign-in provider's fields
// (code, error_code, msg): the path is not known when it is written.

// netHTTPErrorHeaders is what follows the status line of net/http's own
// error answers (its handlers' answers write their headers sorted, so
// never in this order).
const netHTTPErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

type errorListener struct{ net.Listener }

func (l errorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &errorConn{Conn: c}, nil
}

type errorConn struct{ net.Conn }

func (c *errorConn) Write(p []byte) (int, error) {
	if b, ok := rewriteRawError(p); ok {
		if _, err := c.Conn.Write(b); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// rewriteRawError returns the JSON form of one of net/http's plain-text
// answers 400 and 431, or ok false for anything else.
func rewriteRawError(p []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(p, []byte("HTTP/1.1 "))
	if !ok || len(rest) < 4 {
		return nil, false
	}
	line, _, ok := bytes.Cut(rest, []byte(netHTTPErrorHeaders))
	if !ok || bytes.ContainsAny(line, "\r\n") {
		return nil, false
	}
	status, err := strconv.Atoi(string(line[:3]))
	if err != nil {
		return nil, false
	}
	var msg, field, gotrue string
	switch status {
	case 431:
		msg, field, gotrue = "the request line and headers are larger than 64 KiB (an over-long URL or header)", "url", "request_too_large"
	case 400:
		msg, gotrue = "the request is not valid HTTP/1.1", "validation_failed"
	default:
		return nil, false
	}
	e := map[string]any{"code": "VALIDATION_ERROR", "message": msg, "status": status}
	if field != "" {
		e["field"] = field
	}
	body, _ := json.Marshal(map[string]any{"success": false, "error": e, "code": status, "error_code": gotrue, "msg": msg})
	var out bytes.Buffer
	out.WriteString("HTTP/1.1 ")
	out.Write(line)
	out.WriteString("\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ")
	out.WriteString(strconv.Itoa(len(body) + 1))
	out.WriteString("\r\nConnection: close\r\n\r\n")
	out.Write(body)
	out.WriteByte('\n')
	return out.Bytes(), true
}
