package mailboxes

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/geniehq/genie/internal/db"
	"github.com/geniehq/genie/internal/knowledge"
)

// Documents is the Knowledge of the genies' attached documents, answered
// by the knowledge engine (internal/knowledge), which parses each document
// once per version.
type Documents struct {
	DB      *db.DB
	Library *knowledge.Library
}

// Language implements Knowledge.
func (k *Documents) Language(text string) string { return knowledge.DetectLanguage(text) }

// Answer implements Knowledge: only the documents attached to the genie
// are searched.
func (k *Documents) Answer(ctx context.Context, agentID string, questions []string) ([]Answer, error) {
	rows, err := k.DB.R.QueryContext(ctx, `SELECT d.id, d.name, d.content, d.updated_at FROM genie_documents gd
		JOIN documents d ON d.id = gd.document_id WHERE gd.genie_id = $1 ORDER BY gd.position, d.id`, agentID)
	if err != nil {
		return nil, fmt.Errorf("mailboxes: load the genie's documents: %w", err)
	}
	defer rows.Close()
	var sources []knowledge.Source
	for rows.Next() {
		var s knowledge.Source
		var at time.Time
		if err := rows.Scan(&s.ID, &s.Name, &s.Content, &at); err != nil {
			return nil, fmt.Errorf("mailboxes: load the genie's documents: %w", err)
		}
		s.Version = strconv.FormatInt(at.UnixNano(), 10)
		sources = append(sources, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mailboxes: load the genie's documents: %w", err)
	}
	out := make([]Answer, len(questions))
	if len(sources) == 0 {
		return out, nil
	}
	base := k.Library.Base(sources)
	for i, q := range questions {
		a := base.Ask(q)
		out[i] = Answer{Answered: a.Answered, Text: a.Text, Language: a.Language, Sources: []Source{}}
		for _, c := range a.Sources {
			out[i].Sources = append(out[i].Sources, Source{DocumentID: c.DocumentID, DocumentName: c.DocumentName, Heading: c.Heading, Quote: c.Quote})
		}
	}
	return out, nil
}
