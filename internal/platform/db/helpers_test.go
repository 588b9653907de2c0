package db_test

import (
	"database/sql"
	"testing"
	"time"

	"github.com/geniehq/genie/internal/platform/db"
)

func TestNullHelpers(t *testing.T) {
	if db.StringPtr(sql.NullString{}) != nil || *db.StringPtr(sql.NullString{String: "a", Valid: true}) != "a" {
		t.Fatal("StringPtr")
	}
	if p := db.StringPtr(sql.NullString{Valid: true}); p == nil || *p != "" {
		t.Fatal("StringPtr of an empty, non-NULL string")
	}
	if db.Int64Ptr(sql.NullInt64{}) != nil || *db.Int64Ptr(sql.NullInt64{Int64: 7, Valid: true}) != 7 {
		t.Fatal("Int64Ptr")
	}
	now := time.Now()
	if db.TimePtr(sql.NullTime{}) != nil || !db.TimePtr(sql.NullTime{Time: now, Valid: true}).Equal(now) {
		t.Fatal("TimePtr")
	}
	if db.NullIfEmpty("") != nil || db.NullIfEmpty("x") != "x" {
		t.Fatal("NullIfEmpty")
	}
}

func TestRowLocks(t *testing.T) {
	pg, lite := &db.DB{Engine: db.Postgres}, &db.DB{Engine: db.SQLite}
	if pg.ForUpdate() != " FOR UPDATE" || lite.ForUpdate() != "" {
		t.Fatal("ForUpdate")
	}
	if pg.ForUpdateOf("l", "c") != " FOR UPDATE OF l, c" || lite.ForUpdateOf("l") != "" {
		t.Fatal("ForUpdateOf")
	}
}
