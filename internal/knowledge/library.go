package knowledge

import (
	"container/list"
	"sync"
)

// Library parses documents once per (ID, Version) and caches them, bounded
// in bytes (least recently used first out); safe for concurrent use. A
// document bigger than the whole bound is parsed for each use and never
// cached.
type Library struct {
	mu    sync.Mutex
	max   int64
	used  int64
	order *list.List // of *doc, most recently used first
	byID  map[string]*list.Element
}

// NewLibrary returns a library that keeps at most maxBytes of parsed
// documents (an estimate of their memory).
func NewLibrary(maxBytes int64) *Library {
	return &Library{max: maxBytes, order: list.New(), byID: map[string]*list.Element{}}
}

// Base returns the knowledge base of these documents (a genie's attached
// documents), reusing parsed documents; only a document whose Version
// changed is parsed again.
func (l *Library) Base(sources []Source) *Base {
	docs := make([]*doc, 0, len(sources))
	for _, s := range sources {
		docs = append(docs, l.doc(s))
	}
	return newBase(docs)
}

// Len returns the number of cached documents and their estimated bytes.
func (l *Library) Len() (docs int, bytes int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.order.Len(), l.used
}

func (l *Library) doc(s Source) *doc {
	l.mu.Lock()
	if e, ok := l.byID[s.ID]; ok {
		d := e.Value.(*doc)
		if d.version == s.Version && d.name == s.Name {
			l.order.MoveToFront(e)
			l.mu.Unlock()
			return d
		}
	}
	l.mu.Unlock()
	d := parse(s)
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.byID[s.ID]; ok {
		l.used -= e.Value.(*doc).size
		l.order.Remove(e)
		delete(l.byID, s.ID)
	}
	if d.size > l.max {
		return d
	}
	l.byID[s.ID] = l.order.PushFront(d)
	l.used += d.size
	for l.used > l.max {
		e := l.order.Back()
		old := e.Value.(*doc)
		l.order.Remove(e)
		delete(l.byID, old.id)
		l.used -= old.size
	}
	return d
}
