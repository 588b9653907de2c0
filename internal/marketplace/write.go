package marketplace

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/marketplace/taxonomy"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// ListingRequest is the data of create; nil means not supplied. The
// fields of a submission's submission_data are read into it too.
type ListingRequest struct {
	AgentID      *string                         `json:"agent_id" schema:"required" doc:"The template genie (a UUID)."`
	Slug         *string                         `json:"slug" schema:"required,minLength=1,maxLength=100,pattern=^[a-z0-9]+(-[a-z0-9]+)*$" doc:"URL-friendly and unique."`
	DisplayName  *string                         `json:"display_name" schema:"required,minLength=1,maxLength=200"`
	CategoryID   *string                         `json:"category_id" schema:"required" doc:"A category's id (a UUID)."`
	Tagline      field.Optional[string]          `json:"tagline" schema:"maxLength=300"`
	Description  field.Optional[string]          `json:"description" schema:"maxLength=10000"`
	BrandID      field.Optional[string]          `json:"brand_id" doc:"A brand's id (a UUID); null or empty for none."`
	ThumbnailURL field.Optional[string]          `json:"thumbnail_url" schema:"maxLength=2000,pattern=^\\s*([hH][tT][tT][pP][sS]?://[^/?#\\s]+([/?#]\\S*)?)?\\s*$" doc:"An absolute http(s) URL; null or empty for none."`
	DemoVideoURL field.Optional[string]          `json:"demo_video_url" schema:"maxLength=2000,pattern=^\\s*([hH][tT][tT][pP][sS]?://[^/?#\\s]+([/?#]\\S*)?)?\\s*$" doc:"An absolute http(s) URL; null or empty for none."`
	IsFeatured   *bool                           `json:"is_featured" doc:"Default false."`
	IsPublic     *bool                           `json:"is_public" doc:"Default true."`
	Metadata     field.Optional[field.RawObject] `json:"metadata" doc:"An object, for example {difficulty, industry} (strings, filterable); at most 10,000 bytes of JSON. Default {}."`
}

// UpdateRequest is update's data: only the fields given change. It has
// the fields of ListingRequest, none required.
type UpdateRequest struct {
	AgentID      *string                         `json:"agent_id" schema:"fixed" doc:"Cannot be changed: giving it is a VALIDATION_ERROR."`
	Slug         *string                         `json:"slug" schema:"minLength=1,maxLength=100,pattern=^[a-z0-9]+(-[a-z0-9]+)*$"`
	DisplayName  *string                         `json:"display_name" schema:"minLength=1,maxLength=200"`
	CategoryID   *string                         `json:"category_id"`
	Tagline      field.Optional[string]          `json:"tagline" schema:"maxLength=300"`
	Description  field.Optional[string]          `json:"description" schema:"maxLength=10000"`
	BrandID      field.Optional[string]          `json:"brand_id" doc:"null or empty removes the brand."`
	ThumbnailURL field.Optional[string]          `json:"thumbnail_url" schema:"maxLength=2000,pattern=^\\s*([hH][tT][tT][pP][sS]?://[^/?#\\s]+([/?#]\\S*)?)?\\s*$" doc:"null or empty removes it."`
	DemoVideoURL field.Optional[string]          `json:"demo_video_url" schema:"maxLength=2000,pattern=^\\s*([hH][tT][tT][pP][sS]?://[^/?#\\s]+([/?#]\\S*)?)?\\s*$" doc:"null or empty removes it."`
	IsFeatured   *bool                           `json:"is_featured"`
	IsPublic     *bool                           `json:"is_public"`
	Metadata     field.Optional[field.RawObject] `json:"metadata" doc:"Replaces the metadata object; null sets {}."`
}

// patch is a validated listing change, for create or update: a nil pointer
// or an Optional that is not Set is a field not supplied, which stays as it
// is (on create: takes its default). The Optional fields are the nullable
// columns, which a supplied null (or an empty string) clears.
type patch struct {
	AgentID      *string // create only
	Slug         *string
	DisplayName  *string
	CategoryID   *string
	Tagline      *string
	Description  *string
	BrandID      field.Optional[string]
	ThumbnailURL field.Optional[string]
	DemoVideoURL field.Optional[string]
	IsFeatured   *bool
	IsPublic     *bool
	Metadata     *metadata
}

// metadata is a validated metadata object with the columns filtered on.
type metadata struct {
	raw                  field.RawObject
	difficulty, industry *string
}

// validate checks the input; with create set, the create rules apply
// (required fields; agent_id only there).
func (in *ListingRequest) validate(create bool) (*patch, error) {
	p := &patch{IsFeatured: in.IsFeatured, IsPublic: in.IsPublic}
	for _, check := range []func(*patch) error{
		func(p *patch) error { return in.checkAgent(p, create) },
		in.checkNames, in.checkTexts, in.checkLinks, in.checkMetadata,
	} {
		if err := check(p); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// checkAgent: on create, the required fields and the genie; after, the
// genie cannot change.
func (in *ListingRequest) checkAgent(p *patch, create bool) error {
	if create {
		for _, f := range []struct {
			name string
			v    *string
		}{{"agent_id", in.AgentID}, {"slug", in.Slug}, {"display_name", in.DisplayName}, {"category_id", in.CategoryID}} {
			if f.v == nil {
				return apperr.Required(f.name)
			}
		}
		id := strings.TrimSpace(*in.AgentID)
		if err := checkID("agent_id", id); err != nil {
			return err
		}
		p.AgentID = &id
	} else if in.AgentID != nil {
		return apperr.Invalid("agent_id", "agent_id cannot be changed; delete the listing and create a new one")
	}
	return nil
}

// checkNames: the slug, the display name and the category.
func (in *ListingRequest) checkNames(p *patch) error {
	if in.Slug != nil {
		slug := strings.TrimSpace(*in.Slug)
		if err := taxonomy.CheckSlug("slug", slug); err != nil {
			return err
		}
		p.Slug = &slug
	}
	if in.DisplayName != nil {
		name, err := field.RequiredString("display_name", in.DisplayName, MaxNameLen)
		if err != nil {
			return err
		}
		p.DisplayName = &name
	}
	if in.CategoryID != nil {
		id := strings.TrimSpace(*in.CategoryID)
		if err := checkID("category_id", id); err != nil {
			return err
		}
		p.CategoryID = &id
	}
	return nil
}

// checkTexts: tagline and description.
func (in *ListingRequest) checkTexts(p *patch) error {
	// tagline and description are not nullable: null sets them empty.
	for _, t := range []struct {
		name string
		v    field.Optional[string]
		max  int
		dst  **string
	}{{"tagline", in.Tagline, MaxTaglineLen, &p.Tagline}, {"description", in.Description, MaxDescriptionLen, &p.Description}} {
		if t.v.Set {
			s := strings.TrimSpace(t.v.Value)
			if err := field.MaxLen(t.name, s, t.max); err != nil {
				return err
			}
			*t.dst = &s
		}
	}
	return nil
}

// checkLinks: the brand and the media URLs.
func (in *ListingRequest) checkLinks(p *patch) error {
	// The nullable ones: null or empty clears them.
	for _, r := range []struct {
		name  string
		v     field.Optional[string]
		check func(field, v string) error
		dst   *field.Optional[string]
	}{
		{"brand_id", in.BrandID, checkID, &p.BrandID},
		{"thumbnail_url", in.ThumbnailURL, checkURL, &p.ThumbnailURL},
		{"demo_video_url", in.DemoVideoURL, checkURL, &p.DemoVideoURL},
	} {
		if !r.v.Set {
			continue
		}
		v := strings.TrimSpace(r.v.Value)
		if r.v.Null || v == "" {
			*r.dst = field.Null[string]()
			continue
		}
		if err := r.check(r.name, v); err != nil {
			return err
		}
		*r.dst = field.Some(v)
	}
	return nil
}

// checkMetadata: the metadata object and the columns filtered on.
func (in *ListingRequest) checkMetadata(p *patch) error {
	if in.Metadata.Set {
		raw := json.RawMessage(in.Metadata.Value)
		if in.Metadata.Null {
			raw = json.RawMessage("{}")
		}
		meta, diff, ind, err := parseMetadata(raw)
		if err != nil {
			return err
		}
		p.Metadata = &metadata{raw: field.RawObject(meta), difficulty: diff, industry: ind}
	}
	return nil
}

// apply copies the supplied fields of p onto l.
func (p *patch) apply(l *Listing) {
	field.Assign(&l.Slug, p.Slug)
	field.Assign(&l.DisplayName, p.DisplayName)
	field.Assign(&l.CategoryID, p.CategoryID)
	field.Assign(&l.Tagline, p.Tagline)
	field.Assign(&l.Description, p.Description)
	p.BrandID.ApplyTo(&l.BrandID)
	p.ThumbnailURL.ApplyTo(&l.ThumbnailURL)
	p.DemoVideoURL.ApplyTo(&l.DemoVideoURL)
	field.Assign(&l.IsFeatured, p.IsFeatured)
	field.Assign(&l.IsPublic, p.IsPublic)
	if p.Metadata != nil {
		l.Metadata = p.Metadata.raw
	}
}

// newListing is the listing a create's patch describes: the defaults
// (public, not featured, metadata {}) overlaid with the supplied fields.
func (p *patch) newListing() Listing {
	l := Listing{IsPublic: true, Metadata: field.RawObject("{}")}
	p.apply(&l)
	l.AgentID = p.AgentID
	return l
}

// filters are the difficulty and industry columns of the metadata: the
// new ones when the patch has metadata, else nil.
func (p *patch) filters() (difficulty, industry *string) {
	if p.Metadata == nil {
		return nil, nil
	}
	return p.Metadata.difficulty, p.Metadata.industry
}

// checkRefs verifies that the category and brand of l exist.
func checkRefs(ctx context.Context, tx db.Querier, l *Listing) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM marketplace_categories WHERE id = $1`, l.CategoryID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.Invalid("category_id", "category_id: no category with this ID")
	}
	if err != nil {
		return fmt.Errorf("marketplace: check category: %w", err)
	}
	if l.BrandID == nil {
		return nil
	}
	err = tx.QueryRowContext(ctx, `SELECT 1 FROM marketplace_brands WHERE id = $1`, *l.BrandID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.Invalid("brand_id", "brand_id: no brand with this ID")
	}
	if err != nil {
		return fmt.Errorf("marketplace: check brand: %w", err)
	}
	return nil
}

func slugTaken(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.Invalid("slug", "slug is already used by another listing")
	}
	return err
}

// Create adds a listing for an agent (admin only, checked by the action):
// the agent becomes a marketplace template linked to the listing; the
// agent's owner is the listing's creator. A used slug is VALIDATION_ERROR.
func (s *Service) Create(ctx context.Context, c *auth.Caller, p *patch) (*Listing, error) {
	var id string
	err := s.write(ctx, func(tx *WriteTx) error {
		var err error
		id, err = s.createTx(ctx, tx, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.loadAdmin(ctx, id)
}

// createTx is Create inside tx; it returns the new listing's id.
func (s *Service) createTx(ctx context.Context, tx *WriteTx, p *patch) (string, error) {
	l := p.newListing()
	l.ID = uuid.NewString()
	now := s.DB.Now()
	l.CreatedAt, l.UpdatedAt = now, now
	if err := checkRefs(ctx, tx, &l); err != nil {
		return "", err
	}
	difficulty, industry := p.filters()
	g, err := genies.Load(ctx, tx, *l.AgentID, s.DB.ForUpdate())
	if err != nil {
		return "", err
	}
	if g.MarketplaceGenieID != nil && *g.MarketplaceGenieID != "" {
		return "", apperr.Invalid("agent_id", "agent_id: this genie is already listed in the marketplace")
	}
	seqCol, seqVal := "", "" // PostgreSQL's identity never gives a seq twice
	if !tx.postgres {
		seqCol, seqVal = "seq, ", "("+nextSeq+"), "
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO marketplace_listings (`+seqCol+`id, agent_id, creator_id, slug, display_name, tagline,
		description, category_id, brand_id, thumbnail_url, demo_video_url, is_featured, is_public, metadata,
		difficulty, industry, created_at, updated_at)
		VALUES (`+seqVal+`$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) RETURNING seq`,
		l.ID, l.AgentID, g.UserID, l.Slug, l.DisplayName, l.Tagline, l.Description, l.CategoryID, l.BrandID,
		l.ThumbnailURL, l.DemoVideoURL, l.IsFeatured, l.IsPublic, string(l.Metadata), difficulty, industry, now).Scan(&l.seq)
	if err != nil {
		if e := slugTaken(err); e != err {
			return "", e
		}
		return "", fmt.Errorf("marketplace: create listing: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_listing_views (seq, is_public) VALUES ($1, $2)`, l.seq, l.IsPublic); err != nil {
		return "", fmt.Errorf("marketplace: create listing: %w", err)
	}
	if err := genies.LinkTemplate(ctx, tx, g.ID, l.ID, now); err != nil {
		return "", fmt.Errorf("marketplace: link agent: %w", err)
	}
	tx.Count(moveCounts(nil, &l))
	tx.Touch(l.seq)
	return l.ID, nil
}

// loadAdmin reads a listing with its creator, for admin responses.
func (s *Service) loadAdmin(ctx context.Context, id string) (*Listing, error) {
	l, err := loadFull(ctx, s.DB.R, id, "")
	if err != nil {
		return nil, err
	}
	if err := s.fillCreators(ctx, []*Listing{l}); err != nil {
		return nil, err
	}
	return l, nil
}

// Update changes the supplied fields of a listing (admin only).
func (s *Service) Update(ctx context.Context, id string, p *patch) (*Listing, error) {
	err := s.write(ctx, func(tx *WriteTx) error {
		old, err := s.lockListing(ctx, tx, id)
		if err != nil {
			return err
		}
		l := *old
		p.apply(&l)
		if p.CategoryID != nil || p.BrandID.Set {
			if err := checkRefs(ctx, tx, &l); err != nil {
				return err
			}
		}
		now := s.DB.Now()
		set := `slug = $1, display_name = $2, tagline = $3, description = $4, category_id = $5, brand_id = $6,
			thumbnail_url = $7, demo_video_url = $8, is_featured = $9, is_public = $10, metadata = $11, updated_at = $12`
		a := []any{l.Slug, l.DisplayName, l.Tagline, l.Description, l.CategoryID, l.BrandID, l.ThumbnailURL,
			l.DemoVideoURL, l.IsFeatured, l.IsPublic, string(l.Metadata), now}
		if p.Metadata != nil {
			difficulty, industry := p.filters()
			set += `, difficulty = $13, industry = $14`
			a = append(a, difficulty, industry)
		}
		a = append(a, l.ID)
		if _, err := tx.ExecContext(ctx, `UPDATE marketplace_listings SET `+set+fmt.Sprintf(` WHERE id = $%d`, len(a)), a...); err != nil {
			return fmt.Errorf("marketplace: update listing: %w", slugTaken(err))
		}
		if l.IsPublic != old.IsPublic {
			if _, err := tx.ExecContext(ctx, `UPDATE marketplace_listing_views SET is_public = $1 WHERE seq = $2`, l.IsPublic, l.seq); err != nil {
				return fmt.Errorf("marketplace: update listing: %w", err)
			}
		}
		tx.Count(moveCounts(old, &l))
		tx.Touch(old.seq)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.loadAdmin(ctx, id)
}

// Delete removes a listing (admin only) and unlinks its agent, which stays
// a normal genie of its owner. Clones made from it are not affected.
func (s *Service) Delete(ctx context.Context, id string) error {
	return s.write(ctx, func(tx *WriteTx) error {
		old, err := s.lockListing(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM marketplace_listings WHERE id = $1`, id); err != nil {
			return fmt.Errorf("marketplace: delete listing: %w", err)
		}
		if err := deleteInteractions(ctx, tx, old.seq, s.DB.Now()); err != nil {
			return err
		}
		if !tx.postgres {
			if _, err := tx.ExecContext(ctx, `INSERT INTO marketplace_counters (key, n) VALUES ('seq:deleted', $1)
				ON CONFLICT (key) DO UPDATE SET n = max(n, excluded.n)`, old.seq); err != nil {
				return fmt.Errorf("marketplace: delete listing: %w", err)
			}
		}
		if old.AgentID != nil {
			if err := genies.UnlinkTemplate(ctx, tx, *old.AgentID, id, s.DB.Now()); err != nil {
				return fmt.Errorf("marketplace: unlink agent: %w", err)
			}
		}
		tx.Count(moveCounts(old, nil))
		tx.Touch(old.seq)
		return nil
	})
}

// nextSeq is, on SQLite, the seq of a new listing: one more than any a
// listing has had. SQLite gives a new row one more than the largest rowid
// left, so without it the newest listing's seq would come back after the
// listing is deleted, and views of the deleted listing still being
// committed (by this process or another) would count for the new one.
// The largest seq deleted is kept in marketplace_counters ('seq:deleted').
const nextSeq = `SELECT max(COALESCE((SELECT MAX(seq) FROM marketplace_listings), 0),
	COALESCE((SELECT n FROM marketplace_counters WHERE key = 'seq:deleted'), 0)) + 1`

// lockListing reads a listing for a write that may change its visibility
// or delete it, locking its row and its views row: the views row first,
// as a fold does (foldViews), and its folded count read once it is
// locked, so that the count includes every view folded before, and no
// fold adds to it until this write has. The views still in the view log
// count where the listing is at each read (pendingPublic), so the count
// returned is the folded one, which moveCounts moves between the totals.
func (s *Service) lockListing(ctx context.Context, tx *WriteTx, id string) (*Listing, error) {
	if !field.IsUUID(id) {
		return nil, apperr.NotFound("marketplace listing")
	}
	var views int64
	err := tx.QueryRowContext(ctx, `SELECT views FROM marketplace_listing_views
		WHERE seq = (SELECT seq FROM marketplace_listings WHERE id = $1)`+s.DB.ForUpdate(), id).Scan(&views)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return nil, fmt.Errorf("marketplace: lock listing: %w", err)
	}
	l, err := loadFull(ctx, tx, id, s.DB.ForUpdateOf("l")) // the joined category and brand rows are not locked
	if err != nil {
		return nil, err
	}
	l.ViewCount = views
	return l, nil
}
