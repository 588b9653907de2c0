package voices

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

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
	v.Description, v.CreatedAt, v.UpdatedAt = db.StringPtr(desc), db.TimePtr(cat), db.TimePtr(uat)
	return &v, nil
}

// list reads the voices in display order; only active ones unless all.
func list(ctx context.Context, q db.Querier, all bool) ([]*Voice, error) {
	query := `SELECT ` + columns + ` FROM preselected_voices`
	if !all {
		query += ` WHERE is_active = TRUE`
	}
	return db.List(ctx, q, scan, query+` ORDER BY sort_order, label, id`)
}

// insert stores a new voice (updated_at NULL); a voice_id already stored
// is a VALIDATION_ERROR naming voice_id.
func insert(ctx context.Context, q db.Querier, v *Voice) error {
	_, err := q.ExecContext(ctx, `INSERT INTO preselected_voices (`+columns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL)`,
		v.ID, v.VoiceID, v.Label, v.Description, v.Gender, v.SortOrder, v.IsActive, v.CreatedAt)
	if db.IsUniqueViolation(err) {
		return apperr.Invalid("voice_id", "voice_id %q is already in the list", v.VoiceID)
	}
	if err != nil {
		return fmt.Errorf("voices: create: %w", err)
	}
	return nil
}

// loadForUpdate reads the voice, locking its row (lock is db.ForUpdate()),
// or NOT_FOUND.
func loadForUpdate(ctx context.Context, tx *sql.Tx, id, lock string) (*Voice, error) {
	v, err := scan(tx.QueryRowContext(ctx, `SELECT `+columns+` FROM preselected_voices WHERE id = $1`+lock, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("voices: load: %w", err)
	}
	return v, nil
}

// update writes every changeable column of v.
func update(ctx context.Context, tx *sql.Tx, v *Voice) error {
	_, err := tx.ExecContext(ctx, `UPDATE preselected_voices SET label = $1, description = $2, gender = $3, sort_order = $4,
		is_active = $5, updated_at = $6 WHERE id = $7`, v.Label, v.Description, v.Gender, v.SortOrder, v.IsActive, v.UpdatedAt, v.ID)
	if err != nil {
		return fmt.Errorf("voices: update: %w", err)
	}
	return nil
}

// remove deletes the voice, or NOT_FOUND when there was none.
func remove(ctx context.Context, q db.Querier, id string) error {
	res, err := q.ExecContext(ctx, `DELETE FROM preselected_voices WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("voices: delete: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("voices: delete: %w", err)
	} else if n == 0 {
		return errNotFound()
	}
	return nil
}
