package marketplace_test

import (
	"net/http"
	"strings"
	"testing"

	"genie/internal/apitest"
)

func TestSubmissions(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		mine := apitest.Str(f.s.Call(t, f.user.Token, "genies", "create", "", map[string]any{"name": "Mine", "instructions": "x"}).
			Expect(t, http.StatusCreated, "").Data(), "genie", "id")
		theirs := f.agent(t, "Admin genie", 0)

		f.call(t, "", "submissions", "", nil).Expect(t, http.StatusUnauthorized, "UNAUTHORIZED")

		// Create: pending, default data {}; only the caller's genies.
		sub := f.call(t, f.user.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": mine}).
			Expect(t, http.StatusCreated, "").Data()["submission"].(map[string]any)
		if sub["status"] != "pending" || sub["agent_id"] != mine || sub["user_id"] != f.user.ID || sub["reviewed_by"] != nil ||
			sub["reviewed_at"] != nil || sub["admin_notes"] != nil || len(sub["submission_data"].(map[string]any)) != 0 {
			t.Fatalf("submission %v", sub)
		}
		s1 := sub["id"].(string)
		sub = f.call(t, f.user.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": mine,
			"submission_data": map[string]any{"pitch": "great", "tags": []any{"a"}}}).Expect(t, 201, "").Data()["submission"].(map[string]any)
		if sub["submission_data"].(map[string]any)["pitch"] != "great" {
			t.Fatalf("submission data %v", sub)
		}
		s2 := sub["id"].(string)
		f.call(t, f.user.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": theirs}).Expect(t, 404, "AGENT_NOT_FOUND")
		f.call(t, f.user.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": "nope"}).Expect(t, 404, "AGENT_NOT_FOUND")
		s3 := f.call(t, f.admin.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": theirs}).
			Expect(t, 201, "").Data()["submission"].(map[string]any)["id"].(string)

		// Moderation: admins only.
		for _, m := range []string{"approve", "reject", "under-review"} {
			f.call(t, f.user.Token, "submissions", "", map[string]any{"mode": m, "submission_id": s1}).Expect(t, 403, "FORBIDDEN")
		}
		r := f.call(t, f.admin.Token, "submissions", "", map[string]any{"mode": "under-review", "submission_id": s1, "admin_notes": "looking"}).
			Expect(t, 200, "").Data()["submission"].(map[string]any)
		if r["status"] != "under_review" || r["admin_notes"] != "looking" || r["reviewed_by"] != f.admin.ID || r["reviewed_at"] == nil {
			t.Fatalf("under review %v", r)
		}
		wantField(t, f.call(t, f.admin.Token, "submissions", "", map[string]any{"mode": "under-review", "submission_id": s1}), "mode")
		r = f.call(t, f.admin.Token, "submissions", s1, map[string]any{"mode": "approve"}).Expect(t, 200, "").Data()["submission"].(map[string]any)
		if r["status"] != "approved" || r["admin_notes"] != "looking" {
			t.Fatalf("approved %v", r)
		}
		for _, m := range []string{"approve", "reject", "under-review"} {
			wantField(t, f.call(t, f.admin.Token, "submissions", "", map[string]any{"mode": m, "submission_id": s1}), "mode")
		}
		r = f.call(t, f.admin.Token, "submissions", "", map[string]any{"mode": "reject", "submission_id": s2, "admin_notes": "no"}).
			Expect(t, 200, "").Data()["submission"].(map[string]any)
		if r["status"] != "rejected" || r["admin_notes"] != "no" {
			t.Fatalf("rejected %v", r)
		}
		wantField(t, f.call(t, f.admin.Token, "submissions", "", map[string]any{"mode": "approve", "submission_id": s2}), "mode")
		f.call(t, f.admin.Token, "submissions", "", map[string]any{"mode": "approve", "submission_id": "00000000-0000-4000-8000-000000000000"}).
			Expect(t, 404, "NOT_FOUND")

		// List: users see their own, admins all; status filter; newest first.
		list := f.call(t, f.user.Token, "submissions", "", nil).Expect(t, 200, "").Data()
		items := list["items"].([]any)
		if list["count"] != 2.0 || list["limit"] != 50.0 || len(items) != 2 || items[0].(map[string]any)["id"] != s2 {
			t.Fatalf("user list %v", list)
		}
		if list = f.call(t, f.admin.Token, "submissions", "", nil).Data(); list["count"] != 3.0 ||
			list["items"].([]any)[0].(map[string]any)["id"] != s3 {
			t.Fatalf("admin list %v", list)
		}
		list = f.call(t, f.admin.Token, "submissions", "", map[string]any{"status": "pending"}).Data()
		if list["count"] != 1.0 || list["items"].([]any)[0].(map[string]any)["id"] != s3 {
			t.Fatalf("status filter %v", list)
		}
		if list = f.call(t, f.user.Token, "submissions", "", map[string]any{"status": "approved"}).Data(); list["count"] != 1.0 {
			t.Fatalf("user status filter %v", list)
		}
		list = f.call(t, f.admin.Token, "submissions", "", map[string]any{"limit": 1, "offset": 2}).Data()
		if list["count"] != 3.0 || len(list["items"].([]any)) != 1 || list["items"].([]any)[0].(map[string]any)["id"] != s1 {
			t.Fatalf("page %v", list)
		}
		if list = f.call(t, f.consumer.Token, "submissions", "", nil).Data(); list["count"] != 0.0 {
			t.Fatalf("consumer list %v", list)
		}

		// Delete: own or admin; others 404.
		f.call(t, f.user.Token, "submissions", "", map[string]any{"mode": "delete", "submission_id": s3}).Expect(t, 404, "NOT_FOUND")
		d := f.call(t, f.user.Token, "submissions", "", map[string]any{"mode": "delete", "submission_id": s1}).Expect(t, 200, "").Data()
		if d["success"] != true || d["id"] != s1 {
			t.Fatalf("delete %v", d)
		}
		f.call(t, f.user.Token, "submissions", s1, map[string]any{"mode": "delete"}).Expect(t, 404, "NOT_FOUND")
		f.call(t, f.admin.Token, "submissions", s2, map[string]any{"mode": "delete"}).Expect(t, 200, "")
		if list = f.call(t, f.user.Token, "submissions", "", nil).Data(); list["count"] != 0.0 {
			t.Fatalf("after delete %v", list)
		}

		for _, tc := range []struct {
			tok   string
			data  map[string]any
			field string
		}{
			{f.user.Token, map[string]any{"mode": "bogus"}, "mode"},
			{f.user.Token, map[string]any{"mode": "create"}, "agent_id"},
			{f.user.Token, map[string]any{"mode": "create", "agent_id": 5}, "agent_id"},
			{f.user.Token, map[string]any{"mode": "create", "agent_id": mine, "submission_data": "x"}, "submission_data"},
			{f.user.Token, map[string]any{"mode": "create", "agent_id": mine, "submission_data": []any{1}}, "submission_data"},
			{f.user.Token, map[string]any{"mode": "create", "agent_id": mine, "submission_data": map[string]any{"a": strings.Repeat("x", 70000)}}, "submission_data"},
			{f.user.Token, map[string]any{"mode": "delete"}, "submission_id"},
			{f.admin.Token, map[string]any{"mode": "approve"}, "submission_id"},
			{f.admin.Token, map[string]any{"mode": "approve", "submission_id": s3, "admin_notes": strings.Repeat("n", 5001)}, "admin_notes"},
			{f.admin.Token, map[string]any{"mode": "approve", "submission_id": s3, "admin_notes": 3}, "admin_notes"},
			{f.user.Token, map[string]any{"status": "done"}, "status"},
			{f.user.Token, map[string]any{"status": 1}, "status"},
			{f.user.Token, map[string]any{"limit": 500}, "limit"},
			{f.user.Token, map[string]any{"offset": -2}, "offset"},
		} {
			wantField(t, f.call(t, tc.tok, "submissions", "", tc.data), tc.field)
		}
	})
}
