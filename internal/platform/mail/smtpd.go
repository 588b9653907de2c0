package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	netmail "net/mail"
	"strings"
	"time"

	"github.com/emersion/go-smtp"
)

// MaxMessageBytes bounds a message received over SMTP.
const MaxMessageBytes = 10 << 20

// SMTPServer receives mail for the embedded mail system's inboxes.
type SMTPServer struct {
	srv *smtp.Server
	l   net.Listener
}

// ListenSMTP listens on addr and serves SMTP in the background until Close.
// Mail is accepted for provisioned, non-suspended inboxes of e.Domain;
// any other recipient gets 550.
func ListenSMTP(addr string, e *Embedded, log *slog.Logger) (*SMTPServer, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen smtp on %s: %w", addr, err)
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{e: e, log: log, helo: c.Hostname(), remote: c.Conn().RemoteAddr().String()}, nil
	}))
	srv.Domain = e.Domain
	srv.MaxMessageBytes = MaxMessageBytes
	srv.MaxRecipients = 100
	srv.ReadTimeout = time.Minute
	srv.WriteTimeout = time.Minute
	srv.ErrorLog = smtpLog{log}
	s := &SMTPServer{srv: srv, l: l}
	go func() {
		if err := srv.Serve(l); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
			log.Error("smtp server stopped", "err", err)
		}
	}()
	return s, nil
}

// Addr is the address the server listens on.
func (s *SMTPServer) Addr() string { return s.l.Addr().String() }

// Close stops the server and closes open sessions.
func (s *SMTPServer) Close() error { return s.srv.Close() }

type smtpLog struct{ log *slog.Logger }

func (l smtpLog) Printf(format string, v ...any) { l.log.Warn("smtp: " + fmt.Sprintf(format, v...)) }
func (l smtpLog) Println(v ...any)               { l.log.Warn("smtp: " + strings.TrimSpace(fmt.Sprintln(v...))) }

type session struct {
	e            *Embedded
	log          *slog.Logger
	helo, remote string
	from         string
	rcpts        []string
}

func (s *session) Reset()        { s.from, s.rcpts = "", nil }
func (s *session) Logout() error { return nil }

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from = strings.ToLower(from)
	return nil
}

var (
	errRelayDenied = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "relaying denied: not a local domain"}
	errNoMailbox   = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox"}
	errDisabled    = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 2, 1}, Message: "mailbox is suspended"}
	errTemporary   = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "temporary failure, try again later"}
)

// smtpError turns a delivery error into the SMTP reply.
func smtpError(err error) error {
	switch {
	case errors.Is(err, ErrNoInbox):
		return errNoMailbox
	case errors.Is(err, ErrSuspended):
		return errDisabled
	}
	return errTemporary
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	addr := strings.ToLower(to)
	if Domain(addr) != s.e.Domain {
		return errRelayDenied
	}
	if err := s.e.Accepts(context.Background(), addr); err != nil {
		if !errors.Is(err, ErrNoInbox) && !errors.Is(err, ErrSuspended) {
			s.log.Error("smtp: check recipient", "rcpt", addr, "err", err)
		}
		return smtpError(err)
	}
	s.rcpts = append(s.rcpts, addr)
	return nil
}

func (s *session) Data(r io.Reader) error {
	body, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	received := fmt.Sprintf("Received: from %s (%s) by %s with ESMTP; %s\r\n", s.helo, s.remote, s.e.Domain,
		time.Now().UTC().Format(time.RFC1123Z))
	raw := append([]byte(received), body...)
	var failed error
	for _, rcpt := range s.rcpts {
		if err := s.e.Deliver(ctx, s.from, rcpt, raw); err != nil {
			if !errors.Is(err, ErrNoInbox) && !errors.Is(err, ErrSuspended) {
				s.log.Error("smtp: deliver", "rcpt", rcpt, "err", err)
			}
			failed = smtpError(err)
			continue
		}
		s.log.Info("smtp: message received", "rcpt", rcpt, "from", s.from, "bytes", len(raw))
	}
	return failed
}

// headerValue returns the decoded value of a header field of raw, or "".
func headerValue(raw []byte, key string) string {
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	v := m.Header.Get(key)
	if d, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
		return d
	}
	return v
}

func subjectOf(raw []byte) string {
	s := headerValue(raw, "Subject")
	if len(s) > 998 {
		s = s[:998]
	}
	return strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "?")
}
