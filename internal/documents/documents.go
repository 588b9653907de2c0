// Package documents is the knowledge-base documents resource. A document
// belongs to one user; public documents may be read, and used as genie or
// generation sources, by every user, but changed only by their owner or an
// admin.
package documents

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Limits.
const (
	MaxNameLen    = 255
	MaxContentLen = 1_000_000 // characters
)

// Document is a knowledge-base document.
type Document struct {
	ID        string    `json:"id"`
	UserID    string    `json:"user_id"`
	Name      string    `json:"name"`
	Content   *string   `json:"content,omitempty"` // omitted in lists
	IsPublic  bool      `json:"is_public"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Service implements the document rules.
type Service struct {
	DB     *db.DB
	Events *events.Recorder // document.updated (nil: none)
}

// CheckContent validates document content: at most MaxContentLen characters
// of valid UTF-8.
func CheckContent(field, content string) error {
	if !utf8.ValidString(content) || strings.ContainsRune(content, 0) {
		return apperr.Invalid(field, "%s must be valid UTF-8 text without NUL characters", field)
	}
	if utf8.RuneCountInString(content) > MaxContentLen {
		return apperr.Invalid(field, "%s must be at most %d characters", field, MaxContentLen)
	}
	return nil
}

const columns = `id, user_id, name, content, is_public, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (*Document, error) {
	var d Document
	var content string
	if err := row.Scan(&d.ID, &d.UserID, &d.Name, &content, &d.IsPublic, &d.CreatedAt, &d.UpdatedAt); err != nil {
		return nil, err
	}
	d.Content = &content
	return &d, nil
}

// Get returns a document the caller may read: its own, a public one, or any
// for an admin. NOT_FOUND otherwise.
func (s *Service) Get(ctx context.Context, c *auth.Caller, id string) (*Document, error) {
	d, err := s.load(ctx, s.DB.R, id, "")
	if err != nil {
		return nil, err
	}
	if !d.IsPublic && !c.CanAccess(d.UserID) {
		return nil, apperr.NotFound("document")
	}
	return d, nil
}

// GetOwned returns a document the caller may change: its own, or any for an
// admin. A document owned by someone else is FORBIDDEN when forbidOthers is
// set (the edit-link rule), NOT_FOUND otherwise.
func (s *Service) GetOwned(ctx context.Context, c *auth.Caller, id string, forbidOthers bool) (*Document, error) {
	d, err := s.load(ctx, s.DB.R, id, "")
	if err != nil {
		return nil, err
	}
	if !c.CanAccess(d.UserID) {
		if forbidOthers {
			return nil, apperr.Forbidden("you do not own this document")
		}
		return nil, apperr.NotFound("document")
	}
	return d, nil
}

func (s *Service) load(ctx context.Context, q db.Querier, id, lock string) (*Document, error) {
	d, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM documents WHERE id = $1`+lock, id))
	if err != nil {
		return nil, db.Found(err, apperr.NotFound("document"), "load document")
	}
	return d, nil
}

// ListOptions select a page of documents.
type ListOptions struct {
	All           bool // every user's documents (admins)
	Limit, Offset int
}

// List returns the caller's documents (all documents with All), newest
// first, without content, and the total count.
func (s *Service) List(ctx context.Context, c *auth.Caller, o ListOptions) ([]Document, int, error) {
	where, args := " WHERE user_id = $1", []any{c.UserID}
	if o.All {
		where, args = "", nil
	}
	n := len(args)
	out, total, err := db.Page(ctx, s.DB.R, scanListed, db.Counted{
		Query: `SELECT id, user_id, name, is_public, created_at, updated_at, COUNT(*) OVER ()
		FROM documents` + where + fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT $%d OFFSET $%d`, n+1, n+2),
		Args: append(args, o.Limit, o.Offset), Offset: o.Offset, Count: `SELECT COUNT(*) FROM documents` + where, CountArgs: args})
	if err != nil {
		return nil, 0, fmt.Errorf("list documents: %w", err)
	}
	return out, total, nil
}

// scanListed reads a document of a list (without its content).
func scanListed(row db.Row) (d Document, err error) {
	return d, row.Scan(&d.ID, &d.UserID, &d.Name, &d.IsPublic, &d.CreatedAt, &d.UpdatedAt)
}

// Patch is the data of create and update: a nil field is not supplied,
// and stays as it is (on create: empty content, not public).
type Patch struct {
	Name     *string
	Content  *string
	IsPublic *bool
}

// Check validates p; with create set, name is required. Name comes back
// trimmed.
func (p Patch) Check(create bool) (Patch, error) {
	var err error
	if p.Name, err = field.PatchString("name", p.Name, MaxNameLen, create); err != nil {
		return p, err
	}
	if p.Content != nil {
		if err := CheckContent("content", *p.Content); err != nil {
			return p, err
		}
	}
	return p, nil
}

// apply copies the supplied fields of p onto d.
func (p Patch) apply(d *Document) {
	field.Assign(&d.Name, p.Name)
	if p.Content != nil {
		d.Content = p.Content
	}
	field.Assign(&d.IsPublic, p.IsPublic)
}

// Create makes a document of the user from the fields (checked first).
func (s *Service) Create(ctx context.Context, userID string, p Patch) (*Document, error) {
	p, err := p.Check(true)
	if err != nil {
		return nil, err
	}
	now := s.DB.Now()
	d := &Document{ID: uuid.NewString(), UserID: userID, Content: new(string), CreatedAt: now, UpdatedAt: now}
	p.apply(d)
	_, err = s.DB.W.ExecContext(ctx, `INSERT INTO documents (`+columns+`) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
		d.ID, d.UserID, d.Name, *d.Content, d.IsPublic, now)
	if err != nil {
		return nil, fmt.Errorf("create document: %w", err)
	}
	return d, nil
}

// Update changes the supplied fields (checked first) of a document the
// caller may change. A content change refreshes every genie that uses the
// document in the same transaction.
func (s *Service) Update(ctx context.Context, c *auth.Caller, id string, p Patch) (*Document, error) {
	p, err := p.Check(false)
	if err != nil {
		return nil, err
	}
	var d *Document
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if d, err = s.load(ctx, tx, id, s.DB.ForUpdate()); err != nil {
			return err
		}
		if !c.CanAccess(d.UserID) {
			return apperr.NotFound("document")
		}
		now := s.DB.Now()
		p.apply(d)
		d.UpdatedAt = now
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET name = $1, content = $2, is_public = $3, updated_at = $4 WHERE id = $5`,
			d.Name, *d.Content, d.IsPublic, now, d.ID); err != nil {
			return fmt.Errorf("update document: %w", err)
		}
		if p.Content != nil || p.Name != nil { // answers cite the name too
			if err := genies.RefreshKnowledge(ctx, tx, d.ID, now); err != nil {
				return err
			}
		}
		return s.Events.Record(ctx, tx, d.UserID, events.DocumentUpdated, Updated(d, "api"))
	})
	return d, err
}

// UpdatedEvent is the data of document.updated: the document without its
// content (which may be a million characters; get it with documents get),
// and how it changed ("api" or "edit_link").
type UpdatedEvent struct {
	Document
	Via string `json:"via"`
}

// Updated is the document.updated data for d.
func Updated(d *Document, via string) UpdatedEvent {
	v := *d
	v.Content = nil
	return UpdatedEvent{Document: v, Via: via}
}

// RecordUpdated records document.updated for a content change made outside
// Update (the public edit page), inside that change's transaction.
func (s *Service) RecordUpdated(ctx context.Context, tx *sql.Tx, id, via string) error {
	if s.Events == nil {
		return nil
	}
	d, err := s.load(ctx, tx, id, "")
	if err != nil {
		return err
	}
	return s.Events.Record(ctx, tx, d.UserID, events.DocumentUpdated, Updated(d, via))
}

// RecordFor records an event of the document owner's inside tx.
func (s *Service) RecordFor(ctx context.Context, tx *sql.Tx, id, typ string, data any) error {
	if s.Events == nil {
		return nil
	}
	var owner string
	if err := tx.QueryRowContext(ctx, `SELECT user_id FROM documents WHERE id = $1`, id).Scan(&owner); err != nil {
		return fmt.Errorf("document owner: %w", err)
	}
	return s.Events.Record(ctx, tx, owner, typ, data)
}

// SetContent replaces a document's content inside tx and refreshes the
// genies that use it. It is the one write path for content changes made
// outside Update (the public edit page).
func SetContent(ctx context.Context, tx *sql.Tx, id, content string, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE documents SET content = $1, updated_at = $2 WHERE id = $3`, content, now, id)
	if err != nil {
		return fmt.Errorf("set document content: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("document")
	}
	return genies.RefreshKnowledge(ctx, tx, id, now)
}

// Delete removes a document the caller may change; genies that used it
// lose it and are refreshed.
func (s *Service) Delete(ctx context.Context, c *auth.Caller, id string) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		d, err := s.load(ctx, tx, id, s.DB.ForUpdate())
		if err != nil {
			return err
		}
		if !c.CanAccess(d.UserID) {
			return apperr.NotFound("document")
		}
		if err := genies.RefreshKnowledge(ctx, tx, id, s.DB.Now()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM documents WHERE id = $1`, id); err != nil {
			return fmt.Errorf("delete document: %w", err)
		}
		return nil
	})
}
