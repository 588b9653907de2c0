package mailtenants

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// The SQL of the mail_tenant_credentials table (and the read of an
// account's team); the key is sealed and opened by the caller.

// loadCredentials returns the team's row, the key still sealed, or
// NOT_FOUND.
func loadCredentials(ctx context.Context, q db.Querier, teamID int64) (*Credentials, string, error) {
	c := Credentials{TeamID: teamID}
	var sealed string
	var name, owner sql.NullString
	err := q.QueryRowContext(ctx, `SELECT tenant_id, api_key_enc, tenant_name, mail_owner_user_id, created_at, updated_at
		FROM mail_tenant_credentials WHERE team_id = $1`, teamID).Scan(&c.TenantID, &sealed, &name, &owner, &c.CreatedAt, &c.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", apperr.NotFound("mail credentials")
	}
	if err != nil {
		return nil, "", fmt.Errorf("mailtenants: load: %w", err)
	}
	c.TenantName, c.MailOwnerUserID = db.StringPtr(name), db.StringPtr(owner)
	return &c, sealed, nil
}

// teamOf returns the user's team, or the credentials' NOT_FOUND when the
// user or its team is missing.
func teamOf(ctx context.Context, q db.Querier, userID string) (int64, error) {
	var team sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT team_id FROM users WHERE id = $1`, userID).Scan(&team)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !team.Valid {
		return 0, apperr.NotFound("mail credentials")
	}
	if err != nil {
		return 0, fmt.Errorf("mailtenants: load team: %w", err)
	}
	return team.Int64, nil
}

// lockCredentials locks the team's row for the tenant; NOT_FOUND when
// there is none.
func lockCredentials(ctx context.Context, tx *sql.Tx, teamID int64, tenantID, lock string) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM mail_tenant_credentials WHERE team_id = $1 AND tenant_id = $2`+lock,
		teamID, tenantID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound("mail credentials")
	}
	if err != nil {
		return fmt.Errorf("mailtenants: lock credentials: %w", err)
	}
	return nil
}

func updateKey(ctx context.Context, q db.Querier, teamID int64, tenantID, sealed string, at time.Time) error {
	if _, err := q.ExecContext(ctx, `UPDATE mail_tenant_credentials SET api_key_enc = $1, updated_at = $2
		WHERE team_id = $3 AND tenant_id = $4`, sealed, at, teamID, tenantID); err != nil {
		return fmt.Errorf("mailtenants: store new key: %w", err)
	}
	return nil
}

// upsertCredentials stores the team's one row, replacing what was there.
func upsertCredentials(ctx context.Context, q db.Querier, teamID int64, in Upsert, sealed string, at time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO mail_tenant_credentials
		(team_id, tenant_id, api_key_enc, tenant_name, mail_owner_user_id, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6)
		ON CONFLICT (team_id) DO UPDATE SET tenant_id = excluded.tenant_id, api_key_enc = excluded.api_key_enc,
			tenant_name = excluded.tenant_name, mail_owner_user_id = excluded.mail_owner_user_id, updated_at = excluded.updated_at`,
		teamID, in.TenantID, sealed, in.TenantName, in.MailOwnerUserID, at)
	if err != nil {
		return fmt.Errorf("mailtenants: store credentials: %w", err)
	}
	return nil
}
