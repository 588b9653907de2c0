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
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
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

// saveCode stores a new code for the account and purpose, replacing a
// pending one, and returns it. pwHash (sign-up codes only; "" for none)
// is a password to set when the code is redeemed; a new code without one
// keeps the pending code's.
func (p *Provider) saveCode(ctx context.Context, tx *sql.Tx, userID string, pur purpose, email, pwHash string) (secret, error) {
	sec := newSecret()
	now := p.DB.Now()
	var pw *string
	if pwHash != "" {
		pw = &pwHash
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO auth_one_time_codes (user_id, purpose, email, code_hash, link_hash, password_hash, attempts, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8)
		ON CONFLICT (user_id, purpose) DO UPDATE SET email = excluded.email, code_hash = excluded.code_hash,
			link_hash = excluded.link_hash, password_hash = COALESCE(excluded.password_hash, auth_one_time_codes.password_hash),
			attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
		userID, string(pur), email, codeHash(userID, pur, sec.Code), hashToken(sec.TokenHash), pw, now, now.Add(p.otpTTL()))
	if err != nil {
		return secret{}, fmt.Errorf("identity: store code: %w", err)
	}
	return sec, nil
}

func (p *Provider) otpTTL() time.Duration {
	if p.OTPTTL > 0 {
		return p.OTPTTL
	}
	return DefaultOTPTTL
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

func (p *Provider) lockCodes(ctx context.Context, tx *sql.Tx, where string, args ...any) ([]pendingCode, error) {
	rows, err := tx.QueryContext(ctx, `SELECT user_id, purpose, email, code_hash, link_hash, COALESCE(password_hash, ''), attempts, expires_at
		FROM auth_one_time_codes WHERE `+where+` ORDER BY purpose, user_id`+p.DB.ForUpdate(), args...)
	if err != nil {
		return nil, fmt.Errorf("identity: load codes: %w", err)
	}
	defer rows.Close()
	var out []pendingCode
	for rows.Next() {
		var c pendingCode
		var pur string
		if err := rows.Scan(&c.UserID, &pur, &c.Email, &c.codeHash, &c.linkHash, &c.pwHash, &c.attempts, &c.expires); err != nil {
			return nil, err
		}
		c.Purpose = purpose(pur)
		out = append(out, c)
	}
	return out, rows.Err()
}

func purposeList(ps []purpose) (string, []any) {
	marks := make([]string, len(ps))
	args := make([]any, len(ps))
	for i, x := range ps {
		marks[i] = fmt.Sprintf("$%d", i+2)
		args[i] = string(x)
	}
	return "(" + strings.Join(marks, ", ") + ")", args
}

// consumeCode finds the pending code sent to email for one of the
// purposes and, when code matches it, deletes it and returns it. A wrong
// code counts an attempt against every candidate (deleting those that used
// up their attempts), so the caller must commit even when nothing matched.
// Expired codes never match.
func (p *Provider) consumeCode(ctx context.Context, tx *sql.Tx, email string, ps []purpose, code string) (*pendingCode, error) {
	in, args := purposeList(ps)
	cands, err := p.lockCodes(ctx, tx, `email = $1 AND purpose IN `+in, append([]any{email}, args...)...)
	if err != nil {
		return nil, err
	}
	now := p.DB.Now()
	var match *pendingCode
	for i := range cands {
		c := &cands[i]
		ok := subtle.ConstantTimeCompare([]byte(codeHash(c.UserID, c.Purpose, code)), []byte(c.codeHash)) == 1
		if ok && now.Before(c.expires) && match == nil {
			match = c
		}
	}
	if match != nil {
		return match, p.deleteCode(ctx, tx, match.UserID, match.Purpose)
	}
	for _, c := range cands {
		if c.attempts+1 >= maxCodeAttempts || !now.Before(c.expires) {
			err = p.deleteCode(ctx, tx, c.UserID, c.Purpose)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE auth_one_time_codes SET attempts = attempts + 1 WHERE user_id = $1 AND purpose = $2`,
				c.UserID, string(c.Purpose))
		}
		if err != nil {
			return nil, fmt.Errorf("identity: count code attempt: %w", err)
		}
	}
	return nil, nil
}

// consumeLink finds the pending code whose link token is tokenHash, for one
// of the purposes, and deletes and returns it when it has not expired.
func (p *Provider) consumeLink(ctx context.Context, tx *sql.Tx, tokenHash string, ps []purpose) (*pendingCode, error) {
	h := hashToken(tokenHash)
	in, args := purposeList(ps)
	cands, err := p.lockCodes(ctx, tx, `link_hash = $1 AND purpose IN `+in, append([]any{h}, args...)...)
	if err != nil || len(cands) == 0 {
		return nil, err
	}
	c := &cands[0]
	// The row was found by this hash; comparing again costs nothing and
	// keeps every secret comparison constant-time.
	if subtle.ConstantTimeCompare([]byte(h), []byte(c.linkHash)) != 1 {
		return nil, nil
	}
	if err := p.deleteCode(ctx, tx, c.UserID, c.Purpose); err != nil {
		return nil, err
	}
	if !p.DB.Now().Before(c.expires) {
		return nil, nil
	}
	return c, nil
}

func (p *Provider) deleteCode(ctx context.Context, tx *sql.Tx, userID string, pur purpose) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM auth_one_time_codes WHERE user_id = $1 AND purpose = $2`, userID, string(pur)); err != nil {
		return fmt.Errorf("identity: delete code: %w", err)
	}
	return nil
}

// clearCodes deletes every pending code of the account (after a password or
// email change, as GoTrue does: earlier mails no longer apply).
func clearCodes(ctx context.Context, tx *sql.Tx, userID string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM auth_one_time_codes WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("identity: clear codes: %w", err)
	}
	return nil
}

// pendingEmailChange returns the address an email change waits to confirm
// and when it was requested, if one is pending.
func (p *Provider) pendingEmailChange(ctx context.Context, q db.Querier, userID string) (string, *time.Time, error) {
	var email string
	var at time.Time
	err := q.QueryRowContext(ctx, `SELECT email, created_at FROM auth_one_time_codes WHERE user_id = $1 AND purpose = $2 AND expires_at > $3`,
		userID, string(purposeEmailChange), p.DB.Now()).Scan(&email, &at)
	if err == sql.ErrNoRows {
		return "", nil, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("identity: pending email change: %w", err)
	}
	return email, &at, nil
}

// Sweep deletes codes that expired (they can no longer be used; a
// pending one is replaced anyway by the next request).
func (p *Provider) Sweep(ctx context.Context) error {
	if _, err := p.DB.W.ExecContext(ctx, `DELETE FROM auth_one_time_codes WHERE expires_at < $1`, p.DB.Now()); err != nil {
		return fmt.Errorf("identity: sweep codes: %w", err)
	}
	return nil
}
