package marketplace

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/platform/db"
	"github.com/geniehq/genie/internal/platform/field"
)

// conditions builds the WHERE terms of a query over listings l; public
// is the column that says whether a listing is public (l.is_public, or
// v.is_public, its copy beside the view counts, whose index the popular
// sort walks).
func (s *Service) conditions(q Query, admin bool, public string, a *db.Params) []string {
	var c []string
	if !admin {
		c = append(c, public+" = TRUE")
	}
	ref := func(col, table, v string) {
		if field.IsUUID(v) {
			c = append(c, fmt.Sprintf("l.%s = %s", col, a.Add(v)))
			return
		}
		c = append(c, fmt.Sprintf("l.%s = (SELECT id FROM %s WHERE slug = %s)", col, table, a.Add(v)))
	}
	if q.Category != "" {
		ref("category_id", "marketplace_categories", q.Category)
	}
	if q.Brand != "" {
		ref("brand_id", "marketplace_brands", q.Brand)
	}
	if q.Featured != nil {
		c = append(c, "l.is_featured = "+a.Add(*q.Featured))
	}
	if q.MinRating != nil {
		c = append(c, "l.rating >= "+a.Add(*q.MinRating))
	}
	if q.Difficulty != "" {
		c = append(c, "l.difficulty = "+a.Add(q.Difficulty))
	}
	if q.Industry != "" {
		c = append(c, "l.industry = "+a.Add(q.Industry))
	}
	if len(q.Words) > 0 {
		c = append(c, s.matchCond(q.Words, "", a))
	}
	if len(c) == 0 {
		c = append(c, "TRUE")
	}
	return c
}

// orderTerms returns the ORDER BY of a sort over listings l (and, for
// the popular sort, their view counts v).
func orderTerms(sort string) string {
	switch sort {
	case SortPopular:
		return "v.views DESC, v.seq DESC"
	case SortRating:
		return "l.rating DESC, l.seq DESC"
	case SortClones:
		return "l.clone_count DESC, l.seq DESC"
	case sortFeatured:
		return "l.is_featured DESC, l.clone_count DESC, l.seq DESC"
	}
	return "l.created_at DESC, l.seq DESC"
}

// listQuery builds a page query. The page's row keys are chosen by an
// inner query that the sort indexes answer alone (a deferred join), so a
// deep offset walks index entries, not rows; only the page's rows are read.
//
// When withTotal is set the inner query also returns the number of matches
// (COUNT(*) OVER ()), which costs nothing extra when every match has to be
// visited anyway (a search, or filters without a maintained counter).
// Without withViews the page's view counts are not read (0), and the sort
// index answers alone, without the join; a first page (offset 0) without
// the total needs no join either, as no rows are skipped or counted.
func (s *Service) listQuery(q Query, admin bool, limit, offset int, withTotal, withViews bool) (string, db.Params) {
	var a db.Params
	rank := "0"
	inner, outer := orderTerms(q.Sort), orderTerms(q.Sort)
	if q.Sort == sortRelevance && len(q.Words) > 0 {
		rank = s.tierExpr(q.Words, &a)
		inner, outer = rank+", l.clone_count DESC, l.seq DESC", "p.r, l.clone_count DESC, l.seq DESC"
	}
	public := "l.is_public"
	if q.Sort == SortPopular {
		public = "v.is_public"
	}
	conds := s.conditions(q, admin, public, &a)
	lim, off := a.Add(limit), a.Add(offset)
	total := "0"
	if withTotal {
		total = "COUNT(*) OVER ()"
	}
	from, views := ` FROM marketplace_listings l`, viewsOf
	if q.Sort == SortPopular { // the sort walks the view counts' index (the log folded first: see page)
		from, views = ` FROM marketplace_listing_views v JOIN marketplace_listings l ON l.seq = v.seq`, "v.views + "+pendingViews
	}
	where := from + ` WHERE ` + strings.Join(conds, " AND ") + ` ORDER BY ` + inner + ` LIMIT ` + lim + ` OFFSET ` + off
	switch {
	case !withViews: // the sort index alone answers
		return `SELECT l.seq, 0, ` + total + where, a
	case offset == 0 && !withTotal: // no rows skipped or counted: read the page's rows directly
		return `SELECT l.seq, ` + views + `, ` + total + where, a
	}
	if q.Sort == SortPopular {
		return `SELECT v.seq, v.views + ` + pendingViews + `, p.t FROM (SELECT v.seq AS s, ` + total + ` AS t` + where + `) p
		JOIN marketplace_listing_views v ON v.seq = p.s ORDER BY ` + outer, a
	}
	return `SELECT l.seq, ` + viewsOf + `, p.t FROM (SELECT l.seq AS s, ` + rank + ` AS r, ` + total + ` AS t` + where + `) p
		JOIN marketplace_listings l ON l.seq = p.s ORDER BY ` + outer, a
}

// rowsCached bounds the listings kept for pages (about 1 KB each).
const rowsCached = 20_000

// page returns a page of listings matching q and the total number of
// matches, as of at least the given catalog version.
//
// The page query reads only the page's keys and view counts; the rest of
// each listing comes from the listings cached for this catalog version, so
// a page that misses the response cache (views moved, another offset or
// filter) reads full rows only for listings no page has shown since the
// last catalog write. A full page's order and membership depend only on
// the catalog (but for the popular sort), so the keys of a page whose query
// costs more than 20 primary-key reads (an offset, or a count to make) are
// kept per catalog version too, and such a page that misses the response
// cache because views moved reads only its view counts. View counts are
// never cached: views do not move the catalog version; without withViews
// (slim pages) they are not read and are left 0.
func (s *Service) page(ctx context.Context, q Query, admin bool, limit, offset int, catalog int64, withViews bool) ([]*Listing, int64, error) {
	// Category and brand slugs resolved once here, so the queries compare
	// IDs; an unknown one matches nothing.
	cat, brand, err := s.refIDs(ctx, catalog, q)
	if err != nil {
		return nil, 0, err
	}
	if (q.Category != "" && cat == "") || (q.Brand != "" && brand == "") {
		return []*Listing{}, 0, nil
	}
	q.Category, q.Brand = cat, brand
	if ls, total, ok, err := s.searchPage(ctx, q, admin, limit, offset, catalog, withViews); err != nil || ok {
		return ls, total, err
	}
	counter := counterKey(q, admin) != ""
	var seqs, views []int64
	var total int64
	// A full page's order does not depend on views (but popular's), so its
	// keys are kept per catalog version and only its view counts are read
	// while views move; not for a first page without a count to make,
	// which its query reads as cheaply as the view counts.
	keyed := withViews && q.Sort != SortPopular && (offset > 0 || !counter)
	var (
		key string
		pk  pageKeys
		hit bool
	)
	if keyed {
		key = fmt.Sprintf("%v|%d|%d|%s", admin, limit, offset, q.key())
		pk, hit = s.keys.Get(catalog, key)
	}
	if hit {
		if seqs, views, err = s.viewCounts(ctx, pk.seqs); err != nil {
			return nil, 0, err
		}
		total = pk.total
	} else {
		if seqs, views, total, err = s.pageQuery(ctx, q, admin, limit, offset, !counter, withViews); err != nil {
			return nil, 0, err
		}
		if keyed {
			s.keys.Put(catalog, key, pageKeys{seqs: seqs, total: total})
		}
	}
	page, err := s.listingsAt(ctx, catalog, seqs, views)
	if err != nil {
		return nil, 0, err
	}
	if counter || len(page) == 0 {
		if total, err = s.countAt(ctx, catalog, q, admin); err != nil {
			return nil, 0, err
		}
	}
	return page, total, nil
}

// pageKeys is a full page's listings, in order, and its number of matches
// (when the page query counted them).
type pageKeys struct {
	seqs  []int64
	total int64
}

// pageQuery runs a page query (see listQuery): the page's seqs in order,
// their view counts (0 without withViews), and with withTotal the number
// of matches.
func (s *Service) pageQuery(ctx context.Context, q Query, admin bool, limit, offset int, withTotal, withViews bool) (seqs, views []int64, total int64, err error) {
	query, a := s.listQuery(q, admin, limit, offset, withTotal, withViews)
	rows, err := s.DB.R.QueryContext(ctx, query, a...)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("marketplace: list: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var seq, n int64
		if err := rows.Scan(&seq, &n, &total); err != nil {
			return nil, nil, 0, fmt.Errorf("marketplace: list: %w", err)
		}
		seqs, views = append(seqs, seq), append(views, n)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, 0, fmt.Errorf("marketplace: list: %w", err)
	}
	return seqs, views, total, nil
}

// viewCounts reads the view counts of seqs: the seqs still present, in
// the given order, and their counts.
func (s *Service) viewCounts(ctx context.Context, seqs []int64) (present, views []int64, err error) {
	if len(seqs) == 0 {
		return nil, nil, nil
	}
	a := db.Args(seqs)
	rows, err := s.DB.R.QueryContext(ctx, `SELECT v.seq, v.views + `+pendingViews+` FROM marketplace_listing_views v WHERE v.seq IN (`+db.Placeholders(1, len(a))+`)`, a...)
	if err != nil {
		return nil, nil, fmt.Errorf("marketplace: view counts: %w", err)
	}
	defer rows.Close()
	bySeq := make(map[int64]int64, len(seqs))
	for rows.Next() {
		var seq, n int64
		if err := rows.Scan(&seq, &n); err != nil {
			return nil, nil, fmt.Errorf("marketplace: view counts: %w", err)
		}
		bySeq[seq] = n
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("marketplace: view counts: %w", err)
	}
	for _, seq := range seqs {
		if n, ok := bySeq[seq]; ok {
			present, views = append(present, seq), append(views, n)
		}
	}
	return present, views, nil
}

// listingsAt returns the listings of seqs, in order, as of at least the
// given catalog version, each with its view count from views (nil: all 0,
// for slim pages, which do not show them). Listings the listing cache
// lacks are read in one query and cached. A listing deleted since its seq
// was chosen is left out.
func (s *Service) listingsAt(ctx context.Context, catalog int64, seqs, views []int64) ([]*Listing, error) {
	out, err := s.listingsOf(ctx, catalog, seqs, true)
	if err != nil {
		return nil, err
	}
	page := make([]*Listing, 0, len(seqs))
	for i, l := range out {
		if l != nil {
			c := *l
			c.ViewCount = 0
			if views != nil {
				c.ViewCount = views[i]
			}
			page = append(page, &c)
		}
	}
	return page, nil
}

// listingsOf returns the listings of seqs, in order (nil for one that no
// longer exists), as of at least the given catalog version: from the
// listing cache, the others read in one query, and cached when keep is
// set. The listings are shared with the cache: copy one before changing it.
func (s *Service) listingsOf(ctx context.Context, catalog int64, seqs []int64, keep bool) ([]*Listing, error) {
	out := make([]*Listing, len(seqs))
	var missing []int64
	for i, seq := range seqs {
		if l, ok := s.rows.Get(catalog, seq); ok {
			out[i] = l
		} else {
			missing = append(missing, seq)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	loaded, err := s.loadBySeq(ctx, catalog, missing)
	if err != nil {
		return nil, err
	}
	for i, seq := range seqs {
		if l := loaded[seq]; out[i] == nil && l != nil {
			if keep {
				l.enc = &encoded{} // filled by the first page that shows it
				s.rows.Put(catalog, seq, l)
			}
			out[i] = l
		}
	}
	return out, nil
}

// loadBySeq reads full listings by seq.
func (s *Service) loadBySeq(ctx context.Context, catalog int64, seqs []int64) (map[int64]*Listing, error) {
	bySeq := make(map[int64]*Listing, len(seqs))
	return bySeq, s.loadListings(ctx, catalog, "seq", len(seqs), listArg(s.DB, seqs), func(l *Listing) { bySeq[l.seq] = l })
}

// loadListings reads the full listings whose column (seq or id) is one of
// the n keys (listArg of them), in no particular order, as of at least the given catalog version.
// The rows are read alone, without joining their category and brand: the
// names come from the taxonomy kept for the catalog version (refsAt),
// which saves two index lookups per listing.
func (s *Service) loadListings(ctx context.Context, catalog int64, column string, n int, keys any, fn func(*Listing)) error {
	if n == 0 {
		return nil
	}
	rows, err := s.queryList(ctx, `SELECT `+cachedColumns+` FROM marketplace_listings l WHERE `+s.inList("l."+column), keys)
	if err != nil {
		return fmt.Errorf("marketplace: load listings: %w", err)
	}
	defer rows.Close()
	var ls []*Listing
	for rows.Next() {
		l, err := scanFull(rows)
		if err != nil {
			return fmt.Errorf("marketplace: load listings: %w", err)
		}
		ls = append(ls, l)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("marketplace: load listings: %w", err)
	}
	rows.Close()
	if err := s.fillRefs(ctx, catalog, ls); err != nil {
		return err
	}
	for _, l := range ls {
		fn(l)
	}
	return nil
}

// fillRefs sets the listings' category and brand names from the taxonomy
// of the catalog version they were read as of.
func (s *Service) fillRefs(ctx context.Context, catalog int64, ls []*Listing) error {
	refs, err := s.refsAt(ctx, catalog)
	if err != nil {
		return err
	}
	for _, l := range ls {
		if !refs.fill(l) { // a category or brand made after the taxonomy was read
			if refs, err = s.loadRefs(ctx); err != nil {
				return err
			}
			refs.fill(l)
		}
	}
	return nil
}

// taxonomyRefs is every category and brand by ID, and their IDs by slug.
type taxonomyRefs struct {
	cats, brands         map[string]Ref
	catSlugs, brandSlugs map[string]string
}

// refIDs resolves the category and brand filters (slug or ID) to IDs as
// of at least the given catalog version: "" when none is given or, with a
// filter given, no such category or brand. An ID is taken as given.
func (s *Service) refIDs(ctx context.Context, catalog int64, q Query) (cat, brand string, err error) {
	t, err := s.refsAt(ctx, catalog)
	if err != nil {
		return "", "", err
	}
	resolve := func(bySlug map[string]string, v string) string {
		if v == "" || field.IsUUID(v) {
			return v
		}
		return bySlug[v]
	}
	return resolve(t.catSlugs, q.Category), resolve(t.brandSlugs, q.Brand), nil
}

// fill sets l's category and brand names; false when one is unknown.
func (t *taxonomyRefs) fill(l *Listing) bool {
	c, ok := t.cats[l.CategoryID]
	l.Category = Ref{ID: l.CategoryID, Name: c.Name, Slug: c.Slug}
	if l.BrandID != nil {
		b, found := t.brands[*l.BrandID]
		l.Brand = &Ref{ID: *l.BrandID, Name: b.Name, Slug: b.Slug}
		ok = ok && found
	}
	return ok
}

// refsAt returns the categories and brands as of at least the given
// catalog version: every taxonomy change moves it, so they are read once
// per version.
func (s *Service) refsAt(ctx context.Context, catalog int64) (*taxonomyRefs, error) {
	if t, ok := s.refs.Get(catalog, true); ok {
		return t, nil
	}
	t, err := s.loadRefs(ctx)
	if err == nil {
		s.refs.Put(catalog, true, t)
	}
	return t, err
}

// loadRefs reads every category and brand.
func (s *Service) loadRefs(ctx context.Context) (*taxonomyRefs, error) {
	t := &taxonomyRefs{cats: map[string]Ref{}, brands: map[string]Ref{}, catSlugs: map[string]string{}, brandSlugs: map[string]string{}}
	for _, table := range []struct {
		name   string
		byID   map[string]Ref
		bySlug map[string]string
	}{{"marketplace_categories", t.cats, t.catSlugs}, {"marketplace_brands", t.brands, t.brandSlugs}} {
		rows, err := s.DB.R.QueryContext(ctx, `SELECT id, name, slug FROM `+table.name)
		if err != nil {
			return nil, fmt.Errorf("marketplace: load %s: %w", table.name, err)
		}
		for rows.Next() {
			var r Ref
			if err := rows.Scan(&r.ID, &r.Name, &r.Slug); err != nil {
				rows.Close()
				return nil, fmt.Errorf("marketplace: load %s: %w", table.name, err)
			}
			table.byID[r.ID], table.bySlug[r.Slug] = r, r.ID
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("marketplace: load %s: %w", table.name, err)
		}
	}
	return t, nil
}

// counterKey names the maintained counter that holds the number of
// matches of q ("" when there is none): unfiltered, or filtered by only one
// of category, brand or featured=true. The key may end in a category or
// brand reference still to be resolved (see count).
func counterKey(q Query, admin bool) string {
	if len(q.Words) > 0 || q.MinRating != nil || q.Difficulty != "" || q.Industry != "" || (q.Featured != nil && !*q.Featured) {
		return ""
	}
	scope := "pub"
	if admin {
		scope = "all"
	}
	dims := 0
	for _, set := range []bool{q.Category != "", q.Brand != "", q.Featured != nil} {
		if set {
			dims++
		}
	}
	switch {
	case dims == 0:
		return scope
	case dims > 1:
		return ""
	case q.Featured != nil:
		return scope + ":featured"
	case q.Category != "":
		return scope + ":cat:"
	}
	return scope + ":brand:"
}

// countAt is count as of at least the given catalog version. A maintained
// counter moves only with catalog writes, so its value is kept per catalog
// version; other counts are not kept.
func (s *Service) countAt(ctx context.Context, catalog int64, q Query, admin bool) (int64, error) {
	key := counterKey(q, admin)
	if key == "" {
		return s.matching(ctx, q, admin)
	}
	key += "|" + q.Category + "|" + q.Brand
	if n, ok := s.counts.Get(catalog, key); ok {
		return n, nil
	}
	n, err := s.matching(ctx, q, admin)
	if err == nil {
		s.counts.Put(catalog, key, n)
	}
	return n, err
}

// matching is the number of listings matching q: a maintained counter when
// counterKey names one, otherwise an indexed COUNT (a search goes through
// the full-text index).
func (s *Service) matching(ctx context.Context, q Query, admin bool) (int64, error) {
	key := counterKey(q, admin)
	var n int64
	var err error
	switch {
	case key == "":
		var a db.Params
		conds := s.conditions(q, admin, "l.is_public", &a)
		err = s.DB.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM marketplace_listings l WHERE `+strings.Join(conds, " AND "), a...).Scan(&n)
	case strings.HasSuffix(key, ":"):
		table, v := "marketplace_categories", q.Category
		if q.Brand != "" {
			table, v = "marketplace_brands", q.Brand
		}
		idExpr := "(SELECT id FROM " + table + " WHERE slug = $2)"
		if field.IsUUID(v) {
			idExpr = "$2"
		}
		err = s.DB.R.QueryRowContext(ctx, `SELECT COALESCE((SELECT n FROM marketplace_counters WHERE key = $1 || `+idExpr+`), 0)`, key, v).Scan(&n)
	default:
		err = s.DB.R.QueryRowContext(ctx, `SELECT n FROM marketplace_counters WHERE key = $1`, key).Scan(&n)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("marketplace: count: %w", err)
	}
	return n, nil
}

// loadFull reads one listing by ID inside q, optionally locking it.
func loadFull(ctx context.Context, q db.Querier, id, lock string) (*Listing, error) {
	if !field.IsUUID(id) {
		return nil, apperr.NotFound("marketplace listing")
	}
	l, err := scanFull(q.QueryRowContext(ctx, `SELECT `+fullColumns+fullFrom+` WHERE l.id = $1`+lock, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("marketplace listing")
	}
	if err != nil {
		return nil, fmt.Errorf("marketplace: load listing: %w", err)
	}
	return l, nil
}

// relatedOf returns up to n public listings of the category, best rated
// first, excluding the listing itself.
func (s *Service) relatedOf(ctx context.Context, categoryID, exceptID string, n int) ([]Related, error) {
	rs, err := db.List(ctx, s.DB.R, func(row db.Row) (r Related, err error) {
		var thumb sql.NullString
		err = row.Scan(&r.ID, &r.Slug, &r.DisplayName, &r.Tagline, &thumb, &r.Rating, &r.CategoryID)
		r.ThumbnailURL = ptr(thumb)
		return r, err
	}, `SELECT l.id, l.slug, l.display_name, l.tagline, l.thumbnail_url, l.rating, l.category_id
		FROM marketplace_listings l WHERE l.category_id = $1 AND l.is_public = TRUE AND l.id <> $2
		ORDER BY l.rating DESC, l.seq DESC LIMIT $3`, categoryID, exceptID, n)
	if err != nil {
		return nil, fmt.Errorf("marketplace: related: %w", err)
	}
	return rs, nil
}

// fillCreators sets Creator on each listing (admin mode).
func (s *Service) fillCreators(ctx context.Context, ls []*Listing) error {
	ids := []any{}
	seen := map[string]bool{}
	for _, l := range ls {
		if l.creatorID != nil && !seen[*l.creatorID] {
			seen[*l.creatorID] = true
			ids = append(ids, *l.creatorID)
		}
	}
	byID := map[string]*Creator{}
	if len(ids) > 0 {
		rows, err := s.DB.R.QueryContext(ctx, `SELECT id, full_name, COALESCE(email, '') FROM users WHERE id IN (`+
			db.Placeholders(1, len(ids))+`)`, ids...)
		if err != nil {
			return fmt.Errorf("marketplace: creators: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var c Creator
			if err := rows.Scan(&c.ID, &c.FullName, &c.Email); err != nil {
				return fmt.Errorf("marketplace: creators: %w", err)
			}
			byID[c.ID] = &c
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("marketplace: creators: %w", err)
		}
	}
	for _, l := range ls {
		if l.creatorID != nil && byID[*l.creatorID] != nil {
			l.Creator = byID[*l.creatorID]
		} else {
			l.Creator = &Creator{}
		}
	}
	return nil
}

// stats reads the statistics of public listings from the counters.
func (s *Service) stats(ctx context.Context) (*Stats, error) {
	var st Stats
	err := s.DB.R.QueryRowContext(ctx, `SELECT
		COALESCE((SELECT n FROM marketplace_counters WHERE key = 'pub'), 0),
		COALESCE((SELECT SUM(n) FROM marketplace_counters WHERE key >= 'pub:views' AND key < 'pub:viewt'), 0) + `+pendingPublic+`,
		COALESCE((SELECT n FROM marketplace_counters WHERE key = 'pub:clones'), 0),
		COALESCE((SELECT n FROM marketplace_counters WHERE key = 'pub:featured'), 0),
		(SELECT COUNT(*) FROM marketplace_categories)`).Scan(&st.TotalGenies, &st.TotalViews, &st.TotalClones, &st.FeaturedCount, &st.CategoriesCount)
	if err != nil {
		return nil, fmt.Errorf("marketplace: stats: %w", err)
	}
	return &st, nil
}

// inList is "col IN (the list in $1)" in a form one prepared statement
// serves for lists of any length: col = ANY($1) with an array on
// PostgreSQL, col IN (SELECT value FROM json_each($1)) with a JSON array
// on SQLite (see listArg). Both probe col's index once per element.
func (s *Service) inList(col string) string {
	if s.DB.Engine == db.Postgres {
		return col + " = ANY($1)"
	}
	return col + " IN (SELECT value FROM json_each($1))"
}

// listArg is the parameter of inList for keys.
func listArg[K int64 | string](d *db.DB, keys []K) any {
	if d.Engine == db.Postgres {
		return keys
	}
	b, _ := json.Marshal(keys) // cannot fail for strings and integers
	return string(b)
}

// queryList runs a read whose text does not change (an inList query)
// through a statement prepared once on the read pool.
func (s *Service) queryList(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	s.prepMu.Lock()
	st, ok := s.prepared[query]
	s.prepMu.Unlock()
	if !ok {
		var err error
		if st, err = s.DB.R.PrepareContext(context.WithoutCancel(ctx), query); err != nil {
			return nil, err
		}
		s.prepMu.Lock()
		if old, ok := s.prepared[query]; ok { // prepared meanwhile by another caller
			st.Close()
			st = old
		} else {
			s.prepared[query] = st
		}
		s.prepMu.Unlock()
	}
	return st.QueryContext(ctx, args...)
}
