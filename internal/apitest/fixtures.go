package apitest

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/geniehq/genie/internal/auth"
)

// NewDoc creates a knowledge-base document through the API and returns its
// id.
func NewDoc(t testing.TB, s *Server, cred, name, content string, public bool) string {
	t.Helper()
	r := s.Call(t, cred, "documents", "create", "", map[string]any{"name": name, "content": content, "is_public": public}).Expect(t, http.StatusCreated, "")
	return Str(r.Data(), "document", "id")
}

// NewGenie creates a genie with the given documents through the API and
// returns it.
func NewGenie(t testing.TB, s *Server, cred, name string, docIDs ...string) map[string]any {
	t.Helper()
	if docIDs == nil {
		docIDs = []string{}
	}
	r := s.Call(t, cred, "genies", "create", "", map[string]any{"name": name, "document_ids": docIDs}).Expect(t, http.StatusCreated, "")
	return r.Data()["genie"].(map[string]any)
}

// Catalog is a server with an admin, a user and a consumer, and helpers
// that build a marketplace catalog through the API: the fixture of the
// marketplace's tests and of its community room's.
type Catalog struct {
	S        *Server
	Admin    *User
	User     *User
	Consumer *User
}

// NewCatalog starts a server on store with its three users.
func NewCatalog(t *testing.T, store string) *Catalog {
	t.Helper()
	s := Start(t, store)
	return &Catalog{S: s, Admin: s.NewUser(t, auth.RoleAdmin), User: s.NewUser(t, auth.RoleUser), Consumer: s.NewUser(t, auth.RoleConsumer)}
}

// Call calls a marketplace action.
func (f *Catalog) Call(t *testing.T, tok, action, id string, data any) *Resp {
	t.Helper()
	return f.S.Call(t, tok, "marketplace", action, id, data)
}

// Category creates the category "Cat <slug>" as the admin.
func (f *Catalog) Category(t *testing.T, slug string, order int) map[string]any {
	t.Helper()
	r := f.Call(t, f.Admin.Token, "categories", "", map[string]any{"mode": "create", "name": "Cat " + slug, "slug": slug,
		"description": "about " + slug, "icon": "icon-" + slug, "order": order}).Expect(t, http.StatusCreated, "")
	return r.Data()["category"].(map[string]any)
}

// Brand creates the brand "Brand <slug>" as the admin.
func (f *Catalog) Brand(t *testing.T, slug string) map[string]any {
	t.Helper()
	r := f.Call(t, f.Admin.Token, "brands", "", map[string]any{"mode": "create", "name": "Brand " + slug, "slug": slug}).Expect(t, http.StatusCreated, "")
	return r.Data()["brand"].(map[string]any)
}

// Agent creates a genie owned by the admin with n documents.
func (f *Catalog) Agent(t *testing.T, name string, docs int) string {
	t.Helper()
	ids := []string{}
	for i := range docs {
		r := f.S.Call(t, f.Admin.Token, "documents", "create", "", map[string]any{"name": fmt.Sprintf("%s doc %d", name, i),
			"content": fmt.Sprintf("knowledge %d of %s", i, name)}).Expect(t, http.StatusCreated, "")
		ids = append(ids, Str(r.Data(), "document", "id"))
	}
	r := f.S.Call(t, f.Admin.Token, "genies", "create", "", map[string]any{"name": name, "description": "desc of " + name,
		"instructions": "be helpful", "greeting": "hello", "document_ids": ids}).Expect(t, http.StatusCreated, "")
	return Str(r.Data(), "genie", "id")
}

// Listing creates a listing with a fresh agent; extra overrides fields.
func (f *Catalog) Listing(t *testing.T, slug, categoryID string, extra map[string]any) map[string]any {
	t.Helper()
	data := map[string]any{"agent_id": f.Agent(t, "agent "+slug, 0), "slug": slug, "display_name": "Listing " + slug, "category_id": categoryID}
	for k, v := range extra {
		data[k] = v
	}
	return f.Call(t, f.Admin.Token, "create", "", data).Expect(t, http.StatusCreated, "").Data()
}
