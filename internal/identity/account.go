package identity

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/users"
)

// updateUser is a checked UpdateUserInput.
type updateUser struct {
	newEmail string         // normalized, "" for no change
	data     map[string]any // nil for no change
	password *string
}

// check validates the input and returns what to change.
func (in UpdateUserInput) check() (*updateUser, error) {
	var out updateUser
	if in.Email != "" {
		e, err := users.NormalizeEmail(in.Email)
		if err != nil {
			return nil, errBadEmail
		}
		out.newEmail = e
	}
	if in.Phone != "" {
		return nil, errPhoneDisabled
	}
	if present(in.AppMetadata) {
		return nil, refuse(http.StatusForbidden, "not_admin", "Updating app_metadata requires admin privileges")
	}
	if present(in.Data) {
		if err := json.Unmarshal(in.Data, &out.data); err != nil || out.data == nil {
			return nil, invalid("data must be a JSON object")
		}
	}
	if in.Password != nil {
		if err := checkNewPassword(*in.Password); err != nil {
			return nil, err
		}
		out.password = in.Password
	}
	return &out, nil
}

// UpdateUser changes the caller's account (GoTrue's PUT /user) and
// returns the user object. A new password applies at once and, in the
// same transaction, ends the account's other sessions and its pending
// codes; a new email is mailed a code (after the commit) and applies when
// it is verified. Lock order: the account's codes (when the password or
// email changes), the users row, then sessions.
func (s *Service) UpdateUser(ctx context.Context, c *auth.Claims, in UpdateUserInput, redirectTo string) (map[string]any, error) {
	ch, err := in.check()
	if err != nil {
		return nil, err
	}
	u, err := s.Users.ByID(ctx, c.Subject)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return nil, errUserNotFound
	}
	if err != nil {
		return nil, err
	}
	if ch.newEmail == u.Email {
		ch.newEmail = ""
	}
	if ch.newEmail != "" {
		if err := s.emailFree(ctx, ch.newEmail, u.ID); err != nil {
			return nil, err
		}
		// Counted per current address, as POST /resend for an email change.
		if err := s.takeMailLimit(ctx, purposeEmailChange, cmp.Or(u.Email, u.ID)); err != nil {
			return nil, err
		}
	}
	hash, err := s.newPasswordHash(ctx, u, ch.password)
	if err != nil {
		return nil, err
	}
	var sec secret
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		sec, err = s.applyUpdate(ctx, tx, u.ID, c.SessionID, ch, hash)
		return err
	})
	if err != nil {
		return nil, err
	}
	if ch.newEmail != "" {
		s.sendCode(ctx, purposeEmailChange, ch.newEmail, sec, s.redirectTarget(redirectTo))
	}
	return s.User(ctx, u.ID)
}

// applyUpdate writes a checked update in tx, keeping the caller's session;
// it returns the code stored for a new email.
func (s *Service) applyUpdate(ctx context.Context, tx *sql.Tx, userID, sessionID string, ch *updateUser, hash string) (secret, error) {
	if ch.password != nil || ch.newEmail != "" {
		// The codes first, as a verification takes them (redeem).
		if err := lockAccountCodes(ctx, tx, userID, s.DB.ForUpdate()); err != nil {
			return secret{}, err
		}
	}
	cur, err := users.ByIDTx(ctx, tx, userID, s.DB.ForUpdate())
	if err != nil {
		return secret{}, err
	}
	now := s.DB.Now()
	if ch.data != nil {
		meta, fullName := mergeMetadata(cur, ch.data)
		if err := s.Users.SetMetadata(ctx, tx, userID, meta, fullName, now); err != nil {
			return secret{}, err
		}
	}
	if ch.password != nil {
		if err := s.Users.SetPasswordHash(ctx, tx, userID, hash, now); err != nil {
			return secret{}, err
		}
		// As GoTrue: whoever held the old password is signed out
		// everywhere but here, and mailed codes no longer apply.
		if err := clearCodes(ctx, tx, userID); err != nil {
			return secret{}, err
		}
		if err := revokeSessions(ctx, tx, userID, sessionID, now); err != nil {
			return secret{}, err
		}
	}
	if ch.newEmail == "" {
		return secret{}, nil
	}
	return s.saveCode(ctx, tx, userID, purposeEmailChange, ch.newEmail, "")
}

// emailFree refuses with GoTrue's 422 email_exists an address that
// another account has.
func (s *Service) emailFree(ctx context.Context, email, self string) error {
	other, err := s.Users.ByEmail(ctx, email)
	switch {
	case apperr.HasCode(err, apperr.CodeNotFound):
		return nil
	case err != nil:
		return err
	case other.ID != self:
		return errEmailExists
	}
	return nil
}

// newPasswordHash hashes a new password (nil: none, ""), refusing the
// current one with GoTrue's 422 same_password.
func (s *Service) newPasswordHash(ctx context.Context, u *users.User, pw *string) (string, error) {
	if pw == nil {
		return "", nil
	}
	if u.PasswordHash != "" {
		same, err := s.Users.VerifyPassword(ctx, u.PasswordHash, *pw)
		if err != nil {
			return "", err
		}
		if same {
			return "", refuse(http.StatusUnprocessableEntity, "same_password", "New password should be different from the old password.")
		}
	}
	return s.Users.HashPassword(ctx, *pw)
}
