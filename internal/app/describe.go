package app

import (
	"slices"
	"strconv"
	"strings"

	"github.com/geniehq/genie/internal/httpapi/openapi"
	"github.com/geniehq/genie/internal/platform/field"
)

// describeHTTP adds to the OpenAPI document what is not an action: the
// embedded sign-in provider under /auth/v1 (GoTrue's API, which
// @supabase/auth-js speaks) and the health checks.
func describeHTTP(d *openapi.Document) {
	describeAuthSchemas(d)
	describeSignIn(d)
	describeCodes(d)
	describeSignOut(d)
	describeHealth(d)
}

// S is a schema, written out.
type S = field.Schema

func jsonContent(schema S) S { return S{"application/json": S{"schema": schema}} }

func ref(name string) S { return S{"$ref": "#/components/schemas/" + name} }

func authErr(desc string) S { return S{"description": desc, "content": jsonContent(ref("AuthError"))} }

// The answers several auth operations share.
var (
	emptyAnswer   = S{"description": "Accepted (the same answer whether or not the address has an account).", "content": jsonContent(S{"type": "object"})}
	sessionAnswer = S{"description": "A session.", "content": jsonContent(ref("AuthSession"))}
	userAnswer    = S{"description": "The user.", "content": jsonContent(ref("AuthUser"))}
)

func describeAuthSchemas(d *openapi.Document) {
	d.Components["schemas"] = map[string]any{
		"AuthUser": S{"type": "object", "required": []string{"id", "email", "role", "aud"}, "properties": S{
			"id": S{"type": "string"}, "aud": S{"type": "string"}, "role": S{"type": "string"},
			"email": S{"type": "string"}, "email_confirmed_at": S{"type": []string{"string", "null"}}, "new_email": S{"type": "string"},
			"app_metadata": S{"type": "object"}, "user_metadata": S{"type": "object"},
			"created_at": S{"type": "string"}, "updated_at": S{"type": "string"},
		}},
		"AuthSession": S{"type": "object", "required": []string{"access_token", "token_type", "expires_in", "refresh_token", "user"}, "properties": S{
			"access_token": S{"type": "string", "description": "The session token: send it as Authorization: Bearer to /v1."},
			"token_type":   S{"type": "string", "enum": []string{"bearer"}},
			"expires_in":   S{"type": "integer"}, "expires_at": S{"type": "integer"},
			"refresh_token": S{"type": "string", "description": "Single use: exchange it at /auth/v1/token?grant_type=refresh_token."},
			"user":          ref("AuthUser"),
		}},
		"AuthError": S{"type": "object", "required": []string{"code", "error_code", "msg"}, "properties": S{
			"code": S{"type": "integer"}, "error_code": S{"type": "string"}, "msg": S{"type": "string"},
		}},
		"AuthCredentials": S{"type": "object", "required": []string{"email", "password"}, "properties": S{
			"email": S{"type": "string", "format": "email"}, "password": S{"type": "string", "minLength": 6},
			"data": S{"type": "object", "description": "User metadata (sign-up only)."},
		}},
	}
}

// The codes each status may carry; x-error-codes lists an
// operation's (the contract test checks every answer against it).
var authErrCodes = map[int][]string{
	400: {"validation_failed", "invalid_credentials", "email_not_confirmed", "phone_provider_disabled"},
	401: {"no_authorization"},
	403: {"bad_jwt", "session_not_found", "user_not_found", "not_admin", "otp_expired"},
	404: {"not_found"},
	413: {"request_too_large"},
	422: {"validation_failed", "weak_password", "same_password", "email_exists", "user_already_exists", "signup_disabled"},
	429: {"over_request_rate_limit", "over_email_send_rate_limit"},
	431: {"request_too_large"},
	500: {"unexpected_failure"},
}

// authOp describes an auth operation: its body, its success answer and
// the error statuses it can answer (413, 431 and 500 always).
func authOp(id, summary, desc string, body S, ok S, errs ...int) S {
	o := S{"operationId": id, "tags": []string{"auth"}, "summary": summary, "description": desc, "security": []any{S{}}}
	if body != nil {
		o["requestBody"] = S{"required": true, "content": jsonContent(body)}
	}
	rs := S{"200": ok}
	var codes []string
	for _, e := range append(errs, 413, 431, 500) {
		text := "A GoTrue error; error_code is one of " + strings.Join(authErrCodes[e], ", ") + "."
		if e == 431 {
			text = "The request line and headers are larger than the server takes (64 KiB); the body is both a GoTrue error (request_too_large) and the /v1 error envelope."
		}
		rs[strconv.Itoa(e)] = authErr(text)
		for _, c := range authErrCodes[e] {
			if !slices.Contains(codes, c) {
				codes = append(codes, c)
			}
		}
	}
	o["responses"] = rs
	o["x-error-codes"] = codes
	return o
}

func signedIn(o S) S {
	o["security"] = []any{S{"bearer": []string{}}}
	return o
}

// describeSignIn: sign-up, sign-in and refresh, the signed-in user.
func describeSignIn(d *openapi.Document) {
	d.Paths["/auth/v1/signup"] = map[string]any{"post": authOp("authSignUp", "Sign up with email and password",
		"Creates an account. With e-mail confirmation on (--mailer-autoconfirm=false) it answers the user without a session and mails a code; otherwise a session. Closed by --disable-signup (422 signup_disabled). Limited per client address and globally.",
		ref("AuthCredentials"), S{"description": "A session, or the user awaiting confirmation.",
			"content": jsonContent(S{"anyOf": []any{ref("AuthSession"), ref("AuthUser")}})}, 400, 422, 429)}
	token := authOp("authToken", "Sign in, or refresh a session",
		"grant_type=password takes {email, password}; grant_type=refresh_token takes {refresh_token} (the parent of the current token is accepted again within the reuse interval).",
		S{"type": "object", "properties": S{"email": S{"type": "string"}, "password": S{"type": "string"}, "refresh_token": S{"type": "string"}}},
		sessionAnswer, 400, 403, 422, 429)
	// The refresh grant's own codes (GoTrue's), answered 400.
	token["x-error-codes"] = append(token["x-error-codes"].([]string), "refresh_token_not_found", "session_expired", "refresh_token_already_used")
	token["responses"].(S)["400"] = authErr("A GoTrue error; error_code is one of " + strings.Join(authErrCodes[400], ", ") +
		"; on grant_type=refresh_token also refresh_token_not_found, session_expired or refresh_token_already_used.")
	token["parameters"] = []any{S{"name": "grant_type", "in": "query", "required": true, "schema": S{"type": "string", "enum": []string{"password", "refresh_token"}}}}
	d.Paths["/auth/v1/token"] = map[string]any{"post": token}
	d.Paths["/auth/v1/user"] = map[string]any{
		"get": signedIn(authOp("authUser", "The signed-in user", "Needs the session's access token.", nil, userAnswer, 401, 403)),
		"put": signedIn(authOp("authUpdateUser", "Change the signed-in user's password, email or metadata",
			"A new password ends the user's other sessions; a new email waits for the code mailed to it (verify type email_change); data is merged into user_metadata (a null value removes a key).",
			S{"type": "object", "properties": S{"password": S{"type": "string", "minLength": 6}, "email": S{"type": "string", "format": "email"},
				"data": S{"type": "object"}, "nonce": S{"type": "string"}}},
			userAnswer, 400, 401, 403, 422, 429)),
	}
}

// describeCodes: the mailed codes (recovery, verification, resend).
func describeCodes(d *openapi.Document) {
	d.Paths["/auth/v1/recover"] = map[string]any{"post": authOp("authRecover", "Send a password recovery mail (a one-time code and a link)",
		"Answers {} whether or not the address has an account. The code is single-use, expires (1 hour by default) and is stored only as a hash.",
		S{"type": "object", "required": []string{"email"}, "properties": S{"email": S{"type": "string", "format": "email"}}},
		emptyAnswer, 400, 422, 429)}
	verifyBody := S{"type": "object", "required": []string{"type"}, "properties": S{
		"type":       S{"type": "string", "enum": []string{"recovery", "signup", "email", "email_change", "magiclink"}},
		"email":      S{"type": "string", "format": "email"},
		"token":      S{"type": "string", "description": "The six-digit code from the mail (with email)."},
		"token_hash": S{"type": "string", "description": "The hash from the mail's link (instead of email and token)."},
	}}
	verifyGet := authOp("authVerifyLink", "Follow a mail's link: verify and redirect with the session",
		"Redirects (303) to redirect_to when it is allowed, else the site URL, with the session (or the error) in the URL fragment.", nil,
		S{"description": "Not used: the answer is a redirect."})
	verifyGet["responses"] = S{"303": S{"description": "A redirect carrying the session or the error in its fragment."},
		"400": authErr("validation_failed: the link lacks its token or type (nothing to redirect with)."), "431": verifyGet["responses"].(S)["431"],
		"500": verifyGet["responses"].(S)["500"]}
	verifyGet["x-error-codes"] = []string{"validation_failed", "request_too_large", "unexpected_failure"}
	verifyGet["parameters"] = []any{
		S{"name": "token", "in": "query", "required": true, "schema": S{"type": "string"}},
		S{"name": "type", "in": "query", "required": true, "schema": S{"type": "string"}},
		S{"name": "redirect_to", "in": "query", "required": false, "schema": S{"type": "string"}},
	}
	d.Paths["/auth/v1/verify"] = map[string]any{
		"post": authOp("authVerify", "Redeem a mailed code: sign in (recovery, signup) or confirm a new email",
			"Answers a session; a bad, used or expired code is 403 otp_expired.", verifyBody, sessionAnswer, 400, 403, 422, 429),
		"get": verifyGet,
	}
	d.Paths["/auth/v1/resend"] = map[string]any{"post": authOp("authResend", "Mail a sign-up or email-change code again",
		"At most one mail of a kind per address a minute.",
		S{"type": "object", "required": []string{"type"}, "properties": S{"type": S{"type": "string", "enum": []string{"signup", "email_change"}},
			"email": S{"type": "string", "format": "email"}}},
		emptyAnswer, 400, 422, 429)}
}

// describeSignOut: sign-out and the provider's settings.
func describeSignOut(d *openapi.Document) {
	logout := signedIn(authOp("authLogout", "Sign out", "Ends the session (scope=global: every session of the user).", nil,
		S{"description": "Signed out."}))
	logout["responses"] = S{"204": S{"description": "Signed out."}, "401": authErr("Not signed in."), "403": authErr("The session is already gone."),
		"431": logout["responses"].(S)["431"], "500": logout["responses"].(S)["500"]}
	logout["x-error-codes"] = []string{"no_authorization", "bad_jwt", "session_not_found", "request_too_large", "unexpected_failure"}
	d.Paths["/auth/v1/logout"] = map[string]any{"post": logout}
	settings := authOp("authSettings", "Sign-in settings", "What the provider allows (GoTrue's settings).", nil,
		S{"description": "Settings.", "content": jsonContent(S{"type": "object", "properties": S{
			"disable_signup": S{"type": "boolean"}, "mailer_autoconfirm": S{"type": "boolean"}, "external": S{"type": "object"},
		}})})
	delete(settings["responses"].(S), "413")
	d.Paths["/auth/v1/settings"] = map[string]any{"get": settings}
}

// describeHealth: the health checks.
func describeHealth(d *openapi.Document) {
	health := func(id, summary string) map[string]any {
		o := authOp(id, summary, "For load balancers and orchestrators; needs no credential.", nil,
			S{"description": "Healthy.", "content": jsonContent(S{"type": "object", "required": []string{"status"}, "properties": S{"status": S{"type": "string"}}})})
		o["tags"] = []string{"operations"}
		delete(o["responses"].(S), "413")
		return map[string]any{"get": o}
	}
	d.Paths["/healthz"] = health("healthz", "Liveness: the process serves")
	ready := health("readyz", "Readiness: the database answers")
	ready["get"].(S)["responses"].(S)["503"] = S{"description": "The database does not answer."}
	d.Paths["/readyz"] = ready
}

// resourceTags describe each resource in the API description and /docs.
var resourceTags = map[string]string{
	"api-keys":                "Developer API keys: at most 5 active per user, shown once, managed with a session token only.",
	"agent-mailboxes-self":    "A mailbox for each of your genies on the mail system: provision, suspend, escalation address, test mail.",
	"doc-edit-link":           "Shareable edit links for knowledge-base documents, with an optional PIN, and the public actions behind them.",
	"documents":               "Knowledge-base documents: the sources of genies and of generated documents.",
	"genie-documents":         "Generated documents (FAQ, how-to guide, one-pager) built from knowledge-base documents.",
	"genie-groups":            "Groups of genies, in a display order.",
	"genies":                  "Genies: the conversational assistants themselves.",
	"mail-tenant-credentials": "Admin: a team's credentials at the mail system.",
	"marketplace":             "The marketplace: listings, categories, brands, search, statistics, trending, cloning, reviews, favorites, collections and submissions.",
	"preselected-voices":      "The platform's curated voices.",
	"qr-code":                 "Saved QR code records for genie pages, and rendered QR images.",
	"system-emails":           "Admin: preview and test-send the system email templates.",
	"envelope":                "The specification's envelope forms: any action, named in the body.",
	"auth":                    "The embedded sign-in provider (GoTrue's API, as @supabase/auth-js speaks it).",
	"operations":              "Health checks for load balancers and orchestrators.",
}
