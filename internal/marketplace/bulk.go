package marketplace

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/geniehq/genie/internal/marketplace/taxonomy"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// Bulk import and export of listings as JSON Lines (docs/marketplace.md,
// "Import and export"): one listing a line, its category and brand named
// by slug (created when missing). An import is idempotent on the slug (a
// listing whose slug exists is updated, else created) and is one write:
// one transaction, one catalog version, every counter rebuilt and every
// process's search index rebuilt once it commits; a bad line refuses the
// whole file, naming the line and the field.

// BulkRef is a category or brand in a bulk line.
type BulkRef struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// BulkListing is one line of an import or export file.
type BulkListing struct {
	Slug         string          `json:"slug"`
	DisplayName  string          `json:"display_name"`
	Tagline      string          `json:"tagline,omitempty"`
	Description  string          `json:"description,omitempty"`
	Category     BulkRef         `json:"category"`
	Brand        *BulkRef        `json:"brand,omitempty"`
	ThumbnailURL *string         `json:"thumbnail_url,omitempty"`
	DemoVideoURL *string         `json:"demo_video_url,omitempty"`
	IsFeatured   bool            `json:"is_featured"`
	IsPublic     *bool           `json:"is_public,omitempty"` // default true
	Rating       float64         `json:"rating"`
	RatingCount  int64           `json:"rating_count"`
	CloneCount   int64           `json:"clone_count"`
	Metadata     json.RawMessage `json:"metadata,omitempty"`   // an object; default {}
	CreatedAt    *time.Time      `json:"created_at,omitempty"` // default: the import's time
}

// MaxBulkLine is the longest line an import reads (a listing at its
// largest is about 60 KB of JSON).
const MaxBulkLine = 256 << 10

// ImportResult is what an import did.
type ImportResult struct {
	Lines, Created, Updated, Categories, Brands int
}

// bulkRow is a validated line, ready to write.
type bulkRow struct {
	l                    Listing
	difficulty, industry *string
	cat, brand           BulkRef
	hasBrand             bool
}

// ImportOptions tune an import.
type ImportOptions struct {
	// Lines is how many lines the file has, when known (0: unknown). On
	// SQLite, a file of at least bulkLines lines and at least half the
	// catalog's size is written without the listings' secondary indexes
	// and full-text triggers, which are built again in one pass before the
	// transaction commits (SQLite's schema changes are part of the
	// transaction: other connections see the old schema and data until it
	// commits, and nothing if it fails). On PostgreSQL the same is done for
	// a first load only (an empty catalog): dropping an index there locks
	// the table, so other processes' reads of the listings wait for the
	// import to commit, which an empty catalog has nothing to lose by.
	Lines int
	// Progress (may be nil) is called with the number of lines read so
	// far, every few thousand lines and at the end.
	Progress func(lines int)
}

// bulkLines is the smallest import written without indexes (see
// ImportOptions.Lines).
const bulkLines = 10_000

// Import reads listings from r and writes them in one transaction.
func (s *Service) Import(ctx context.Context, r io.Reader, o ImportOptions) (*ImportResult, error) {
	if err := s.viewCount.Settle(ctx); err != nil {
		return nil, err
	}
	res := &ImportResult{}
	err := s.write(ctx, func(tx *WriteTx) error {
		im := &importer{tx: tx, engine: s.DB.Engine, now: s.DB.Now(), res: res,
			cats: map[string]string{}, brands: map[string]string{}}
		if !tx.postgres { // new listings' seqs: see nextSeq
			if err := tx.QueryRowContext(ctx, nextSeq).Scan(&im.seq); err != nil {
				return fmt.Errorf("marketplace: import: %w", err)
			}
		}
		var before int64
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_listings`).Scan(&before); err != nil {
			return fmt.Errorf("marketplace: import: %w", err)
		}
		if err := im.loadRefs(ctx); err != nil {
			return err
		}
		rebuild := func() error { return nil }
		var err error
		switch {
		case o.Lines < bulkLines:
		case s.DB.Engine == db.SQLite && int64(o.Lines) >= before/2, s.DB.Engine == db.Postgres && before == 0:
			rebuild, err = dropListingIndexes(ctx, tx)
		}
		if err != nil {
			return err
		}
		if err := im.read(ctx, r, o.Progress); err != nil {
			return err
		}
		if err := rebuild(); err != nil {
			return err
		}
		var after int64
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_listings`).Scan(&after); err != nil {
			return fmt.Errorf("marketplace: import: %w", err)
		}
		res.Created = int(after - before)
		res.Updated = res.Lines - res.Created
		return s.rebuildCounters(ctx, tx, before == 0)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

type importer struct {
	tx           *WriteTx
	engine       db.Engine
	now          time.Time
	res          *ImportResult
	cats, brands map[string]string // id by slug
	batch        []*bulkRow
	inBatch      map[string]bool // slugs of the batch (a slug twice in one INSERT is refused by PostgreSQL)
	seq          int64           // SQLite: the seq of the next new listing (a slug that exists keeps its own)
}

func (im *importer) loadRefs(ctx context.Context) error {
	for _, t := range []struct {
		table string
		into  map[string]string
	}{{"marketplace_categories", im.cats}, {"marketplace_brands", im.brands}} {
		rows, err := im.tx.QueryContext(ctx, `SELECT slug, id FROM `+t.table)
		if err != nil {
			return fmt.Errorf("marketplace: import: read %s: %w", t.table, err)
		}
		for rows.Next() {
			var slug, id string
			if err := rows.Scan(&slug, &id); err != nil {
				rows.Close()
				return fmt.Errorf("marketplace: import: read %s: %w", t.table, err)
			}
			t.into[slug] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("marketplace: import: read %s: %w", t.table, err)
		}
	}
	return nil
}

// read validates and writes the lines in batches. The lines are read and
// decoded by a goroutine of their own, a chunk ahead of the writes, so
// that decoding and the database's work share the machine's cores.
func (im *importer) read(ctx context.Context, r io.Reader, progress func(int)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	chunks := make(chan []parsedLine, 4)
	go parseLines(ctx, r, chunks)
	im.inBatch = map[string]bool{}
	for chunk := range chunks {
		for _, p := range chunk {
			if p.err != nil {
				return lineError(p.n, p.err)
			}
			row := p.row
			if im.inBatch[row.l.Slug] || len(im.batch) == 500 {
				if err := im.flush(ctx); err != nil {
					return lineError(p.n, err)
				}
			}
			if err := im.refs(ctx, row); err != nil {
				return lineError(p.n, err)
			}
			im.batch = append(im.batch, row)
			im.inBatch[row.l.Slug] = true
			im.res.Lines++
			if progress != nil && im.res.Lines%5000 == 0 {
				progress(im.res.Lines)
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := im.flush(ctx); err != nil {
		return err
	}
	if progress != nil {
		progress(im.res.Lines)
	}
	return nil
}

// parsedLine is a line of an import decoded and checked (row), or why not
// (err), with its number.
type parsedLine struct {
	n   int
	row *bulkRow
	err error
}

// parseLines reads and decodes the lines of r and sends them in chunks,
// in order; a line that fails ends the chunks (its error is the last
// one sent). It stops when ctx is done.
func parseLines(ctx context.Context, r io.Reader, out chan<- []parsedLine) {
	defer close(out)
	br := bufio.NewReaderSize(r, 64<<10)
	const chunkLines = 256
	chunk := make([]parsedLine, 0, chunkLines)
	send := func() bool {
		select {
		case out <- chunk:
			chunk = make([]parsedLine, 0, chunkLines)
			return true
		case <-ctx.Done():
			return false
		}
	}
	for n := 1; ; n++ {
		line, err := readLine(br)
		if errors.Is(err, io.EOF) && len(line) == 0 {
			break
		}
		if err != nil && !errors.Is(err, io.EOF) {
			chunk = append(chunk, parsedLine{n: n, err: err})
			send()
			return
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		row, err := parseBulkLine(line)
		chunk = append(chunk, parsedLine{n: n, row: row, err: err})
		if err != nil {
			send()
			return
		}
		if len(chunk) == chunkLines && !send() {
			return
		}
	}
	if len(chunk) > 0 {
		send()
	}
}

// readLine reads one line without its end, refusing one past MaxBulkLine.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		line = append(line, part...)
		if len(line) > MaxBulkLine {
			return nil, apperr.Invalid("line", "the line is longer than %d bytes", MaxBulkLine)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), err
	}
}

func lineError(n int, err error) error {
	var e *apperr.Error
	if errors.As(err, &e) {
		return fmt.Errorf("line %d: %s", n, e.Message)
	}
	return fmt.Errorf("line %d: %w", n, err)
}

// parseBulkLine decodes and checks one line with the rules of create.
func parseBulkLine(line []byte) (*bulkRow, error) {
	var in BulkListing
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, apperr.Invalid("line", "not a listing object: %v", err)
	}
	if dec.More() {
		return nil, apperr.Invalid("line", "one JSON object a line")
	}
	req := ListingRequest{Slug: &in.Slug, DisplayName: &in.DisplayName, Tagline: field.Some(in.Tagline), Description: field.Some(in.Description),
		ThumbnailURL: field.OrNull(in.ThumbnailURL), DemoVideoURL: field.OrNull(in.DemoVideoURL)}
	if len(in.Metadata) > 0 {
		if err := req.Metadata.UnmarshalJSON(in.Metadata); err != nil {
			return nil, apperr.Invalid("metadata", "metadata: %v", err)
		}
	}
	p := &patch{}
	for _, check := range []func(*patch) error{req.checkNames, req.checkTexts, req.checkLinks, req.checkMetadata} {
		if err := check(p); err != nil {
			return nil, err
		}
	}
	row := &bulkRow{l: Listing{IsPublic: true, Metadata: field.RawObject("{}")}}
	p.apply(&row.l)
	row.difficulty, row.industry = p.filters()
	if in.IsPublic != nil {
		row.l.IsPublic = *in.IsPublic
	}
	row.l.IsFeatured, row.l.Rating, row.l.RatingCount, row.l.CloneCount = in.IsFeatured, in.Rating, in.RatingCount, in.CloneCount
	switch {
	case math.IsNaN(in.Rating) || in.Rating < 0 || in.Rating > 5:
		return nil, apperr.Invalid("rating", "rating must be from 0 to 5")
	case in.RatingCount < 0:
		return nil, apperr.Invalid("rating_count", "rating_count must not be negative")
	case in.CloneCount < 0:
		return nil, apperr.Invalid("clone_count", "clone_count must not be negative")
	}
	if in.CreatedAt != nil {
		row.l.CreatedAt = in.CreatedAt.UTC()
	}
	var err error
	if row.cat, err = checkBulkRef("category", &in.Category); err != nil {
		return nil, err
	}
	if in.Brand != nil {
		if row.brand, err = checkBulkRef("brand", in.Brand); err != nil {
			return nil, err
		}
		row.hasBrand = true
	}
	return row, nil
}

func checkBulkRef(name string, r *BulkRef) (BulkRef, error) {
	slug := strings.TrimSpace(r.Slug)
	if err := taxonomy.CheckSlug(name+".slug", slug); err != nil {
		return BulkRef{}, err
	}
	n := strings.TrimSpace(r.Name)
	if n == "" {
		n = slug
	}
	if err := field.MaxLen(name+".name", n, MaxNameLen); err != nil {
		return BulkRef{}, err
	}
	return BulkRef{Slug: slug, Name: n}, nil
}

// refs sets the row's category and brand ids, creating those missing.
func (im *importer) refs(ctx context.Context, row *bulkRow) error {
	id, err := im.ref(ctx, im.cats, row.cat, taxonomy.AddCategory, &im.res.Categories)
	if err != nil {
		return err
	}
	row.l.CategoryID = id
	if row.hasBrand {
		id, err := im.ref(ctx, im.brands, row.brand, taxonomy.AddBrand, &im.res.Brands)
		if err != nil {
			return err
		}
		row.l.BrandID = &id
	}
	return nil
}

func (im *importer) ref(ctx context.Context, ids map[string]string, r BulkRef,
	add func(ctx context.Context, tx db.Querier, id, name, slug string, now time.Time) error, created *int) (string, error) {
	if id, ok := ids[r.Slug]; ok {
		return id, nil
	}
	id := uuid.NewString()
	if err := add(ctx, im.tx, id, r.Name, r.Slug, im.now); err != nil {
		return "", fmt.Errorf("marketplace: import: create %s: %w", r.Slug, err)
	}
	ids[r.Slug] = id
	*created++
	return id, nil
}

// bulkColumns are the columns an import writes, in the order of flush's
// arguments.
const bulkColumns = `id, slug, display_name, tagline, description, category_id, brand_id, thumbnail_url, demo_video_url,
	is_featured, is_public, rating, rating_count, clone_count, metadata, difficulty, industry, created_at, updated_at`

// flush writes the batch: new slugs are inserted, existing ones updated
// (their id, views, creator, genie and creation time stay).
func (im *importer) flush(ctx context.Context) error {
	if len(im.batch) == 0 {
		return nil
	}
	cols, columns := 19, bulkColumns
	if im.engine == db.SQLite {
		cols, columns = 20, "seq, "+bulkColumns
	}
	vals := make([]string, len(im.batch))
	args := make([]any, 0, len(im.batch)*cols)
	for i, row := range im.batch {
		l := &row.l
		created := l.CreatedAt
		if created.IsZero() {
			created = im.now
		}
		if im.engine == db.SQLite { // positional marks: SQLite looks numbered ones up by name, one by one
			vals[i] = strings.TrimSuffix(strings.Repeat("?, ", cols), ", ")
		} else {
			vals[i] = db.Placeholders(len(args)+1, cols)
		}
		if im.engine == db.SQLite {
			args = append(args, im.seq)
			im.seq++
		}
		args = append(args, uuid.NewString(), l.Slug, l.DisplayName, l.Tagline, l.Description, l.CategoryID, l.BrandID,
			l.ThumbnailURL, l.DemoVideoURL, l.IsFeatured, l.IsPublic, l.Rating, l.RatingCount, l.CloneCount, string(l.Metadata),
			row.difficulty, row.industry, created, im.now)
	}
	_, err := im.tx.ExecContext(ctx, `INSERT INTO marketplace_listings (`+columns+`) VALUES (`+strings.Join(vals, "), (")+`)
		ON CONFLICT (slug) DO UPDATE SET display_name = excluded.display_name, tagline = excluded.tagline,
		description = excluded.description, category_id = excluded.category_id, brand_id = excluded.brand_id,
		thumbnail_url = excluded.thumbnail_url, demo_video_url = excluded.demo_video_url, is_featured = excluded.is_featured,
		is_public = excluded.is_public, rating = excluded.rating, rating_count = excluded.rating_count,
		clone_count = excluded.clone_count, metadata = excluded.metadata, difficulty = excluded.difficulty,
		industry = excluded.industry, updated_at = excluded.updated_at`, args...)
	if err != nil {
		return fmt.Errorf("marketplace: import: write listings: %w", err)
	}
	im.batch = im.batch[:0]
	clear(im.inBatch)
	return nil
}

// dropListingIndexes drops the listings' secondary indexes (not those
// behind constraints) inside tx, and on SQLite the full-text triggers too;
// the function returned builds them again in one pass each: on SQLite
// after rebuilding the full-text index, on PostgreSQL with a larger sort
// memory for the builds. The names and definitions come from the schema,
// not from input.
func dropListingIndexes(ctx context.Context, tx *WriteTx) (rebuild func() error, err error) {
	list := `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger')
		AND tbl_name = 'marketplace_listings' AND sql IS NOT NULL ORDER BY type`
	prepare := `INSERT INTO marketplace_fts (marketplace_fts) VALUES ('rebuild')`
	if tx.postgres {
		list = `SELECT 'index', indexname, indexdef FROM pg_indexes
			WHERE schemaname = current_schema() AND tablename = 'marketplace_listings'
			AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'marketplace_listings'::regclass)
			ORDER BY indexname`
		prepare = `SET LOCAL maintenance_work_mem = '256MB'`
	}
	rows, err := tx.QueryContext(ctx, list)
	if err != nil {
		return nil, fmt.Errorf("marketplace: import: list indexes: %w", err)
	}
	var kinds, names, defs []string
	for rows.Next() {
		var kind, name, def string
		if err := rows.Scan(&kind, &name, &def); err != nil {
			rows.Close()
			return nil, fmt.Errorf("marketplace: import: list indexes: %w", err)
		}
		kinds, names, defs = append(kinds, kind), append(names, name), append(defs, def)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("marketplace: import: list indexes: %w", err)
	}
	for i, name := range names {
		if _, err := tx.ExecContext(ctx, `DROP `+strings.ToUpper(kinds[i])+` "`+name+`"`); err != nil {
			return nil, fmt.Errorf("marketplace: import: drop %s: %w", name, err)
		}
	}
	return func() error {
		if _, err := tx.ExecContext(ctx, prepare); err != nil {
			return fmt.Errorf("marketplace: import: before the index builds: %w", err)
		}
		for i, def := range defs {
			if _, err := tx.ExecContext(ctx, def); err != nil {
				return fmt.Errorf("marketplace: import: create %s: %w", names[i], err)
			}
		}
		return nil
	}, nil
}

// Export writes every listing as one JSON line, in row order.
func (s *Service) Export(ctx context.Context, w io.Writer, progress func(lines int)) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	n := 0
	err := s.DB.Snapshot(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT l.slug, l.display_name, l.tagline, l.description, c.slug, c.name,
			COALESCE(b.slug, ''), COALESCE(b.name, ''), l.thumbnail_url, l.demo_video_url, l.is_featured, l.is_public,
			l.rating, l.rating_count, l.clone_count, l.metadata, l.created_at
			FROM marketplace_listings l JOIN marketplace_categories c ON c.id = l.category_id
			LEFT JOIN marketplace_brands b ON b.id = l.brand_id ORDER BY l.seq`)
		if err != nil {
			return fmt.Errorf("marketplace: export: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var (
				b        BulkListing
				brand    BulkRef
				meta     string
				isPublic bool
			)
			if err := rows.Scan(&b.Slug, &b.DisplayName, &b.Tagline, &b.Description, &b.Category.Slug, &b.Category.Name,
				&brand.Slug, &brand.Name, &b.ThumbnailURL, &b.DemoVideoURL, &b.IsFeatured, &isPublic,
				&b.Rating, &b.RatingCount, &b.CloneCount, &meta, &b.CreatedAt); err != nil {
				return fmt.Errorf("marketplace: export: %w", err)
			}
			if brand.Slug != "" {
				b.Brand = &brand
			}
			b.IsPublic = &isPublic
			b.Metadata = json.RawMessage(meta)
			if err := enc.Encode(&b); err != nil {
				return fmt.Errorf("marketplace: export: %w", err)
			}
			if n++; progress != nil && n%5000 == 0 {
				progress(n)
			}
		}
		return rows.Err()
	})
	if err != nil {
		return n, err
	}
	if progress != nil {
		progress(n)
	}
	return n, bw.Flush()
}
