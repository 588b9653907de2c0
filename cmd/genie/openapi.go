package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/geniehq/genie/internal/app"
)

// runOpenAPI prints the OpenAPI document: the same bytes GET
// /v1/openapi.json serves. The document depends only on the actions the
// binary registers, so it is built by an app on a throwaway database.
func runOpenAPI(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("openapi", stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "genie-openapi-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	a, err := app.New(ctx, app.Config{DB: filepath.Join(dir, "genie.db"), Version: buildVersionString(),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	defer a.Close()
	doc, err := a.Discovery.JSON()
	if err != nil {
		return err
	}
	_, err = stdout.Write(doc)
	return err
}
