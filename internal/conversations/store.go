package conversations

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

const convColumns = `c.id, c.genie_id, c.language, c.message_count, c.unanswered, c.feedback, c.escalated, c.created_at, c.last_message_at`

func scanConversation(row interface{ Scan(...any) error }, extra ...any) (*Conversation, error) {
	var c Conversation
	err := row.Scan(append([]any{&c.ID, &c.AgentID, &c.Language, &c.MessageCount, &c.Unanswered, &c.Feedback, &c.Escalated,
		&c.CreatedAt, &c.LastMessageAt}, extra...)...)
	return &c, err
}

// loadConversation returns a conversation with the genie's owner, or
// NOT_FOUND.
func loadConversation(ctx context.Context, q db.Querier, id string) (*Conversation, string, error) {
	var owner string
	c, err := scanConversation(q.QueryRowContext(ctx, `SELECT `+convColumns+`, g.user_id FROM conversations c
		JOIN genies g ON g.id = c.genie_id WHERE c.id = $1`, id), &owner)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", errNoConversation()
	}
	if err != nil {
		return nil, "", fmt.Errorf("load conversation: %w", err)
	}
	return c, owner, nil
}

func errNoConversation() error { return apperr.NotFound("conversation") }

func insertConversation(ctx context.Context, q db.Querier, c *Conversation) error {
	_, err := q.ExecContext(ctx, `INSERT INTO conversations (id, genie_id, language, created_at, last_message_at)
		VALUES ($1, $2, $3, $4, $4)`, c.ID, c.AgentID, c.Language, c.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert conversation: %w", err)
	}
	return nil
}

// insertMessage appends m to the conversation and updates its counters;
// it returns NOT_FOUND when the conversation is gone.
func insertMessage(ctx context.Context, q db.Querier, convID string, m *Message) error {
	unanswered := 0
	if m.Kind == KindAnswer && !m.Answered {
		unanswered = 1
	}
	var seq int
	err := q.QueryRowContext(ctx, `UPDATE conversations SET message_count = message_count + 1, unanswered = unanswered + $1,
		last_message_at = $2 WHERE id = $3 RETURNING message_count`, unanswered, m.CreatedAt, convID).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return errNoConversation()
	}
	if err != nil {
		return fmt.Errorf("count message: %w", err)
	}
	sources, err := json.Marshal(m.Answer.Sources)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO conversation_messages (id, conversation_id, seq, kind, question, answer, answered,
		sources, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		m.ID, convID, seq, m.Kind, m.Question, m.Answer.Text, m.Answered, string(sources), m.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert message: %w", err)
	}
	return nil
}

const msgColumns = `id, kind, question, answer, answered, sources, helpful, created_at`

func scanMessage(row interface{ Scan(...any) error }, extra ...any) (*Message, error) {
	var m Message
	var sources string
	var helpful sql.NullBool
	if err := row.Scan(append([]any{&m.ID, &m.Kind, &m.Question, &m.Answer.Text, &m.Answered, &sources, &helpful, &m.CreatedAt}, extra...)...); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(sources), &m.Answer.Sources); err != nil {
		return nil, fmt.Errorf("message %s sources: %w", m.ID, err)
	}
	if m.Answer.Sources == nil {
		m.Answer.Sources = []Source{}
	}
	if helpful.Valid {
		h := helpful.Bool
		m.Helpful = &h
	}
	return &m, nil
}

func loadMessages(ctx context.Context, q db.Querier, convID string) ([]Message, error) {
	ms, err := db.List(ctx, q, db.Value(func(r db.Row) (*Message, error) { return scanMessage(r) }),
		`SELECT `+msgColumns+` FROM conversation_messages WHERE conversation_id = $1 ORDER BY seq`, convID)
	if err != nil {
		return nil, fmt.Errorf("load messages: %w", err)
	}
	return ms, nil
}

// setHelpful records feedback on an answer of the conversation; the
// conversation's feedback count grows only the first time. NOT_FOUND when
// the message is not an answer of that conversation.
func setHelpful(ctx context.Context, tx *sql.Tx, convID, msgID string, helpful bool) error {
	var prev sql.NullBool
	err := tx.QueryRowContext(ctx, `SELECT helpful FROM conversation_messages WHERE id = $1 AND conversation_id = $2 AND kind = $3`,
		msgID, convID, KindAnswer).Scan(&prev)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound("message")
	}
	if err != nil {
		return fmt.Errorf("load message: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE conversation_messages SET helpful = $1 WHERE id = $2`, helpful, msgID); err != nil {
		return fmt.Errorf("set feedback: %w", err)
	}
	if !prev.Valid {
		if _, err := tx.ExecContext(ctx, `UPDATE conversations SET feedback = feedback + 1 WHERE id = $1`, convID); err != nil {
			return fmt.Errorf("count feedback: %w", err)
		}
	}
	return nil
}

func insertEscalation(ctx context.Context, q db.Querier, e *Escalation) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO conversation_escalations (id, conversation_id, email, name, note, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, e.ID, e.ConversationID, e.Email, e.Name, e.Note, e.CreatedAt); err != nil {
		return fmt.Errorf("insert escalation: %w", err)
	}
	if _, err := q.ExecContext(ctx, `UPDATE conversations SET escalated = TRUE WHERE id = $1`, e.ConversationID); err != nil {
		return fmt.Errorf("mark escalated: %w", err)
	}
	return nil
}

// setEscalationMail records the genie inbox's message and thread of the
// mail that carried an escalation.
func setEscalationMail(ctx context.Context, q db.Querier, id, messageID, threadID string) error {
	_, err := q.ExecContext(ctx, `UPDATE conversation_escalations SET mail_message_id = $1, mail_thread_id = $2 WHERE id = $3`,
		messageID, threadID, id)
	return err
}

func loadEscalations(ctx context.Context, q db.Querier, convID string) ([]*Escalation, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, conversation_id, email, name, note, created_at FROM conversation_escalations
		WHERE conversation_id = $1 ORDER BY created_at, id`, convID)
	if err != nil {
		return nil, fmt.Errorf("load escalations: %w", err)
	}
	defer rows.Close()
	out := []*Escalation{}
	for rows.Next() {
		var e Escalation
		if err := rows.Scan(&e.ID, &e.ConversationID, &e.Email, &e.Name, &e.Note, &e.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, &e)
	}
	return out, rows.Err()
}

// listQuery selects a page of conversations, newest activity first.
type listQuery struct {
	OwnerID string // "" for every owner's (admins)
	AgentID string
	Filter  string
	Limit   int
	Offset  int
}

func listConversations(ctx context.Context, q db.Querier, lq listQuery) ([]*Conversation, int, error) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if lq.OwnerID != "" {
		add("g.user_id = $%d", lq.OwnerID)
	}
	if lq.AgentID != "" {
		add("c.genie_id = $%d", lq.AgentID)
	}
	switch lq.Filter {
	case FilterUnanswered:
		conds = append(conds, "c.unanswered > 0")
	case FilterEscalated:
		conds = append(conds, "c.escalated = TRUE")
	case FilterFeedback:
		conds = append(conds, "c.feedback > 0")
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	from := ` FROM conversations c JOIN genies g ON g.id = c.genie_id` + where
	rows, err := q.QueryContext(ctx, `SELECT `+convColumns+`, COUNT(*) OVER ()`+from+
		fmt.Sprintf(` ORDER BY c.last_message_at DESC, c.id DESC LIMIT $%d OFFSET $%d`, len(args)+1, len(args)+2),
		append(args, lq.Limit, lq.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("list conversations: %w", err)
	}
	defer rows.Close()
	out := []*Conversation{}
	total := 0
	for rows.Next() {
		c, err := scanConversation(rows, &total)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(out) == 0 && lq.Offset > 0 {
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+from, args...).Scan(&total); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// gapRow is a question the genie could not answer or whose answer was
// marked unhelpful.
type gapRow struct {
	AgentID, Question, Language string
	Answered                    bool
	At                          time.Time
}

// maxGapRows bounds the questions one gaps report reads.
const maxGapRows = 5_000

func loadGapRows(ctx context.Context, q db.Querier, ownerID, agentID string) ([]gapRow, error) {
	var conds []string
	args := []any{KindAnswer}
	if ownerID != "" {
		args = append(args, ownerID)
		conds = append(conds, fmt.Sprintf(" AND g.user_id = $%d", len(args)))
	}
	if agentID != "" {
		args = append(args, agentID)
		conds = append(conds, fmt.Sprintf(" AND c.genie_id = $%d", len(args)))
	}
	rows, err := q.QueryContext(ctx, `SELECT c.genie_id, m.question, c.language, m.answered, m.created_at
		FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id JOIN genies g ON g.id = c.genie_id
		WHERE m.kind = $1 AND (m.answered = FALSE OR m.helpful = FALSE)`+strings.Join(conds, "")+
		fmt.Sprintf(` ORDER BY m.created_at DESC LIMIT %d`, maxGapRows), args...)
	if err != nil {
		return nil, fmt.Errorf("load gaps: %w", err)
	}
	defer rows.Close()
	var out []gapRow
	for rows.Next() {
		var r gapRow
		if err := rows.Scan(&r.AgentID, &r.Question, &r.Language, &r.Answered, &r.At); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// deleteBefore deletes conversations whose last message is older than
// cutoff, at most limit of them, with their messages and escalations
// (visitor emails included). It returns how many went.
func deleteBefore(ctx context.Context, q db.Querier, cutoff time.Time, limit int) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM conversations WHERE id IN (SELECT id FROM conversations
		WHERE last_message_at < $1 ORDER BY last_message_at LIMIT $2)`, cutoff, limit)
	if err != nil {
		return 0, fmt.Errorf("delete old conversations: %w", err)
	}
	return res.RowsAffected()
}

// escalationByMail finds the escalation whose mail is the genie inbox's
// message messageID or sits in its thread threadID.
func escalationByMail(ctx context.Context, q db.Querier, messageID, threadID string) (*Escalation, error) {
	var e Escalation
	err := q.QueryRowContext(ctx, `SELECT id, conversation_id, email, name, note, created_at FROM conversation_escalations
		WHERE (mail_message_id = $1 AND $1 <> '') OR (mail_thread_id = $2 AND $2 <> '') ORDER BY created_at DESC LIMIT 1`,
		messageID, threadID).Scan(&e.ID, &e.ConversationID, &e.Email, &e.Name, &e.Note, &e.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("escalation")
	}
	if err != nil {
		return nil, fmt.Errorf("find escalation: %w", err)
	}
	return &e, nil
}
