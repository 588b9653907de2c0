package community_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

func TestSubmissions(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		mine := apitest.Str(f.S.Call(t, f.User.Token, "genies", "create", "", map[string]any{"name": "Mine", "instructions": "x"}).
			Expect(t, http.StatusCreated, "").Data(), "genie", "id")
		theirs := f.Agent(t, "Admin genie", 0)

		f.Call(t, "", "submissions", "", nil).Expect(t, http.StatusUnauthorized, "UNAUTHORIZED")

		// Create: pending, default data {}; only the caller's genies.
		sub := f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": mine}).
			Expect(t, http.StatusCreated, "").Data()["submission"].(map[string]any)
		if sub["status"] != "pending" || sub["agent_id"] != mine || sub["user_id"] != f.User.ID || sub["reviewed_by"] != nil ||
			sub["reviewed_at"] != nil || sub["admin_notes"] != nil || len(sub["submission_data"].(map[string]any)) != 0 {
			t.Fatalf("submission %v", sub)
		}
		s1 := sub["id"].(string)
		sub = f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": mine,
			"submission_data": map[string]any{"pitch": "great", "tags": []any{"a"}}}).Expect(t, 201, "").Data()["submission"].(map[string]any)
		if sub["submission_data"].(map[string]any)["pitch"] != "great" {
			t.Fatalf("submission data %v", sub)
		}
		s2 := sub["id"].(string)
		f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": theirs}).Expect(t, 404, "AGENT_NOT_FOUND")
		f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": "nope"}).Expect(t, 404, "AGENT_NOT_FOUND")
		s3 := f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": theirs}).
			Expect(t, 201, "").Data()["submission"].(map[string]any)["id"].(string)

		// Moderation: admins only.
		for _, m := range []string{"approve", "reject", "under-review"} {
			f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": m, "submission_id": s1}).Expect(t, 403, "FORBIDDEN")
		}
		r := f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "under-review", "submission_id": s1, "admin_notes": "looking"}).
			Expect(t, 200, "").Data()["submission"].(map[string]any)
		if r["status"] != "under_review" || r["admin_notes"] != "looking" || r["reviewed_by"] != f.Admin.ID || r["reviewed_at"] == nil {
			t.Fatalf("under review %v", r)
		}
		wantField(t, f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "under-review", "submission_id": s1}), "mode")
		// Approving publishes a listing: empty data cannot make one, and the
		// submission stays as it was (TestSubmissionPublishes has the rest).
		wantField(t, f.Call(t, f.Admin.Token, "submissions", s1, map[string]any{"mode": "approve"}), "submission_data.slug")
		r = f.Call(t, f.Admin.Token, "submissions", s1, map[string]any{"mode": "reject"}).Expect(t, 200, "").Data()["submission"].(map[string]any)
		if r["status"] != "rejected" || r["admin_notes"] != "looking" {
			t.Fatalf("rejected after a failed approval %v", r)
		}
		for _, m := range []string{"approve", "reject", "under-review"} {
			wantField(t, f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": m, "submission_id": s1}), "mode")
		}
		r = f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "reject", "submission_id": s2, "admin_notes": "no"}).
			Expect(t, 200, "").Data()["submission"].(map[string]any)
		if r["status"] != "rejected" || r["admin_notes"] != "no" {
			t.Fatalf("rejected %v", r)
		}
		wantField(t, f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "approve", "submission_id": s2}), "mode")
		f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "approve", "submission_id": "00000000-0000-4000-8000-000000000000"}).
			Expect(t, 404, "NOT_FOUND")

		// List: users see their own, admins all; status filter; newest first.
		list := f.Call(t, f.User.Token, "submissions", "", nil).Expect(t, 200, "").Data()
		items := list["items"].([]any)
		if list["count"] != 2.0 || list["limit"] != 50.0 || len(items) != 2 || items[0].(map[string]any)["id"] != s2 {
			t.Fatalf("user list %v", list)
		}
		if list = f.Call(t, f.Admin.Token, "submissions", "", nil).Data(); list["count"] != 3.0 ||
			list["items"].([]any)[0].(map[string]any)["id"] != s3 {
			t.Fatalf("admin list %v", list)
		}
		list = f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"status": "pending"}).Data()
		if list["count"] != 1.0 || list["items"].([]any)[0].(map[string]any)["id"] != s3 {
			t.Fatalf("status filter %v", list)
		}
		// Exactly a value of the declared enum: a padded one is refused.
		if r := f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"status": " pending "}).Expect(t, 400, "VALIDATION_ERROR"); apitest.Str(r.Err(), "field") != "status" {
			t.Fatalf("padded status: %s", r.Raw)
		}
		if list = f.Call(t, f.User.Token, "submissions", "", map[string]any{"status": "rejected"}).Data(); list["count"] != 2.0 {
			t.Fatalf("user status filter %v", list)
		}
		list = f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"limit": 1, "offset": 2}).Data()
		if list["count"] != 3.0 || len(list["items"].([]any)) != 1 || list["items"].([]any)[0].(map[string]any)["id"] != s1 {
			t.Fatalf("page %v", list)
		}
		if list = f.Call(t, f.Consumer.Token, "submissions", "", nil).Data(); list["count"] != 0.0 {
			t.Fatalf("consumer list %v", list)
		}

		// Delete: own or admin; others 404.
		f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": "delete", "submission_id": s3}).Expect(t, 404, "NOT_FOUND")
		d := f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": "delete", "submission_id": s1}).Expect(t, 200, "").Data()
		if d["success"] != true || d["id"] != s1 {
			t.Fatalf("delete %v", d)
		}
		f.Call(t, f.User.Token, "submissions", s1, map[string]any{"mode": "delete"}).Expect(t, 404, "NOT_FOUND")
		f.Call(t, f.Admin.Token, "submissions", s2, map[string]any{"mode": "delete"}).Expect(t, 200, "")
		if list = f.Call(t, f.User.Token, "submissions", "", nil).Data(); list["count"] != 0.0 {
			t.Fatalf("after delete %v", list)
		}

		for _, tc := range []struct {
			tok   string
			data  map[string]any
			field string
		}{
			{f.User.Token, map[string]any{"mode": "bogus"}, "mode"},
			{f.User.Token, map[string]any{"mode": "create"}, "agent_id"},
			{f.User.Token, map[string]any{"mode": "create", "agent_id": 5}, "agent_id"},
			{f.User.Token, map[string]any{"mode": "create", "agent_id": mine, "submission_data": "x"}, "submission_data"},
			{f.User.Token, map[string]any{"mode": "create", "agent_id": mine, "submission_data": []any{1}}, "submission_data"},
			{f.User.Token, map[string]any{"mode": "create", "agent_id": mine, "submission_data": map[string]any{"a": strings.Repeat("x", 70000)}}, "submission_data"},
			{f.User.Token, map[string]any{"mode": "delete"}, "submission_id"},
			{f.Admin.Token, map[string]any{"mode": "approve"}, "submission_id"},
			{f.Admin.Token, map[string]any{"mode": "approve", "submission_id": s3, "admin_notes": strings.Repeat("n", 5001)}, "admin_notes"},
			{f.Admin.Token, map[string]any{"mode": "approve", "submission_id": s3, "admin_notes": 3}, "admin_notes"},
			{f.User.Token, map[string]any{"status": "done"}, "status"},
			{f.User.Token, map[string]any{"status": 1}, "status"},
			{f.User.Token, map[string]any{"limit": 500}, "limit"},
			{f.User.Token, map[string]any{"offset": -2}, "offset"},
		} {
			wantField(t, f.Call(t, tc.tok, "submissions", "", tc.data), tc.field)
		}
	})
}

// TestSubmissionPublishes: approval creates the listing from
// submission_data for the submission's genie, in the approval's
// transaction; data that cannot make a listing is a 400 naming the field
// and changes nothing; the listing is visible at once to every reader.
func TestSubmissionPublishes(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		f := newFixture(t, store)
		cat := f.Category(t, "support", 1)["id"].(string)
		mine := apitest.Str(f.S.Call(t, f.User.Token, "genies", "create", "", map[string]any{"name": "Helpdesk"}).Expect(t, 201, "").Data(), "genie", "id")
		submit := func(data map[string]any) string {
			return f.Call(t, f.User.Token, "submissions", "", map[string]any{"mode": "create", "agent_id": mine, "submission_data": data}).
				Expect(t, 201, "").Data()["submission"].(map[string]any)["id"].(string)
		}
		f.Listing(t, "taken-slug", cat, nil)
		stats := func() float64 {
			return f.Call(t, "", "stats", "", nil).Expect(t, 200, "").Data()["total_genies"].(float64)
		}
		before := stats()
		for field, data := range map[string]map[string]any{
			"submission_data.slug":         {"display_name": "Helpdesk", "category_id": cat},
			"submission_data.category_id":  {"slug": "helpdesk", "display_name": "Helpdesk", "category_id": "00000000-0000-4000-8000-000000000000"},
			"submission_data.display_name": {"slug": "helpdesk", "display_name": 5, "category_id": cat},
		} {
			id := submit(data)
			wantField(t, f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "approve", "submission_id": id}), field)
			v := f.Call(t, f.User.Token, "submissions", "", map[string]any{"status": "pending"}).Expect(t, 200, "").Data()
			found := false
			for _, it := range v["items"].([]any) {
				found = found || it.(map[string]any)["id"] == id
			}
			if !found {
				t.Fatalf("%s: the refused approval changed the submission", field)
			}
		}
		wantField(t, f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "approve",
			"submission_id": submit(map[string]any{"slug": "taken-slug", "display_name": "H", "category_id": cat})}), "submission_data.slug")
		if stats() != before {
			t.Fatal("a refused approval created a listing")
		}

		id := submit(map[string]any{"slug": "helpdesk", "display_name": "Helpdesk", "category_id": cat, "tagline": "Answers fast",
			"description": "A helpdesk genie", "metadata": map[string]any{"difficulty": "easy"}, "is_featured": true})
		d := f.Call(t, f.Admin.Token, "submissions", "", map[string]any{"mode": "approve", "submission_id": id}).Expect(t, 200, "").Data()
		l := d["listing"].(map[string]any)
		if d["submission"].(map[string]any)["status"] != "approved" || l["slug"] != "helpdesk" || l["agent_id"] != mine ||
			l["tagline"] != "Answers fast" || l["is_featured"] != false || l["is_public"] != true {
			t.Fatalf("approved: %v", d)
		}
		// Visible at once through get, list, search and stats.
		f.Call(t, "", "get", "helpdesk", nil).Expect(t, 200, "")
		if got := slugs(t, f.Call(t, "", "list", "", map[string]any{"query": map[string]any{"search": "helpdesk"}}).Expect(t, 200, "").Data()); len(got) != 1 || got[0] != "helpdesk" {
			t.Fatalf("search after approval: %v", got)
		}
		if stats() != before+1 {
			t.Fatalf("stats after approval: %v, want %v", stats(), before+1)
		}
	})
}
