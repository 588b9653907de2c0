package marketplace_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// fixture is a server with an admin, a user, a consumer and helpers to
// build a catalog through the API.
type fixture struct {
	s        *apitest.Server
	admin    *apitest.User
	user     *apitest.User
	consumer *apitest.User
}

func newFixture(t *testing.T, store string) *fixture {
	t.Helper()
	s := apitest.Start(t, store)
	return &fixture{s: s, admin: s.NewUser(t, auth.RoleAdmin), user: s.NewUser(t, auth.RoleUser), consumer: s.NewUser(t, auth.RoleConsumer)}
}

func (f *fixture) call(t *testing.T, tok, action, id string, data any) *apitest.Resp {
	t.Helper()
	return f.s.Call(t, tok, "marketplace", action, id, data)
}

func (f *fixture) category(t *testing.T, slug string, order int) map[string]any {
	t.Helper()
	r := f.call(t, f.admin.Token, "categories", "", map[string]any{"mode": "create", "name": "Cat " + slug, "slug": slug,
		"description": "about " + slug, "icon": "icon-" + slug, "order": order}).Expect(t, http.StatusCreated, "")
	return r.Data()["category"].(map[string]any)
}

func (f *fixture) brand(t *testing.T, slug string) map[string]any {
	t.Helper()
	r := f.call(t, f.admin.Token, "brands", "", map[string]any{"mode": "create", "name": "Brand " + slug, "slug": slug}).Expect(t, http.StatusCreated, "")
	return r.Data()["brand"].(map[string]any)
}

// agent creates a genie owned by the admin with n documents.
func (f *fixture) agent(t *testing.T, name string, docs int) string {
	t.Helper()
	ids := []string{}
	for i := range docs {
		r := f.s.Call(t, f.admin.Token, "documents", "create", "", map[string]any{"name": fmt.Sprintf("%s doc %d", name, i),
			"content": fmt.Sprintf("knowledge %d of %s", i, name)}).Expect(t, http.StatusCreated, "")
		ids = append(ids, apitest.Str(r.Data(), "document", "id"))
	}
	r := f.s.Call(t, f.admin.Token, "genies", "create", "", map[string]any{"name": name, "description": "desc of " + name,
		"instructions": "be helpful", "greeting": "hello", "document_ids": ids}).Expect(t, http.StatusCreated, "")
	return apitest.Str(r.Data(), "genie", "id")
}

// listing creates a listing with a fresh agent; extra overrides fields.
func (f *fixture) listing(t *testing.T, slug, categoryID string, extra map[string]any) map[string]any {
	t.Helper()
	data := map[string]any{"agent_id": f.agent(t, "agent "+slug, 0), "slug": slug, "display_name": "Listing " + slug, "category_id": categoryID}
	for k, v := range extra {
		data[k] = v
	}
	return f.call(t, f.admin.Token, "create", "", data).Expect(t, http.StatusCreated, "").Data()
}

func slugs(t *testing.T, d map[string]any) []string {
	t.Helper()
	out := []string{}
	for _, g := range d["genies"].([]any) {
		out = append(out, g.(map[string]any)["slug"].(string))
	}
	return out
}

func num(v any) float64 { f, _ := v.(float64); return f }

// eventually retries check until it returns "" and fails with its last
// answer when that takes longer than 10 s: for what another process
// commits within its flush interval (views). It returns the time taken.
func eventually(t *testing.T, check func() string) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		msg := check()
		if msg == "" {
			return time.Since(start)
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("after %v: %s", time.Since(start).Round(time.Millisecond), msg)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
