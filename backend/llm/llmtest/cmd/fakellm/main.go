// Command fakellm serves the llmtest fake model server (Ollama and OpenAI
// protocols) with its deterministic demo models, for browser end-to-end
// tests. It prints exactly one line to stdout,
//
//	FAKE_LLM_URL=http://127.0.0.1:PORT
//
// and serves until it is killed (SIGINT or SIGTERM).
//
// Use the URL as an Ollama base URL, or URL+"/v1" as an OpenAI-compatible
// base URL. Models: fake-chat (echoes "You said: …" in several chunks),
// fake-reasoner (reasoning first, then the echo), fake-tools (a tool call,
// then an answer once the tool result comes back), and the cited-answer
// models of llmtest.InstallDemo. Replies conform to the JSON Schema a
// request sends.
//
// Flags:
//
//	--addr            listen address (default 127.0.0.1:0, a free port)
//	--api-key         key the OpenAI endpoints require (default none)
//	--delay           pause between streamed chunks (default 30ms)
//	--refuse-formats  reply formats to reject like an older server: "schema",
//	                  or "schema,json" (default none)
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "fakellm:", err)
		os.Exit(1)
	}
}

// run serves until ctx ends, after printing the URL line to out.
func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("fakellm", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "listen address")
	apiKey := fs.String("api-key", "", "API key the OpenAI endpoints require (none when empty)")
	delay := fs.Duration("delay", 30*time.Millisecond, "pause between streamed chunks")
	refuse := fs.String("refuse-formats", "", `reply formats to reject like an older server: "schema" or "schema,json"`)
	if err := fs.Parse(args); err != nil {
		return err
	}
	refused, err := parseFormats(*refuse)
	if err != nil {
		return err
	}
	srv, err := llmtest.Start(llmtest.Options{Addr: *addr, APIKey: *apiKey})
	if err != nil {
		return err
	}
	defer srv.Close()
	srv.InstallDemo(*delay)
	srv.RefuseFormats(refused...)
	if _, err := fmt.Fprintf(out, "FAKE_LLM_URL=%s\n", srv.URL()); err != nil {
		return fmt.Errorf("print URL: %w", err)
	}
	<-ctx.Done()
	return nil
}

// parseFormats reads a comma-separated list of the formats a server can refuse.
func parseFormats(list string) ([]llm.Format, error) {
	var out []llm.Format
	for _, f := range strings.Split(list, ",") {
		switch f = strings.TrimSpace(f); llm.Format(f) {
		case "":
		case llm.FormatSchema, llm.FormatJSON:
			out = append(out, llm.Format(f))
		default:
			return nil, fmt.Errorf("--refuse-formats: %q: want schema or json", f)
		}
	}
	return out, nil
}
