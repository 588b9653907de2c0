package marketplace

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/geniehq/genie/internal/marketplace/search"
)

// SearchBoth runs a search through the engine and through the search index
// and returns both answers (listing IDs in order, and the count); indexed
// is false when the index declined the query. The index matches words
// exactly here, as the engine does (typo tolerance is the index's alone).
func (s *Service) SearchBoth(ctx context.Context, q Query, admin bool, limit, offset int) (engine, index []string, engineTotal, indexTotal int64, indexed bool, err error) {
	s.exactWords = true
	defer func() { s.exactWords = false }()
	catalog, _, err := s.versions(ctx)
	if err != nil {
		return nil, nil, 0, 0, false, err
	}
	ls, total, ok, err := s.searchPage(ctx, q, admin, limit, offset, catalog, false)
	if err != nil {
		return nil, nil, 0, 0, false, err
	}
	for _, l := range ls {
		index = append(index, l.ID)
	}
	ix := s.index
	s.index = nil
	defer func() { s.index = ix }()
	els, etotal, err := s.page(ctx, q, admin, limit, offset, catalog, false)
	for _, l := range els {
		engine = append(engine, l.ID)
	}
	return engine, index, etotal, total, ok, err
}

// SetFoldInterval sets how often this process's flushes fold the view log.
func (s *Service) SetFoldInterval(d time.Duration) { s.foldEvery.Store(int64(d)) }

// OnViewsRead makes fn run after each batch of gets has read its
// listings and view counts and before it counts their views.
func (s *Service) OnViewsRead(fn func()) { s.views.testHookRead = fn }

// PendingViews is the number of views this process counted and has not
// committed.
func (s *Service) PendingViews() int64 {
	return s.viewCount.Pending()
}

// SearchMark is the search index's mark of the catalog at version, and
// the catalog's version now.
func (s *Service) SearchMark(ctx context.Context, version int64) (mark string, now int64, err error) {
	if now, err = catalogVersionIn(ctx, s.DB.R); err != nil {
		return "", 0, err
	}
	mark, err = (&indexSource{d: s.DB, terms: s.terms}).Mark(ctx, version)
	return mark, now, err
}

// SearchTerms reads every (listing, field, term) of a SQLite catalog
// twice, as sorted "seq field term" lines: from the full-text index's own
// vocabulary (marketplace_fts_vocab), and as the search index's build
// reads them.
func (s *Service) SearchTerms(ctx context.Context) (vocab, build []string, err error) {
	err = s.DB.Snapshot(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT term, doc, col FROM marketplace_fts_vocab`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var term, col string
			var doc int64
			if err := rows.Scan(&term, &doc, &col); err != nil {
				return err
			}
			vocab = append(vocab, fmt.Sprintf("%d %d %s", doc, fieldOf(col), term))
		}
		if err := rows.Err(); err != nil {
			return err
		}
		var pl postingLists
		if err := s.terms.all(ctx, tx, func(*search.Row) {}, &pl); err != nil {
			return err
		}
		pl.each(func(term string, fields *[3][]uint32) {
			for f, seqs := range fields {
				for _, seq := range seqs {
					build = append(build, fmt.Sprintf("%d %d %s", seq, f, term))
				}
			}
		})
		return nil
	})
	slices.Sort(vocab)
	slices.Sort(build)
	return vocab, build, err
}

// ChunkBatch is the build's batch of unknown chunks.
const ChunkBatch = chunkBatch

// SQLiteTime is the build's reading of a stored time.
var SQLiteTime = sqliteTime
