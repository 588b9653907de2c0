package voices

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Service implements the voice rules. Callers (the actions) check access:
// everyone authenticated lists, only admins change.
type Service struct{ DB *db.DB }

// List returns the voices ordered by sort_order (then label, then id); only
// active ones unless all is set.
func (s *Service) List(ctx context.Context, all bool) ([]*Voice, error) {
	vs, err := list(ctx, s.DB.R, all)
	if err != nil {
		return nil, fmt.Errorf("voices: list: %w", err)
	}
	return vs, nil
}

// Create stores a voice made of the fields (checked first: voice_id, label
// and gender are required; a voice is active unless is_active says
// otherwise). A voice_id already in the list is a VALIDATION_ERROR naming
// voice_id.
func (s *Service) Create(ctx context.Context, p Patch) (*Voice, error) {
	p, err := p.Check(true)
	if err != nil {
		return nil, err
	}
	v := &Voice{VoiceID: p.VoiceID.Value, IsActive: true}
	p.apply(v)
	now := s.DB.Now()
	v.ID, v.CreatedAt = uuid.NewString(), &now
	if err := insert(ctx, s.DB.W, v); err != nil {
		return nil, err
	}
	return v, nil
}

// Update changes the supplied fields (checked first, before any SQL). The
// voice is read once, locked, inside the transaction that writes it.
// NOT_FOUND for an id that is not a UUID or names no voice.
func (s *Service) Update(ctx context.Context, id string, p Patch) (*Voice, error) {
	p, err := p.Check(false)
	if err != nil {
		return nil, err
	}
	if !field.IsUUID(id) {
		return nil, errNotFound()
	}
	var v *Voice
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if v, err = loadForUpdate(ctx, tx, id, s.DB.ForUpdate()); err != nil {
			return err
		}
		p.apply(v)
		now := s.DB.Now()
		v.UpdatedAt = &now
		return update(ctx, tx, v)
	})
	return v, err
}

// Delete removes a voice permanently. NOT_FOUND for an id that is not a
// UUID or names no voice.
func (s *Service) Delete(ctx context.Context, id string) error {
	if !field.IsUUID(id) {
		return errNotFound()
	}
	return remove(ctx, s.DB.W, id)
}
