package identity

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/users"
)

// signupInput is GoTrue's sign-up body (auth-js signUp).
type signupInput struct {
	Email    string          `json:"email"`
	Password string          `json:"password"`
	Data     json.RawMessage `json:"data"`
	Phone    string          `json:"phone"`
}

func (p *Provider) signup(w http.ResponseWriter, r *http.Request) {
	if p.DisableSignup {
		fail(w, http.StatusUnprocessableEntity, "signup_disabled", "Signups not allowed for this instance")
		return
	}
	if !p.throttle(w, r) {
		return
	}
	var in signupInput
	if !decode(w, r, &in) {
		return
	}
	if in.Phone != "" && in.Email == "" {
		fail(w, http.StatusBadRequest, "phone_provider_disabled", "Phone signups are disabled")
		return
	}
	email, err := users.NormalizeEmail(in.Email)
	if err != nil {
		fail(w, http.StatusBadRequest, "validation_failed", "Unable to validate email address: invalid format")
		return
	}
	if in.Password == "" {
		fail(w, http.StatusBadRequest, "validation_failed", "Signup requires a valid password")
		return
	}
	if !checkNewPassword(w, in.Password) {
		return
	}
	meta := "{}"
	if len(in.Data) > 0 && in.Data[0] == '{' {
		meta = string(in.Data)
	}
	fullName := ""
	var m map[string]any
	if json.Unmarshal([]byte(meta), &m) == nil {
		fullName, _ = m["full_name"].(string)
	}
	n := users.NewUser{Email: email, Password: in.Password, FullName: fullName, UserMetadata: meta}
	if p.RequireEmailConfirmation {
		p.signupUnconfirmed(w, r, n, m)
		return
	}
	u, err := p.Users.Create(r.Context(), n)
	if hashingBusy(w, err) {
		return
	}
	if errors.Is(err, users.ErrEmailTaken) {
		fail(w, http.StatusUnprocessableEntity, "user_already_exists", "User already registered")
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	p.issue(w, r, u, methodPassword)
}

// checkNewPassword answers GoTrue's 422 weak_password for a password that
// may not be set, and reports whether it may.
func checkNewPassword(w http.ResponseWriter, pw string) bool {
	if err := users.CheckPassword(pw); err != nil {
		msg := err.Error()
		fail(w, http.StatusUnprocessableEntity, "weak_password", strings.ToUpper(msg[:1])+msg[1:])
		return false
	}
	return true
}

// signupUnconfirmed is sign-up when addresses must be confirmed, as GoTrue
// with mailer_autoconfirm off: a new account is created unconfirmed and
// mailed a code; an unconfirmed one is mailed a new code, and the password
// this sign-up chose replaces the account's only when that code is
// redeemed (the caller has not shown they own the address; whoever
// signed up first with someone else's address loses it when the owner
// confirms); for a confirmed one nothing is sent. All three answer 200 with a user object and no session,
// the last with a made-up id and no identities (GoTrue's obfuscated user),
// and all three hash the password and count against the address's mail
// limit, so neither the answer nor its timing tells whether the address
// has an account.
func (p *Provider) signupUnconfirmed(w http.ResponseWriter, r *http.Request, n users.NewUser, meta map[string]any) {
	ctx := r.Context()
	if !p.takeMailLimit(w, r, purposeSignup, n.Email) {
		return
	}
	existing, err := p.Users.ByEmail(ctx, n.Email)
	if err != nil && !apperr.HasCode(err, apperr.CodeNotFound) {
		p.internal(w, r, err)
		return
	}
	if existing != nil {
		// The hash a new account costs, also where it is not kept.
		hash, err := p.Users.HashPassword(ctx, n.Password)
		if hashingBusy(w, err) {
			return
		}
		if err != nil {
			p.internal(w, r, err)
			return
		}
		if existing.EmailConfirmedAt != nil {
			writeJSON(w, http.StatusOK, obfuscatedUser(n.Email, meta, p.DB.Now()))
			return
		}
		p.mailConfirmation(w, r, existing, hash)
		return
	}
	n.Unconfirmed = true
	u, err := p.Users.Create(ctx, n)
	if hashingBusy(w, err) {
		return
	}
	if errors.Is(err, users.ErrEmailTaken) { // signed up concurrently
		writeJSON(w, http.StatusOK, obfuscatedUser(n.Email, meta, p.DB.Now()))
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	p.mailConfirmation(w, r, u, "")
}

// mailConfirmation has a new sign-up code stored for the unconfirmed user
// and mailed, and answers with the user. pwHash is the password of a
// repeated sign-up, set only if this code is redeemed.
func (p *Provider) mailConfirmation(w http.ResponseWriter, r *http.Request, u *users.User, pwHash string) {
	p.mailCode(r, u.ID, purposeSignup, u.Email, pwHash)
	now := p.DB.Now()
	writeJSON(w, http.StatusOK, userJSON(u, pending{ConfirmationSentAt: &now}))
}

// obfuscatedUser is GoTrue's answer to a sign-up for an address that is
// already confirmed: an unconfirmed-looking user that exists nowhere.
func obfuscatedUser(email string, meta map[string]any, now time.Time) map[string]any {
	if meta == nil {
		meta = map[string]any{}
	}
	return map[string]any{
		"id": uuid.NewString(), "aud": "authenticated", "role": "", "email": email, "phone": "",
		"confirmation_sent_at": now, "app_metadata": map[string]any{"provider": "email", "providers": []string{"email"}},
		"user_metadata": meta, "identities": []any{}, "created_at": now, "updated_at": now, "is_anonymous": false,
	}
}
