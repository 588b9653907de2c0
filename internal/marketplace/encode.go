package marketplace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/geniehq/genie/internal/api"
)

// encoded is a cached listing's JSON, made once per catalog version: the
// full shape split around the value of view_count (which is read afresh
// for every page), and the slim shape.
type encoded struct {
	head, tail []byte
	slim       []byte
}

const viewCountKey = `"view_count":`

// encodeListing encodes l for the listing cache. The first viewCountKey in
// the full encoding is the field itself: the fields before it are strings,
// numbers and objects of strings, and a quote inside a string is escaped.
func encodeListing(l *Listing) (*encoded, error) {
	full, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	slim, err := json.Marshal(toSlim([]*Listing{l})[0])
	if err != nil {
		return nil, err
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
	return &encoded{head: full[:i], tail: full[j:], slim: slim}, nil
}

// appendPage encodes a page of listings as json.Marshal encodes SlimPage
// or FullPage, taking each listing's cached encoding when it has one.
func appendPage(count int64, ls []*Listing, limit, offset int, slim bool) (api.Raw, error) {
	n := 64
	for _, l := range ls {
		switch {
		case l.enc != nil && slim:
			n += len(l.enc.slim) + 1
		case l.enc != nil:
			n += len(l.enc.head) + 20 + len(l.enc.tail) + 1
		default:
			n += 2048
		}
	}
	b := make([]byte, 0, n)
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
	switch {
	case l.enc != nil && slim:
		return append(b, l.enc.slim...), nil
	case l.enc != nil:
		b = append(b, l.enc.head...)
		b = strconv.AppendInt(b, l.ViewCount, 10)
		return append(b, l.enc.tail...), nil
	}
	var v any = l
	if slim {
		v = toSlim([]*Listing{l})[0]
	}
	e, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("marketplace: encode: %w", err)
	}
	return append(b, e...), nil
}
