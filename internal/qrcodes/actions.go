package qrcodes

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"regexp"

	"github.com/geniehq/genie/internal/api"
	"github.com/geniehq/genie/internal/apperr"
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
func (s *Service) Actions() api.Actions {
	return api.Actions{
		"all":                {Access: api.Authenticated, Handle: s.all},
		"list":               {Access: api.Authenticated, Handle: s.all},
		"create":             {Access: api.Authenticated, Handle: s.create},
		"delete":             {Access: api.Authenticated, Handle: s.delete},
		"increment-download": {Access: api.Authenticated, Handle: s.incrementDownload},
		"render": {Access: api.Authenticated, Handle: s.render, Summary: "Render a QR code image (PNG or SVG) that opens a genie's page",
			Request: RenderRequest{}, Response: Rendered{}, Errors: []string{apperr.CodeAgentNotFound}},
	}
}

func (s *Service) all(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		AgentID *string `json:"agentId"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	agent := ""
	if in.AgentID != nil {
		agent = *in.AgentID
	}
	items, err := s.List(ctx, r.Caller.UserID, agent)
	if err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"items": items, "count": len(items)}), nil
}

// checkURL accepts an absolute http or https URL.
func checkURL(field, v string) error {
	if len(v) > MaxURLLen {
		return apperr.Invalid(field, "%s must be at most %d characters", field, MaxURLLen)
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return apperr.Invalid(field, "%s must be an absolute http or https URL", field)
	}
	return nil
}

func (s *Service) create(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		AgentID       *string         `json:"agent_id"`
		StoragePath   *string         `json:"storage_path"`
		StorageURL    *string         `json:"storage_url"`
		Format        *string         `json:"format"`
		FileSize      *int64          `json:"file_size"`
		DisplayConfig json.RawMessage `json:"display_config"`
		TargetURL     *string         `json:"target_url"`
		Filename      *string         `json:"filename"`
	}
	if err := r.Bind(&in); err != nil {
		return nil, err
	}
	q := &QRCode{UserID: r.Caller.UserID, DisplayConfig: json.RawMessage("{}"), FileSize: in.FileSize, TargetURL: in.TargetURL, Filename: in.Filename}
	var err error
	if q.AgentID, err = api.RequiredString("agent_id", in.AgentID, 64); err != nil {
		return nil, err
	}
	if q.StoragePath, err = api.RequiredString("storage_path", in.StoragePath, MaxPathLen); err != nil {
		return nil, err
	}
	if q.StorageURL, err = api.RequiredString("storage_url", in.StorageURL, MaxURLLen); err != nil {
		return nil, err
	}
	if err := checkURL("storage_url", q.StorageURL); err != nil {
		return nil, err
	}
	if q.Format, err = api.RequiredString("format", in.Format, 16); err != nil {
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
		if err := api.MaxLen("filename", *q.Filename, MaxFilenameLen); err != nil {
			return nil, err
		}
	}
	if !api.IsUUID(q.AgentID) {
		return nil, apperr.AgentNotFound()
	}
	if err := s.Create(ctx, q); err != nil {
		return nil, err
	}
	return api.Created(map[string]any{"qr_code": q}), nil
}

func recordID(r *api.Request) (string, error) {
	id, err := r.RequireID()
	if err != nil {
		return "", err
	}
	if !api.IsUUID(id) {
		return "", apperr.NotFound("QR code")
	}
	return id, nil
}

func (s *Service) delete(ctx context.Context, r *api.Request) (*api.Response, error) {
	id, err := recordID(r)
	if err != nil {
		return nil, err
	}
	if err := s.Delete(ctx, r.Caller.UserID, id); err != nil {
		return nil, err
	}
	return api.OK(map[string]any{"success": true, "id": id, "is_deleted": true}), nil
}

func (s *Service) incrementDownload(ctx context.Context, r *api.Request) (*api.Response, error) {
	var in struct {
		DownloadCount *int64 `json:"downloadCount"`
	}
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
	return api.OK(map[string]any{"success": true, "id": id, "downloadCount": n}), nil
}
