// Package genies is the genies resource: conversational assistants owned by
// a user, with the knowledge-base documents they use. Other resources
// (mailboxes, groups, the marketplace) hang off a genie; they reach genie
// records through this package's exported functions.
package genies

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Field limits, in characters.
const (
	MaxNameLen         = 200
	MaxDescriptionLen  = 5_000
	MaxInstructionsLen = 100_000
	MaxGreetingLen     = 2_000
	MaxVoiceIDLen      = 200
	MaxDocuments       = 100
)

// Genie is a full genie record.
type Genie struct {
	ID                 string          `json:"id"`
	UserID             string          `json:"user_id"`
	Name               string          `json:"name"`
	Description        string          `json:"description"`
	Instructions       string          `json:"instructions"`
	Greeting           string          `json:"greeting"`
	VoiceID            *string         `json:"voice_id"`
	DocumentIDs        []string        `json:"document_ids"`
	GroupID            *int64          `json:"group_id"`
	Mailbox            json.RawMessage `json:"mailbox" doc:"The genie's mailbox record (see agent-mailboxes-self), or null."`
	IsTemplate         bool            `json:"is_marketplace_template"`
	MarketplaceGenieID *string         `json:"marketplace_genie_id"`
	KnowledgeVersion   int64           `json:"knowledge_version"`
	KnowledgeUpdatedAt *time.Time      `json:"knowledge_updated_at"`
	Conversation       Conversation    `json:"conversation" doc:"The public conversation page's settings (docs/conversations.md)."`
	CreatedAt          time.Time       `json:"created_at"`
	UpdatedAt          time.Time       `json:"updated_at"`
}

// MailboxFunc returns the mailbox objects of the given genies, keyed by
// genie ID; genies without a mailbox are absent from the map.
type MailboxFunc func(ctx context.Context, genieIDs []string) (map[string]json.RawMessage, error)

// Service implements the genie rules.
type Service struct {
	DB *db.DB
	// Mailboxes fills the mailbox field; nil means no genie has one.
	Mailboxes MailboxFunc
	// DeleteHooks run inside every genie delete, before the row goes.
	DeleteHooks []DeleteHook
	// Events records genie.created and genie.deleted (nil: none).
	Events *events.Recorder
}

const columns = `id, user_id, name, description, instructions, greeting, voice_id, group_id, is_template,
	marketplace_genie_id, knowledge_version, knowledge_updated_at, created_at, updated_at`

// scan reads one genie row; extra receives any columns after the genie's.
func scan(row interface{ Scan(...any) error }, extra ...any) (*Genie, error) {
	var (
		g      Genie
		voice  sql.NullString
		group  sql.NullInt64
		market sql.NullString
		knowAt sql.NullTime
	)
	dest := []any{&g.ID, &g.UserID, &g.Name, &g.Description, &g.Instructions, &g.Greeting, &voice, &group,
		&g.IsTemplate, &market, &g.KnowledgeVersion, &knowAt, &g.CreatedAt, &g.UpdatedAt}
	err := row.Scan(append(dest, extra...)...)
	if err != nil {
		return nil, err
	}
	g.VoiceID, g.GroupID, g.MarketplaceGenieID, g.KnowledgeUpdatedAt = db.StringPtr(voice), db.Int64Ptr(group), db.StringPtr(market), db.TimePtr(knowAt)
	g.DocumentIDs = []string{}
	g.Conversation = DefaultConversation()
	return &g, nil
}

// Load returns a genie by ID with no access check, or AGENT_NOT_FOUND.
// It does not fill DocumentIDs or Mailbox; use Get for a full record.
func Load(ctx context.Context, q db.Querier, id, lock string) (*Genie, error) {
	if !isUUID(id) {
		return nil, apperr.AgentNotFound()
	}
	g, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM genies WHERE id = $1`+lock, id))
	if err != nil {
		return nil, db.Found(err, apperr.AgentNotFound(), "load genie")
	}
	return g, nil
}

// Owned returns the genie when the caller owns it (or is an admin), else
// AGENT_NOT_FOUND. Other resources use it for their ownership check.
func Owned(ctx context.Context, q db.Querier, c *auth.Caller, id string) (*Genie, error) {
	g, err := Load(ctx, q, id, "")
	if err != nil {
		return nil, err
	}
	if !c.CanAccess(g.UserID) {
		return nil, apperr.AgentNotFound()
	}
	return g, nil
}

// Get returns the full genie record the caller may reach.
func (s *Service) Get(ctx context.Context, c *auth.Caller, id string) (*Genie, error) {
	g, err := Owned(ctx, s.DB.R, c, id)
	if err != nil {
		return nil, err
	}
	if err := s.fill(ctx, []*Genie{g}); err != nil {
		return nil, err
	}
	return g, nil
}

// fill loads document IDs and mailboxes for a page of genies in two queries.
func (s *Service) fill(ctx context.Context, gs []*Genie) error {
	if len(gs) == 0 {
		return nil
	}
	ids := make([]any, len(gs))
	byID := make(map[string]*Genie, len(gs))
	strIDs := make([]string, len(gs))
	for i, g := range gs {
		ids[i], byID[g.ID], strIDs[i] = g.ID, g, g.ID
		g.Mailbox = json.RawMessage("null")
	}
	err := db.Each(ctx, s.DB.R, func(row db.Row) error {
		var gid, did string
		if err := row.Scan(&gid, &did); err != nil {
			return err
		}
		byID[gid].DocumentIDs = append(byID[gid].DocumentIDs, did)
		return nil
	}, `SELECT genie_id, document_id FROM genie_documents WHERE genie_id IN (`+db.Placeholders(1, len(ids))+`) ORDER BY genie_id, position`, ids...)
	if err != nil {
		return fmt.Errorf("load genie documents: %w", err)
	}
	if err := fillConversations(ctx, s.DB.R, byID, ids); err != nil {
		return err
	}
	if s.Mailboxes != nil {
		boxes, err := s.Mailboxes(ctx, strIDs)
		if err != nil {
			return err
		}
		for id, m := range boxes {
			if g := byID[id]; g != nil {
				g.Mailbox = m
			}
		}
	}
	return nil
}

// ListOptions select a page of genies.
type ListOptions struct {
	All           bool // every user's genies (admins)
	GroupID       *int64
	Limit, Offset int
}

// List returns the caller's genies (everyone's with All), newest first,
// and the total count.
func (s *Service) List(ctx context.Context, c *auth.Caller, o ListOptions) ([]*Genie, int, error) {
	var conds []string
	var args []any
	if !o.All {
		args = append(args, c.UserID)
		conds = append(conds, fmt.Sprintf("user_id = $%d", len(args)))
	}
	if o.GroupID != nil {
		args = append(args, *o.GroupID)
		conds = append(conds, fmt.Sprintf("group_id = $%d", len(args)))
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	q := `SELECT ` + columns + `, COUNT(*) OVER () FROM genies` + where +
		fmt.Sprintf(" ORDER BY created_at DESC, id DESC LIMIT $%d OFFSET $%d", len(args)+1, len(args)+2)
	out, total, err := db.Page(ctx, s.DB.R, func(r db.Row) (*Genie, error) { return scan(r) }, db.Counted{
		Query: q, Args: append(args, o.Limit, o.Offset), Offset: o.Offset, Count: `SELECT COUNT(*) FROM genies` + where, CountArgs: args})
	if err != nil {
		return nil, 0, fmt.Errorf("list genies: %w", err)
	}
	if err := s.fill(ctx, out); err != nil {
		return nil, 0, err
	}
	if out == nil {
		out = []*Genie{}
	}
	return out, total, nil
}

// Fields are the editable fields of a genie, the data of create and
// update: a nil pointer, or an Optional that is not Set, is a field not
// supplied, which stays as it is. A null voice_id clears the voice; a null
// document_ids empties the list.
type Fields struct {
	Name *string
	Details
}

// Check validates f; with create set, name is required. The fields it
// returns have name trimmed and document_ids without duplicates (never
// null).
func (f Fields) Check(create bool) (Fields, error) {
	var err error
	if f.Name, err = field.PatchString("name", f.Name, MaxNameLen, create); err != nil {
		return f, err
	}
	for _, c := range []struct {
		field string
		v     *string
		max   int
	}{
		{"description", f.Description, MaxDescriptionLen},
		{"instructions", f.Instructions, MaxInstructionsLen},
		{"greeting", f.Greeting, MaxGreetingLen},
	} {
		if c.v != nil {
			if err := field.MaxLen(c.field, *c.v, c.max); err != nil {
				return f, err
			}
		}
	}
	if v := f.VoiceID.Ptr(); v != nil {
		if err := field.MaxLen("voice_id", *v, MaxVoiceIDLen); err != nil {
			return f, err
		}
	}
	if err := f.Conversation.Check(); err != nil {
		return f, err
	}
	if f.DocumentIDs.Set {
		ids, err := CheckDocumentIDs(f.DocumentIDs.Value)
		if err != nil {
			return f, err
		}
		f.DocumentIDs = field.Some(ids)
	}
	return f, nil
}

// CheckDocumentIDs validates a document ID list and drops duplicates,
// keeping the first occurrence's position.
func CheckDocumentIDs(ids []string) ([]string, error) { return CheckIDList("document_ids", ids) }

// CheckIDList is CheckDocumentIDs for a request field of another name
// (genie-documents' documentIds): errors are VALIDATION_ERROR on field.
func CheckIDList(name string, ids []string) ([]string, error) {
	if len(ids) > MaxDocuments {
		return nil, apperr.Invalid(name, "%s may list at most %d documents", name, MaxDocuments)
	}
	seen := map[string]bool{}
	out := []string{}
	for i, id := range ids {
		if !field.IsUUID(id) {
			return nil, apperr.Invalid(name, "%s[%d] must be a document UUID", name, i)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// Create makes a genie owned by the caller from the fields (checked
// first: name is required). Consumers may not create genies. Every document
// must be one the caller may use.
func (s *Service) Create(ctx context.Context, c *auth.Caller, f Fields) (*Genie, error) {
	f, err := f.Check(true)
	if err != nil {
		return nil, err
	}
	if c.Role == auth.RoleConsumer {
		return nil, apperr.Forbidden("consumer accounts cannot create genies")
	}
	var id string
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		g, err := CreateTx(ctx, tx, c, c.UserID, f, s.DB.Now())
		if err != nil {
			return err
		}
		id = g.ID
		full, err := Load(ctx, tx, id, "")
		if err != nil {
			return err
		}
		return s.Events.Record(ctx, tx, full.UserID, events.GenieCreated, full)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, c, id)
}

// CreateTx inserts a genie owned by ownerID inside tx; documents are
// checked against the caller's access. It returns the record without
// DocumentIDs or Mailbox filled.
func CreateTx(ctx context.Context, tx *sql.Tx, c *auth.Caller, ownerID string, f Fields, now time.Time) (*Genie, error) {
	g := &Genie{ID: uuid.NewString(), UserID: ownerID, CreatedAt: now, UpdatedAt: now}
	apply(g, f)
	if _, err := tx.ExecContext(ctx, `INSERT INTO genies (id, user_id, name, description, instructions, greeting, voice_id,
		created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
		g.ID, g.UserID, g.Name, g.Description, g.Instructions, g.Greeting, g.VoiceID, now); err != nil {
		return nil, fmt.Errorf("insert genie: %w", err)
	}
	if f.DocumentIDs.Set {
		if err := setDocuments(ctx, tx, c, g.ID, f.DocumentIDs.Value); err != nil {
			return nil, err
		}
		g.DocumentIDs = f.DocumentIDs.Value
	}
	if err := saveConversation(ctx, tx, g.ID, f.Conversation, now); err != nil {
		return nil, err
	}
	return g, nil
}

// apply copies the supplied fields of f onto g (document_ids aside).
func apply(g *Genie, f Fields) {
	field.Assign(&g.Name, f.Name)
	field.Assign(&g.Description, f.Description)
	field.Assign(&g.Instructions, f.Instructions)
	field.Assign(&g.Greeting, f.Greeting)
	f.VoiceID.ApplyTo(&g.VoiceID)
}

// setDocuments replaces the genie's documents after checking that the
// caller may use each one (owned, public, or any for an admin).
func setDocuments(ctx context.Context, tx *sql.Tx, c *auth.Caller, genieID string, ids []string) error {
	for _, id := range ids {
		var owner string
		var public bool
		err := tx.QueryRowContext(ctx, `SELECT user_id, is_public FROM documents WHERE id = $1`, id).Scan(&owner, &public)
		if errors.Is(err, sql.ErrNoRows) || err == nil && !public && !c.CanAccess(owner) {
			return &apperr.Error{Code: apperr.CodeNotFound, Field: "document_ids", Message: fmt.Sprintf("document %s not found", id)}
		}
		if err != nil {
			return fmt.Errorf("check document: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM genie_documents WHERE genie_id = $1`, genieID); err != nil {
		return fmt.Errorf("clear genie documents: %w", err)
	}
	for i, id := range ids {
		if _, err := tx.ExecContext(ctx, `INSERT INTO genie_documents (genie_id, document_id, position) VALUES ($1, $2, $3)`,
			genieID, id, i); err != nil {
			return fmt.Errorf("add genie document: %w", err)
		}
	}
	return nil
}

// Update changes the supplied fields of a genie the caller may reach
// (checked first). A new document list refreshes the genie's knowledge.
func (s *Service) Update(ctx context.Context, c *auth.Caller, id string, f Fields) (*Genie, error) {
	f, err := f.Check(false)
	if err != nil {
		return nil, err
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		g, err := Load(ctx, tx, id, s.DB.ForUpdate())
		if err != nil {
			return err
		}
		if !c.CanAccess(g.UserID) {
			return apperr.AgentNotFound()
		}
		apply(g, f)
		now := s.DB.Now()
		knowledge := 0
		if f.DocumentIDs.Set {
			if err := setDocuments(ctx, tx, c, g.ID, f.DocumentIDs.Value); err != nil {
				return err
			}
			knowledge = 1
		}
		_, err = tx.ExecContext(ctx, `UPDATE genies SET name = $1, description = $2, instructions = $3, greeting = $4,
			voice_id = $5, updated_at = $6, knowledge_version = knowledge_version + $7,
			knowledge_updated_at = CASE WHEN $7 > 0 THEN $6 ELSE knowledge_updated_at END WHERE id = $8`,
			g.Name, g.Description, g.Instructions, g.Greeting, g.VoiceID, now, knowledge, g.ID)
		if err != nil {
			return fmt.Errorf("update genie: %w", err)
		}
		return saveConversation(ctx, tx, g.ID, f.Conversation, now)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, c, id)
}

// DeleteHook runs inside the delete transaction before the genie row goes,
// so that dependent resources can clean up (or refuse).
type DeleteHook func(ctx context.Context, tx *sql.Tx, g *Genie) error

// Delete removes a genie the caller may reach, with its document links.
func (s *Service) Delete(ctx context.Context, c *auth.Caller, id string, hooks ...DeleteHook) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		g, err := Load(ctx, tx, id, s.DB.ForUpdate())
		if err != nil {
			return err
		}
		if !c.CanAccess(g.UserID) {
			return apperr.AgentNotFound()
		}
		for _, h := range hooks {
			if err := h(ctx, tx, g); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM genies WHERE id = $1`, id); err != nil {
			return fmt.Errorf("delete genie: %w", err)
		}
		return s.Events.Record(ctx, tx, g.UserID, events.GenieDeleted, g)
	})
}

func isUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}
