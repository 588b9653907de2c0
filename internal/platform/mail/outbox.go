package mail

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// OutboxClaim is how long a process owns an outbox message while sending
// it; if the process dies meanwhile, another one sends it after that.
const OutboxClaim = 5 * time.Minute

// FlushOutbox sends messages kept in the outbox through the relay, oldest
// first, at most limit of them, deleting each once the relay accepted it.
// Without a relay it does nothing. Several processes may flush at once:
// each message is claimed before it is sent. It stops at the first failure
// (the relay is probably down; the message keeps its place, with
// last_error) and returns how many were sent.
func (o *Outbound) FlushOutbox(ctx context.Context, limit int) (int, error) {
	if o.Relay == nil {
		return 0, nil
	}
	now := o.DB.Now()
	rows, err := o.DB.R.QueryContext(ctx, `SELECT id FROM mail_outbox WHERE claimed_until IS NULL OR claimed_until < $1
		ORDER BY created_at, id LIMIT $2`, now, limit)
	if err != nil {
		return 0, fmt.Errorf("mail: list outbox: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	sent := 0
	for _, id := range ids {
		ok, err := o.sendQueued(ctx, id)
		if err != nil {
			return sent, err
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// sendQueued claims, sends and deletes one outbox message; false means
// another process had claimed it.
func (o *Outbound) sendQueued(ctx context.Context, id string) (bool, error) {
	now := o.DB.Now()
	res, err := o.DB.W.ExecContext(ctx, `UPDATE mail_outbox SET claimed_until = $1, attempts = attempts + 1
		WHERE id = $2 AND (claimed_until IS NULL OR claimed_until < $3)`, now.Add(OutboxClaim), id, now)
	if err != nil {
		return false, fmt.Errorf("mail: claim outbox message: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	var from, to string
	var raw []byte
	if err := o.DB.W.QueryRowContext(ctx, `SELECT mail_from, rcpt_to, raw FROM mail_outbox WHERE id = $1`, id).Scan(&from, &to, &raw); err != nil {
		return false, fmt.Errorf("mail: read outbox message: %w", err)
	}
	if err := o.Relay.Send(ctx, from, strings.Split(to, ","), raw); err != nil {
		if _, uerr := o.DB.W.ExecContext(ctx, `UPDATE mail_outbox SET claimed_until = NULL, last_error = $1 WHERE id = $2`,
			err.Error(), id); uerr != nil {
			o.Log.WarnContext(ctx, "release outbox message", "id", id, "err", uerr)
		}
		return false, err
	}
	if _, err := o.DB.W.ExecContext(ctx, `DELETE FROM mail_outbox WHERE id = $1`, id); err != nil {
		return true, fmt.Errorf("mail: delete sent outbox message: %w", err)
	}
	o.Log.InfoContext(ctx, "outbox message sent through the relay", "id", id, "from", from, "to", to)
	return true, nil
}
