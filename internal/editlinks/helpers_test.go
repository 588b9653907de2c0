package editlinks_test

import (
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

const resource = "doc-edit-link"

// link calls a doc-edit-link action.
func link(t testing.TB, s *apitest.Server, cred, action, id string, data any) *apitest.Resp {
	t.Helper()
	return s.Call(t, cred, resource, action, id, data)
}

// generate creates (or returns) the document's link and returns its token.
func generate(t testing.TB, s *apitest.Server, cred, docID string) string {
	t.Helper()
	r := link(t, s, cred, "generate", docID, nil)
	if r.Status != 200 && r.Status != 201 {
		r.Expect(t, 201, "")
	}
	return apitest.Str(r.Data(), "link", "token")
}

// docContent reads a document's content through the API.
func docContent(t testing.TB, s *apitest.Server, cred, docID string) string {
	t.Helper()
	return apitest.Str(s.Call(t, cred, "documents", "get", docID, nil).Expect(t, 200, "").Data(), "document", "content")
}

// update calls public-update without a credential.
func update(t testing.TB, s *apitest.Server, token, content string, pin any) *apitest.Resp {
	t.Helper()
	data := map[string]any{"token": token, "content": content}
	if pin != nil {
		data["pin"] = pin
	}
	return link(t, s, "", "public-update", "", data)
}

// attempts returns the error object's attemptsRemaining, or -1.
func attempts(r *apitest.Resp) int {
	v, ok := r.Err()["attemptsRemaining"].(float64)
	if !ok {
		return -1
	}
	return int(v)
}
