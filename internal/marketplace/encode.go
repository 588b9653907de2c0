package marketplace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
)

// encoded is a cached listing's JSON, made at most once per shape and
// catalog version, when a page first needs it: the full shape split around
// the value of view_count (which is read afresh for every page), and the
// slim shape. Copies of a cached listing share it.
type encoded struct {
	full atomic.Pointer[fullEncoding]
	slim atomic.Pointer[[]byte]
}

type fullEncoding struct{ head, tail []byte }

const viewCountKey = `"view_count":`

// fullOf returns l's full encoding split around view_count. The first
// viewCountKey in the encoding is the field itself: the fields before it
// are strings, numbers and objects of strings, and a quote inside a string
// is escaped.
func (e *encoded) fullOf(l *Listing) (*fullEncoding, error) {
	if f := e.full.Load(); f != nil {
		return f, nil
	}
	full, err := json.Marshal(l)
	if err != nil {
		return nil, fmt.Errorf("marketplace: encode: %w", err)
	}
	i := bytes.Index(full, []byte(viewCountKey))
	if i < 0 {
		return nil, fmt.Errorf("marketplace: no view_count in %s", full)
	}
	i += len(viewCountKey)
	j := i
	for j < len(full) && (full[j] == '-' || full[j] >= '0' && full[j] <= '9') {
		j++
	}
	f := &fullEncoding{head: full[:i], tail: full[j:]}
	e.full.Store(f)
	return f, nil
}

// slimOf returns l's slim encoding.
func (e *encoded) slimOf(l *Listing) ([]byte, error) {
	if b := e.slim.Load(); b != nil {
		return *b, nil
	}
	b, err := json.Marshal(toSlim([]*Listing{l})[0])
	if err != nil {
		return nil, fmt.Errorf("marketplace: encode: %w", err)
	}
	e.slim.Store(&b)
	return b, nil
}

// appendPage encodes a page of listings as json.Marshal encodes SlimPage
// or FullPage, taking each listing's cached encoding when it has one.
func appendPage(count int64, ls []*Listing, limit, offset int, slim bool) (json.RawMessage, error) {
	b := make([]byte, 0, 1024*len(ls)+64)
	b = append(b, `{"count":`...)
	b = strconv.AppendInt(b, count, 10)
	b = append(b, `,"genies":[`...)
	for i, l := range ls {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendListing(b, l, slim); err != nil {
			return nil, err
		}
	}
	b = append(b, `],"limit":`...)
	b = strconv.AppendInt(b, int64(limit), 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(offset), 10)
	return append(b, '}'), nil
}

func appendListing(b []byte, l *Listing, slim bool) ([]byte, error) {
	e := l.enc
	if e == nil { // not cached: encoded for this page only
		e = &encoded{}
	}
	if slim {
		s, err := e.slimOf(l)
		return append(b, s...), err
	}
	f, err := e.fullOf(l)
	if err != nil {
		return nil, err
	}
	b = append(b, f.head...)
	b = strconv.AppendInt(b, l.ViewCount, 10)
	return append(b, f.tail...), nil
}
