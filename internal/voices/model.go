// Package voices is the preselected-voices resource: the platform-curated
// list of voices. Everyone authenticated reads it (regular users see only
// active voices); only admins change it.
//
// Files: model.go (the voice and its field rules), service.go (one method
// per operation), store.go (the SQL), actions.go (the HTTP actions).
package voices

import (
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
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

// errNotFound is the one answer for an id that names no voice.
func errNotFound() error { return apperr.NotFound("voice") }
