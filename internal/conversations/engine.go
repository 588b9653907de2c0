package conversations

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/geniehq/genie/internal/genies"
	"github.com/geniehq/genie/internal/knowledge"
	"github.com/geniehq/genie/internal/platform/db"
)

// Engine answers questions from a genie's attached documents (and only
// those): it keeps each genie's parsed knowledge base while its documents
// are unchanged, asks it, and with a Composer lets a model word the
// answer from the retrieved passages.
type Engine struct {
	DB      *db.DB
	Library *knowledge.Library
	// Composer, when set, composes answers from the retrieved passages
	// (an OpenAI-compatible model: --model-url).
	Composer Composer
	Log      *slog.Logger

	mu    sync.Mutex
	bases map[string]*cachedBase // genie ID -> its base
	// builds makes the asks that arrive together after an edit share one
	// build of the genie's base (one read of the content, one parse).
	builds singleflight.Group
}

// maxBases bounds the genies whose base is kept; the documents
// themselves are bounded by the Library's bytes.
const maxBases = 10_000

type cachedBase struct {
	version int64 // the genie's knowledge version it was built at
	base    *knowledge.Base
}

// Reply is an answer with its language.
type Reply struct {
	Answer   Answer
	Answered bool
	Language string
}

// Answer answers question from g's documents. When no passage is good
// enough, the reply says so in the question's language (the page's when
// that cannot be told) and Answered is false.
func (e *Engine) Answer(ctx context.Context, g *genies.Genie, question string) (Reply, error) {
	base, err := e.base(ctx, g)
	if err != nil {
		return Reply{}, err
	}
	a := base.Ask(question)
	lang := a.Language
	if !genies.IsLanguage(lang) {
		lang = g.Conversation.Language
	}
	r := Reply{Language: lang, Answered: a.Answered, Answer: Answer{Text: a.Text, Sources: citations(a.Sources)}}
	if a.Answered && e.Composer != nil {
		composed, ok, err := compose(ctx, e.Composer, question, lang, a.Passages)
		switch {
		case err != nil:
			// The model is down or said something unusable: the answer
			// quoted from the documents still stands.
			e.Log.WarnContext(ctx, "compose an answer with the model", "genie", g.ID, "err", err)
		case !ok:
			r.Answered, r.Answer = false, Answer{}
		default:
			r.Answer = composed
		}
	}
	if !r.Answered {
		r.Answer = Answer{Text: text(lang).NotAnswered, Sources: []Source{}}
	}
	return r, nil
}

func citations(cs []knowledge.Citation) []Source {
	out := make([]Source, 0, len(cs))
	for _, c := range cs {
		out = append(out, Source{DocumentID: c.DocumentID, DocumentName: c.DocumentName, Heading: c.Heading, Quote: c.Quote})
	}
	return out
}

// base returns the genie's knowledge base: the cached one while the
// genie's knowledge version is the same (it grows when a document's content
// or name changes, the document list changes or a document is deleted, in
// the transaction that changes it), else one built from the documents (the
// Library reparses only those whose updated_at changed). An ask that finds
// its base cached reads nothing more from the database.
func (e *Engine) base(ctx context.Context, g *genies.Genie) (*knowledge.Base, error) {
	e.mu.Lock()
	c := e.bases[g.ID]
	e.mu.Unlock()
	if c != nil && c.version == g.KnowledgeVersion {
		return c.base, nil
	}
	v, err, _ := e.builds.Do(g.ID+"\x00"+strconv.FormatInt(g.KnowledgeVersion, 10), func() (any, error) {
		// Shared by every waiting ask: one caller's cancellation must
		// not fail the others.
		sources, err := e.sources(context.WithoutCancel(ctx), g.ID)
		if err != nil {
			return nil, err
		}
		return e.Library.Base(sources), nil
	})
	if err != nil {
		return nil, err
	}
	b := v.(*knowledge.Base)
	e.keep(g.ID, &cachedBase{version: g.KnowledgeVersion, base: b})
	return b, nil
}

// keep caches a genie's base; at maxBases genies it first drops an
// arbitrary half (Go's map order is random), so the cache stays bounded
// however many genies are asked.
func (e *Engine) keep(genieID string, c *cachedBase) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.bases == nil {
		e.bases = map[string]*cachedBase{}
	}
	if _, ok := e.bases[genieID]; !ok && len(e.bases) >= maxBases {
		for id := range e.bases {
			if len(e.bases) < maxBases/2 {
				break
			}
			delete(e.bases, id)
		}
	}
	e.bases[genieID] = c
}

func (e *Engine) sources(ctx context.Context, genieID string) ([]knowledge.Source, error) {
	rows, err := e.DB.R.QueryContext(ctx, `SELECT d.id, d.name, d.content, d.updated_at FROM genie_documents gd
		JOIN documents d ON d.id = gd.document_id WHERE gd.genie_id = $1 ORDER BY gd.position`, genieID)
	if err != nil {
		return nil, fmt.Errorf("conversations: load documents: %w", err)
	}
	defer rows.Close()
	var out []knowledge.Source
	for rows.Next() {
		var s knowledge.Source
		var at time.Time
		if err := rows.Scan(&s.ID, &s.Name, &s.Content, &at); err != nil {
			return nil, err
		}
		s.Version = strconv.FormatInt(at.UnixNano(), 10)
		out = append(out, s)
	}
	return out, rows.Err()
}
