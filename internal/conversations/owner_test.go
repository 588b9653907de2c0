package conversations_test

import (
	"strings"
	"testing"

	"github.com/geniehq/genie/internal/apitest"
)

// TestOwnerReads: feedback is recorded on answers only; the owner lists
// transcripts newest first with filters and reads one in full; another
// user sees none of it (not by id, not by genie, not with adminMode); an
// admin with adminMode sees every owner's; gaps groups similar questions.
func TestOwnerReads(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		s := apitest.Start(t, store)
		sh := newShop(t, s)
		g, owner := sh.genie, sh.owner.Token

		first := ask(t, s, g, "how long do i have to return an item?", "").Expect(t, 200, "").Data()
		c1, m1 := first["conversation_id"].(string), first["message_id"].(string)
		s.Call(t, "", res, "feedback", "", map[string]any{"conversationId": c1, "messageId": m1, "helpful": false}).Expect(t, 200, "")
		// Changing one's mind is allowed; the last feedback counts.
		fb := s.Call(t, "", res, "feedback", "", map[string]any{"conversationId": c1, "messageId": m1, "helpful": true}).Expect(t, 200, "").Data()
		if fb["helpful"] != true || fb["message_id"] != m1 {
			t.Fatalf("feedback: %v", fb)
		}
		s.Call(t, "", res, "feedback", "", map[string]any{"conversationId": c1, "messageId": c1, "helpful": true}).Expect(t, 404, "NOT_FOUND")
		s.Call(t, "", res, "feedback", "", map[string]any{"conversationId": c1, "messageId": m1}).Expect(t, 400, "VALIDATION_ERROR")

		// A second conversation: two similar questions not answered, one
		// answer marked unhelpful.
		c2 := ask(t, s, g, "Do you sell helicopters?", "").Expect(t, 200, "").Data()["conversation_id"].(string)
		ask(t, s, g, "do you sell a helicopter", c2).Expect(t, 200, "")
		tr := ask(t, s, g, "Can I track my parcel?", c2).Expect(t, 200, "").Data()
		if tr["answered"] != true {
			t.Fatalf("tracking: %v", tr)
		}
		s.Call(t, "", res, "feedback", "", map[string]any{"conversationId": c2, "messageId": tr["message_id"], "helpful": false}).Expect(t, 200, "")

		list := func(cred string, data map[string]any) []any {
			t.Helper()
			return s.Call(t, cred, res, "all", "", data).Expect(t, 200, "").Data()["conversations"].([]any)
		}
		all := list(owner, nil)
		if len(all) != 2 || all[0].(map[string]any)["id"] != c2 || all[1].(map[string]any)["id"] != c1 {
			t.Fatalf("all, newest first: %v", all)
		}
		if got := all[0].(map[string]any); got["message_count"] != 3.0 || got["unanswered"] != 2.0 || got["feedback"] != 1.0 || got["escalated"] != false {
			t.Fatalf("summary: %v", got)
		}
		for filter, want := range map[string]int{"unanswered": 1, "feedback": 2, "escalated": 0} {
			if got := list(owner, map[string]any{"filter": filter, "agentId": g}); len(got) != want {
				t.Errorf("filter %s: %d conversations, want %d", filter, len(got), want)
			}
		}
		s.Call(t, owner, res, "all", "", map[string]any{"filter": "nope"}).Expect(t, 400, "VALIDATION_ERROR")
		if got := s.Call(t, owner, res, "all", "", map[string]any{"limit": 1, "offset": 1}).Expect(t, 200, "").Data(); got["count"] != 2.0 ||
			got["conversations"].([]any)[0].(map[string]any)["id"] != c1 {
			t.Fatalf("page 2: %v", got)
		}

		one := s.Call(t, owner, res, "get", c2, nil).Expect(t, 200, "").Data()["conversation"].(map[string]any)
		msgs := one["messages"].([]any)
		if len(msgs) != 3 || msgs[0].(map[string]any)["question"] != "Do you sell helicopters?" || msgs[2].(map[string]any)["helpful"] != false {
			t.Fatalf("transcript: %v", one)
		}
		s.Call(t, owner, res, "get", "", map[string]any{"conversationId": c1}).Expect(t, 200, "")

		// Another user sees nothing of it.
		other := s.NewUser(t, "user")
		if got := list(other.Token, nil); len(got) != 0 {
			t.Fatalf("another user's all: %v", got)
		}
		if got := list(other.Token, map[string]any{"adminMode": true}); len(got) != 0 {
			t.Fatalf("adminMode without the role: %v", got)
		}
		s.Call(t, other.Token, res, "get", c2, nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, other.Token, res, "all", "", map[string]any{"agentId": g}).Expect(t, 404, "AGENT_NOT_FOUND")
		s.Call(t, other.Token, res, "gaps", "", map[string]any{"agentId": g}).Expect(t, 404, "AGENT_NOT_FOUND")
		if got := s.Call(t, other.Token, res, "gaps", "", nil).Expect(t, 200, "").Data(); got["count"] != 0.0 {
			t.Fatalf("another user's gaps: %v", got)
		}
		s.Call(t, "", res, "all", "", nil).Expect(t, 401, "UNAUTHORIZED")
		s.Call(t, "", res, "get", c2, nil).Expect(t, 401, "UNAUTHORIZED")

		admin := s.NewUser(t, "internal_admin")
		if got := list(admin.Token, map[string]any{"adminMode": true}); len(got) != 2 {
			t.Fatalf("admin with adminMode: %v", got)
		}
		if got := list(admin.Token, nil); len(got) != 0 {
			t.Fatalf("admin without adminMode sees only their own: %v", got)
		}

		// The counts in /metrics (no label a client controls).
		m := s.Do(t, "GET", "/metrics", "", nil)
		for _, want := range []string{"genie_conversations 2", "genie_conversation_questions_answered 2",
			"genie_conversation_questions_unanswered 2", "genie_conversation_answers_unhelpful 1", "genie_conversation_escalations 0"} {
			if m.Status != 200 || !strings.Contains(string(m.Raw), "\n"+want+"\n") {
				t.Fatalf("/metrics lacks %q", want)
			}
		}

		gaps := s.Call(t, owner, res, "gaps", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		gs := gaps["gaps"].([]any)
		if gaps["count"] != 2.0 || len(gs) != 2 {
			t.Fatalf("gaps: %v", gaps)
		}
		top := gs[0].(map[string]any)
		if top["count"] != 2.0 || top["unanswered"] != 2.0 || top["question"] != "do you sell a helicopter" || len(top["examples"].([]any)) != 2 {
			t.Fatalf("top gap: %v", top)
		}
		if next := gs[1].(map[string]any); next["count"] != 1.0 || next["unhelpful"] != 1.0 || next["question"] != "Can I track my parcel?" {
			t.Fatalf("unhelpful gap: %v", next)
		}
	})
}
