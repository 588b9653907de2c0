// Command genie runs the Genie Management Service and its admin tasks.
//
//	genie serve                 run the HTTP service
//	genie migrate               apply database migrations and exit
//	genie users add ...         create an account
//	genie users set-role ...    change an account's role
//	genie keys add ...          create an API key for an account
//	genie secrets ...           make, list, rotate and prune the server keys
//	genie backup / restore      copy a SQLite database online, and put a copy back
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(Run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: genie <command> [flags]

commands:
  serve       run the HTTP service
  migrate     apply database migrations and exit
  users add   create an account:        genie users add --email E --password P [--role user|consumer|internal_admin]
  users set-role                        genie users set-role --email E --role R
  keys add    create an API key:        genie keys add --email E --name N
  secrets     the server keys:          genie secrets init|list|rotate|prune (see "genie secrets")
  backup      copy a SQLite database while it serves:  genie backup --out FILE
  restore     put a copy back (service stopped):       genie restore --from FILE [--force]
  version     print the version
  openapi     print the OpenAPI 3.1 document of the API (as GET /v1/openapi.json)
  marketplace import FILE.jsonl | export [FILE.jsonl]
              bulk-load or dump marketplace listings (one JSON object a line; idempotent on slug)
  eval answers  measure the answers of the knowledge model:  genie eval answers [--dir DIR] [--failures]

Run "genie <command> -h" for a command's flags.
`

// errUsage marks an error already explained by the flag package.
var errUsage = errors.New("usage")

// command runs one subcommand with the arguments after its name.
type command func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// commands are the subcommands by name.
var commands = map[string]command{
	"serve": func(ctx context.Context, args []string, _, stderr io.Writer) error {
		return runServe(ctx, args, stderr) // it writes only its log, to stderr
	},
	"migrate":     runMigrate,
	"users":       runUsers,
	"keys":        runKeys,
	"secrets":     runSecrets,
	"backup":      runBackup,
	"restore":     runRestore,
	"version":     runVersion,
	"openapi":     runOpenAPI,
	"eval":        runEval,
	"marketplace": runMarketplace,
	"-h":          help,
	"--help":      help,
	"help":        help,
}

func help(_ context.Context, _ []string, stdout, _ io.Writer) error {
	fmt.Fprint(stdout, usage)
	return nil
}

// Run runs one command and returns the process exit code: 0 on success, 2
// for bad usage, 1 for any other failure (reported as one line on stderr).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "genie: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	err := cmd(ctx, args[1:], stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	default:
		fmt.Fprintf(stderr, "genie: %v\n", err)
		return 1
	}
}

// newFlagSet returns a FlagSet that reports errors to stderr.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// subFlagSet returns the FlagSet of a command's subcommand, args[0],
// named "command sub"; when args name none of subs, it prints usage and
// returns errUsage.
func subFlagSet(command string, subs, args []string, stderr io.Writer, usage string) (*flag.FlagSet, error) {
	if len(args) == 0 || !slices.Contains(subs, args[0]) {
		fmt.Fprint(stderr, usage)
		return nil, errUsage
	}
	return newFlagSet(command+" "+args[0], stderr), nil
}

// parse parses args, mapping flag errors to errUsage; positional arguments
// are refused.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "genie %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return errUsage
	}
	return nil
}

// env returns the environment variable's value or def.
func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

// dbFlag adds the --db flag shared by every command.
func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", env("GENIE_DB", "./genie.db"), "SQLite file path, or a postgres:// URL (env GENIE_DB)")
}
