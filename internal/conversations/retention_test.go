package conversations_test

import (
	"context"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
)

// TestRetention: a conversation past the retention goes with its messages
// and escalation (the visitor's email); a recent one stays; deleting a
// genie deletes its conversations.
func TestRetention(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		clock := &apitest.Clock{}
		s := apitest.Start(t, store, unlimited, apitest.WithClock(clock))
		sh := newShop(t, s)
		old := ask(t, s, sh.genie, "Do you sell helicopters?", "").Expect(t, 200, "").Data()["conversation_id"].(string)
		s.Call(t, "", res, "escalate", "", map[string]any{"conversationId": old, "email": "ada@example.com"}).Expect(t, 201, "")
		clock.Advance(80 * 24 * time.Hour)
		recent := ask(t, s, sh.genie, "Can I track my parcel?", "").Expect(t, 200, "").Data()["conversation_id"].(string)
		clock.Advance(11 * 24 * time.Hour)

		n, err := s.App.Conversations.Sweep(context.Background())
		if err != nil || n != 1 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		s.Call(t, sh.owner.Token, res, "get", old, nil).Expect(t, 404, "NOT_FOUND")
		s.Call(t, sh.owner.Token, res, "get", recent, nil).Expect(t, 200, "")
		var left int
		if err := s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM conversation_escalations`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("escalations left: %d %v", left, err)
		}
		if err := s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM conversation_messages`).Scan(&left); err != nil || left != 1 {
			t.Fatalf("messages left: %d %v", left, err)
		}

		s.Call(t, sh.owner.Token, "genies", "delete", sh.genie, nil).Expect(t, 200, "")
		if err := s.App.DB.R.QueryRow(`SELECT COUNT(*) FROM conversations`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("conversations of a deleted genie: %d %v", left, err)
		}
	})
}
