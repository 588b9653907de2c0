// Package marketplace is the marketplace resource: a public catalog of genie
// listings (templates that users clone), with categories, brands, full-text
// search, statistics and trending. Every read hides non-public listings from
// callers that are not admins in admin mode. Totals come from counters kept
// in the same transaction as each write, and whole responses are cached
// per process against version counters that every write bumps, so an
// exact count never costs a scan per request (see docs/marketplace.md).
package marketplace

import (
	"database/sql"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/geniehq/genie/internal/events"
	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/marketplace/readmodel"
	"github.com/geniehq/genie/internal/marketplace/search"
	"github.com/geniehq/genie/internal/marketplace/taxonomy"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Ref is the short form of a category or brand inside a listing.
type Ref struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// Creator is the account behind a listing, shown in admin mode.
type Creator struct {
	ID       string `json:"id"`
	FullName string `json:"full_name"`
	Email    string `json:"email"`
}

// Listing is the full listing shape (actions all, get, create, update).
type Listing struct {
	ID           string          `json:"id"`
	AgentID      *string         `json:"agent_id"`
	Slug         string          `json:"slug"`
	DisplayName  string          `json:"display_name"`
	Tagline      string          `json:"tagline"`
	Description  string          `json:"description"`
	CategoryID   string          `json:"category_id"`
	BrandID      *string         `json:"brand_id"`
	Category     Ref             `json:"category"`
	Brand        *Ref            `json:"brand"`
	ThumbnailURL *string         `json:"thumbnail_url"`
	DemoVideoURL *string         `json:"demo_video_url"`
	IsFeatured   bool            `json:"is_featured"`
	IsPublic     bool            `json:"is_public"`
	Rating       float64         `json:"rating"`
	RatingCount  int64           `json:"rating_count"`
	ViewCount    int64           `json:"view_count"`
	CloneCount   int64           `json:"clone_count"`
	Metadata     field.RawObject `json:"metadata" doc:"An object, for example {difficulty, industry}."`
	CreatedAt    time.Time       `json:"created_at"`
	UpdatedAt    time.Time       `json:"updated_at"`
	Creator      *Creator        `json:"creator,omitempty"`

	seq       int64
	creatorID *string
	enc       *encoded // set on listings of the listing cache
}

// Slim is the listing shape of the list action: Related's fields, then
// is_featured and clone_count.
type Slim struct {
	Related
	IsFeatured bool  `json:"is_featured"`
	CloneCount int64 `json:"clone_count"`
}

// Related is a listing of the same category, as in get's related_genies.
type Related struct {
	ID           string  `json:"id"`
	Slug         string  `json:"slug"`
	DisplayName  string  `json:"display_name"`
	Tagline      string  `json:"tagline"`
	ThumbnailURL *string `json:"thumbnail_url"`
	Rating       float64 `json:"rating"`
	CategoryID   string  `json:"category_id"`
}

// Stats is the statistics object of the stats action (public listings only).
type Stats struct {
	TotalGenies     int64 `json:"total_genies"`
	TotalViews      int64 `json:"total_views"`
	TotalClones     int64 `json:"total_clones"`
	FeaturedCount   int64 `json:"featured_count"`
	CategoriesCount int64 `json:"categories_count"`
}

// Service implements the marketplace rules.
type Service struct {
	DB *db.DB
	// Events records the marketplace events (nil: none).
	Events *events.Recorder
	// Log receives the search index's build reports (nil: none).
	Log *slog.Logger
	// Genies reads the genie a clone makes, for the clone's answer; set
	// by the wiring (internal/app) before Clone is called.
	Genies *genies.Service

	index       *search.Index // nil without a database
	exactWords  bool          // searches through the index without typos (a test compares it with the engine)
	terms       termSource    // the engine's terms of query words, for the index
	noCache     atomic.Bool
	searchReady atomic.Bool                                   // StartSearch is done
	cache       *readmodel.Versioned[string, json.RawMessage] // responses that do not show view counts
	viewCache   *readmodel.Versioned[string, json.RawMessage] // responses that do
	rows        *readmodel.Versioned[int64, *Listing]         // listings by seq, for pages (see listingsAt)
	views       viewReader                                    // gets, read in batches
	viewCount   *readmodel.ViewCounter                        // views counted, not yet committed (views.go)
	viewMarker  string                                        // this process's marker key of committed views
	lastFold    atomic.Int64                                  // when this process's flushes last folded the view log (Unix ns; views.go)
	foldEvery   atomic.Int64                                  // how often they do (ns; DefaultFoldInterval)
	foldSeen    atomic.Int64                                  // the views version when a popular page last found the log folded (views.go)
	related     *readmodel.Versioned[string, []Related]       // get's related listings, per category
	counts      *readmodel.Versioned[string, int64]           // maintained counters read for pages
	keys        *readmodel.Versioned[string, pageKeys]        // full pages' listings (see page)
	refs        *readmodel.Versioned[bool, *taxonomyRefs]     // categories and brands by ID, for pages
	taxonomy    *taxonomy.Service                             // categories and brands
	stmts       *db.TxStmts                                   // statements of writes, prepared once

	prepMu   sync.Mutex
	prepared map[string]*sql.Stmt // fixed read statements (queryList)

	watch       readmodel.Watch // when the versions may have moved (cache.go)
	versionOnce sync.Once
	versionStmt *sql.Stmt
	versionErr  error
}

// New returns a Service over d.
func New(d *db.DB) *Service {
	s := &Service{
		DB:        d,
		cache:     readmodel.NewVersioned[string, json.RawMessage](4096),
		viewCache: readmodel.NewVersioned[string, json.RawMessage](4096),
		rows:      readmodel.NewVersioned[int64, *Listing](rowsCached),
		related:   readmodel.NewVersioned[string, []Related](4096),
		counts:    readmodel.NewVersioned[string, int64](4096),
		keys:      readmodel.NewVersioned[string, pageKeys](4096),
		refs:      readmodel.NewVersioned[bool, *taxonomyRefs](1),
		prepared:  map[string]*sql.Stmt{},
	}
	s.watch.Channel = notifyChannel
	s.views.init(s)
	s.taxonomy = taxonomy.New(d, taxonomyCatalog{s})
	s.viewCount, s.viewMarker = newViewCounter(s)
	s.foldEvery.Store(int64(DefaultFoldInterval))
	s.lastFold.Store(time.Now().UnixNano())
	if d != nil { // nil: a service used only for its declarations
		s.terms = newTermSource(d)
		s.index = search.New(&indexSource{d: d, terms: s.terms})
		s.stmts = d.NewTxStmts()
	}
	return s
}

// fullColumns are a listing l's columns with its view count and its
// category's and brand's names (see fullFrom).
const fullColumns = `l.seq, l.id, l.agent_id, l.slug, l.display_name, l.tagline, l.description, l.category_id, l.brand_id,
	l.thumbnail_url, l.demo_video_url, l.is_featured, l.is_public, l.rating, l.rating_count, ` + viewsOf + `, l.clone_count,
	l.metadata, l.created_at, l.updated_at, l.creator_id, c.name, c.slug, b.name, b.slug`

// cachedColumns are fullColumns as the listing cache reads them: without
// the view count, which pages read afresh (see listingsAt), nor the
// category's and brand's names, which they fill from the taxonomy (see
// refsAt).
const cachedColumns = `l.seq, l.id, l.agent_id, l.slug, l.display_name, l.tagline, l.description, l.category_id, l.brand_id,
	l.thumbnail_url, l.demo_video_url, l.is_featured, l.is_public, l.rating, l.rating_count, 0, l.clone_count,
	l.metadata, l.created_at, l.updated_at, l.creator_id, '', '', NULL, NULL`

// viewsOf is the view count of listing l, which lives in its own narrow
// row (marketplace_listing_views) so that counting a view does not
// rewrite the listing, with the views the view log holds for it (see
// foldViews).
const viewsOf = `(SELECT v.views + ` + pendingViews + ` FROM marketplace_listing_views v WHERE v.seq = l.seq)`

const fullFrom = ` FROM marketplace_listings l JOIN marketplace_categories c ON c.id = l.category_id
	LEFT JOIN marketplace_brands b ON b.id = l.brand_id`

func scanFull(row interface{ Scan(...any) error }, extra ...any) (*Listing, error) {
	var (
		l                         Listing
		agent, brand, thumb, demo sql.NullString
		creator, bName, bSlug     sql.NullString
		meta                      string
	)
	dest := []any{&l.seq, &l.ID, &agent, &l.Slug, &l.DisplayName, &l.Tagline, &l.Description, &l.CategoryID, &brand,
		&thumb, &demo, &l.IsFeatured, &l.IsPublic, &l.Rating, &l.RatingCount, &l.ViewCount, &l.CloneCount,
		&meta, &l.CreatedAt, &l.UpdatedAt, &creator, &l.Category.Name, &l.Category.Slug, &bName, &bSlug}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return nil, err
	}
	l.AgentID, l.BrandID, l.ThumbnailURL, l.DemoVideoURL, l.creatorID = db.StringPtr(agent), db.StringPtr(brand), db.StringPtr(thumb), db.StringPtr(demo), db.StringPtr(creator)
	l.Category.ID = l.CategoryID
	if l.BrandID != nil {
		l.Brand = &Ref{ID: *l.BrandID, Name: bName.String, Slug: bSlug.String}
	}
	l.Metadata = field.RawObject(meta)
	if !json.Valid(l.Metadata) {
		l.Metadata = field.RawObject("{}")
	}
	return &l, nil
}

// ptr is db.StringPtr under the short name the catalog's files use.
var ptr = db.StringPtr
