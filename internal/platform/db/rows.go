package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Row is what a scan function reads one row from: *sql.Row or *sql.Rows
// (an alias, so a store's scan(row interface{ Scan(...any) error })
// passes as it is).
type Row = interface{ Scan(dest ...any) error }

// List runs a query and reads every row with scan, in order; the rows are
// closed and their error (rows.Err) returned. No rows is an empty, non-nil
// slice. The store functions that list records share it, so each keeps
// only its SQL and its scan.
func List[T any](ctx context.Context, q Querier, scan func(Row) (T, error), query string, args ...any) ([]T, error) {
	out := []T{}
	err := Each(ctx, q, func(r Row) error {
		v, err := scan(r)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	}, query, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Each runs a query and calls fn on every row, in order, until fn fails;
// the rows are closed and their error (rows.Err) returned.
func Each(ctx context.Context, q Querier, fn func(Row) error, query string, args ...any) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Value adapts a scan that returns a pointer (shared with a QueryRow
// lookup) to List, for a slice of values.
func Value[T any](scan func(Row) (*T, error)) func(Row) (T, error) {
	return func(r Row) (T, error) {
		p, err := scan(r)
		if err != nil {
			var none T
			return none, err
		}
		return *p, nil
	}
}

// Found is the error of a one-row read: notFound when there was no row
// (sql.ErrNoRows), any other error wrapped as "what: err", nil for nil.
func Found(err, notFound error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return notFound
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Values is List for a query of one column: each row's value, as a T.
func Values[T any](ctx context.Context, q Querier, query string, args ...any) ([]T, error) {
	return List(ctx, q, func(r Row) (T, error) {
		var v T
		err := r.Scan(&v)
		return v, err
	}, query, args...)
}

// Counted is the query of one page of records whose last column is
// COUNT(*) OVER (), the number of matching rows in all, with the COUNT(*)
// query that gives that number when the page is empty past the first
// (where no row carries it).
type Counted struct {
	Query     string
	Args      []any
	Offset    int // the page's offset
	Count     string
	CountArgs []any
}

// Page runs c: the page's records, each read by scan (the count column is
// read aside), and the number of matching rows in all.
func Page[T any](ctx context.Context, q Querier, scan func(Row) (T, error), c Counted) ([]T, int, error) {
	total := 0
	out, err := List(ctx, q, func(r Row) (T, error) { return scan(countedRow{r, &total}) }, c.Query, c.Args...)
	if err != nil {
		return nil, 0, err
	}
	if len(out) == 0 && c.Offset > 0 {
		if err := q.QueryRowContext(ctx, c.Count, c.CountArgs...).Scan(&total); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// countedRow is a row whose last column, the count, goes to total.
type countedRow struct {
	Row
	total *int
}

func (r countedRow) Scan(dest ...any) error { return r.Row.Scan(append(dest, r.total)...) }
