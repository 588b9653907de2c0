package identity

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/users"
)

// Default limits of sign-ups and password sign-ins together: GoTrue's 30
// per 5 minutes per client address, and a ceiling for the whole
// deployment. Both are counted in the database, so every process shares
// them.
const (
	AddrLimitPer5Min  = 30
	GlobalLimitPerMin = 1200
)

// clientAddr is auth.ClientAddr.
func clientAddr(r *http.Request, header string) string { return auth.ClientAddr(r, header) }

// throttle counts a sign-up or password sign-in against the per-address
// and global limits; when one is reached it answers 429 with Retry-After
// and returns false.
func (p *Provider) throttle(w http.ResponseWriter, r *http.Request) bool {
	if p.AddrLimit != nil {
		q, err := p.AddrLimit.Take(r.Context(), "auth-addr:"+clientAddr(r, p.ClientIPHeader))
		if err != nil {
			p.internal(w, r, err)
			return false
		}
		if !q.Allowed {
			slowDown(r)
			tooMany(w, q.Reset.Sub(p.DB.Now()), "Too many sign-in and sign-up requests from this address; try again later")
			return false
		}
	}
	if p.GlobalLimit != nil {
		q, err := p.GlobalLimit.Take(r.Context(), "auth-global")
		if err != nil {
			p.internal(w, r, err)
			return false
		}
		if !q.Allowed {
			slowDown(r)
			tooMany(w, q.Reset.Sub(p.DB.Now()), "The service is receiving too many sign-in and sign-up requests; try again shortly")
			return false
		}
	}
	return true
}

// refusedDelay is how long a refused sign-in waits before its 429: a
// client looping on refusals makes a few requests a second per connection
// instead of thousands, which would otherwise take the CPU that other
// requests need. A waiting request costs a goroutine, not CPU.
const refusedDelay = 250 * time.Millisecond

func slowDown(r *http.Request) {
	t := time.NewTimer(refusedDelay)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	}
}

// tooMany answers GoTrue's 429 with Retry-After in whole seconds.
func tooMany(w http.ResponseWriter, after time.Duration, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(int(after.Seconds())+1))
	fail(w, http.StatusTooManyRequests, "over_request_rate_limit", msg)
}

// hashingBusy answers a request whose password could not be hashed in
// time because every hashing slot stayed taken; it reports whether err was
// that.
func hashingBusy(w http.ResponseWriter, err error) bool {
	if !errors.Is(err, users.ErrBusy) {
		return false
	}
	tooMany(w, 0, "The service is busy checking passwords; try again in a moment")
	return true
}

// takeMailLimit counts one mail of the kind to key (an address, or an
// account for an email change) and, past the limit, answers GoTrue's 429
// over_email_send_rate_limit and returns false. It is taken whether or not
// the address has an account, so that the limit reveals nothing.
func (p *Provider) takeMailLimit(w http.ResponseWriter, r *http.Request, pur purpose, key string) bool {
	if p.MailLimit == nil {
		return true
	}
	q, err := p.MailLimit.Take(r.Context(), "auth-mail:"+string(pur)+":"+key)
	if err != nil {
		p.internal(w, r, err)
		return false
	}
	if !q.Allowed {
		secs := int(q.Reset.Sub(p.DB.Now()).Seconds()) + 1
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		fail(w, http.StatusTooManyRequests, "over_email_send_rate_limit",
			fmt.Sprintf("For security purposes, you can only request this after %d seconds.", secs))
		return false
	}
	return true
}

// takeCodeLimit counts one attempt at a mailed code for the address, with
// the password attempts' per-email limit.
func (p *Provider) takeCodeLimit(w http.ResponseWriter, r *http.Request, email string) bool {
	if p.SignInLimit == nil {
		return true
	}
	q, err := p.SignInLimit.Take(r.Context(), "verify:"+email)
	if err != nil {
		p.internal(w, r, err)
		return false
	}
	if !q.Allowed {
		tooMany(w, q.Reset.Sub(p.DB.Now()), "Too many attempts at a code for this email; try again later")
		return false
	}
	return true
}
