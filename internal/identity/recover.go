package identity

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/users"
)

// RecoverInput is GoTrue's POST /recover body (auth-js
// resetPasswordForEmail); redirect_to comes in the query. The PKCE fields
// are accepted and ignored: the mailed link uses the implicit flow.
type RecoverInput struct {
	Email               string `json:"email"`
	CodeChallenge       string `json:"code_challenge"`
	CodeChallengeMethod string `json:"code_challenge_method"`
}

// recover mails a recovery code and link to the address when it has an
// account, and answers 200 {} either way.
func (p *Provider) recover(w http.ResponseWriter, r *http.Request) {
	if !p.throttle(w, r) {
		return
	}
	var in RecoverInput
	if !decode(w, r, &in) {
		return
	}
	if in.Email == "" {
		fail(w, http.StatusBadRequest, "validation_failed", "Password recovery requires an email")
		return
	}
	email, err := users.NormalizeEmail(in.Email)
	if err != nil {
		fail(w, http.StatusBadRequest, "validation_failed", "Unable to validate email address: invalid format")
		return
	}
	if !p.takeMailLimit(w, r, purposeRecovery, email) {
		return
	}
	u, err := p.Users.ByEmail(r.Context(), email)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		writeJSON(w, http.StatusOK, struct{}{})
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	p.mailCode(r, u.ID, purposeRecovery, u.Email, "")
	writeJSON(w, http.StatusOK, struct{}{})
}

// mailCode has a new code stored and mailed to the address (in the
// background, see mailNewCode), to the redirect_to the request names;
// pwHash as for saveCode.
func (p *Provider) mailCode(r *http.Request, userID string, pur purpose, to, pwHash string) {
	p.mailNewCode(r.Context(), userID, pur, to, pwHash, p.redirectTarget(r.URL.Query().Get("redirect_to")))
}

// VerifyInput is GoTrue's POST /verify body (auth-js verifyOtp): a type
// and either the mailed code with the address it was sent to, or the
// link's token_hash alone.
type VerifyInput struct {
	Type       string `json:"type"`
	Token      string `json:"token"`
	TokenHash  string `json:"token_hash"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	RedirectTo string `json:"redirect_to"`
}

const (
	msgBadCode = "Token has expired or is invalid"
	msgBadLink = "Email link is invalid or has expired"
)

// verifyPost redeems a mailed code and answers with a new session, as
// GoTrue: a recovery code signs the user in so that the password can be
// changed with PUT /user; a sign-up code confirms the address; an
// email-change code moves the account to the new address.
func (p *Provider) verifyPost(w http.ResponseWriter, r *http.Request) {
	if !p.throttle(w, r) {
		return
	}
	var in VerifyInput
	if !decode(w, r, &in) {
		return
	}
	bad := func(msg string) { fail(w, http.StatusBadRequest, "validation_failed", msg) }
	switch {
	case in.Type == "":
		bad("Verify requires a verification type")
		return
	case (in.Token == "") == (in.TokenHash == ""):
		bad("Verify requires either a token or a token hash")
		return
	}
	ctx := r.Context()
	var find func(*sql.Tx) (*pendingCode, error)
	msg := msgBadCode
	if in.Token != "" {
		switch {
		case in.Phone != "" && in.Email == "":
			fail(w, http.StatusBadRequest, "phone_provider_disabled", "Phone logins are disabled")
			return
		case in.Email == "" || in.Phone != "":
			bad("Only an email address or phone number should be provided on verify")
			return
		}
		email, err := users.NormalizeEmail(in.Email)
		if err != nil {
			fail(w, http.StatusUnprocessableEntity, "validation_failed", "Invalid email format")
			return
		}
		ps, ok := verifyTypes[in.Type]
		if !ok {
			bad("Unsupported verification type")
			return
		}
		if !p.takeCodeLimit(w, r, email) {
			return
		}
		token := strings.TrimSpace(in.Token)
		find = func(tx *sql.Tx) (*pendingCode, error) { return p.consumeCode(ctx, tx, email, ps, token) }
	} else {
		if in.Email != "" || in.Phone != "" || in.RedirectTo != "" {
			bad("Only the token_hash and type should be provided")
			return
		}
		ps, ok := verifyTypes[in.Type]
		if !ok {
			bad("Invalid email verification type")
			return
		}
		msg = msgBadLink
		find = func(tx *sql.Tx) (*pendingCode, error) { return p.consumeLink(ctx, tx, in.TokenHash, ps) }
	}
	v, failure, err := p.redeem(ctx, find, msg)
	if err != nil {
		p.internal(w, r, err)
		return
	}
	if failure != nil {
		fail(w, failure.Code, failure.ErrorCode, failure.Msg)
		return
	}
	p.writeSession(w, r, v.user, v.session.ID, v.session.Refresh, v.session.Method, v.session.At)
}

// verifyGet is the mailed link: it redeems the link token and sends the
// browser on (303) to the allowed redirect_to or the site URL with the
// session in the fragment, which auth-js picks up (detectSessionInUrl),
// or with GoTrue's error fields there when the link is spent or expired.
func (p *Provider) verifyGet(w http.ResponseWriter, r *http.Request) {
	if !p.throttle(w, r) {
		return
	}
	q := r.URL.Query()
	typ, token := q.Get("type"), q.Get("token")
	if typ == "" {
		fail(w, http.StatusBadRequest, "validation_failed", "Verify requires a verification type")
		return
	}
	if token == "" {
		fail(w, http.StatusBadRequest, "validation_failed", "Verify requires a token or a token hash")
		return
	}
	target, _, _ := strings.Cut(p.redirectTarget(q.Get("redirect_to")), "#")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	ps, ok := verifyTypes[typ]
	if !ok {
		redirectError(w, r, target, &authError{http.StatusBadRequest, "validation_failed", "Invalid email verification type"})
		return
	}
	v, failure, err := p.redeem(r.Context(), func(tx *sql.Tx) (*pendingCode, error) {
		return p.consumeLink(r.Context(), tx, token, ps)
	}, msgBadLink)
	if err != nil {
		p.internal(w, r, err)
		return
	}
	if failure != nil {
		redirectError(w, r, target, failure)
		return
	}
	body, err := p.sessionBody(v.user, v.session.ID, v.session.Refresh, v.session.Method, v.session.At)
	if err != nil {
		p.internal(w, r, err)
		return
	}
	frag := url.Values{
		"access_token": {body.AccessToken}, "token_type": {body.TokenType},
		"expires_in": {strconv.Itoa(body.ExpiresIn)}, "expires_at": {strconv.FormatInt(body.ExpiresAt, 10)},
		"refresh_token": {body.RefreshToken}, "type": {typ}, "sb": {""},
	}
	http.Redirect(w, r, target+"#"+frag.Encode(), http.StatusSeeOther)
}

// redirectError sends the browser to target with GoTrue's error fields in
// the fragment.
func redirectError(w http.ResponseWriter, r *http.Request, target string, e *authError) {
	oauth := map[int]string{http.StatusBadRequest: "invalid_request", http.StatusForbidden: "access_denied",
		http.StatusUnprocessableEntity: "invalid_request"}
	frag := url.Values{"error_code": {e.ErrorCode}, "error_description": {e.Msg}, "sb": {""}}
	if s, ok := oauth[e.Code]; ok {
		frag.Set("error", s)
	}
	http.Redirect(w, r, target+"#"+frag.Encode(), http.StatusSeeOther)
}

// verified is a redeemed code: the user and the session it started.
type verified struct {
	user    *users.User
	session newSession
}

// redeem, in one transaction, takes the code that find locates (nil:
// none, answered 403 otp_expired with msg), applies it and starts a
// session: a sign-up or recovery code confirms the address (as GoTrue, a
// recovery proves the mailbox too), an email-change code moves the
// account to the new address (422 email_exists if another account took it
// meanwhile; the code then stays).
func (p *Provider) redeem(ctx context.Context, find func(*sql.Tx) (*pendingCode, error), msg string) (*verified, *authError, error) {
	var out *verified
	var failure *authError
	err := p.DB.Tx(ctx, func(tx *sql.Tx) error {
		c, err := find(tx)
		if err != nil {
			return err
		}
		if c == nil {
			failure = &authError{http.StatusForbidden, "otp_expired", msg}
			return nil // commit: failed attempts are counted
		}
		now := p.DB.Now()
		switch c.Purpose {
		case purposeSignup, purposeRecovery:
			if c.pwHash != "" {
				if err := p.Users.SetPasswordHash(ctx, tx, c.UserID, c.pwHash, now); err != nil {
					return err
				}
			}
			err = p.Users.ConfirmEmail(ctx, tx, c.UserID, now)
		case purposeEmailChange:
			err = p.Users.ChangeEmail(ctx, tx, c.UserID, c.Email, now)
			if errors.Is(err, users.ErrEmailTaken) {
				failure = &authError{http.StatusUnprocessableEntity, "email_exists", "A user with this email address has already been registered"}
				return errStop
			}
			if err == nil {
				err = clearCodes(ctx, tx, c.UserID)
			}
		}
		if err != nil {
			return err
		}
		u, err := users.ByIDTx(ctx, tx, c.UserID, "")
		if err != nil {
			return err
		}
		s, err := p.startSession(ctx, tx, c.UserID, methodOTP)
		if err != nil {
			return err
		}
		u.LastSignInAt = &s.At
		out = &verified{user: u, session: s}
		return nil
	})
	if errors.Is(err, errStop) {
		err = nil
	}
	return out, failure, err
}

// ResendInput is GoTrue's POST /resend body (auth-js resend) for the
// email types: a new sign-up confirmation, or a new code for a pending
// email change (email is then the account's current address).
type ResendInput struct {
	Type  string `json:"type"`
	Email string `json:"email"`
	Phone string `json:"phone"`
}

// resend mails a new code when there is something to confirm, and answers
// 200 {} either way.
func (p *Provider) resend(w http.ResponseWriter, r *http.Request) {
	if !p.throttle(w, r) {
		return
	}
	var in ResendInput
	if !decode(w, r, &in) {
		return
	}
	pur := purpose(in.Type)
	if pur != purposeSignup && pur != purposeEmailChange {
		fail(w, http.StatusBadRequest, "validation_failed", "Missing one of these types: signup, email_change, sms, phone_change")
		return
	}
	if in.Email == "" {
		fail(w, http.StatusBadRequest, "validation_failed", "Type provided requires an email address")
		return
	}
	email, err := users.NormalizeEmail(in.Email)
	if err != nil {
		fail(w, http.StatusBadRequest, "validation_failed", "Unable to validate email address: invalid format")
		return
	}
	if !p.takeMailLimit(w, r, pur, email) {
		return
	}
	u, err := p.Users.ByEmail(r.Context(), email)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		writeJSON(w, http.StatusOK, struct{}{})
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	to := ""
	switch pur {
	case purposeSignup:
		if u.EmailConfirmedAt == nil {
			to = u.Email
		}
	case purposeEmailChange:
		if to, _, err = p.pendingEmailChange(r.Context(), p.DB.R, u.ID); err != nil {
			p.internal(w, r, err)
			return
		}
	}
	if to != "" {
		p.mailCode(r, u.ID, pur, to, "")
	}
	writeJSON(w, http.StatusOK, struct{}{})
}
