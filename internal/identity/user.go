package identity

import (
	"cmp"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/users"
)

func (p *Provider) user(w http.ResponseWriter, r *http.Request) {
	claims, ok := p.bearerSession(w, r)
	if !ok {
		return
	}
	p.writeUser(w, r, claims.Subject)
}

// writeUser answers with the user object, pending email change included.
func (p *Provider) writeUser(w http.ResponseWriter, r *http.Request, id string) {
	u, err := p.Users.ByID(r.Context(), id)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		fail(w, http.StatusForbidden, "user_not_found", "User from sub claim in JWT does not exist")
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	var x pending
	if x.NewEmail, x.EmailChangeSentAt, err = p.pendingEmailChange(r.Context(), p.DB.R, id); err != nil {
		p.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, userJSON(u, x))
}

// UpdateUserInput is GoTrue's PUT /user body (auth-js updateUser). Absent
// fields stay as they are.
type UpdateUserInput struct {
	// Email asks to move the account to a new address; the change applies
	// once a code mailed there is verified (type email_change).
	Email string `json:"email"`
	// Password replaces the password at once; the caller's session stays,
	// every other session of the account ends and pending codes lapse.
	Password *string `json:"password"`
	// Data is merged into user_metadata: a key set to null is removed.
	Data        json.RawMessage `json:"data"`
	AppMetadata json.RawMessage `json:"app_metadata"`
	Phone       string          `json:"phone"`
	Nonce       string          `json:"nonce"`
}

func present(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

func (p *Provider) updateUser(w http.ResponseWriter, r *http.Request) {
	claims, ok := p.bearerSession(w, r)
	if !ok {
		return
	}
	var in UpdateUserInput
	if !decode(w, r, &in) {
		return
	}
	ctx := r.Context()
	newEmail := ""
	if in.Email != "" {
		e, err := users.NormalizeEmail(in.Email)
		if err != nil {
			fail(w, http.StatusBadRequest, "validation_failed", "Unable to validate email address: invalid format")
			return
		}
		newEmail = e
	}
	if in.Phone != "" {
		fail(w, http.StatusBadRequest, "phone_provider_disabled", "Phone logins are disabled")
		return
	}
	if present(in.AppMetadata) {
		fail(w, http.StatusForbidden, "not_admin", "Updating app_metadata requires admin privileges")
		return
	}
	var data map[string]any
	if present(in.Data) {
		if err := json.Unmarshal(in.Data, &data); err != nil || data == nil {
			fail(w, http.StatusBadRequest, "validation_failed", "data must be a JSON object")
			return
		}
	}
	if in.Password != nil && !checkNewPassword(w, *in.Password) {
		return
	}
	u, err := p.Users.ByID(ctx, claims.Subject)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		fail(w, http.StatusForbidden, "user_not_found", "User from sub claim in JWT does not exist")
		return
	}
	if err != nil {
		p.internal(w, r, err)
		return
	}
	if newEmail == u.Email {
		newEmail = ""
	}
	if newEmail != "" && !p.emailFree(w, r, newEmail, u.ID) {
		return
	}
	// Counted per current address, as POST /resend for an email change.
	if limitKey := cmp.Or(u.Email, u.ID); newEmail != "" && !p.takeMailLimit(w, r, purposeEmailChange, limitKey) {
		return
	}
	hash, ok := p.newPasswordHash(w, r, u, in.Password)
	if !ok {
		return
	}
	var sec secret
	err = p.DB.Tx(ctx, func(tx *sql.Tx) error {
		cur, err := users.ByIDTx(ctx, tx, u.ID, p.DB.ForUpdate())
		if err != nil {
			return err
		}
		now := p.DB.Now()
		if data != nil {
			meta, fullName := mergeMetadata(cur, data)
			if err := p.Users.SetMetadata(ctx, tx, u.ID, meta, fullName, now); err != nil {
				return err
			}
		}
		if in.Password != nil {
			if err := p.Users.SetPasswordHash(ctx, tx, u.ID, hash, now); err != nil {
				return err
			}
			// As GoTrue: whoever held the old password is signed out
			// everywhere but here, and mailed codes no longer apply.
			if err := clearCodes(ctx, tx, u.ID); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1 WHERE user_id = $2 AND id <> $3 AND revoked_at IS NULL`,
				now, u.ID, claims.SessionID); err != nil {
				return err
			}
		}
		if newEmail != "" {
			sec, err = p.saveCode(ctx, tx, u.ID, purposeEmailChange, newEmail, "")
		}
		return err
	})
	if err != nil {
		p.internal(w, r, err)
		return
	}
	if newEmail != "" {
		p.sendCode(ctx, purposeEmailChange, newEmail, sec, p.redirectTarget(r.URL.Query().Get("redirect_to")))
	}
	p.writeUser(w, r, u.ID)
}

// emailFree answers GoTrue's 422 email_exists when another account has the
// address, and reports whether it is free.
func (p *Provider) emailFree(w http.ResponseWriter, r *http.Request, email, self string) bool {
	other, err := p.Users.ByEmail(r.Context(), email)
	switch {
	case apperr.HasCode(err, apperr.CodeNotFound):
		return true
	case err != nil:
		p.internal(w, r, err)
		return false
	case other.ID != self:
		fail(w, http.StatusUnprocessableEntity, "email_exists", "A user with this email address has already been registered")
		return false
	}
	return true
}

// newPasswordHash hashes a new password (nil: none), refusing the current
// one with GoTrue's 422 same_password.
func (p *Provider) newPasswordHash(w http.ResponseWriter, r *http.Request, u *users.User, pw *string) (string, bool) {
	if pw == nil {
		return "", true
	}
	if u.PasswordHash != "" {
		same, err := p.Users.VerifyPassword(r.Context(), u.PasswordHash, *pw)
		if hashingBusy(w, err) {
			return "", false
		}
		if err != nil {
			p.internal(w, r, err)
			return "", false
		}
		if same {
			fail(w, http.StatusUnprocessableEntity, "same_password", "New password should be different from the old password.")
			return "", false
		}
	}
	hash, err := p.Users.HashPassword(r.Context(), *pw)
	if hashingBusy(w, err) {
		return "", false
	}
	if err != nil {
		p.internal(w, r, err)
		return "", false
	}
	return hash, true
}

// mergeMetadata applies GoTrue's user_metadata update: keys set to null
// are removed, others replaced. full_name follows the metadata's.
func mergeMetadata(u *users.User, data map[string]any) (meta, fullName string) {
	m := map[string]any{}
	json.Unmarshal([]byte(u.UserMetadata), &m) //nolint:errcheck // stored by us as an object
	for k, v := range data {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	b, _ := json.Marshal(m)
	fullName = u.FullName
	if v, ok := data["full_name"]; ok {
		fullName, _ = v.(string)
	}
	return string(b), fullName
}
