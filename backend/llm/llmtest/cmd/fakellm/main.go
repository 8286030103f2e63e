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
// then an answer once the tool result comes back).
//
// Flags:
//
//	--addr     listen address (default 127.0.0.1:0, a free port)
//	--api-key  key the OpenAI endpoints require (default none)
//	--delay    pause between streamed chunks (default 30ms)
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

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
	if err := fs.Parse(args); err != nil {
		return err
	}
	srv, err := llmtest.Start(llmtest.Options{Addr: *addr, APIKey: *apiKey})
	if err != nil {
		return err
	}
	defer srv.Close()
	srv.InstallDemo(*delay)
	if _, err := fmt.Fprintf(out, "FAKE_LLM_URL=%s\n", srv.URL()); err != nil {
		return fmt.Errorf("print URL: %w", err)
	}
	<-ctx.Done()
	return nil
}
