package mailboxes_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/apitest"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/mailboxes"
	"github.com/geniehq/genie/internal/platform/mail"
)

// countingMail is the embedded mail system, counting the reads of one
// message and the sends.
type countingMail struct {
	*mail.Embedded
	reads, sends atomic.Int32
}

func (c *countingMail) InboxMessage(ctx context.Context, accountID, id string) (*mail.FullMessage, []byte, error) {
	c.reads.Add(1)
	return c.Embedded.InboxMessage(ctx, accountID, id)
}

func (c *countingMail) SendFrom(ctx context.Context, t *mail.Tenant, accountID string, out mail.Outgoing, limit int) (*mail.InboxMessage, time.Time, error) {
	c.sends.Add(1)
	return c.Embedded.SendFrom(ctx, t, accountID, out, limit)
}

// TestSendReadsOnce: Service.Send with replyTo reads the answered message
// once from the mail system and sends once; the mail system takes the
// answered message from the caller (mail.Outgoing.Parent), so it has no id
// to read it by again (before, the handler read it and SendFrom read it a
// second time). The message Send returns, built from what was stored, is
// the one a later read returns.
func TestSendReadsOnce(t *testing.T) {
	apitest.EachStore(t, func(t *testing.T, store string) {
		ctx := context.Background()
		s, u, g, box := withMailbox(t, store)
		if err := s.App.Mail.Deliver(ctx, "renee@example.com", apitest.Str(box, "email_address"), []byte(legacyReply)); err != nil {
			t.Fatal(err)
		}
		msgs := s.Call(t, u.Token, res, "messages", "", map[string]any{"agentId": g}).Expect(t, 200, "").Data()["messages"].([]any)
		parent := apitest.Str(msgs[0].(map[string]any), "id")

		cm := &countingMail{Embedded: s.App.Mail}
		svc := &mailboxes.Service{DB: s.App.DB, Mail: cm, Log: slog.Default()}
		text := "Winter prices are the same."
		sent, err := svc.Send(ctx, &auth.Caller{UserID: u.ID, Role: auth.RoleUser}, g, mailboxes.SendInput{ReplyTo: &parent, Text: &text})
		if err != nil {
			t.Fatal(err)
		}
		if r, n := cm.reads.Load(), cm.sends.Load(); r != 1 || n != 1 {
			t.Fatalf("the answered message was read %d times and the mail sent %d times; want 1 and 1", r, n)
		}
		if sent.InReplyTo == nil || *sent.InReplyTo != "second-2@example.com" || sent.Subject != "Re: Tarifs" || !reflect.DeepEqual(sent.To, []string{"Renee <renee@example.com>"}) {
			t.Fatalf("sent: %+v", sent)
		}
		// What Send returned, built from what was stored, is what a read
		// returns.
		read := s.Call(t, u.Token, res, "message", "", map[string]any{"agentId": g, "messageId": sent.ID}).Expect(t, 200, "").Data()["message"].(map[string]any)
		for _, k := range []string{"message_id", "references", "headers"} {
			delete(read, k)
		}
		var got map[string]any
		b, _ := json.Marshal(sent)
		if err := json.Unmarshal(b, &got); err != nil || !reflect.DeepEqual(got, read) {
			t.Fatalf("sent %v, read back %v", got, read)
		}
	})
}
