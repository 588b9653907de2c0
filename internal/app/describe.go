package app

import (
	"strconv"

	"github.com/geniehq/genie/internal/api"
)

// describeHTTP adds to the OpenAPI document what is not an action: the
// embedded sign-in provider under /auth/v1 (GoTrue's API, which
// @supabase/auth-js speaks) and the health checks.
func describeHTTP(d *api.Document) {
	type S = api.Schema
	json := func(schema S) S { return S{"application/json": S{"schema": schema}} }
	ref := func(name string) S { return S{"$ref": "#/components/schemas/" + name} }
	d.Components["schemas"] = map[string]any{
		"AuthUser": S{"type": "object", "required": []string{"id", "email", "role", "aud"}, "properties": S{
			"id": S{"type": "string"}, "aud": S{"type": "string"}, "role": S{"type": "string"},
			"email": S{"type": "string"}, "email_confirmed_at": S{"type": []string{"string", "null"}},
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
	authErr := func(desc string) S { return S{"description": desc, "content": json(ref("AuthError"))} }
	op := func(id, summary, desc string, body S, ok S, errs ...int) S {
		o := S{"operationId": id, "tags": []string{"auth"}, "summary": summary, "description": desc, "security": []any{S{}}}
		if body != nil {
			o["requestBody"] = S{"required": true, "content": json(body)}
		}
		rs := S{"200": ok}
		for _, e := range errs {
			rs[strconv.Itoa(e)] = authErr("A GoTrue error: error_code says which (for example invalid_credentials, over_request_rate_limit).")
		}
		o["responses"] = rs
		return o
	}
	session := S{"description": "A session.", "content": json(ref("AuthSession"))}
	d.Paths["/auth/v1/signup"] = map[string]any{"post": op("authSignUp", "Sign up with email and password",
		"Creates an account and answers a session (sign-up is limited per client address and globally).",
		ref("AuthCredentials"), session, 400, 422, 429)}
	token := op("authToken", "Sign in, or refresh a session",
		"grant_type=password takes {email, password}; grant_type=refresh_token takes {refresh_token}.",
		S{"type": "object", "properties": S{"email": S{"type": "string"}, "password": S{"type": "string"}, "refresh_token": S{"type": "string"}}},
		session, 400, 429)
	token["parameters"] = []any{S{"name": "grant_type", "in": "query", "required": true, "schema": S{"type": "string", "enum": []string{"password", "refresh_token"}}}}
	d.Paths["/auth/v1/token"] = map[string]any{"post": token}
	user := op("authUser", "The signed-in user", "Needs the session's access token.", nil,
		S{"description": "The user.", "content": json(ref("AuthUser"))}, 401)
	user["security"] = []any{S{"bearer": []string{}}}
	d.Paths["/auth/v1/user"] = map[string]any{"get": user}
	logout := op("authLogout", "Sign out", "Ends the session (scope=global: every session of the user).", nil,
		S{"description": "Signed out."}, 401)
	logout["responses"] = S{"204": S{"description": "Signed out."}, "401": authErr("Not signed in.")}
	logout["security"] = []any{S{"bearer": []string{}}}
	d.Paths["/auth/v1/logout"] = map[string]any{"post": logout}
	d.Paths["/auth/v1/settings"] = map[string]any{"get": op("authSettings", "Sign-in settings", "What the provider allows (GoTrue's settings).", nil,
		S{"description": "Settings.", "content": json(S{"type": "object", "properties": S{
			"disable_signup": S{"type": "boolean"}, "mailer_autoconfirm": S{"type": "boolean"}, "external": S{"type": "object"},
		}})})}
	health := func(id, summary string) map[string]any {
		o := op(id, summary, "For load balancers and orchestrators; needs no credential.", nil,
			S{"description": "Healthy.", "content": json(S{"type": "object", "required": []string{"status"}, "properties": S{"status": S{"type": "string"}}})})
		o["tags"] = []string{"operations"}
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
