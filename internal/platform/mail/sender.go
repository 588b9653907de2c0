package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/db"
)

// Delivery says how an accepted message left the service.
type Delivery string

// Deliveries.
const (
	// ViaRelay: accepted by the configured SMTP relay.
	ViaRelay Delivery = "relay"
	// ViaLocal: stored in a local mailbox of the embedded mail system.
	ViaLocal Delivery = "local"
	// ViaOutbox: no relay is configured; kept in the database outbox.
	ViaOutbox Delivery = "outbox"
)

// Sender delivers outgoing messages. from and to are bare envelope
// addresses; raw is the complete message. A nil error means every
// recipient's copy was accepted.
type Sender interface {
	Send(ctx context.Context, from string, to []string, raw []byte) (Delivery, error)
}

// LocalDelivery stores a message in a local mailbox (the embedded mail
// system); it fails with ErrNoInbox or ErrSuspended.
type LocalDelivery interface {
	Deliver(ctx context.Context, from, rcpt string, raw []byte) error
}

// Outbound is the service's Sender: recipients under the local mail domain
// are delivered to the embedded mail system; others go to the SMTP relay
// when one is configured, else to the database outbox (with a log line).
type Outbound struct {
	Domain string        // the embedded mail system's domain
	Local  LocalDelivery // nil: no local delivery
	Relay  *Relay        // nil: no relay
	DB     *db.DB        // for the outbox
	Log    *slog.Logger
}

// Send implements Sender. The delivery reported is that of the remote
// recipients when there are any, else ViaLocal.
func (o *Outbound) Send(ctx context.Context, from string, to []string, raw []byte) (Delivery, error) {
	var remote []string
	for _, rcpt := range to {
		if o.Local != nil && Domain(rcpt) == o.Domain {
			if err := o.Local.Deliver(ctx, from, rcpt, raw); err != nil {
				return "", fmt.Errorf("deliver to %s: %w", rcpt, err)
			}
			continue
		}
		remote = append(remote, rcpt)
	}
	if len(remote) == 0 {
		return ViaLocal, nil
	}
	if o.Relay != nil {
		if err := o.Relay.Send(ctx, from, remote, raw); err != nil {
			return "", err
		}
		return ViaRelay, nil
	}
	now := o.DB.Now()
	if _, err := o.DB.W.ExecContext(ctx, `INSERT INTO mail_outbox (id, mail_from, rcpt_to, raw, created_at) VALUES ($1, $2, $3, $4, $5)`,
		uuid.NewString(), from, strings.Join(remote, ","), raw, now); err != nil {
		return "", fmt.Errorf("mail: keep in outbox: %w", err)
	}
	o.Log.WarnContext(ctx, "mail kept in the database outbox: no SMTP relay is configured (--smtp-relay)",
		"from", from, "to", strings.Join(remote, ","), "bytes", len(raw))
	return ViaOutbox, nil
}

// Relay sends through an SMTP server (a smarthost): STARTTLS when the
// server offers it, and AUTH PLAIN when a username is set (net/smtp refuses
// to send the password over an unencrypted connection except to
// localhost).
type Relay struct {
	Addr     string // host:port
	Username string
	Password string // never logged
	// Timeout bounds the whole exchange; default 30s.
	Timeout time.Duration
	// TLSConfig for STARTTLS; nil means verify the relay's host name.
	TLSConfig *tls.Config
	// HelloName is sent in EHLO; default "localhost".
	HelloName string
}

// Send delivers one message to the relay.
func (r *Relay) Send(ctx context.Context, from string, to []string, raw []byte) error {
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	host, _, err := net.SplitHostPort(r.Addr)
	if err != nil {
		return fmt.Errorf("smtp relay address %q: %w", r.Addr, err)
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", r.Addr)
	if err != nil {
		return fmt.Errorf("smtp relay: %w", err)
	}
	deadline, _ := ctx.Deadline()
	conn.SetDeadline(deadline) //nolint:errcheck
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp relay: greeting: %w", err)
	}
	defer c.Close()
	if err := r.exchange(c, host, from, to, raw); err != nil {
		return fmt.Errorf("smtp relay %s: %w", r.Addr, err)
	}
	return nil
}

func (r *Relay) exchange(c *smtp.Client, host, from string, to []string, raw []byte) error {
	hello := r.HelloName
	if hello == "" {
		hello = "localhost"
	}
	if err := c.Hello(hello); err != nil {
		return err
	}
	if ok, _ := c.Extension("STARTTLS"); ok {
		cfg := r.TLSConfig
		if cfg == nil {
			cfg = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
		}
		if err := c.StartTLS(cfg); err != nil {
			return fmt.Errorf("starttls: %w", err)
		}
	}
	if r.Username != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			return errors.New("the relay does not offer AUTH but a username is configured")
		}
		if err := c.Auth(smtp.PlainAuth("", r.Username, r.Password, host)); err != nil {
			return fmt.Errorf("auth: %w", err)
		}
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt); err != nil {
			return fmt.Errorf("rcpt %s: %w", rcpt, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}
