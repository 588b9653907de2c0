// Package groups is the genie-groups resource: a user's ordered folders of
// genies. A genie is in at most one group (genies.group_id).
package groups

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Field limits, in characters.
const (
	MaxNameLen        = 100
	MaxDescriptionLen = 1000
	MaxReorder        = 1000
)

// Group is a genie group.
type Group struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	UserID      string    `json:"user_id"`
	Position    int64     `json:"position"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Service implements the group rules.
type Service struct{ DB *db.DB }

const columns = `id, name, description, user_id, position, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (*Group, error) {
	var g Group
	err := row.Scan(&g.ID, &g.Name, &g.Description, &g.UserID, &g.Position, &g.CreatedAt, &g.UpdatedAt)
	return &g, err
}

// IDPattern is what a group ID given as a string looks like: a positive
// number in decimal, without sign or leading zeros, of at most 18 digits
// (so that every one fits an int64).
const IDPattern = `^[1-9][0-9]{0,17}$`

var idPattern = regexp.MustCompile(IDPattern)

// ParseID parses a group ID given as a string (IDPattern).
func ParseID(field, s string) (int64, error) {
	if !idPattern.MatchString(s) {
		return 0, apperr.Invalid(field, "%s must be a positive whole number (a group ID)", field)
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 {
		return 0, apperr.Invalid(field, "%s must be a positive whole number (a group ID)", field)
	}
	return id, nil
}

// load returns a group the caller may reach (its owner's, or any for an
// admin), or NOT_FOUND.
func load(ctx context.Context, q db.Querier, c *auth.Caller, id int64, lock string) (*Group, error) {
	g, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM genie_groups WHERE id = $1`+lock, id))
	if errors.Is(err, sql.ErrNoRows) || err == nil && !c.CanAccess(g.UserID) {
		return nil, apperr.NotFound("group")
	}
	if err != nil {
		return nil, fmt.Errorf("load group: %w", err)
	}
	return g, nil
}

// Get returns a group the caller may reach.
func (s *Service) Get(ctx context.Context, c *auth.Caller, id int64) (*Group, error) {
	return load(ctx, s.DB.R, c, id, "")
}

// List returns the groups of userID ordered by position, or of every user
// when userID is empty.
func (s *Service) List(ctx context.Context, userID string) ([]*Group, error) {
	q, args := `SELECT `+columns+` FROM genie_groups WHERE user_id = $1 ORDER BY position, id`, []any{userID}
	if userID == "" {
		q, args = `SELECT `+columns+` FROM genie_groups ORDER BY user_id, position, id`, nil
	}
	gs, err := db.List(ctx, s.DB.R, scan, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	return gs, nil
}

// Scope is the admin options every action accepts: whose groups it
// manages.
type Scope struct {
	AdminMode bool    `json:"adminMode" doc:"Admins only: act on every user's groups (list, counts)."`
	UserID    *string `json:"userId" doc:"Admins only: act for this user."`
}

// Target is the user whose groups an action manages: the caller, or for an
// admin the given userId. A non-admin naming another user, or asking for
// adminMode, is FORBIDDEN.
// With listAll (admin list modes) and no userId, "" means every user.
func (sc Scope) Target(c *auth.Caller, listAll bool) (string, error) {
	if sc.AdminMode && !c.IsAdmin() {
		return "", apperr.Forbidden("adminMode needs the internal_admin role")
	}
	if sc.UserID != nil && *sc.UserID != c.UserID {
		if !c.IsAdmin() {
			return "", apperr.Forbidden("managing another user's groups needs the internal_admin role")
		}
		if *sc.UserID == "" {
			return "", apperr.Invalid("userId", "userId must not be empty")
		}
		return *sc.UserID, nil
	}
	if sc.UserID == nil && listAll && sc.AdminMode && c.IsAdmin() {
		return "", nil
	}
	return c.UserID, nil
}

// Create adds a group at the next free position, for the user the scope
// names (the caller, or for an admin another user), from the fields
// (checked first, then the scope; position is ignored).
func (s *Service) Create(ctx context.Context, c *auth.Caller, sc Scope, p Patch) (*Group, error) {
	p, err := p.Check(true)
	if err != nil {
		return nil, err
	}
	userID, err := sc.Target(c, false)
	if err != nil {
		return nil, err
	}
	description := ""
	field.Assign(&description, p.Description)
	var g *Group
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockUser(ctx, s.DB, tx, userID); err != nil {
			return err
		}
		var next int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(position) + 1, 0) FROM genie_groups WHERE user_id = $1`, userID).Scan(&next); err != nil {
			return fmt.Errorf("next position: %w", err)
		}
		now := s.DB.Now()
		var err error
		g, err = scan(tx.QueryRowContext(ctx, `INSERT INTO genie_groups (user_id, name, description, position, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $5) RETURNING `+columns, userID, *p.Name, description, next, now))
		if err != nil {
			return fmt.Errorf("create group: %w", err)
		}
		return nil
	})
	return g, err
}

// lockUser serializes position changes of one user's groups.
func lockUser(ctx context.Context, d *db.DB, tx *sql.Tx, userID string) error {
	var id string
	err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`+d.ForUpdate(), userID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.Invalid("userId", "no user with id %q", userID)
	}
	return err
}

// Patch is the data of create and update: a nil field is not supplied,
// and stays as it is.
type Patch struct {
	Name        *string
	Description *string
	Position    *int64
}

// Check validates p; with create set, name is required. Name comes back
// trimmed.
func (p Patch) Check(create bool) (Patch, error) {
	var err error
	if p.Name, err = field.PatchString("name", p.Name, MaxNameLen, create); err != nil {
		return p, err
	}
	if p.Description != nil {
		if err := field.MaxLen("description", *p.Description, MaxDescriptionLen); err != nil {
			return p, err
		}
	}
	if p.Position != nil {
		if err := field.CheckRange("position", *p.Position, 0, MaxPosition); err != nil {
			return p, err
		}
	}
	return p, nil
}

// MaxPosition bounds the position an update may ask for; a position past
// the user's last group places the group last.
const MaxPosition = 1_000_000

// lockOwner finds the owner of a group the caller may reach and locks the
// owner's row, the lock every change of positions takes first (so that
// creates, updates, deletes and reorders of one user's groups run one at a
// time and cannot deadlock), then loads the group.
func (s *Service) lockOwner(ctx context.Context, tx *sql.Tx, c *auth.Caller, id int64) (*Group, error) {
	g, err := load(ctx, tx, c, id, "")
	if err != nil {
		return nil, err
	}
	if err := lockUser(ctx, s.DB, tx, g.UserID); err != nil {
		return nil, err
	}
	return load(ctx, tx, c, id, s.DB.ForUpdate())
}

// Update changes the supplied fields of a group the caller may reach
// (checked first, then the scope, which only admins may widen). A new
// position moves the group there among its owner's groups (the last place
// at most), and the others close up, so positions stay 0..n-1.
func (s *Service) Update(ctx context.Context, c *auth.Caller, sc Scope, id int64, p Patch) (*Group, error) {
	p, err := p.Check(false)
	if err != nil {
		return nil, err
	}
	if _, err := sc.Target(c, false); err != nil {
		return nil, err
	}
	var g *Group
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if g, err = s.lockOwner(ctx, tx, c, id); err != nil {
			return err
		}
		field.Assign(&g.Name, p.Name)
		field.Assign(&g.Description, p.Description)
		g.UpdatedAt = s.DB.Now()
		if _, err = tx.ExecContext(ctx, `UPDATE genie_groups SET name = $1, description = $2, updated_at = $3 WHERE id = $4`,
			g.Name, g.Description, g.UpdatedAt, g.ID); err != nil {
			return err
		}
		if p.Position == nil {
			return nil
		}
		order, err := ordered(ctx, tx, g.UserID)
		if err != nil {
			return err
		}
		order = slices.DeleteFunc(order, func(x int64) bool { return x == g.ID })
		at := int(min(*p.Position, int64(len(order))))
		order = slices.Insert(order, at, g.ID)
		g.Position = int64(at)
		return renumber(ctx, tx, order, g.UpdatedAt)
	})
	return g, err
}

// Delete removes a group the caller may reach; its genies leave it and the
// owner's other groups close up (positions stay 0..n-1).
func (s *Service) Delete(ctx context.Context, c *auth.Caller, id int64) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockOwner(ctx, tx, c, id)
		if err != nil {
			return err
		}
		now := s.DB.Now()
		if err := genies.ClearGroup(ctx, tx, g.ID, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM genie_groups WHERE id = $1`, g.ID); err != nil {
			return fmt.Errorf("delete group: %w", err)
		}
		order, err := ordered(ctx, tx, g.UserID)
		if err != nil {
			return err
		}
		return renumber(ctx, tx, order, now)
	})
}

// ordered returns the ids of the user's groups in display order.
func ordered(ctx context.Context, tx *sql.Tx, userID string) ([]int64, error) {
	ids, err := db.Values[int64](ctx, tx, `SELECT id FROM genie_groups WHERE user_id = $1 ORDER BY position, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("group order: %w", err)
	}
	return ids, nil
}

// renumber gives the groups positions 0..n-1 in the given order, writing
// only the rows whose position changes.
func renumber(ctx context.Context, tx *sql.Tx, order []int64, now time.Time) error {
	for pos, id := range order {
		if _, err := tx.ExecContext(ctx, `UPDATE genie_groups SET position = $1, updated_at = $2 WHERE id = $3 AND position <> $1`,
			pos, now, id); err != nil {
			return fmt.Errorf("renumber groups: %w", err)
		}
	}
	return nil
}

// Reorder gives the listed groups of userID positions 0..n-1 in the given
// order; the user's other groups follow, keeping their order. Every ID
// must be one of the user's groups.
func (s *Service) Reorder(ctx context.Context, userID string, ids []int64) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockUser(ctx, s.DB, tx, userID); err != nil {
			return err
		}
		current, err := ordered(ctx, tx, userID)
		if err != nil {
			return err
		}
		order, err := Order(current, ids)
		if err != nil {
			return err
		}
		return renumber(ctx, tx, order, s.DB.Now())
	})
}

// Order returns the new order of a user's groups: requested first, then
// the rest in their current order. It fails for duplicates and for IDs
// that are not among current.
func Order(current, requested []int64) ([]int64, error) {
	have := make(map[int64]bool, len(current))
	for _, id := range current {
		have[id] = true
	}
	seen := make(map[int64]bool, len(requested))
	out := make([]int64, 0, len(current))
	for i, id := range requested {
		if seen[id] {
			return nil, apperr.Invalid("groupIds", "groupIds[%d]: group %d is listed twice", i, id)
		}
		if !have[id] {
			return nil, &apperr.Error{Code: apperr.CodeNotFound, Field: "groupIds", Message: fmt.Sprintf("group %d not found", id)}
		}
		seen[id] = true
		out = append(out, id)
	}
	for _, id := range current {
		if !seen[id] {
			out = append(out, id)
		}
	}
	return out, nil
}

// Counts returns the number of genies in each of the user's groups (every
// user's when userID is empty), keyed by group ID as a string; empty groups
// count 0.
func (s *Service) Counts(ctx context.Context, userID string) (map[string]int, error) {
	q, args := `SELECT g.id, COUNT(a.id) FROM genie_groups g LEFT JOIN genies a ON a.group_id = g.id
		WHERE g.user_id = $1 GROUP BY g.id`, []any{userID}
	if userID == "" {
		q, args = `SELECT g.id, COUNT(a.id) FROM genie_groups g LEFT JOIN genies a ON a.group_id = g.id GROUP BY g.id`, nil
	}
	out := map[string]int{}
	err := db.Each(ctx, s.DB.R, func(row db.Row) error {
		var id int64
		var n int
		if err := row.Scan(&id, &n); err != nil {
			return err
		}
		out[strconv.FormatInt(id, 10)] = n
		return nil
	}, q, args...)
	if err != nil {
		return nil, fmt.Errorf("count genies: %w", err)
	}
	return out, nil
}

// SyncResult is the outcome of moving a genie between groups.
type SyncResult struct {
	Agent    SyncedAgent `json:"agent"`
	Previous *int64      `json:"previousGroupId"`
	New      *int64      `json:"newGroupId"`
}

// SyncedAgent is the genie of a SyncResult.
type SyncedAgent struct {
	ID      string `json:"id"`
	GroupID *int64 `json:"group_id"`
}

// Sync puts a genie in a group (or in none with a nil groupID). The genie
// must belong to userID and the group to the genie's owner.
func (s *Service) Sync(ctx context.Context, c *auth.Caller, userID, agentID string, groupID *int64) (*SyncResult, error) {
	var res *SyncResult
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		g, err := genies.Load(ctx, tx, agentID, s.DB.ForUpdate())
		if err != nil {
			return err
		}
		if g.UserID != userID && !(c.IsAdmin() && userID == c.UserID) {
			return apperr.AgentNotFound()
		}
		if groupID != nil {
			grp, err := load(ctx, tx, c, *groupID, "")
			if err != nil {
				return err
			}
			if grp.UserID != g.UserID {
				return &apperr.Error{Code: apperr.CodeNotFound, Field: "groupId", Message: "group not found"}
			}
		}
		if err := genies.SetGroup(ctx, tx, g.ID, groupID, s.DB.Now()); err != nil {
			return err
		}
		res = &SyncResult{Agent: SyncedAgent{ID: g.ID, GroupID: groupID}, Previous: g.GroupID, New: groupID}
		return nil
	})
	return res, err
}
