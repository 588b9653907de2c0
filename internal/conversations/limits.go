package conversations

import (
	"sync"
	"time"
)

// Default limits of the public actions, per minute: a person types a few
// questions a minute to one genie, a busy shop's page gets many visitors
// at once. An address may reach AddressFactor times its per-genie limit
// across all genies (one office behind one address, a visitor of several
// shops), and no more.
const (
	AddressFactor            = 10
	DefaultAskPerClient      = 60
	DefaultAskPerGenie       = 600
	DefaultEscalatePerClient = 5
	DefaultEscalatePerGenie  = 60
	// maxBuckets bounds each window's map: past it, new clients share one
	// overflow bucket, so a flood from many addresses is still limited and
	// memory stays bounded.
	maxBuckets = 65_536
)

// Limits rate-limits the public actions per client address and genie, per
// client address across genies and per genie,
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

// Address counts one request of kind ("ask", "escalate", "page"; feedback
// counts as ask, page loads have a budget of their own the size of ask's)
// from a client address, across genies (AddressFactor times the
// per-genie limit); it returns 0 when allowed, else how long until the
// window ends. Called before anything else is read.
func (l *Limits) Address(kind, client string) time.Duration {
	if l == nil {
		return 0
	}
	limit := l.AskPerClient
	if kind == "escalate" {
		limit = l.EscalatePerClient
	}
	return l.take(kind+"|a|"+client, kind, limit*AddressFactor)
}

// Genie counts one request of kind for a genie, and from client ("": not
// known) on that genie. Call it only with the id of a genie that exists,
// so that the keys stay the service's own.
func (l *Limits) Genie(kind, client, genieID string) time.Duration {
	if l == nil {
		return 0
	}
	perClient, perGenie := l.AskPerClient, l.AskPerGenie
	if kind == "escalate" {
		perClient, perGenie = l.EscalatePerClient, l.EscalatePerGenie
	}
	if client != "" {
		if d := l.take(kind+"|c|"+client+"|"+genieID, kind, perClient); d > 0 {
			return d
		}
	}
	return l.take(kind+"|g|"+genieID, kind, perGenie)
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
