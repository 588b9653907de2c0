package identity_test

import (
	"strings"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
)

// TestSettingsReflectFlags: /settings shows disable_signup and
// mailer_autoconfirm as configured.
func TestSettingsReflectFlags(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		r := expectAuth(t, s.Do(t, "GET", "/auth/v1/settings", "", nil), 200, "")
		if r.Body["disable_signup"] != false || r.Body["mailer_autoconfirm"] != true || apitest.Dig(r.Body, "external", "email") != true {
			t.Fatalf("default settings: %s", r.Raw)
		}
		s2 := apitest.Start(t, store, func(c *app.Config) { c.DisableSignup, c.RequireEmailConfirmation = true, true })
		r = expectAuth(t, s2.Do(t, "GET", "/auth/v1/settings", "", nil), 200, "")
		if r.Body["disable_signup"] != true || r.Body["mailer_autoconfirm"] != false {
			t.Fatalf("settings with the flags: %s", r.Raw)
		}
	})
}

// TestSignupDisabled: sign-up answers GoTrue's 422 signup_disabled, while
// existing accounts still sign in and recover their password.
func TestSignupDisabled(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) { c.DisableSignup = true })
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": "new@example.com", "password": "secret-pw"}), 422, "signup_disabled")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", `{}`), 422, "signup_disabled")
		u := s.NewUser(t, auth.RoleUser)
		expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": u.Email}), 200, "")
		m := waitMail(t, s, u.Email, 1)
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "recovery", "email": u.Email, "token": m.Code}), 200, "")
	})
}

// TestUpdateUser: PUT /user changes metadata, password and email with
// GoTrue's rules and errors.
func TestUpdateUser(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		u := s.NewUser(t, auth.RoleUser)
		other := s.NewUser(t, auth.RoleUser)
		put := func(tok string, body any) *apitest.Resp { return s.Do(t, "PUT", "/auth/v1/user", tok, body) }

		// Browsers on other origins may send it (CORS preflight).
		pre := s.Do(t, "OPTIONS", "/auth/v1/user", "", nil, "Origin", "https://app.example.com", "Access-Control-Request-Method", "PUT")
		if pre.Status != 204 || !strings.Contains(pre.Header.Get("Access-Control-Allow-Methods"), "PUT") {
			t.Fatalf("preflight for PUT /auth/v1/user: %d %v", pre.Status, pre.Header)
		}
		expectAuth(t, put("", map[string]any{"data": map[string]any{"a": 1}}), 401, "no_authorization")
		expectAuth(t, put("not-a-jwt", map[string]any{"data": map[string]any{"a": 1}}), 403, "bad_jwt")
		for _, c := range []struct {
			name   string
			body   any
			status int
			code   string
		}{
			{"not JSON", `{"data":`, 400, "validation_failed"},
			{"data not an object", `{"data":[1,2]}`, 400, "validation_failed"},
			{"bad email", map[string]any{"email": "not an address"}, 400, "validation_failed"},
			{"short password", map[string]any{"password": "abc"}, 422, "weak_password"},
			{"empty password", map[string]any{"password": ""}, 422, "weak_password"},
			{"password over 72 bytes", map[string]any{"password": strings.Repeat("p", 73)}, 422, "weak_password"},
			{"same password", map[string]any{"password": u.Password}, 422, "same_password"},
			{"app_metadata", map[string]any{"app_metadata": map[string]any{"genie_role": "internal_admin"}}, 403, "not_admin"},
			{"phone", map[string]any{"phone": "+15555550100"}, 400, "phone_provider_disabled"},
			{"email of another account", map[string]any{"email": strings.ToUpper(other.Email)}, 422, "email_exists"},
		} {
			t.Run(c.name, func(t *testing.T) { expectAuth(t, put(u.Token, c.body), c.status, c.code) })
		}

		// Metadata: merged, null removes a key, full_name follows.
		r := expectAuth(t, put(u.Token, map[string]any{"data": map[string]any{"full_name": "Ada L", "plan": "pro", "n": 1}}), 200, "")
		if apitest.Str(r.Body, "user_metadata", "full_name") != "Ada L" || apitest.Str(r.Body, "user_metadata", "plan") != "pro" || r.Body["id"] != u.ID {
			t.Fatalf("metadata update: %s", r.Raw)
		}
		r = expectAuth(t, put(u.Token, map[string]any{"data": map[string]any{"plan": nil}}), 200, "")
		if md := r.Body["user_metadata"].(map[string]any); md["plan"] != nil || md["full_name"] != "Ada L" || md["n"] != 1.0 {
			t.Fatalf("metadata after removing a key: %s", r.Raw)
		}
		expectAuth(t, put(u.Token, `{}`), 200, "")

		// Password: a second session (another device) ends, this one stays;
		// the old password stops working.
		otherDevice, _ := s.SignIn(t, u.Email, u.Password)
		expectAuth(t, put(u.Token, map[string]any{"password": "a brand new password"}), 200, "")
		expectAuth(t, s.Do(t, "GET", "/auth/v1/user", u.Token, nil), 200, "")
		expectAuth(t, s.Do(t, "GET", "/auth/v1/user", otherDevice, nil), 403, "session_not_found")
		s.Call(t, otherDevice, "api-keys", "list", "", nil).Expect(t, 401, "INVALID_TOKEN")
		expectAuth(t, signIn(t, s, u.Email, u.Password), 400, "invalid_credentials")
		expectAuth(t, signIn(t, s, u.Email, "a brand new password"), 200, "")

		// Email: the change waits for the code mailed to the new address.
		newEmail := "moved-" + u.Email
		r = expectAuth(t, put(u.Token, map[string]any{"email": newEmail}), 200, "")
		if r.Body["email"] != u.Email || r.Body["new_email"] != newEmail || r.Body["email_change_sent_at"] == nil {
			t.Fatalf("email change request: %s", r.Raw)
		}
		if g := expectAuth(t, s.Do(t, "GET", "/auth/v1/user", u.Token, nil), 200, ""); g.Body["new_email"] != newEmail {
			t.Fatalf("get user during an email change: %s", g.Raw)
		}
		m := waitMail(t, s, newEmail, 1)
		if !strings.Contains(m.Subject, "new") || !strings.Contains(m.Link, "type=email_change") {
			t.Fatalf("email change mail: %q %q", m.Subject, m.Link)
		}
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "email_change", "email": u.Email, "token": m.Code}), 403, "otp_expired")
		v := expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "email_change", "email": newEmail, "token": m.Code}), 200, "")
		if apitest.Str(v.Body, "user", "email") != newEmail || apitest.Str(v.Body, "access_token") == "" || apitest.Str(v.Body, "user", "id") != u.ID {
			t.Fatalf("verify email change: %s", v.Raw)
		}
		expectAuth(t, signIn(t, s, u.Email, "a brand new password"), 400, "invalid_credentials")
		expectAuth(t, signIn(t, s, newEmail, "a brand new password"), 200, "")
		if g := expectAuth(t, s.Do(t, "GET", "/auth/v1/user", u.Token, nil), 200, ""); g.Body["new_email"] != nil || g.Body["email"] != newEmail {
			t.Fatalf("user after the email change: %s", g.Raw)
		}

		// An address taken between the request and the confirmation.
		wanted := "wanted@example.com"
		expectAuth(t, put(other.Token, map[string]any{"email": wanted}), 200, "")
		wm := waitMail(t, s, wanted, 1)
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": wanted, "password": "first-come"}), 200, "")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "email_change", "email": wanted, "token": wm.Code}), 422, "email_exists")
		if g := expectAuth(t, s.Do(t, "GET", "/auth/v1/user", other.Token, nil), 200, ""); g.Body["email"] != other.Email {
			t.Fatalf("the account moved to a taken address: %s", g.Raw)
		}
	})
}

// TestEmailConfirmation: with confirmation required, sign-up mails a code
// and gives no session; sign-in is refused until the code is verified.
func TestEmailConfirmation(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		s := apitest.Start(t, store, apitest.WithClock(clock), func(c *app.Config) { c.RequireEmailConfirmation = true })
		email, pw := "confirm-me@example.com", "confirm-password"
		r := expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]any{"email": email, "password": pw, "data": map[string]string{"full_name": "C M"}}), 200, "")
		if r.Body["access_token"] != nil || r.Body["email"] != email || r.Body["email_confirmed_at"] != nil || r.Body["confirmation_sent_at"] == nil {
			t.Fatalf("unconfirmed sign-up: %s", r.Raw)
		}
		id := apitest.Str(r.Body, "id")
		expectAuth(t, signIn(t, s, email, "wrong password"), 400, "invalid_credentials")
		expectAuth(t, signIn(t, s, email, pw), 400, "email_not_confirmed")
		m := waitMail(t, s, email, 1)
		if !strings.Contains(m.Link, "type=signup") || !strings.Contains(m.Subject, "Confirm") {
			t.Fatalf("confirmation mail: %q %q", m.Subject, m.Link)
		}
		// Sign-up again before confirming, within the mail interval: 429.
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": email, "password": pw}), 429, "over_email_send_rate_limit")
		v := expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "signup", "email": email, "token": m.Code}), 200, "")
		if apitest.Str(v.Body, "user", "id") != id || apitest.Str(v.Body, "user", "email_confirmed_at") == "" || apitest.Str(v.Body, "access_token") == "" {
			t.Fatalf("verify signup: %s", v.Raw)
		}
		expectAuth(t, signIn(t, s, email, pw), 200, "")

		// A sign-up for a confirmed address: a made-up user, no mail.
		other := s.NewUser(t, auth.RoleUser)
		r = expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": other.Email, "password": "whatever-pw"}), 200, "")
		if r.Body["id"] == other.ID || r.Body["access_token"] != nil || len(r.Body["identities"].([]any)) != 0 {
			t.Fatalf("sign-up for a confirmed address: %s", r.Raw)
		}
		if n := pendingCodes(t, s, other.Email); n != 0 {
			t.Fatalf("%d codes for a confirmed address", n)
		}
		expectAuth(t, signIn(t, s, other.Email, "whatever-pw"), 400, "invalid_credentials")

		// Resend: a new code for an unconfirmed address; {} for others.
		email2 := "second@example.com"
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": email2, "password": pw}), 200, "")
		first := waitMail(t, s, email2, 1)
		clock.Advance(time.Minute) // past the mail interval
		expectAuth(t, s.Do(t, "POST", "/auth/v1/resend", "", map[string]string{"type": "signup", "email": email2}), 200, "")
		second := waitMail(t, s, email2, 2)
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "signup", "email": email2, "token": first.Code}), 403, "otp_expired")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "signup", "token_hash": second.TokenHash(t)}), 200, "")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/resend", "", map[string]string{"type": "signup", "email": "nobody@example.com"}), 200, "")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/resend", "", map[string]string{"type": "sms", "email": email2}), 400, "validation_failed")

		// Someone signs up with another person's address; the owner signs
		// up later and confirms: the owner's password holds, not theirs.
		taken := "taken@example.com"
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": taken, "password": "squatter-pw"}), 200, "")
		waitMail(t, s, taken, 1)
		clock.Advance(time.Minute)
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": taken, "password": "owner-pw"}), 200, "")
		om := waitMail(t, s, taken, 2)
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "signup", "email": taken, "token": om.Code}), 200, "")
		expectAuth(t, signIn(t, s, taken, "squatter-pw"), 400, "invalid_credentials")
		expectAuth(t, signIn(t, s, taken, "owner-pw"), 200, "")

		// Recovery confirms an unconfirmed address too (as GoTrue).
		email3 := "third@example.com"
		expectAuth(t, s.Do(t, "POST", "/auth/v1/signup", "", map[string]string{"email": email3, "password": pw}), 200, "")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/recover", "", map[string]string{"email": email3}), 200, "")
		waitMail(t, s, email3, 2)
		rm := waitMailOfType(t, s, email3, "recovery")
		expectAuth(t, s.Do(t, "POST", "/auth/v1/verify", "", map[string]string{"type": "recovery", "email": email3, "token": rm.Code}), 200, "")
		expectAuth(t, signIn(t, s, email3, pw), 200, "")
	})
}
