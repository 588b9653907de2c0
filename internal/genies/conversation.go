package genies

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Languages are the languages of the conversation page.
var Languages = []string{"en", "fr", "de", "es"}

// Conversation is a genie's public conversation page settings
// (docs/conversations.md): off by default; Greeting is shown first (the
// genie's own greeting when empty); Language is the page's language.
type Conversation struct {
	Enabled  bool   `json:"enabled" doc:"The page at /chat/<id> and the public conversations actions answer only when true."`
	Greeting string `json:"greeting" doc:"Shown first on the page; empty: the genie's greeting."`
	Language string `json:"language" schema:"enum=en|fr|de|es" doc:"The page's language."`
}

// DefaultConversation is the settings of a genie whose owner set none.
func DefaultConversation() Conversation { return Conversation{Language: "en"} }

// ConversationPatch is the conversation object of create and update: only
// the fields given change.
type ConversationPatch struct {
	Enabled  *bool   `json:"enabled"`
	Greeting *string `json:"greeting" schema:"maxLength=2000"`
	Language *string `json:"language" schema:"enum=en|fr|de|es"`
}

// Check validates a patch (nil is valid: nothing changes).
func (p *ConversationPatch) Check() error {
	if p == nil {
		return nil
	}
	if p.Greeting != nil {
		if err := field.MaxLen("conversation.greeting", *p.Greeting, MaxGreetingLen); err != nil {
			return err
		}
	}
	if p.Language != nil && !IsLanguage(*p.Language) {
		return apperr.Invalid("conversation.language", "conversation.language must be one of en, fr, de, es")
	}
	return nil
}

// apply copies the fields given onto c.
func (p *ConversationPatch) apply(c *Conversation) {
	if p == nil {
		return
	}
	field.Assign(&c.Enabled, p.Enabled)
	field.Assign(&c.Greeting, p.Greeting)
	field.Assign(&c.Language, p.Language)
}

// IsLanguage reports whether l is a language of the page.
func IsLanguage(l string) bool {
	for _, x := range Languages {
		if x == l {
			return true
		}
	}
	return false
}

// saveConversation applies a patch to the genie's settings inside tx.
func saveConversation(ctx context.Context, tx *sql.Tx, genieID string, p *ConversationPatch, now time.Time) error {
	if p == nil {
		return nil
	}
	cur, err := loadConversation(ctx, tx, genieID)
	if err != nil {
		return err
	}
	p.apply(&cur)
	_, err = tx.ExecContext(ctx, `INSERT INTO conversation_settings (genie_id, enabled, greeting, language, updated_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (genie_id) DO UPDATE SET enabled = excluded.enabled,
		greeting = excluded.greeting, language = excluded.language, updated_at = excluded.updated_at`,
		genieID, cur.Enabled, cur.Greeting, cur.Language, now)
	if err != nil {
		return fmt.Errorf("save conversation settings: %w", err)
	}
	return nil
}

// loadConversation returns the genie's settings (the defaults when it has
// none).
func loadConversation(ctx context.Context, q db.Querier, genieID string) (Conversation, error) {
	c := DefaultConversation()
	err := q.QueryRowContext(ctx, `SELECT enabled, greeting, language FROM conversation_settings WHERE genie_id = $1`,
		genieID).Scan(&c.Enabled, &c.Greeting, &c.Language)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("load conversation settings: %w", err)
	}
	return c, nil
}

// fillConversations sets the settings of a page of genies in one query.
func fillConversations(ctx context.Context, q db.Querier, byID map[string]*Genie, ids []any) error {
	err := db.Each(ctx, q, func(row db.Row) error {
		var id string
		var c Conversation
		if err := row.Scan(&id, &c.Enabled, &c.Greeting, &c.Language); err != nil {
			return err
		}
		if g := byID[id]; g != nil {
			g.Conversation = c
		}
		return nil
	}, `SELECT genie_id, enabled, greeting, language FROM conversation_settings WHERE genie_id IN (`+db.Placeholders(1, len(ids))+`)`, ids...)
	if err != nil {
		return fmt.Errorf("load conversation settings: %w", err)
	}
	return nil
}

// LoadPublic returns a genie whose conversation page is on, with its
// settings, for a caller without a credential, in one query:
// AGENT_NOT_FOUND when the genie does not exist or its page is off, so the
// two cannot be told apart. DocumentIDs and Mailbox are not filled.
func LoadPublic(ctx context.Context, q db.Querier, id string) (*Genie, error) {
	if !isUUID(id) {
		return nil, apperr.AgentNotFound()
	}
	var c Conversation
	var enabled sql.NullBool
	var greeting, language sql.NullString
	g, err := scan(q.QueryRowContext(ctx, `SELECT `+gColumns+`, cs.enabled, cs.greeting, cs.language FROM genies g
		LEFT JOIN conversation_settings cs ON cs.genie_id = g.id WHERE g.id = $1`, id), &enabled, &greeting, &language)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.AgentNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("load genie: %w", err)
	}
	if !enabled.Bool {
		return nil, apperr.AgentNotFound()
	}
	c.Enabled, c.Greeting, c.Language = true, greeting.String, language.String
	g.Conversation = c
	return g, nil
}

// gColumns is columns qualified by the alias g.
var gColumns = func() string {
	parts := strings.Split(columns, ",")
	for i, p := range parts {
		parts[i] = "g." + strings.TrimSpace(p)
	}
	return strings.Join(parts, ", ")
}()
