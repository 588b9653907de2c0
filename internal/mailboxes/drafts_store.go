package mailboxes

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// The SQL of drafts (mail_drafts): one short function per query.

// insertDraft stores a draft unless its message has one; it reports
// whether it did.
func insertDraft(ctx context.Context, q db.Querier, d *Draft) (bool, error) {
	to, _ := json.Marshal(d.To)
	cc, _ := json.Marshal(d.Cc)
	src, _ := json.Marshal(d.Sources)
	res, err := q.ExecContext(ctx, `INSERT INTO mail_drafts (id, mailbox_id, message_id, thread_id, to_addrs, cc_addrs, subject, body,
		answered, language, sources, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (message_id) DO NOTHING`,
		d.ID, d.mailboxID, d.MessageID, d.ThreadID, string(to), string(cc), d.Subject, d.Text, d.Answered, d.Language, string(src), d.CreatedAt, d.UpdatedAt)
	if err != nil {
		return false, fmt.Errorf("mailboxes: store draft: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const draftColumns = `d.id, b.agent_id, d.mailbox_id, d.message_id, d.thread_id, d.to_addrs, d.cc_addrs, d.subject, d.body, d.answered,
	d.language, d.sources, d.created_at, d.updated_at`

func scanDraft(row interface{ Scan(...any) error }) (*Draft, error) {
	var d Draft
	var to, cc, src string
	if err := row.Scan(&d.ID, &d.AgentID, &d.mailboxID, &d.MessageID, &d.ThreadID, &to, &cc, &d.Subject, &d.Text, &d.Answered,
		&d.Language, &src, &d.CreatedAt, &d.UpdatedAt); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		raw string
		dst any
	}{{to, &d.To}, {cc, &d.Cc}, {src, &d.Sources}} {
		if err := json.Unmarshal([]byte(f.raw), f.dst); err != nil {
			return nil, fmt.Errorf("mailboxes: read draft %s: %w", d.ID, err)
		}
	}
	d.NeedsPerson = !d.Answered
	d.CreatedAt, d.UpdatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC()
	return &d, nil
}

// draftQuery selects a mailbox's drafts.
type draftQuery struct {
	ThreadID      string
	NeedsPerson   *bool
	Limit, Offset int
}

// listDrafts returns a mailbox's drafts, newest first, and how many match.
func listDrafts(ctx context.Context, q db.Querier, mailboxID string, f draftQuery) ([]Draft, int, error) {
	where, args := `d.mailbox_id = $1`, []any{mailboxID}
	if f.ThreadID != "" {
		args = append(args, f.ThreadID)
		where += fmt.Sprintf(` AND d.thread_id = $%d`, len(args))
	}
	if f.NeedsPerson != nil {
		args = append(args, !*f.NeedsPerson)
		where += fmt.Sprintf(` AND d.answered = $%d`, len(args))
	}
	args = append(args, f.Limit, f.Offset)
	out, total, err := db.Page(ctx, q, db.Value(scanDraft), db.Counted{
		Query: fmt.Sprintf(`SELECT %s, COUNT(*) OVER () FROM mail_drafts d JOIN mailboxes b ON b.id = d.mailbox_id
		WHERE %s ORDER BY d.created_at DESC, d.id DESC LIMIT $%d OFFSET $%d`, draftColumns, where, len(args)-1, len(args)),
		Args: args, Offset: f.Offset, Count: `SELECT COUNT(*) FROM mail_drafts d WHERE ` + where, CountArgs: args[:len(args)-2]})
	if err != nil {
		return nil, 0, fmt.Errorf("mailboxes: list drafts: %w", err)
	}
	return out, total, nil
}

// loadDraft returns a mailbox's draft, or NOT_FOUND.
func loadDraft(ctx context.Context, q db.Querier, mailboxID, id string) (*Draft, error) {
	d, err := scanDraft(q.QueryRowContext(ctx, `SELECT `+draftColumns+` FROM mail_drafts d JOIN mailboxes b ON b.id = d.mailbox_id
		WHERE d.mailbox_id = $1 AND d.id = $2`, mailboxID, id))
	if err != nil {
		return nil, db.Found(err, apperr.NotFound("draft"), "mailboxes: load draft")
	}
	return d, nil
}
