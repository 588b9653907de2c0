package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/users"
)

// Error is a refusal in GoTrue's terms: the HTTP status and error_code the
// protocol gives it and the message auth-js shows. RetryAfter, when not
// zero, is sent as the Retry-After header (seconds).
type Error struct {
	Status     int
	Code       string
	Msg        string
	RetryAfter int
}

func (e *Error) Error() string { return "identity: " + e.Code + ": " + e.Msg }

func refuse(status int, code, msg string) *Error {
	return &Error{Status: status, Code: code, Msg: msg}
}

// invalid is GoTrue's 400 validation_failed.
func invalid(msg string) *Error { return refuse(http.StatusBadRequest, "validation_failed", msg) }

// tooMany is GoTrue's 429 with Retry-After in whole seconds.
func tooMany(after time.Duration, msg string) *Error {
	e := refuse(http.StatusTooManyRequests, "over_request_rate_limit", msg)
	e.RetryAfter = int(after.Seconds()) + 1
	return e
}

var (
	errBusy           = tooMany(0, "The service is busy checking passwords; try again in a moment")
	errBadEmail       = invalid("Unable to validate email address: invalid format")
	errUserNotFound   = refuse(http.StatusForbidden, "user_not_found", "User from sub claim in JWT does not exist")
	errEmailExists    = refuse(http.StatusUnprocessableEntity, "email_exists", "A user with this email address has already been registered")
	errPhoneDisabled  = refuse(http.StatusBadRequest, "phone_provider_disabled", "Phone logins are disabled")
	errBadCredentials = refuse(http.StatusBadRequest, "invalid_credentials", "Invalid login credentials")
)

// retryAfter is the Retry-After header's text.
func (e *Error) retryAfter() string { return strconv.Itoa(e.RetryAfter) }

// SignupInput is GoTrue's sign-up body (auth-js signUp).
type SignupInput struct {
	Email    string          `json:"email"`
	Password string          `json:"password"`
	Data     json.RawMessage `json:"data"`
	Phone    string          `json:"phone"`
}

// PasswordInput is the password grant's body (auth-js signInWithPassword).
type PasswordInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// RefreshInput is the refresh-token grant's body (auth-js refreshSession).
type RefreshInput struct {
	RefreshToken string `json:"refresh_token"`
}

// RecoverInput is GoTrue's POST /recover body (auth-js
// resetPasswordForEmail); redirect_to comes in the query. The PKCE fields
// are accepted and ignored: the mailed link uses the implicit flow.
type RecoverInput struct {
	Email               string `json:"email"`
	CodeChallenge       string `json:"code_challenge"`
	CodeChallengeMethod string `json:"code_challenge_method"`
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

// ResendInput is GoTrue's POST /resend body (auth-js resend) for the
// email types: a new sign-up confirmation, or a new code for a pending
// email change (email is then the account's current address).
type ResendInput struct {
	Type  string `json:"type"`
	Email string `json:"email"`
	Phone string `json:"phone"`
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

// SessionBody is GoTrue's session: what sign-up, the token grants and
// verify answer.
type SessionBody struct {
	AccessToken  string         `json:"access_token"`
	TokenType    string         `json:"token_type"`
	ExpiresIn    int            `json:"expires_in"`
	ExpiresAt    int64          `json:"expires_at"`
	RefreshToken string         `json:"refresh_token"`
	User         map[string]any `json:"user"`
}

// SignupResult is a sign-up's answer: a session when the account may sign
// in at once, else the user object (an address to confirm).
type SignupResult struct {
	Session *SessionBody
	User    map[string]any
}

// pending is what a user object shows of mails waiting for an answer.
type pending struct {
	ConfirmationSentAt *time.Time // a sign-up confirmation was mailed
	NewEmail           string     // an email change waits for confirmation
	EmailChangeSentAt  *time.Time
}

// userJSON is the GoTrue user object.
func userJSON(u *users.User, x pending) map[string]any {
	meta := map[string]any{}
	json.Unmarshal([]byte(u.UserMetadata), &meta) //nolint:errcheck
	identities := []any{}
	if u.Email != "" {
		identities = append(identities, map[string]any{
			"identity_id": u.ID, "id": u.ID, "user_id": u.ID, "provider": "email",
			"identity_data": map[string]any{"email": u.Email, "sub": u.ID, "email_verified": u.EmailConfirmedAt != nil},
			"created_at":    u.CreatedAt, "updated_at": u.UpdatedAt, "last_sign_in_at": u.LastSignInAt,
		})
	}
	out := map[string]any{
		"id": u.ID, "aud": "authenticated", "role": "authenticated",
		"email": u.Email, "phone": "", "last_sign_in_at": u.LastSignInAt,
		"app_metadata":  map[string]any{"provider": "email", "providers": []string{"email"}, "genie_role": string(u.Role)},
		"user_metadata": meta, "identities": identities,
		"created_at": u.CreatedAt, "updated_at": u.UpdatedAt, "is_anonymous": false,
	}
	// GoTrue leaves out the times that have not happened.
	if u.EmailConfirmedAt != nil {
		out["email_confirmed_at"], out["confirmed_at"] = u.EmailConfirmedAt, u.EmailConfirmedAt
	}
	if x.ConfirmationSentAt != nil {
		out["confirmation_sent_at"] = x.ConfirmationSentAt
	}
	if x.NewEmail != "" {
		out["new_email"], out["email_change_sent_at"] = x.NewEmail, x.EmailChangeSentAt
	}
	return out
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

func newRefreshToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(t string) string {
	s := sha256.Sum256([]byte(t))
	return hex.EncodeToString(s[:])
}
