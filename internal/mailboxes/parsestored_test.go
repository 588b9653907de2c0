package mailboxes_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
)

// legacyReply answers latin1Mail (In-Reply-To its Message-ID).
const legacyReply = "From: Renee <renee@example.com>\r\n" +
	"To: support@mail.localhost\r\n" +
	"Subject: Re: Tarifs\r\n" +
	"Message-ID: <second-2@example.com>\r\n" +
	"In-Reply-To: <first-1@example.com>\r\n" +
	"References: <first-1@example.com>\r\n" +
	"Date: Tue, 24 Nov 2026 11:00:00 +0000\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\n" +
	"\r\n" +
	"And for the winter?\r\n"

// withMailbox starts a server with a user whose genie has a provisioned
// mailbox; it returns the genie's id and the mailbox.
func withMailbox(t *testing.T, store string) (*apitest.Server, *apitest.User, string, map[string]any) {
	t.Helper()
	s := apitest.Start(t, store)
	u := s.NewUser(t, auth.RoleUser)
	g := newGenie(t, s, u.Token, "Support")
	return s, u, g, s.Call(t, u.Token, res, "provision", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
}

// TestParseStoredAtStart: messages stored before inboxes kept parsed
// copies (migration 0012 left them parsed = FALSE, with no summary and no
// thread) are parsed by the next process to start, before it serves, so
// the read actions find them whole and the reply in the thread of the
// message it answers; the reads themselves parse nothing, and a later
// start finds nothing left to parse.
func TestParseStoredAtStart(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		s, u, g, box := withMailbox(t, store)
		account := apitest.Str(box, "account_id")
		first := uuid.NewString()
		at := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
		for i, m := range []struct{ id, raw string }{{first, latin1Mail}, {uuid.NewString(), legacyReply}} {
			// The row as a process older than migration 0012 wrote it.
			if _, err := s.App.DB.W.ExecContext(ctx, `INSERT INTO mail_messages (id, account_id, mail_from, rcpt_to, subject, raw, received_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`, m.id, account, "renee@example.com", "support@mail.localhost", "old", []byte(m.raw),
				at.Add(time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}

		next := apitest.StartOn(t, s.DSN) // parses them at start
		list := next.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		msgs, _ := list["messages"].([]any)
		if list["count"] != 2.0 || len(msgs) != 2 {
			t.Fatalf("messages: %v", list)
		}
		reply, orig := msgs[0].(map[string]any), msgs[1].(map[string]any)
		if orig["id"] != first || orig["subject"] != "Tarifs été" || orig["from"] != "Renée Dupré <renee@example.com>" ||
			reply["in_reply_to"] != "first-1@example.com" || reply["thread_id"] != orig["thread_id"] || orig["thread_id"] == nil {
			t.Fatalf("parsed messages: %v", msgs)
		}
		threads := next.Call(t, u.Token, res, "threads", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()
		if th, _ := threads["threads"].([]any); threads["count"] != 1.0 || len(th) != 1 || th[0].(map[string]any)["message_count"] != 2.0 {
			t.Fatalf("threads: %v", threads)
		}
		full := next.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": first}).Expect(t, 200, "").Data()["message"].(map[string]any)
		if full["message_id"] != "first-1@example.com" || len(full["attachments"].([]any)) != 1 {
			t.Fatalf("message: %v", full)
		}
		if n, err := s.App.Mail.ParseStored(ctx); err != nil || n != 0 {
			t.Fatalf("parse stored again: %d, %v; want 0 left", n, err)
		}
	})
}
