package conversations

import (
	"sync"
	"time"
)

// Default limits of the public actions, per minute: a person types a few
// questions a minute, a busy shop's page gets many visitors at once.
const (
	DefaultAskPerClient      = 30
	DefaultAskPerGenie       = 600
	DefaultEscalatePerClient = 5
	DefaultEscalatePerGenie  = 60
	// maxBuckets bounds each window's map: past it, new clients share one
	// overflow bucket, so a flood from many addresses is still limited and
	// memory stays bounded.
	maxBuckets = 65_536
)

// Limits rate-limits the public actions per client address and per genie,
// in fixed one-minute windows kept in this process's memory (with several
// processes, each allows its own share; a public action is cheap to refuse
// here, before any database work). A limit of 0 or less is off.
type Limits struct {
	AskPerClient, AskPerGenie           int
	EscalatePerClient, EscalatePerGenie int
	// Now replaces the clock (tests).
	Now func() time.Time

	mu      sync.Mutex
	start   time.Time
	buckets map[string]int
}

// NewLimits returns limits with the given per-minute values; 0 means the
// default, negative off.
func NewLimits(askClient, askGenie, escClient, escGenie int) *Limits {
	pick := func(v, def int) int {
		if v == 0 {
			return def
		}
		return v
	}
	return &Limits{AskPerClient: pick(askClient, DefaultAskPerClient), AskPerGenie: pick(askGenie, DefaultAskPerGenie),
		EscalatePerClient: pick(escClient, DefaultEscalatePerClient), EscalatePerGenie: pick(escGenie, DefaultEscalatePerGenie)}
}

const window = time.Minute

// Client counts one request of kind ("ask", "escalate"; feedback counts
// as ask) from a client address; it returns 0 when allowed, else how long
// until the window ends.
func (l *Limits) Client(kind, client string) time.Duration {
	if l == nil {
		return 0
	}
	limit := l.AskPerClient
	if kind == "escalate" {
		limit = l.EscalatePerClient
	}
	return l.take(kind+"|c|"+client, kind, limit)
}

// Genie is Client for a genie; call it only with the id of a genie that
// exists, so that the keys stay the service's own.
func (l *Limits) Genie(kind, genieID string) time.Duration {
	if l == nil {
		return 0
	}
	limit := l.AskPerGenie
	if kind == "escalate" {
		limit = l.EscalatePerGenie
	}
	return l.take(kind+"|g|"+genieID, kind, limit)
}

func (l *Limits) take(key, kind string, limit int) time.Duration {
	if limit <= 0 {
		return 0
	}
	now := time.Now()
	if l.Now != nil {
		now = l.Now()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if start := now.Truncate(window); !start.Equal(l.start) || l.buckets == nil {
		l.start, l.buckets = start, make(map[string]int)
	}
	if _, ok := l.buckets[key]; !ok && len(l.buckets) >= maxBuckets {
		key = kind + "|overflow"
	}
	l.buckets[key]++
	if l.buckets[key] <= limit {
		return 0
	}
	return max(l.start.Add(window).Sub(now), time.Second)
}
