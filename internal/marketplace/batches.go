package marketplace

import (
	"cmp"
	"context"
)

// The search index's build reads every listing once. Reading rows through
// the driver and taking their text apart cost about the same, so they run
// on two goroutines: inBatches hands the listings' texts from one to the
// other in batches, recycled, so that the texts are copied once and
// nothing is allocated per listing.

// textBatch is listings read for the search index's build: their seqs and
// k texts each, one after the other in buf.
type textBatch struct {
	seqs []int64
	ends []int // where each text ends in buf
	buf  []byte
	k    int
}

// textBatchRows is how many listings a textBatch holds.
const textBatchRows = 1024

// inBatches runs read on a goroutine of its own, which emits each
// listing's texts, and calls take with them on this one, in order. The
// texts take is given are valid until it returns. The first error of
// either stops both and is returned.
func inBatches(ctx context.Context, read func(ctx context.Context, emit func(seq int64, texts ...[]byte) error) error,
	take func(seq int64, texts [][]byte) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	full, free := make(chan *textBatch, 2), make(chan *textBatch, 3)
	for range cap(free) {
		free <- &textBatch{}
	}
	var readErr error
	go func() {
		defer close(full)
		b := <-free
		emit := func(seq int64, texts ...[]byte) error {
			b.seqs, b.k = append(b.seqs, seq), len(texts)
			for _, t := range texts {
				b.buf = append(b.buf, t...)
				b.ends = append(b.ends, len(b.buf))
			}
			if len(b.seqs) < textBatchRows {
				return nil
			}
			full <- b
			select {
			case b = <-free:
				return nil
			case <-ctx.Done():
				b = nil
				return ctx.Err()
			}
		}
		if readErr = read(ctx, emit); readErr == nil && len(b.seqs) > 0 {
			full <- b
		}
	}()
	var err error
	var texts [][]byte
	for b := range full {
		start := 0
		for i := 0; err == nil && i < len(b.seqs); i++ {
			texts = texts[:0]
			for _, end := range b.ends[i*b.k : (i+1)*b.k] {
				texts = append(texts, b.buf[start:end])
				start = end
			}
			err = take(b.seqs[i], texts)
		}
		if err != nil {
			cancel() // the reader stops at its next listing
		}
		b.seqs, b.ends, b.buf = b.seqs[:0], b.ends[:0], b.buf[:0]
		free <- b
	}
	return cmp.Or(err, readErr)
}
