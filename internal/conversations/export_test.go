package conversations

import (
	"database/sql"

	"github.com/geniehq/genie/internal/platform/db"
)

// NewBatch exposes a batcher to the external tests: do runs a write,
// queued says how many writes wait for the next transaction.
func NewBatch(d *db.DB) (do func(func(*sql.Tx) error) error, queued func() int) {
	b := &batcher{db: d}
	return b.do, func() int {
		b.mu.Lock()
		defer b.mu.Unlock()
		return len(b.queue)
	}
}
