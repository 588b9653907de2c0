package db

import (
	"database/sql"
	"time"
)

// Nullable columns. A NULL scans into sql.NullString, sql.NullInt64 or
// sql.NullTime; the models carry *T (nil for NULL), and StringPtr, Int64Ptr
// and TimePtr convert. Writing needs no helper for a *T (both drivers store
// a nil pointer as NULL); NullIfEmpty stores an empty string as NULL.

// StringPtr is s as a *string: nil when the column was NULL.
func StringPtr(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

// Int64Ptr is n as a *int64: nil when the column was NULL.
func Int64Ptr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

// TimePtr is t as a *time.Time: nil when the column was NULL.
func TimePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

// NullIfEmpty is the argument that stores s, or NULL when s is empty.
func NullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
