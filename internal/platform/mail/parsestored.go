package mail

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/geniehq/genie/internal/platform/db"
)

// ParseStored parses the messages stored before inboxes kept parsed copies
// (the rows migration 0012 left with parsed = FALSE), oldest first so that
// a reply finds the thread of the message it answers, and returns how many
// it parsed. It runs once at start, before the service answers, so the
// read paths never meet an unparsed row. Processes starting together may
// both run it: each row is marked parsed by one conditional UPDATE, so a
// row is parsed once. Every message stored since migration 0012 is parsed
// when it is stored, so after the first start it finds nothing.
func (e *Embedded) ParseStored(ctx context.Context) (int, error) {
	n := 0
	for {
		batch, err := unparsed(ctx, e.DB.R, 100)
		if err != nil || len(batch) == 0 {
			return n, err
		}
		for _, o := range batch {
			if err := parseStored(ctx, e.DB.W, o); err != nil {
				return n, err
			}
			n++
		}
	}
}

// oldRow is a stored message not yet parsed.
type oldRow struct {
	id, accountID string
	raw           []byte
}

// unparsed reads up to limit unparsed messages, oldest first.
func unparsed(ctx context.Context, q db.Querier, limit int) ([]oldRow, error) {
	out, err := db.List(ctx, q, func(row db.Row) (o oldRow, err error) {
		return o, row.Scan(&o.id, &o.accountID, &o.raw)
	}, `SELECT id, account_id, raw FROM mail_messages WHERE parsed = FALSE ORDER BY received_at, id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("mail: find unparsed messages: %w", err)
	}
	return out, nil
}

// parseStored parses one stored message and records its parsed copy and
// thread, unless another process did first.
func parseStored(ctx context.Context, q db.Querier, o oldRow) error {
	p := Parse(o.raw)
	thread, err := threadOf(ctx, q, o.accountID, p)
	if err != nil {
		return err
	}
	summary, err := json.Marshal(stored{p})
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `UPDATE mail_messages SET parsed = TRUE, message_id = $1, in_reply_to = $2, thread_id = $3, summary = $4
		WHERE id = $5 AND parsed = FALSE`, db.NullIfEmpty(p.MessageID), db.NullIfEmpty(p.InReplyTo), thread, string(summary), o.id); err != nil {
		return fmt.Errorf("mail: parse stored message: %w", err)
	}
	return nil
}
