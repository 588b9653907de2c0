package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/geniehq/genie/internal/apikeys"
	"github.com/geniehq/genie/internal/app"
	"github.com/geniehq/genie/internal/auth"
	"github.com/geniehq/genie/internal/platform/apperr"
	"github.com/geniehq/genie/internal/users"
)

func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("migrate", stderr)
	dsn := dbFlag(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	d, err := app.OpenDB(ctx, *dsn)
	if err != nil {
		return err
	}
	defer d.Close()
	v, err := d.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{"store": d.Engine, "schema_version": v})
}

func runUsers(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, err := subFlagSet("users", []string{"add", "set-role"}, args, stderr,
		"usage: genie users add --email E --password P [--role R] | genie users set-role --email E --role R\n")
	if err != nil {
		return err
	}
	dsn := dbFlag(fs)
	email := fs.String("email", "", "account email (required)")
	password := fs.String("password", "", "account password, 6 to 72 bytes (required for add)")
	role := fs.String("role", "user", "role: user, consumer or internal_admin")
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	e, err := users.NormalizeEmail(*email)
	if err != nil {
		return fmt.Errorf("--email: %v", err)
	}
	if !auth.ValidRole(*role) {
		return fmt.Errorf("--role %q: use user, consumer or internal_admin", *role)
	}
	if args[0] == "add" {
		if err := users.CheckPassword(*password); err != nil {
			return fmt.Errorf("--password: %v", err)
		}
	}
	d, err := app.OpenDB(ctx, *dsn)
	if err != nil {
		return err
	}
	defer d.Close()
	store := &users.Store{DB: d}
	var u *users.User
	if args[0] == "add" {
		u, err = store.Create(ctx, users.NewUser{Email: e, Password: *password, Role: auth.Role(*role)})
		if err == users.ErrEmailTaken {
			return fmt.Errorf("an account with email %s already exists", e)
		}
	} else {
		if u, err = store.ByEmail(ctx, e); err == nil {
			err = store.SetRole(ctx, u.ID, auth.Role(*role))
			u.Role = auth.Role(*role)
		}
	}
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return fmt.Errorf("no account with email %s", e)
	}
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]string{"id": u.ID, "email": u.Email, "role": string(u.Role)})
}

func runKeys(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, err := subFlagSet("keys", []string{"add"}, args, stderr, "usage: genie keys add --email E --name N\n")
	if err != nil {
		return err
	}
	dsn := dbFlag(fs)
	email := fs.String("email", "", "account email (required)")
	name := fs.String("name", "", "key display name (required)")
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	if *email == "" {
		return fmt.Errorf("--email is required")
	}
	if *name == "" {
		return fmt.Errorf("--name is required")
	}
	d, err := app.OpenDB(ctx, *dsn)
	if err != nil {
		return err
	}
	defer d.Close()
	u, err := (&users.Store{DB: d}).ByEmail(ctx, *email)
	if apperr.HasCode(err, apperr.CodeNotFound) {
		return fmt.Errorf("no account with email %s", *email)
	}
	if err != nil {
		return err
	}
	// The service checks the name, as for the api-keys create action.
	k, err := (&apikeys.Service{DB: d}).Create(ctx, apikeys.Owner{UserID: u.ID, Role: u.Role}, *name)
	if err != nil {
		return fmt.Errorf("%s", apperrMessage(err))
	}
	return json.NewEncoder(stdout).Encode(map[string]string{"id": k.ID, "key": k.Key})
}

func apperrMessage(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Message
	}
	return err.Error()
}
