package app_test

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/secrets"
)

// accessRow is one action called on records of user A, and the answer
// ("200", "404 NOT_FOUND") each kind of caller gets: A (by session and by
// key), another user B, a consumer, an admin (by session and by key), and
// no credential at all (anon, for public actions). The callers with a bad
// credential (A's revoked key, A's signed-out session, an expired token, a
// forged token) get their 401 on every action, and are checked on every
// row without a column.
type accessRow struct {
	resource, action, id, data          string
	owner, other, consumer, admin, anon string
}

// accessMatrix is the whole table: TestAccessMatrix fails when an action is
// registered without a row. Placeholders in id and data name records made
// fresh for each cell: {doc} (A's document), {genie} (A's genie using it),
// {chat} (A's genie with its conversation page on), {boxed} (A's genie with a mailbox), {token} (the edit-link token of
// {doc}), {group}, {qr}, {key} (A's API key id), {review}, {collection},
// {submission} (A's), {listing} and {category} (the admin's), {voice},
// {userA} (A's user id) and {uniq} (a fresh number, for unique slugs).
var accessMatrix = []accessRow{
	// A: owner, B: other user, C: consumer, D: admin, anon: no credential (public actions only)
	{"api-keys", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"api-keys", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"api-keys", "create", "", `{"name":"k"}`, "201", "201", "201", "201", ""},
	{"api-keys", "revoke", "{key}", `{}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},
	{"api-keys", "delete", "{key}", `{}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},

	{"documents", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"documents", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"documents", "get", "{doc}", `{}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},
	{"documents", "create", "", `{"name":"n","content":"c"}`, "201", "201", "201", "201", ""},
	{"documents", "update", "{doc}", `{"content":"new"}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},
	{"documents", "delete", "{doc}", `{}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},

	{"genies", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"genies", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"genies", "get", "{genie}", `{}`, "200", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "200", ""},
	{"genies", "create", "", `{"name":"g"}`, "201", "201", "403 FORBIDDEN", "201", ""},
	{"genies", "update", "{genie}", `{"name":"h"}`, "200", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "200", ""},
	{"genies", "delete", "{genie}", `{}`, "200", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "200", ""},

	{"doc-edit-link", "get", "{doc}", `{}`, "200", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"doc-edit-link", "generate", "{doc}", `{}`, "201", "403 FORBIDDEN", "403 FORBIDDEN", "201", ""},
	{"doc-edit-link", "set-pin", "{doc}", `{"pin":"1234","link":"{token}"}`, "200", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"doc-edit-link", "revoke", "{doc}", `{}`, "200", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"doc-edit-link", "public-get", "", `{"token":"{token}"}`, "200", "200", "200", "200", "200"},
	{"doc-edit-link", "public-update", "", `{"token":"{token}","content":"saved"}`, "200", "200", "200", "200", "200"},

	{"agent-mailboxes-self", "get", "", `{"agentId":"{boxed}"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "get", "", `{"agentId":"00000000-0000-0000-0000-000000000000"}`, "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", ""},
	{"agent-mailboxes-self", "provision", "", `{"agentId":"{genie}"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "update", "", `{"agentId":"{boxed}","action":"suspend"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "delete", "", `{"agentId":"{boxed}"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "test", "", `{"agentId":"{boxed}"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "messages", "", `{"agentId":"{boxed}"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "threads", "", `{"agentId":"{boxed}"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "message", "", `{"agentId":"{boxed}","messageId":"00000000-0000-0000-0000-000000000000"}`, "404 NOT_FOUND", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "attachment", "", `{"agentId":"{boxed}","messageId":"00000000-0000-0000-0000-000000000000","index":0}`, "404 NOT_FOUND", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "send", "", `{"agentId":"{boxed}","to":"someone@example.com","text":"hello"}`, "201", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "messages", "", `{"agentId":"00000000-0000-0000-0000-000000000000"}`, "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", ""},
	{"agent-mailboxes-self", "drafts", "", `{"agentId":"{boxed}"}`, "200", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "draft", "", `{"agentId":"{boxed}","draftId":"00000000-0000-0000-0000-000000000000"}`, "404 NOT_FOUND", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "draft-update", "", `{"agentId":"{boxed}","draftId":"00000000-0000-0000-0000-000000000000","text":"hello"}`, "404 NOT_FOUND", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "draft-send", "", `{"agentId":"{boxed}","draftId":"00000000-0000-0000-0000-000000000000"}`, "404 NOT_FOUND", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"agent-mailboxes-self", "draft-discard", "", `{"agentId":"{boxed}","draftId":"00000000-0000-0000-0000-000000000000"}`, "404 NOT_FOUND", "401 UNAUTHORIZED", "401 UNAUTHORIZED", "401 UNAUTHORIZED", ""},
	{"events", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"events", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"events", "get", "evt_missing", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"webhooks", "create", "", `{"url":"https://93.184.216.34/hook","events":["*"]}`, "201", "201", "201", "201", ""},
	{"webhooks", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"webhooks", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"webhooks", "get", "we_missing", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"webhooks", "update", "we_missing", `{"description":"x"}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"webhooks", "delete", "we_missing", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"webhooks", "rotate-secret", "we_missing", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"webhooks", "test", "we_missing", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"webhooks", "deliveries", "we_missing", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"webhooks", "redeliver", "dlv_missing", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"users", "list", "", `{}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"users", "set-role", "{userA}", `{"role":"user"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"agent-mailboxes-self", "check-tenant-key", "", `{}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "404 NOT_FOUND", ""},
	{"agent-mailboxes-self", "reprovision-tenant-key", "", `{}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "404 NOT_FOUND", ""},

	{"preselected-voices", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"preselected-voices", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"preselected-voices", "create", "", `{"voice_id":"v-{uniq}","label":"L","gender":"female"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "201", ""},
	{"preselected-voices", "update", "{voice}", `{"label":"M"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"preselected-voices", "delete", "{voice}", `{}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},

	{"genie-groups", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"genie-groups", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"genie-groups", "get", "{group}", `{}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},
	{"genie-groups", "create", "", `{"name":"g"}`, "201", "201", "201", "201", ""},
	{"genie-groups", "update", "{group}", `{"name":"h"}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},
	{"genie-groups", "delete", "{group}", `{}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},
	{"genie-groups", "reorder", "", `{"groupIds":[{group}]}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"genie-groups", "counts", "", `{}`, "200", "200", "200", "200", ""},
	{"genie-groups", "sync", "", `{"agentId":"{genie}","groupId":{group}}`, "200", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "200", ""},
	{"genie-groups", "list", "", `{"userId":"{userA}"}`, "200", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},

	{"qr-code", "all", "", `{}`, "200", "200", "200", "200", ""},
	{"qr-code", "list", "", `{}`, "200", "200", "200", "200", ""},
	{"qr-code", "create", "", `{"agent_id":"{genie}","storage_path":"p","storage_url":"https://cdn.example.com/q.png","format":"png"}`, "201", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", ""},
	{"qr-code", "delete", "{qr}", `{}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"qr-code", "increment-download", "{qr}", `{"downloadCount":0}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"qr-code", "render", "", `{"agentId":"{genie}","size":64}`, "200", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", ""},

	// The document is too short for a one-pager: a 400 that shows the access
	// checks let the owner (and an admin, who reaches every genie) through.
	{"genie-documents", "generate", "", `{"agentId":"{genie}","template":"one-pager","documentIds":["{doc}"]}`, "400 VALIDATION_ERROR", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "400 VALIDATION_ERROR", ""},

	{"system-emails", "preview", "", `{"template":"welcome_business"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"system-emails", "sendTest", "", `{"template":"welcome_business","recipient":"x@example.com"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"mail-tenant-credentials", "upsert", "", `{"owner_email":"o@acme.example","tenant_id":"t","api_key":"k"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},

	{"marketplace", "list", "", `{}`, "200", "200", "200", "200", "200"},
	{"marketplace", "all", "", `{}`, "200", "200", "200", "200", "200"},
	{"marketplace", "get", "{listing}", `{}`, "200", "200", "200", "200", "200"},
	{"marketplace", "create", "", `{"agent_id":"{genie}","slug":"l-{uniq}","display_name":"N","category_id":"{category}"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "201", ""},
	{"marketplace", "update", "{listing}", `{"tagline":"t"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"marketplace", "delete", "{listing}", `{}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	{"marketplace", "categories", "", `{}`, "200", "200", "200", "200", "200"},
	{"marketplace", "categories", "", `{"mode":"create","name":"C","slug":"c-{uniq}"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "201", "401 UNAUTHORIZED"},
	{"marketplace", "brands", "", `{}`, "200", "200", "200", "200", "200"},
	{"marketplace", "stats", "", `{}`, "200", "200", "200", "200", "200"},
	{"marketplace", "trending", "", `{}`, "200", "200", "200", "200", "200"},
	{"marketplace", "clone", "{listing}", `{}`, "201", "201", "201", "201", ""},
	{"marketplace", "reviews", "", `{"marketplace_genie_id":"{listing}"}`, "200", "200", "200", "200", ""},
	{"marketplace", "reviews", "", `{"mode":"update","review_id":"{review}","rating":4}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"marketplace", "reviews", "", `{"mode":"delete","review_id":"{review}"}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""}, // owner only, admins included
	{"marketplace", "favorites", "", `{"mode":"add","marketplace_genie_id":"{listing}"}`, "201", "201", "201", "201", ""},
	{"marketplace", "collections", "", `{"collection_id":"{collection}"}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""}, // admins read any collection, only owners change one
	{"marketplace", "collections", "", `{"mode":"update","collection_id":"{collection}","name":"x"}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
	{"marketplace", "submissions", "", `{"mode":"delete","submission_id":"{submission}"}`, "200", "404 NOT_FOUND", "404 NOT_FOUND", "200", ""},
	{"marketplace", "submissions", "", `{"mode":"approve","submission_id":"{submission}"}`, "403 FORBIDDEN", "403 FORBIDDEN", "403 FORBIDDEN", "200", ""},
	// {genie}'s conversation page is off (the default): nobody may ask it.
	{"conversations", "ask", "", `{"agentId":"{genie}","question":"hi"}`, "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND"},
	{"conversations", "ask", "", `{"agentId":"{chat}","question":"hi"}`, "200", "200", "200", "200", "200"},
	{"conversations", "escalate", "", `{"conversationId":"00000000-0000-4000-8000-000000000000","email":"a@example.com"}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND"},
	{"conversations", "feedback", "", `{"conversationId":"00000000-0000-4000-8000-000000000000","messageId":"00000000-0000-4000-8000-000000000000","helpful":true}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND"},
	{"conversations", "all", "", `{"agentId":"{genie}"}`, "200", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "200", ""},
	{"conversations", "gaps", "", `{"agentId":"{genie}"}`, "200", "404 AGENT_NOT_FOUND", "404 AGENT_NOT_FOUND", "200", ""},
	{"conversations", "get", "00000000-0000-4000-8000-000000000000", `{}`, "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", "404 NOT_FOUND", ""},
}

// accessCaller is one kind of caller.
type accessCaller struct {
	name  string
	token func(row accessRow) string
}

// TestAccessMatrix runs every row of accessMatrix for every kind of caller
// on fresh records and checks the exact status and code.
func TestAccessMatrix(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store, func(c *app.Config) { c.RateLimit = 1 << 20 })
		a, b := s.NewUser(t, auth.RoleUser), s.NewUser(t, auth.RoleUser)
		consumer, admin := s.NewUser(t, auth.RoleConsumer), s.NewUser(t, auth.RoleAdmin)
		aKey, adminKey := s.NewKey(t, a, "matrix"), s.NewKey(t, admin, "matrix")
		revoked := s.NewKey(t, a, "revoked")
		for _, k := range s.Call(t, a.Token, "api-keys", "list", "", nil).Data()["api_keys"].([]any) {
			if k.(map[string]any)["name"] == "revoked" {
				s.Call(t, a.Token, "api-keys", "revoke", apitest.Str(k.(map[string]any), "id"), nil).Expect(t, 200, "")
			}
		}
		signedOut, _ := s.SignIn(t, a.Email, a.Password)
		s.Do(t, "POST", "/auth/v1/logout?scope=local", signedOut, nil)
		secret := s.App.Keys.Keys(secrets.JWTSecret)[0].Secret
		sign := func(exp time.Time, key []byte) string {
			tok, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": a.ID, "iss": s.URL + "/auth/v1",
				"exp": exp.Unix(), "session_id": "00000000-0000-0000-0000-000000000000"}).SignedString(key)
			return tok
		}
		expired, forged := sign(time.Now().Add(-time.Hour), secret), sign(time.Now().Add(time.Hour), []byte("not the secret"))

		covered := map[string]bool{}
		for _, row := range accessMatrix {
			covered[row.resource+" "+row.action] = true
		}
		var missing []string
		for res, actions := range s.App.API.Resources() {
			for _, act := range actions {
				if !covered[res+" "+act] {
					missing = append(missing, res+" "+act)
				}
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Fatalf("actions without a row in accessMatrix: %s", strings.Join(missing, ", "))
		}

		onKeys := func(row accessRow, code string) string {
			if row.resource == "api-keys" {
				return "401 INVALID_TOKEN" // any API key on the api-keys page
			}
			return code
		}
		type cell struct {
			caller, token, want string
		}
		print := os.Getenv("GENIE_MATRIX_PRINT") != ""
		for _, row := range accessMatrix {
			public := row.anon != ""
			cells := []cell{
				{"A session", a.Token, row.owner},
				{"A key", aKey, onKeys(row, row.owner)},
				{"B", b.Token, row.other},
				{"consumer", consumer.Token, row.consumer},
				{"admin session", admin.Token, row.admin},
				{"admin key", adminKey, onKeys(row, row.admin)},
				{"revoked key", revoked, onKeys(row, "401 KEY_NOT_FOUND")},
				{"signed-out session", signedOut, "401 INVALID_TOKEN"},
				{"expired token", expired, "401 INVALID_TOKEN"},
				{"forged token", forged, "401 INVALID_TOKEN"},
			}
			if public {
				cells = append(cells, cell{"no credential", "", row.anon})
			} else {
				cells = append(cells, cell{"no credential", "", "401 UNAUTHORIZED"})
			}
			var got []string
			for _, c := range cells {
				f := &accessFixtures{t: t, s: s, a: a, admin: admin}
				id, data := f.fill(row.id), f.fill(row.data)
				idJSON := `""`
				if id != "" {
					idJSON = `"` + id + `"`
				}
				body := fmt.Sprintf(`{"resource":%q,"action":%q,"id":%s,"data":%s}`, row.resource, row.action, idJSON, data)
				r := s.Do(t, "POST", "/v1", c.token, body)
				answer := fmt.Sprint(r.Status)
				if r.Status >= 400 {
					answer += " " + r.Code()
				}
				got = append(got, answer)
				if row.resource == "api-keys" { // keep A under the five-key limit
					for _, k := range s.Call(t, a.Token, "api-keys", "list", "", nil).Data()["api_keys"].([]any) {
						if m := k.(map[string]any); m["name"] != "matrix" && m["name"] != "revoked" {
							s.Call(t, a.Token, "api-keys", "delete", apitest.Str(m, "id"), nil)
						}
					}
				}
				if print {
					continue
				}
				if answer != c.want {
					t.Errorf("%s %s %s as %s: got %s, want %s", row.resource, row.action, row.data, c.caller, answer, c.want)
				}
			}
			if print {
				fmt.Printf("%-24s %-22s %-50.50s %s\n", row.resource, row.action, row.data, strings.Join(got, " | "))
			}
		}
	})
}

// accessFixtures makes A's records on first mention.
type accessFixtures struct {
	t        *testing.T
	s        *apitest.Server
	a, admin *apitest.User
	made     map[string]string
}

func (f *accessFixtures) fill(tmpl string) string {
	for _, name := range []string{"doc", "genie", "chat", "boxed", "token", "group", "qr", "key", "review", "collection", "submission", "listing", "category", "voice", "userA", "uniq"} {
		if strings.Contains(tmpl, "{"+name+"}") {
			tmpl = strings.ReplaceAll(tmpl, "{"+name+"}", f.get(name))
		}
	}
	return tmpl
}

func (f *accessFixtures) get(name string) string {
	if v, ok := f.made[name]; ok {
		return v
	}
	if f.made == nil {
		f.made = map[string]string{}
	}
	t, s, a, admin := f.t, f.s, f.a, f.admin
	call := func(tok, res, action, id string, data any, status int) map[string]any {
		t.Helper()
		return s.Call(t, tok, res, action, id, data).Expect(t, status, "").Data()
	}
	var v string
	switch name {
	case "userA":
		v = a.ID
	case "uniq":
		v = fmt.Sprint(time.Now().UnixNano())
	case "doc":
		v = apitest.Str(call(a.Token, "documents", "create", "", map[string]any{"name": "d", "content": "We open at 9. We close at 5."}, 201), "document", "id")
	case "genie":
		v = apitest.Str(call(a.Token, "genies", "create", "", map[string]any{"name": "g", "document_ids": []string{f.get("doc")}}, 201), "genie", "id")
	case "chat":
		v = apitest.Str(call(a.Token, "genies", "create", "", map[string]any{"name": "chat", "conversation": map[string]any{"enabled": true}}, 201), "genie", "id")
	case "boxed":
		v = apitest.Str(call(a.Token, "genies", "create", "", map[string]any{"name": "boxed"}, 201), "genie", "id")
		call(a.Token, "agent-mailboxes-self", "provision", "", map[string]any{"agentId": v}, 200)
	case "token":
		v = apitest.Str(call(a.Token, "doc-edit-link", "generate", f.get("doc"), nil, 201), "link", "token")
	case "group":
		v = fmt.Sprint(call(a.Token, "genie-groups", "create", "", map[string]any{"name": "grp"}, 201)["group"].(map[string]any)["id"])
	case "qr":
		v = apitest.Str(call(a.Token, "qr-code", "create", "", map[string]any{"agent_id": f.get("genie"), "storage_path": "p",
			"storage_url": "https://cdn.example.com/q.png", "format": "png"}, 201), "qr_code", "id")
	case "key":
		v = apitest.Str(call(a.Token, "api-keys", "create", "", map[string]any{"name": "fixture"}, 201), "api_key", "id")
	case "category":
		slug := fmt.Sprintf("cat-%d", time.Now().UnixNano())
		v = apitest.Str(call(admin.Token, "marketplace", "categories", "", map[string]any{"mode": "create", "name": slug, "slug": slug}, 201), "category", "id")
	case "listing":
		g := apitest.Str(call(admin.Token, "genies", "create", "", map[string]any{"name": "template"}, 201), "genie", "id")
		d := call(admin.Token, "marketplace", "create", "", map[string]any{"agent_id": g, "slug": fmt.Sprintf("l-%d", time.Now().UnixNano()),
			"display_name": "L", "category_id": f.get("category")}, 201)
		v = apitest.Str(d, "id")
		if v == "" {
			v = apitest.Str(d, "listing", "id")
		}
	case "review":
		v = apitest.Str(call(a.Token, "marketplace", "reviews", "", map[string]any{"mode": "create", "marketplace_genie_id": f.get("listing"), "rating": 5}, 201), "review", "id")
	case "collection":
		v = apitest.Str(call(a.Token, "marketplace", "collections", "", map[string]any{"mode": "create", "name": "mine"}, 201), "collection", "id")
	case "submission":
		v = apitest.Str(call(a.Token, "marketplace", "submissions", "", map[string]any{"mode": "create", "agent_id": f.get("genie"),
			"submission_data": map[string]any{"slug": "s-" + f.get("uniq"), "display_name": "S", "category_id": f.get("category")}}, 201), "submission", "id")
	case "voice":
		v = apitest.Str(call(admin.Token, "preselected-voices", "create", "", map[string]any{"voice_id": fmt.Sprintf("v-%d", time.Now().UnixNano()), "label": "V", "gender": "male"}, 201), "voice", "id")
	default:
		t.Fatalf("unknown fixture %q", name)
	}
	if v == "" {
		t.Fatalf("fixture %s has no id", name)
	}
	f.made[name] = v
	return v
}
