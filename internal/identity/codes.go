package identity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/big"
	"time"
)

// purpose is what a one-time code is for.
type purpose string

const (
	purposeRecovery    purpose = "recovery"
	purposeSignup      purpose = "signup"
	purposeEmailChange purpose = "email_change"
)

// DefaultOTPTTL is how long a mailed code and link stay valid.
const DefaultOTPTTL = time.Hour

// maxCodeAttempts is how many wrong codes a pending code survives: a
// six-digit code then cannot be guessed by trying, even slowly.
const maxCodeAttempts = 5

// codeDigits is the length of the code typed by the user (GoTrue's
// mailer_otp_length default).
const codeDigits = 6

// verifyTypes maps each verification type of the GoTrue API to the
// purposes a code may have for it ("email" is either a sign-up or a
// recovery code, "magiclink" a recovery code, as in GoTrue).
var verifyTypes = map[string][]purpose{
	"recovery":     {purposeRecovery},
	"magiclink":    {purposeRecovery},
	"signup":       {purposeSignup},
	"email":        {purposeSignup, purposeRecovery},
	"email_change": {purposeEmailChange},
}

// secret is a freshly issued code and link token, shown once (in the mail)
// and stored only as hashes.
type secret struct {
	Code      string // six digits
	TokenHash string // 64 hex digits: GoTrue's token_hash, opaque to clients
}

func newSecret() secret {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	b := make([]byte, 32)
	rand.Read(b)
	return secret{Code: fmt.Sprintf("%0*d", codeDigits, n.Int64()), TokenHash: hex.EncodeToString(b)}
}

// codeHash binds a code to its account and purpose, so that equal codes of
// two accounts hash differently.
func codeHash(userID string, p purpose, code string) string {
	s := sha256.Sum256([]byte("genie-otp\x00" + string(p) + "\x00" + userID + "\x00" + code))
	return hex.EncodeToString(s[:])
}

// pendingCode is a stored code that a verification may consume.
type pendingCode struct {
	UserID   string
	Purpose  purpose
	Email    string
	codeHash string
	linkHash string
	pwHash   string // a password to set on redemption, or ""
	attempts int
	expires  time.Time
}

// saveCode stores a new code for the account and purpose, replacing a
// pending one, and returns it. pwHash (sign-up codes only; "" for none)
// is a password to set when the code is redeemed; a new code without one
// keeps the pending code's.
func (s *Service) saveCode(ctx context.Context, tx *sql.Tx, userID string, pur purpose, email, pwHash string) (secret, error) {
	sec := newSecret()
	now := s.DB.Now()
	var pw *string
	if pwHash != "" {
		pw = &pwHash
	}
	c := &pendingCode{UserID: userID, Purpose: pur, Email: email, codeHash: codeHash(userID, pur, sec.Code),
		linkHash: hashToken(sec.TokenHash), expires: now.Add(s.otpTTL())}
	if err := upsertCode(ctx, tx, c, pw, now); err != nil {
		return secret{}, err
	}
	return sec, nil
}

// consumeCode finds the pending code sent to email for one of the
// purposes and, when code matches it, deletes it and returns it. A wrong
// code counts an attempt against every candidate (deleting those that used
// up their attempts), so the caller must commit even when nothing matched
// (nil). Expired codes never match. Every candidate is compared, in
// constant time.
func (s *Service) consumeCode(ctx context.Context, tx *sql.Tx, email string, ps []purpose, code string) (*pendingCode, error) {
	cands, err := lockCodes(ctx, tx, "email", email, ps, s.DB.ForUpdate())
	if err != nil {
		return nil, err
	}
	now := s.DB.Now()
	var match *pendingCode
	for i := range cands {
		c := &cands[i]
		ok := subtle.ConstantTimeCompare([]byte(codeHash(c.UserID, c.Purpose, code)), []byte(c.codeHash)) == 1
		if ok && now.Before(c.expires) && match == nil {
			match = c
		}
	}
	if match != nil {
		return match, deleteCode(ctx, tx, match.UserID, match.Purpose)
	}
	for _, c := range cands {
		if c.attempts+1 >= maxCodeAttempts || !now.Before(c.expires) {
			err = deleteCode(ctx, tx, c.UserID, c.Purpose)
		} else {
			err = countCodeAttempt(ctx, tx, c.UserID, c.Purpose)
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// consumeLink finds the pending code whose link token is tokenHash, for one
// of the purposes, and deletes it; it returns it when it has not expired
// (else nil).
func (s *Service) consumeLink(ctx context.Context, tx *sql.Tx, tokenHash string, ps []purpose) (*pendingCode, error) {
	h := hashToken(tokenHash)
	cands, err := lockCodes(ctx, tx, "link_hash", h, ps, s.DB.ForUpdate())
	if err != nil || len(cands) == 0 {
		return nil, err
	}
	c := &cands[0]
	// The row was found by this hash; comparing again costs nothing and
	// keeps every secret comparison constant-time.
	if subtle.ConstantTimeCompare([]byte(h), []byte(c.linkHash)) != 1 {
		return nil, nil
	}
	if err := deleteCode(ctx, tx, c.UserID, c.Purpose); err != nil {
		return nil, err
	}
	if !s.DB.Now().Before(c.expires) {
		return nil, nil
	}
	return c, nil
}

// Sweep deletes codes that expired (they can no longer be used; a
// pending one is replaced anyway by the next request).
func (s *Service) Sweep(ctx context.Context) error {
	return deleteExpiredCodes(ctx, s.DB.W, s.DB.Now())
}
