// Package qrcodes is the qr-code resource: saved QR codes that link to
// genie conversation pages. Every caller, admins included, reaches only its
// own records. Delete is soft: it sets is_deleted and keeps the record,
// which then no longer appears in lists or accepts downloads.
package qrcodes

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
)

// ListLimit is the most records `all` returns.
const ListLimit = 100

// QRCode is a saved QR code record.
type QRCode struct {
	ID            string          `json:"id"`
	UserID        string          `json:"user_id"`
	AgentID       string          `json:"agent_id"`
	StoragePath   string          `json:"storage_path"`
	StorageURL    string          `json:"storage_url"`
	Format        string          `json:"format"`
	FileSize      *int64          `json:"file_size"`
	DisplayConfig json.RawMessage `json:"display_config" doc:"An object, as given at creation."`
	TargetURL     *string         `json:"target_url"`
	Filename      *string         `json:"filename"`
	DownloadCount int64           `json:"download_count"`
	IsDeleted     bool            `json:"is_deleted"`
	CreatedAt     time.Time       `json:"created_at"`
	UpdatedAt     time.Time       `json:"updated_at"`
}

// Service implements the QR code rules.
type Service struct {
	DB *db.DB
	// BaseURL builds the default target of a rendered code: the genie's
	// conversation page, BaseURL + "/chat/" + its id.
	BaseURL string
}

const columns = `id, user_id, agent_id, storage_path, storage_url, format, file_size, display_config, target_url, filename,
	download_count, is_deleted, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (*QRCode, error) {
	var (
		q             QRCode
		size          sql.NullInt64
		cfg           string
		target, fname sql.NullString
	)
	err := row.Scan(&q.ID, &q.UserID, &q.AgentID, &q.StoragePath, &q.StorageURL, &q.Format, &size, &cfg, &target, &fname,
		&q.DownloadCount, &q.IsDeleted, &q.CreatedAt, &q.UpdatedAt)
	if err != nil {
		return nil, err
	}
	q.DisplayConfig = json.RawMessage(cfg)
	q.FileSize, q.TargetURL, q.Filename = db.Int64Ptr(size), db.StringPtr(target), db.StringPtr(fname)
	return &q, nil
}

// List returns the user's live records, newest first, at most ListLimit;
// agentID, when not empty, filters by genie.
func (s *Service) List(ctx context.Context, userID, agentID string) ([]*QRCode, error) {
	q := `SELECT ` + columns + ` FROM qr_codes WHERE user_id = $1 AND is_deleted = FALSE`
	args := []any{userID}
	if agentID != "" {
		q += ` AND agent_id = $2`
		args = append(args, agentID)
	}
	out, err := db.List(ctx, s.DB.R, scan, q+fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT %d`, ListLimit), args...)
	if err != nil {
		return nil, fmt.Errorf("list qr codes: %w", err)
	}
	return out, nil
}

// ownGenie checks that the genie exists and is the user's (AGENT_NOT_FOUND
// otherwise: records are the caller's own, admins included).
func (s *Service) ownGenie(ctx context.Context, userID, agentID string) error {
	var owner string
	err := s.DB.R.QueryRowContext(ctx, `SELECT user_id FROM genies WHERE id = $1`, agentID).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) || err == nil && owner != userID {
		return apperr.AgentNotFound()
	}
	if err != nil {
		return fmt.Errorf("check genie: %w", err)
	}
	return nil
}

// Create stores a record. The genie must be one the user owns.
func (s *Service) Create(ctx context.Context, q *QRCode) error {
	if err := s.ownGenie(ctx, q.UserID, q.AgentID); err != nil {
		return err
	}
	now := s.DB.Now()
	q.ID, q.CreatedAt, q.UpdatedAt = uuid.NewString(), now, now
	_, err := s.DB.W.ExecContext(ctx, `INSERT INTO qr_codes (`+columns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, FALSE, $11, $11)`,
		q.ID, q.UserID, q.AgentID, q.StoragePath, q.StorageURL, q.Format, q.FileSize, string(q.DisplayConfig), q.TargetURL, q.Filename, now)
	if err != nil {
		return fmt.Errorf("create qr code: %w", err)
	}
	return nil
}

// Delete marks the user's live record deleted. NOT_FOUND when it is
// missing, someone else's, or already deleted.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	now := s.DB.Now()
	res, err := s.DB.W.ExecContext(ctx, `UPDATE qr_codes SET is_deleted = TRUE, deleted_at = $1, updated_at = $1
		WHERE id = $2 AND user_id = $3 AND is_deleted = FALSE`, now, id, userID)
	if err != nil {
		return fmt.Errorf("delete qr code: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("QR code")
	}
	return nil
}

// IncrementDownload adds one to the record's download counter atomically
// and returns the new count.
func (s *Service) IncrementDownload(ctx context.Context, userID, id string) (int64, error) {
	var n int64
	err := s.DB.W.QueryRowContext(ctx, `UPDATE qr_codes SET download_count = download_count + 1, updated_at = $1
		WHERE id = $2 AND user_id = $3 AND is_deleted = FALSE RETURNING download_count`, s.DB.Now(), id, userID).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, apperr.NotFound("QR code")
	}
	if err != nil {
		return 0, fmt.Errorf("count download: %w", err)
	}
	return n, nil
}
