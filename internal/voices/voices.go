// Package voices is the preselected-voices resource: the platform-curated
// list of voices. Everyone authenticated reads it (regular users see only
// active voices); only admins change it.
package voices

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Field limits, in characters.
const (
	MaxVoiceIDLen     = 200
	MaxLabelLen       = 100
	MaxDescriptionLen = 1000
)

// Voice is a preselected voice.
type Voice struct {
	ID          string     `json:"id"`
	VoiceID     string     `json:"voice_id"`
	Label       string     `json:"label"`
	Description *string    `json:"description"`
	Gender      string     `json:"gender"`
	SortOrder   int64      `json:"sort_order"`
	IsActive    bool       `json:"is_active"`
	CreatedAt   *time.Time `json:"created_at"`
	UpdatedAt   *time.Time `json:"updated_at"`
}

// Service implements the voice rules.
type Service struct{ DB *db.DB }

const columns = `id, voice_id, label, description, gender, sort_order, is_active, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (*Voice, error) {
	var (
		v        Voice
		desc     sql.NullString
		cat, uat sql.NullTime
	)
	if err := row.Scan(&v.ID, &v.VoiceID, &v.Label, &desc, &v.Gender, &v.SortOrder, &v.IsActive, &cat, &uat); err != nil {
		return nil, err
	}
	if desc.Valid {
		v.Description = &desc.String
	}
	if cat.Valid {
		v.CreatedAt = &cat.Time
	}
	if uat.Valid {
		v.UpdatedAt = &uat.Time
	}
	return &v, nil
}

// List returns the voices ordered by sort_order (then label); only active
// ones unless all is set.
func (s *Service) List(ctx context.Context, all bool) ([]*Voice, error) {
	q := `SELECT ` + columns + ` FROM preselected_voices`
	if !all {
		q += ` WHERE is_active = TRUE`
	}
	rows, err := s.DB.R.QueryContext(ctx, q+` ORDER BY sort_order, label, id`)
	if err != nil {
		return nil, fmt.Errorf("list voices: %w", err)
	}
	defer rows.Close()
	out := []*Voice{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Create stores a voice made of the fields (checked first: voice_id, label
// and gender are required; a voice is active unless is_active says
// otherwise). A voice_id already in the list is a VALIDATION_ERROR.
func (s *Service) Create(ctx context.Context, p Patch) (*Voice, error) {
	p, err := p.Check(true)
	if err != nil {
		return nil, err
	}
	v := &Voice{VoiceID: p.VoiceID.Value, IsActive: true}
	p.apply(v)
	now := s.DB.Now()
	v.ID, v.CreatedAt, v.UpdatedAt = uuid.NewString(), &now, nil
	_, err = s.DB.W.ExecContext(ctx, `INSERT INTO preselected_voices (`+columns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL)`,
		v.ID, v.VoiceID, v.Label, v.Description, v.Gender, v.SortOrder, v.IsActive, now)
	if db.IsUniqueViolation(err) {
		return nil, apperr.Invalid("voice_id", "voice_id %q is already in the list", v.VoiceID)
	}
	if err != nil {
		return nil, fmt.Errorf("create voice: %w", err)
	}
	return v, nil
}

// Patch is the data of create and update: a nil pointer, or an Optional
// that is not Set, is a field not supplied, which stays as it is. voice_id
// is given on create only; a null description removes it.
type Patch struct {
	VoiceID     field.Optional[string]
	Label       *string
	Description field.Optional[string]
	Gender      *string
	SortOrder   *int64
	IsActive    *bool
}

// Check validates p; with create set, voice_id, label and gender are
// required, and without it voice_id may not be given. Label and voice_id
// come back trimmed.
func (p Patch) Check(create bool) (Patch, error) {
	if create {
		vid, err := field.RequiredString("voice_id", p.VoiceID.Ptr(), MaxVoiceIDLen)
		if err != nil {
			return p, err
		}
		p.VoiceID = field.Some(vid)
		if p.Label == nil {
			return p, apperr.Required("label")
		}
		if p.Gender == nil {
			return p, apperr.Required("gender")
		}
	} else if p.VoiceID.Set {
		return p, apperr.Invalid("voice_id", "voice_id cannot be changed; create a new voice instead")
	}
	if p.SortOrder != nil {
		if err := field.CheckRange("sort_order", *p.SortOrder, -field.MaxOrder, field.MaxOrder); err != nil {
			return p, err
		}
	}
	if p.Label != nil {
		l, err := field.RequiredString("label", p.Label, MaxLabelLen)
		if err != nil {
			return p, err
		}
		p.Label = &l
	}
	if d := p.Description.Ptr(); d != nil {
		if err := field.MaxLen("description", *d, MaxDescriptionLen); err != nil {
			return p, err
		}
	}
	if p.Gender != nil && *p.Gender != "male" && *p.Gender != "female" {
		return p, apperr.Invalid("gender", "gender must be \"male\" or \"female\"")
	}
	return p, nil
}

// apply copies the supplied fields of p onto v (voice_id aside).
func (p Patch) apply(v *Voice) {
	field.Assign(&v.Label, p.Label)
	p.Description.ApplyTo(&v.Description)
	field.Assign(&v.Gender, p.Gender)
	field.Assign(&v.SortOrder, p.SortOrder)
	field.Assign(&v.IsActive, p.IsActive)
}

// Update changes the supplied fields (checked first). NOT_FOUND for an
// unknown voice.
func (s *Service) Update(ctx context.Context, id string, p Patch) (*Voice, error) {
	p, err := p.Check(false)
	if err != nil {
		return nil, err
	}
	var v *Voice
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		v, err = scan(tx.QueryRowContext(ctx, `SELECT `+columns+` FROM preselected_voices WHERE id = $1`+s.DB.ForUpdate(), id))
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.NotFound("voice")
		}
		if err != nil {
			return fmt.Errorf("load voice: %w", err)
		}
		p.apply(v)
		now := s.DB.Now()
		v.UpdatedAt = &now
		_, err = tx.ExecContext(ctx, `UPDATE preselected_voices SET label = $1, description = $2, gender = $3, sort_order = $4,
			is_active = $5, updated_at = $6 WHERE id = $7`, v.Label, v.Description, v.Gender, v.SortOrder, v.IsActive, now, id)
		if err != nil {
			return fmt.Errorf("update voice: %w", err)
		}
		return nil
	})
	return v, err
}

// Delete removes a voice permanently. NOT_FOUND for an unknown voice.
func (s *Service) Delete(ctx context.Context, id string) error {
	res, err := s.DB.W.ExecContext(ctx, `DELETE FROM preselected_voices WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("delete voice: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("voice")
	}
	return nil
}
