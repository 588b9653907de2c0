package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/marketplace"
	"github.com/geniehq/genie/internal/platform/db"
)

// runMarketplace is "genie marketplace import FILE.jsonl" and
// "genie marketplace export [FILE.jsonl]" (docs/marketplace.md, "Import
// and export").
func runMarketplace(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, err := subFlagSet("marketplace", []string{"import", "export"}, args, stderr,
		"usage: genie marketplace import [--db DSN] FILE.jsonl | genie marketplace export [--db DSN] [FILE.jsonl]\n")
	if err != nil {
		return err
	}
	dsn := dbFlag(fs)
	if err := fs.Parse(args[1:]); err != nil {
		return errUsage
	}
	files := fs.Args()
	if len(files) > 1 || (args[0] == "import" && len(files) != 1) {
		fmt.Fprintf(stderr, "genie marketplace %s: give one file\n", args[0])
		return errUsage
	}
	d, err := app.OpenDB(ctx, *dsn)
	if err != nil {
		return err
	}
	defer d.Close()
	svc := marketplace.New(d)
	t0 := time.Now()
	if args[0] == "export" {
		out, closeOut, err := createOutput(files, stdout)
		if err != nil {
			return err
		}
		bar := newProgress(stderr, "exported", 0)
		n, err := svc.Export(ctx, out, bar.lines)
		bar.done()
		if err := closeOut(err); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "exported %d listings in %s\n", n, time.Since(t0).Round(time.Millisecond))
		return nil
	}
	f, err := os.Open(files[0])
	if err != nil {
		return err
	}
	defer f.Close()
	lines, size, err := countLines(f)
	if err != nil {
		return err
	}
	if d.Engine == db.SQLite { // room for the import's pages: this process only
		if _, err := d.W.ExecContext(ctx, `PRAGMA cache_size = -262144`); err != nil {
			return err
		}
	}
	bar := newProgress(stderr, "imported", size)
	res, err := svc.Import(ctx, &countingReader{r: f, n: &bar.bytes}, marketplace.ImportOptions{Lines: lines, Progress: bar.lines})
	bar.done()
	if err != nil {
		return fmt.Errorf("%s: %w (nothing was imported)", files[0], err)
	}
	fmt.Fprintf(stdout, "%d listings: %d created, %d updated; %d categories and %d brands created; %s\n",
		res.Lines, res.Created, res.Updated, res.Categories, res.Brands, time.Since(t0).Round(time.Millisecond))
	return nil
}

// countLines counts the file's lines (for the import's choice of how to
// write them) and its size, and rewinds it.
func countLines(f *os.File) (lines int, size int64, err error) {
	buf := make([]byte, 1<<20)
	for {
		n, err := f.Read(buf)
		lines += bytes.Count(buf[:n], []byte{'\n'})
		size += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, 0, err
		}
	}
	_, err = f.Seek(0, io.SeekStart)
	return lines, size, err
}

// createOutput is the export's destination: the file given (written to a
// temporary name and renamed when complete) or stdout.
func createOutput(files []string, stdout io.Writer) (io.Writer, func(error) error, error) {
	if len(files) == 0 || files[0] == "-" {
		return stdout, func(err error) error { return err }, nil
	}
	tmp := files[0] + ".partial"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, nil, err
	}
	return f, func(err error) error {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(tmp)
			return err
		}
		return os.Rename(tmp, files[0])
	}, nil
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// progress draws a one-line progress bar on a terminal (nothing
// otherwise): the share of the file read when its size is known, the
// lines done and their rate.
type progress struct {
	w     io.Writer
	on    bool
	verb  string
	size  int64
	bytes atomic.Int64
	t0    time.Time
	last  time.Time
	drawn bool
}

func newProgress(w io.Writer, verb string, size int64) *progress {
	p := &progress{w: w, verb: verb, size: size, t0: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) lines(n int) {
	if !p.on || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	rate := float64(n) / time.Since(p.t0).Seconds()
	if p.size > 0 {
		share := min(1, float64(p.bytes.Load())/float64(p.size))
		const width = 30
		full := int(share * width)
		fmt.Fprintf(p.w, "\r[%s%s] %3.0f%%  %d listings %s  %.0f/s ", strings.Repeat("#", full), strings.Repeat(".", width-full),
			share*100, n, p.verb, rate)
	} else {
		fmt.Fprintf(p.w, "\r%d listings %s  %.0f/s ", n, p.verb, rate)
	}
	p.drawn = true
}

func (p *progress) done() {
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
