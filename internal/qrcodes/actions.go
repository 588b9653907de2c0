package qrcodes

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/httpapi"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/field"
)

// Field limits.
const (
	MaxPathLen          = 1024
	MaxURLLen           = 2048
	MaxFilenameLen      = 255
	MaxDisplayConfigLen = 16 << 10
)

var formatRE = regexp.MustCompile(`^[a-z0-9][a-z0-9+.-]{0,15}$`)

// Actions returns the qr-code actions; all need a credential and reach only
// the caller's own records.
func (s *Service) Actions() httpapi.Actions {
	recID := "The QR code record's id (a UUID)."
	list := httpapi.Action{Access: httpapi.Authenticated, Handle: httpapi.Bind(s.all), Summary: "List your QR code records (at most 100, newest first)",
		Request: ListRequest{}, Response: List{}}
	return httpapi.Actions{
		"all":  list.Alias("List your QR code records (same as list)"),
		"list": list,
		"create": {Access: httpapi.Authenticated, Handle: httpapi.Bind(s.create), Summary: "Save a QR code record for one of your genies",
			Request: CreateRequest{}, Response: Created{}, Status: http.StatusCreated, Idempotent: true,
			Errors: []string{apperr.CodeAgentNotFound}},
		"delete": {Access: httpapi.Authenticated, Handle: httpapi.BindUUID(errNotFound, s.delete), Summary: "Delete a QR code record (soft: is_deleted becomes true)",
			ID: recID, Response: Deleted{}, Errors: []string{apperr.CodeNotFound}},
		"increment-download": {Access: httpapi.Authenticated, Handle: s.incrementDownload, Summary: "Count a download of a QR code",
			ID: recID, Request: IncrementRequest{}, Response: Downloaded{}, Errors: []string{apperr.CodeNotFound}},
		"render": {Access: httpapi.Authenticated, Handle: httpapi.Bind(s.Render), Summary: "Render a QR code image (PNG or SVG) that opens a genie's page",
			Request: RenderRequest{}, Response: Rendered{}, Errors: []string{apperr.CodeAgentNotFound}},
	}
}

// ListRequest is the data of all and list.
type ListRequest struct {
	AgentID *string `json:"agentId" doc:"Only the records of this genie."`
}

// List is the answer of all and list.
type List struct {
	Items []*QRCode `json:"items"`
	Count int       `json:"count"`
}

// CreateRequest is create's data.
type CreateRequest struct {
	AgentID       *string         `json:"agent_id" schema:"required,minLength=1"`
	StoragePath   *string         `json:"storage_path" schema:"required,minLength=1,maxLength=1024"`
	StorageURL    *string         `json:"storage_url" schema:"required,maxLength=2048,format=uri,pattern=^[hH][tT][tT][pP][sS]?://[^/?#\\s]+([/?#]\\S*)?$"`
	Format        *string         `json:"format" schema:"required,pattern=^[a-z0-9][a-z0-9+.-]{0,15}$" doc:"For example png or svg."`
	FileSize      *int64          `json:"file_size" schema:"min=0" doc:"In bytes."`
	DisplayConfig json.RawMessage `json:"display_config" doc:"An object (at most 16 KiB) kept as given."`
	TargetURL     *string         `json:"target_url" schema:"maxLength=2048,format=uri,pattern=^[hH][tT][tT][pP][sS]?://[^/?#\\s]+([/?#]\\S*)?$"`
	Filename      *string         `json:"filename" schema:"maxLength=255"`
}

// Created is create's answer.
type Created struct {
	QRCode *QRCode `json:"qr_code"`
}

// Deleted is delete's answer.
type Deleted struct {
	Success   bool   `json:"success"`
	ID        string `json:"id"`
	IsDeleted bool   `json:"is_deleted"`
}

// IncrementRequest is increment-download's data.
type IncrementRequest struct {
	DownloadCount *int64 `json:"downloadCount" schema:"required,min=0" doc:"The count the client knows; the stored counter is incremented atomically whatever it says."`
}

// Downloaded is increment-download's answer.
type Downloaded struct {
	Success       bool   `json:"success"`
	ID            string `json:"id"`
	DownloadCount int64  `json:"downloadCount"`
}

func (s *Service) all(ctx context.Context, c *auth.Caller, in *ListRequest) (List, error) {
	agent := ""
	if in.AgentID != nil {
		agent = *in.AgentID
	}
	items, err := s.List(ctx, c.UserID, agent)
	if items == nil {
		items = []*QRCode{}
	}
	return List{Items: items, Count: len(items)}, err
}

// checkURL accepts an absolute http or https URL.
func checkURL(name, v string) error { return field.HTTPURL(name, v, MaxURLLen) }

func (s *Service) create(ctx context.Context, c *auth.Caller, in *CreateRequest) (Created, error) {
	q, err := in.record(c.UserID)
	if err != nil {
		return Created{}, err
	}
	return Created{QRCode: q}, s.Create(ctx, q)
}

// record checks create's data and returns the record it describes.
func (in *CreateRequest) record(userID string) (*QRCode, error) {
	q := &QRCode{UserID: userID, DisplayConfig: json.RawMessage("{}"), FileSize: in.FileSize, TargetURL: in.TargetURL, Filename: in.Filename}
	var err error
	if q.AgentID, err = field.RequiredString("agent_id", in.AgentID, 64); err != nil {
		return nil, err
	}
	if q.StoragePath, err = field.RequiredString("storage_path", in.StoragePath, MaxPathLen); err != nil {
		return nil, err
	}
	if q.StorageURL, err = field.RequiredString("storage_url", in.StorageURL, MaxURLLen); err != nil {
		return nil, err
	}
	if err := checkURL("storage_url", q.StorageURL); err != nil {
		return nil, err
	}
	if q.Format, err = field.RequiredString("format", in.Format, 16); err != nil {
		return nil, err
	}
	if !formatRE.MatchString(q.Format) {
		return nil, apperr.Invalid("format", "format must be a lower-case file format name such as png or svg")
	}
	if q.FileSize != nil && *q.FileSize < 0 {
		return nil, apperr.Invalid("file_size", "file_size must be 0 or more")
	}
	if cfg := bytes.TrimSpace(in.DisplayConfig); len(cfg) > 0 && string(cfg) != "null" {
		if cfg[0] != '{' {
			return nil, apperr.Invalid("display_config", "display_config must be an object")
		}
		if len(cfg) > MaxDisplayConfigLen {
			return nil, apperr.Invalid("display_config", "display_config must be at most %d bytes", MaxDisplayConfigLen)
		}
		q.DisplayConfig = cfg
	}
	if q.TargetURL != nil {
		if err := checkURL("target_url", *q.TargetURL); err != nil {
			return nil, err
		}
	}
	if q.Filename != nil {
		if err := field.MaxLen("filename", *q.Filename, MaxFilenameLen); err != nil {
			return nil, err
		}
	}
	if !field.IsUUID(q.AgentID) {
		return nil, apperr.AgentNotFound()
	}
	return q, nil
}

// errNotFound answers an id that cannot name a record (not a UUID).
func errNotFound() error { return apperr.NotFound("QR code") }

func recordID(r *httpapi.Request) (string, error) {
	id, err := r.RequireID()
	if err != nil {
		return "", err
	}
	if !field.IsUUID(id) {
		return "", errNotFound()
	}
	return id, nil
}

func (s *Service) delete(ctx context.Context, c *auth.Caller, id string, _ *struct{}) (Deleted, error) {
	return Deleted{Success: true, ID: id, IsDeleted: true}, s.Delete(ctx, c.UserID, id)
}

// incrementDownload reads the data before the id (BindUUID would read the
// id first), as it always has.
func (s *Service) incrementDownload(ctx context.Context, r *httpapi.Request) (*httpapi.Response, error) {
	var in IncrementRequest
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	id, err := recordID(r)
	if err != nil {
		return nil, err
	}
	if in.DownloadCount == nil {
		return nil, apperr.Required("downloadCount")
	}
	if *in.DownloadCount < 0 {
		return nil, apperr.Invalid("downloadCount", "downloadCount must be 0 or more")
	}
	// The client's count is only a hint: the stored counter is incremented
	// atomically so concurrent downloads are all counted.
	n, err := s.IncrementDownload(ctx, r.Caller.UserID, id)
	if err != nil {
		return nil, err
	}
	return httpapi.OK(Downloaded{Success: true, ID: id, DownloadCount: n}), nil
}
