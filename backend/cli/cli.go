// Package cli is Lexflow's command line: the desktop and serve faces start
// here, and scriptable commands run on the same services. Exit codes: 0
// success, 1 the operation failed, 2 bad usage.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"

	"lexflow/backend/api"
	"lexflow/backend/openfiles"
)

// Exit codes.
const (
	ExitOK     = 0
	ExitFailed = 1
	ExitUsage  = 2
)

// EnvSelfTest, set to a number of events, makes the UI prove at start that
// event streams reach it, and the desktop face exit with the verdict.
const EnvSelfTest = "LEXFLOW_SELFTEST_EVENTS"

// EnvSelfTestDrop, set to a collection's name along with EnvSelfTest, makes
// the UI then open that collection and wait for files dropped onto the window,
// reporting which of them became ready (the desktop test drags files in).
const EnvSelfTestDrop = "LEXFLOW_SELFTEST_DROP"

// Env is what the command line needs from its process.
type Env struct {
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Build          api.Build
	UI             fs.FS         // the built frontend
	Connect        api.Connector // builds provider clients
	// Desktop opens the window; nil in a build without it.
	Desktop func(ctx context.Context, app DesktopApp) error
	// HasDisplay reports whether a window can be shown.
	HasDisplay func() bool
	// HandOff gives the paths a launch was asked to open to the window
	// already showing the library named by instance (see DesktopApp), and
	// reports whether one took them; nil where there is no way to.
	HandOff func(instance string, paths []string) bool
}

// DesktopApp is what the window needs: the services and their HTTP routes,
// which the window's asset server uses for /api/.
type DesktopApp struct {
	Services *api.Services
	API      http.Handler
	// Open holds the files and folders the launch was asked to open
	// (`Lexflow.exe report.pdf`, a double-click in Explorer), absolute.
	Open []string
	// Instance names the window of one data directory among those running on
	// this machine: a second launch on the same library hands its files over.
	Instance string
}

// usageError marks bad usage (exit code 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// Run executes the command line args (without the program name) and returns the exit code.
func Run(ctx context.Context, args []string, env Env) int {
	err := dispatch(ctx, args, env)
	var u usageError
	switch {
	case err == nil || errors.Is(err, flag.ErrHelp):
		return ExitOK
	case errors.As(err, new(silentFailure)):
		return ExitFailed
	case errors.As(err, &u):
		fmt.Fprintf(env.Stderr, "lexflow: %v\nRun 'lexflow help' for usage.\n", err)
		return ExitUsage
	default:
		fmt.Fprintf(env.Stderr, "lexflow: %v\n", err)
		return ExitFailed
	}
}

func dispatch(ctx context.Context, args []string, env Env) error {
	global := newFlags("lexflow", env)
	dataDir := global.String("data-dir", "", "data directory (default: the OS's per-user app-data folder; env "+EnvDataDir+")")
	if err := global.Parse(args); err != nil {
		return err
	}
	rest := global.Args()
	if len(rest) == 0 {
		return runDesktop(ctx, *dataDir, nil, env)
	}
	cmd, rest := rest[0], rest[1:]
	switch cmd {
	case "serve":
		return runServe(ctx, rest, *dataDir, env)
	case "provider":
		return runProvider(ctx, rest, *dataDir, env)
	case "collection":
		return runCollection(ctx, rest, *dataDir, env)
	case "ingest":
		return runIngest(ctx, rest, *dataDir, env)
	case "search":
		return runSearch(ctx, rest, *dataDir, env)
	case "ask":
		return runAsk(ctx, rest, *dataDir, env)
	case "library":
		return runLibrary(ctx, rest, *dataDir, env)
	case "app":
		return runApp(ctx, rest, *dataDir, env)
	case "run":
		return runRun(ctx, rest, *dataDir, env)
	case "version":
		fmt.Fprintln(env.Stdout, versionLine(env.Build))
		return nil
	case "help":
		fmt.Fprint(env.Stdout, usageText)
		return nil
	default:
		if paths, ok := openfiles.Paths(append([]string{cmd}, rest...)); ok {
			return runDesktop(ctx, *dataDir, paths, env)
		}
		return usagef("unknown command %q", cmd)
	}
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name string, env Env) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() { fmt.Fprint(env.Stderr, usageText) }
	return fs
}

// parse parses flags anywhere among the positional arguments, which it returns.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err.Error()}
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func selfTestEvents(env Env) int {
	n, _ := strconv.Atoi(env.Getenv(EnvSelfTest))
	return n
}

func versionLine(b api.Build) string {
	return fmt.Sprintf("lexflow %s (commit %s)", b.Version, b.Commit)
}

const usageText = `Lexflow — a local legal research workbench.

Usage:
  lexflow [--data-dir DIR]                 open the desktop window
  lexflow [--data-dir DIR] PATH...         open the window with these files or folders added to the
                                           "Opened files" collection (or hand them to the open window)
  lexflow serve [--addr 127.0.0.1:41414] [--open] [--new-token]
                                           serve the UI and API on loopback and print its URL
  lexflow version                          print the version
  lexflow provider add --name NAME --kind ollama|openai --base-url URL [--api-key KEY] [--default-model M]
  lexflow provider set NAME|ID [--name NEW] [--base-url URL] [--api-key KEY] [--default-model M]
  lexflow provider list [--json]
  lexflow provider test NAME|ID [--json]   connect and list the provider's models
  lexflow provider models NAME|ID [--json]
  lexflow provider rm NAME|ID
  lexflow collection create NAME [--description TEXT] [--ocr-language ara+eng] [--json]
  lexflow collection list [--json]
  lexflow collection rm NAME|ID
  lexflow ingest --collection NAME [--json] PATH...   files or folders; progress on stderr
  lexflow search [--collection NAME] [--top-k N] [--json] QUERY
  lexflow ask [--collection NAME] [--model PROVIDER/MODEL] [--top-k N] [--uncited partial|fail|strip] [--json] QUESTION
                                           answer from the library, every claim cited and checked
  lexflow library check                    verify that the index agrees with the database
  lexflow library list [--collection NAME] [--json]   documents with their titles and ids
  lexflow library rename DOCUMENT_ID TITLE give a document a title ("" gives back the one found in it)
  lexflow app import FILE [--name NAME] [--default-model PROVIDER/MODEL] [--model-map OLD=NEW]...
                                           import a Lexflow or Dify DSL (YAML or JSON), models mapped to
                                           configured ones; exits 1 when the imported app cannot run yet
  lexflow app export APP [--format yaml|json]
  lexflow app list [--json]
  lexflow run FILE.yml|APP [--inputs '{json}'] [--query Q] [--json]
                                           run a workflow (or one chatflow turn); --json streams NDJSON events

Every command takes --data-dir DIR (or the environment variable LEXFLOW_DATA_DIR).
Exit codes: 0 success, 1 the operation failed, 2 bad usage.
`
