package identity

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/auth"
)

// Default limits of sign-ups and password sign-ins together: GoTrue's 30
// per 5 minutes per client address, and a ceiling for the whole
// deployment. Both are counted in the database, so every process shares
// them.
const (
	AddrLimitPer5Min  = 30
	GlobalLimitPerMin = 1200
)

// refusedDelay is how long a refused sign-in waits before its 429: a
// client looping on refusals makes a few requests a second per connection
// instead of thousands, which would otherwise take the CPU that other
// requests need. A waiting request costs a goroutine, not CPU.
const refusedDelay = 250 * time.Millisecond

// take counts one use of the limiter's bucket (nil: no limit) and returns
// the refusal made by refused, from the time until the window resets, when
// the limit is reached.
func (s *Service) take(ctx context.Context, l *auth.RateLimiter, bucket string, refused func(reset time.Duration) *Error) error {
	if l == nil {
		return nil
	}
	q, err := l.Take(ctx, bucket)
	if err != nil {
		return err
	}
	if !q.Allowed {
		return refused(q.Reset.Sub(s.DB.Now()))
	}
	return nil
}

// Admit counts a sign-up, password sign-in, recovery request or code
// verification from the client address against the per-address and global
// limits. When one is reached it waits refusedDelay (or until ctx ends)
// and returns GoTrue's 429.
func (s *Service) Admit(ctx context.Context, addr string) error {
	err := s.take(ctx, s.AddrLimit, "auth-addr:"+addr, func(reset time.Duration) *Error {
		return tooMany(reset, "Too many sign-in and sign-up requests from this address; try again later")
	})
	if err == nil {
		err = s.take(ctx, s.GlobalLimit, "auth-global", func(reset time.Duration) *Error {
			return tooMany(reset, "The service is receiving too many sign-in and sign-up requests; try again shortly")
		})
	}
	if _, refused := err.(*Error); refused {
		slowDown(ctx)
	}
	return err
}

func slowDown(ctx context.Context) {
	t := time.NewTimer(refusedDelay)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// takeMailLimit counts one mail of the kind to key (an address, or an
// account for an email change) and, past the limit, returns GoTrue's 429
// over_email_send_rate_limit. It is taken whether or not the address has
// an account, so that the limit reveals nothing.
func (s *Service) takeMailLimit(ctx context.Context, pur purpose, key string) error {
	return s.take(ctx, s.MailLimit, "auth-mail:"+string(pur)+":"+key, func(reset time.Duration) *Error {
		secs := int(reset.Seconds()) + 1
		e := refuse(http.StatusTooManyRequests, "over_email_send_rate_limit",
			fmt.Sprintf("For security purposes, you can only request this after %d seconds.", secs))
		e.RetryAfter = secs
		return e
	})
}

// takeSignInLimit counts one password attempt for the address.
func (s *Service) takeSignInLimit(ctx context.Context, email string) error {
	return s.take(ctx, s.SignInLimit, "signin:"+strings.ToLower(strings.TrimSpace(email)), func(reset time.Duration) *Error {
		return tooMany(reset, "Too many sign-in attempts for this email; try again later")
	})
}

// takeCodeLimit counts one attempt at a mailed code for the address, with
// the password attempts' per-email limit.
func (s *Service) takeCodeLimit(ctx context.Context, email string) error {
	return s.take(ctx, s.SignInLimit, "verify:"+email, func(reset time.Duration) *Error {
		return tooMany(reset, "Too many attempts at a code for this email; try again later")
	})
}
