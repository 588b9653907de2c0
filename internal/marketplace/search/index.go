// Package search is the marketplace's in-memory search index: one roaring
// bitmap of listings per term and field, plus the attributes searches
// filter and sort by, kept current to the last committed write.
//
// It knows no SQL and no HTTP: it reads the catalog through a Source (the
// marketplace's store), which reports the listings, the engine's own terms
// for them (so the index finds exactly what the database's full-text
// index finds) and the changes after a catalog version. Every process
// keeps its own index: a search names the catalog version it must reflect;
// when the index is behind, it reads the changes since its own version and
// applies them before answering.
//
// The answer is the engine's: same matches, same ranking (name, then name
// or tagline, then anywhere; clones; newest row), same exact count. A
// query the index cannot answer exactly (an Unanswerable order; a catalog
// with row numbers past 32 bits; a large catalog still being built) is
// declined (ok=false), and the caller asks the database.
package search

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// SyncLimit is the catalog size up to which the index is built in the
// request that first needs it; larger catalogs are built in the background
// while the caller's database answers.
const SyncLimit = 50_000

// ErrSeqRange is what a Source returns for a listing whose row number is
// past the index's 32 bits: the index then declines every query.
var ErrSeqRange = errors.New("marketplace: listing seq beyond the search index's 32-bit range")

// Source is where the index reads the catalog.
type Source interface {
	// Count is the number of listings.
	Count(ctx context.Context) (int64, error)
	// All reads the whole catalog in one snapshot: first every listing's
	// row, then each term once with its postings: the listings that hold
	// it in each field (FieldName, FieldTagline, FieldDescription), each
	// ascending and without repeats (the callee may change the slices);
	// it returns the catalog version it read.
	All(ctx context.Context, row func(*Row), posting func(term string, fields *[3][]uint32)) (version int64, err error)
	// Since reads the changes after version.
	Since(ctx context.Context, version int64) (*Changes, error)
}

// Index is one process's search index over a Source.
type Index struct {
	src Source
	log atomic.Pointer[slog.Logger]

	update   sync.Mutex   // one build or catch-up at a time
	mu       sync.RWMutex // guards st; held for reading while a query runs
	st       *state       // nil until built
	building atomic.Bool
	snapshot string // the snapshot file ("": none); see SetSnapshot
}

// New returns an index over src, built when first needed (or by Prepare).
func New(src Source) *Index { return &Index{src: src} }

// SetLog makes the index report its background builds to l.
func (ix *Index) SetLog(l *slog.Logger) { ix.log.Store(l) }

// Find answers a search as of at least the catalog version: the seqs of
// the page and the number of matches. stems are the words' terms as the
// engine has them (the last one a prefix). ok=false declines the query.
func (ix *Index) Find(ctx context.Context, version int64, f Filter, stems []string, limit, offset int) (page []uint32, total int64, ok bool, err error) {
	st, err := ix.ready(ctx, version)
	if err != nil || st == nil {
		return nil, 0, false, err
	}
	defer ix.mu.RUnlock()
	page, total, ok = st.find(f, stems, limit, offset)
	return page, total, ok, nil
}

// ready returns the state once it reflects at least version, catching up
// or building first; nil when the caller must answer (still building).
// The caller must RUnlock ix.mu when the state is not nil.
func (ix *Index) ready(ctx context.Context, version int64) (*state, error) {
	ix.mu.RLock()
	if st := ix.st; st != nil && st.version >= version {
		return st, nil
	}
	ix.mu.RUnlock()
	if err := ix.catchUp(ctx, version); err != nil {
		return nil, err
	}
	ix.mu.RLock()
	if st := ix.st; st != nil && st.version >= version {
		return st, nil
	}
	ix.mu.RUnlock()
	return nil, nil
}

// catchUp brings the index to at least version: it applies the listings
// touched since the index's own version, or (re)builds the index.
func (ix *Index) catchUp(ctx context.Context, version int64) error {
	ix.update.Lock()
	defer ix.update.Unlock()
	ix.mu.RLock()
	st := ix.st
	ix.mu.RUnlock()
	if st != nil && st.version >= version {
		return nil
	}
	if st == nil {
		return ix.start(ctx)
	}
	c, err := ix.src.Since(ctx, st.version)
	if err != nil {
		return err
	}
	if c.Rebuild {
		ix.mu.Lock()
		ix.st = nil
		ix.mu.Unlock()
		return ix.start(ctx)
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	st.apply(c)
	return nil
}

// build reads the whole catalog into a new state.
func (ix *Index) build(ctx context.Context) (*state, error) {
	st := newState()
	// The bands need the rows only: they are cut while the terms' bitmaps
	// are built.
	banded := make(chan struct{})
	b := newBulk(st, func() {
		go func() {
			defer close(banded)
			st.makeBands()
		}()
	})
	version, err := ix.src.All(ctx, st.set, b.add)
	b.wait()
	<-banded
	if err != nil {
		return nil, err
	}
	st.version = version
	st.sortTerms()
	n := 0
	if !st.present.IsEmpty() {
		n = int(st.present.Maximum()) + 1
	}
	st.docs = slices.Clone(st.docs[:n]) // sized to the last listing
	st.groupPrefixes(prefixGroupTerms)
	return st, nil
}

// start builds the index: in this request for a small catalog, in the
// background for a large one (the caller's database answers meanwhile).
// Called with ix.update held.
func (ix *Index) start(ctx context.Context) error {
	n, err := ix.src.Count(ctx)
	if err != nil {
		return err
	}
	if n <= SyncLimit {
		st, err := ix.build(ctx)
		if errors.Is(err, ErrSeqRange) {
			return nil
		}
		if err != nil {
			return err
		}
		ix.mu.Lock()
		ix.st = st
		ix.mu.Unlock()
		return nil
	}
	if !ix.building.CompareAndSwap(false, true) {
		return nil
	}
	go ix.buildInBackground()
	return nil
}

func (ix *Index) buildInBackground() {
	defer ix.building.Store(false)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	t0 := time.Now()
	log := ix.log.Load()
	st, from := ix.resume(ctx, log), "snapshot"
	if st == nil {
		var err error
		if st, err = ix.build(ctx); err != nil {
			if log != nil && !errors.Is(err, ErrSeqRange) {
				log.Warn("marketplace search index not built; the database answers searches", "err", err)
			}
			return
		}
		from = "catalog"
		if err := ix.saveSnapshot(ctx, st); err != nil && log != nil {
			log.Warn("marketplace search snapshot not written", "err", err)
		}
	}
	ix.install(st)
	// The build's garbage (the rows it read, the postings it outgrew, a
	// snapshot's buffers) is as large as the index: give it back to the
	// system now rather than when the scavenger gets to it, so that the
	// process's memory is the index's from the start.
	debug.FreeOSMemory()
	if log != nil {
		log.Info("marketplace search index built", "from", from, "listings", st.present.GetCardinality(), "terms", len(st.terms),
			"duration", time.Since(t0).Round(time.Millisecond))
	}
}

// resume returns the snapshot's state brought up to the catalog's
// changes since, or nil when there is no usable snapshot (or the changes
// do not reach back to it): the index is then built.
func (ix *Index) resume(ctx context.Context, log *slog.Logger) *state {
	st, err := ix.loadSnapshot(ctx)
	if err == nil && st != nil {
		var c *Changes
		// a catalog older than the snapshot was restored from a copy
		if c, err = ix.src.Since(ctx, st.version); err == nil && !c.Rebuild && c.Version >= st.version {
			st.apply(c)
			return st
		}
	}
	if err != nil && log != nil {
		log.Info("marketplace search snapshot not used; building the index", "err", err)
	}
	return nil
}

// install makes st the index's state unless a newer one is in place.
func (ix *Index) install(st *state) {
	ix.update.Lock()
	defer ix.update.Unlock()
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.st == nil || ix.st.version <= st.version {
		ix.st = st
	}
}

// Prepare builds the index and returns once it is built or given up on
// (the error says why; the caller's database then answers searches). A
// small catalog is built here; a large one in the background, waited for.
func (ix *Index) Prepare(ctx context.Context) error {
	t0 := time.Now()
	if err := ix.catchUp(ctx, 0); err != nil {
		return err
	}
	for ctx.Err() == nil {
		ix.mu.RLock()
		st := ix.st
		ix.mu.RUnlock()
		if st != nil {
			if log := ix.log.Load(); log != nil {
				log.Info("marketplace search index ready", "listings", st.present.GetCardinality(), "duration", time.Since(t0).Round(time.Millisecond))
			}
			return nil
		}
		if !ix.building.Load() { // given up on (logged)
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil
}

// Warm builds the index now, whatever its size, and reports how many
// listings it holds.
func (ix *Index) Warm(ctx context.Context) (int, error) {
	st, err := ix.build(ctx)
	if err != nil {
		return 0, err
	}
	ix.install(st)
	return int(st.present.GetCardinality()), nil
}
