package identity

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/users"
)

const (
	msgBadCode = "Token has expired or is invalid"
	msgBadLink = "Email link is invalid or has expired"
)

// Recover mails a recovery code and link (to redirectTo, when allowed) to
// the address when it has an account; the answer is the same either way.
func (s *Service) Recover(ctx context.Context, in RecoverInput, redirectTo string) error {
	if in.Email == "" {
		return invalid("Password recovery requires an email")
	}
	return s.mailIfAccount(ctx, purposeRecovery, in.Email, redirectTo, func(u *users.User) (string, error) {
		return u.Email, nil
	})
}

// Resend mails a new code when there is something to confirm: a sign-up
// not yet confirmed, or a pending email change (mailed to the new
// address); the answer is the same either way.
func (s *Service) Resend(ctx context.Context, in ResendInput, redirectTo string) error {
	pur := purpose(in.Type)
	if pur != purposeSignup && pur != purposeEmailChange {
		return invalid("Missing one of these types: signup, email_change, sms, phone_change")
	}
	if in.Email == "" {
		return invalid("Type provided requires an email address")
	}
	return s.mailIfAccount(ctx, pur, in.Email, redirectTo, func(u *users.User) (string, error) {
		if pur == purposeSignup {
			if u.EmailConfirmedAt != nil {
				return "", nil
			}
			return u.Email, nil
		}
		to, _, err := pendingEmailChange(ctx, s.DB.R, u.ID, s.DB.Now())
		return to, err
	})
}

// mailIfAccount counts one mail of the kind to the address and, when the
// address has an account and to names where a mail is due ("" for
// nowhere), has a new code stored and mailed there in the background
// (mailNewCode): the caller's answer and its timing are the same whether
// or not the address has an account.
func (s *Service) mailIfAccount(ctx context.Context, pur purpose, address, redirectTo string, to func(*users.User) (string, error)) error {
	email, err := users.NormalizeEmail(address)
	if err != nil {
		return errBadEmail
	}
	if err := s.takeMailLimit(ctx, pur, email); err != nil {
		return err
	}
	u, err := s.Users.ByEmail(ctx, email)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	addr, err := to(u)
	if err != nil || addr == "" {
		return err
	}
	s.mailNewCode(ctx, u.ID, pur, addr, "", s.redirectTarget(redirectTo))
	return nil
}

// findCode locates, inside redeem's transaction, the code a verification
// names (nil: none).
type findCode func(*sql.Tx) (*pendingCode, error)

// Verify redeems a mailed code, or a link's token_hash, and starts a
// session, as GoTrue: a recovery code signs the user in so that the
// password can be changed with PUT /user; a sign-up code confirms the
// address; an email-change code moves the account to the new address.
func (s *Service) Verify(ctx context.Context, in VerifyInput) (*SessionBody, error) {
	switch {
	case in.Type == "":
		return nil, invalid("Verify requires a verification type")
	case (in.Token == "") == (in.TokenHash == ""):
		return nil, invalid("Verify requires either a token or a token hash")
	case in.Token == "":
		if in.Email != "" || in.Phone != "" || in.RedirectTo != "" {
			return nil, invalid("Only the token_hash and type should be provided")
		}
		return s.VerifyLink(ctx, in.Type, in.TokenHash)
	case in.Phone != "" && in.Email == "":
		return nil, errPhoneDisabled
	case in.Email == "" || in.Phone != "":
		return nil, invalid("Only an email address or phone number should be provided on verify")
	}
	email, err := users.NormalizeEmail(in.Email)
	if err != nil {
		return nil, refuse(http.StatusUnprocessableEntity, "validation_failed", "Invalid email format")
	}
	ps, ok := verifyTypes[in.Type]
	if !ok {
		return nil, invalid("Unsupported verification type")
	}
	if err := s.takeCodeLimit(ctx, email); err != nil {
		return nil, err
	}
	token := strings.TrimSpace(in.Token)
	return s.redeem(ctx, func(tx *sql.Tx) (*pendingCode, error) { return s.consumeCode(ctx, tx, email, ps, token) }, msgBadCode)
}

// VerifyLink redeems a mailed link's token (the token_hash of GoTrue's
// API) of the verification type and starts a session.
func (s *Service) VerifyLink(ctx context.Context, typ, tokenHash string) (*SessionBody, error) {
	ps, ok := verifyTypes[typ]
	if !ok {
		return nil, invalid("Invalid email verification type")
	}
	return s.redeem(ctx, func(tx *sql.Tx) (*pendingCode, error) { return s.consumeLink(ctx, tx, tokenHash, ps) }, msgBadLink)
}

// redeem, in one transaction, takes the code that find locates (nil:
// none, refused 403 otp_expired with msg, and committed: failed attempts
// are counted), applies it and starts a session: a sign-up or recovery
// code confirms the address (as GoTrue, a recovery proves the mailbox
// too), an email-change code moves the account to the new address (422
// email_exists if another account took it meanwhile; the transaction then
// rolls back and the code stays). Lock order: the code rows found (and,
// for an email change, the account's other codes), then the users row,
// then the new session's rows: the same as UpdateUser's, so the two never
// deadlock.
func (s *Service) redeem(ctx context.Context, find findCode, msg string) (*SessionBody, error) {
	var refusal error
	var u *users.User
	var ns newSession
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		c, err := find(tx)
		if err != nil {
			return err
		}
		if c == nil {
			refusal = refuse(http.StatusForbidden, "otp_expired", msg)
			return nil
		}
		if err := s.applyCode(ctx, tx, c); err != nil {
			return err
		}
		if u, err = users.ByIDTx(ctx, tx, c.UserID, ""); err != nil {
			return err
		}
		ns, err = s.startSession(ctx, tx, c.UserID, methodOTP)
		return err
	})
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return nil, refusal
	}
	u.LastSignInAt = &ns.At
	return s.sessionBody(u, ns.ID, ns.Refresh, ns.Method, ns.At)
}

// applyCode makes the change a redeemed code stands for, in tx.
func (s *Service) applyCode(ctx context.Context, tx *sql.Tx, c *pendingCode) error {
	now := s.DB.Now()
	switch c.Purpose {
	case purposeSignup, purposeRecovery:
		if c.pwHash != "" {
			if err := s.Users.SetPasswordHash(ctx, tx, c.UserID, c.pwHash, now); err != nil {
				return err
			}
		}
		return s.Users.ConfirmEmail(ctx, tx, c.UserID, now)
	case purposeEmailChange:
		// The account's other codes are deleted below: lock them before
		// the users row, as UpdateUser does.
		if err := lockAccountCodes(ctx, tx, c.UserID, s.DB.ForUpdate()); err != nil {
			return err
		}
		err := s.Users.ChangeEmail(ctx, tx, c.UserID, c.Email, now)
		if errors.Is(err, users.ErrEmailTaken) {
			return errEmailExists
		}
		if err != nil {
			return err
		}
		return clearCodes(ctx, tx, c.UserID)
	}
	return nil
}
