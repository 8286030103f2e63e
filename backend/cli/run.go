package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"lexflow/backend/engine"
	"lexflow/backend/runs"
)

// runRun runs `lexflow run FILE.yml|APP --inputs '{json}' [--query Q] [--json]`:
// one workflow run or chatflow turn, its events streamed as it goes (NDJSON
// with --json), its outputs at the end; exit code 1 when the run fails.
func runRun(ctx context.Context, args []string, dataDir string, env Env) error {
	fs := newFlags("run", env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	inputsJSON := fs.String("inputs", "{}", "run inputs as a JSON object")
	query := fs.String("query", "", "the question of a chatflow turn")
	asJSON := fs.Bool("json", false, "stream events as NDJSON, then the outputs")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("run takes one app: a DSL file or a stored app's id or name")
	}
	var inputs map[string]any
	if err := json.Unmarshal([]byte(*inputsJSON), &inputs); err != nil {
		return usagef("--inputs: not a JSON object: %v", err)
	}
	a, err := openApp(ctx, dataDir, "cli", env)
	if err != nil {
		return err
	}
	defer a.Close()
	req := runs.Request{Inputs: inputs, Query: *query, Observers: []engine.Observer{printer(env, *asJSON)}}
	if dsl, err := os.ReadFile(rest[0]); err == nil {
		req.DSL = dsl
	} else if app, gerr := a.services.Apps.Get(ctx, rest[0]); gerr == nil {
		req.AppID = app.ID
	} else {
		return fmt.Errorf("%s is neither a readable DSL file (%v) nor a stored app (%v)", rest[0], err, gerr)
	}
	x, err := a.runs.Start(ctx, req)
	if err != nil {
		return err
	}
	res, _ := x.Wait()
	return finishRun(env.Stdout, res, *asJSON)
}

// printer shows events: NDJSON lines, or a line per node on stderr with a
// chatflow's answer streamed to stdout.
func printer(env Env, asJSON bool) engine.Observer {
	enc := json.NewEncoder(env.Stdout)
	return engine.ObserverFunc(func(ev engine.Event) {
		if asJSON {
			enc.Encode(ev)
			return
		}
		switch ev.Kind {
		case engine.NodeRunStarted:
			fmt.Fprintf(env.Stderr, "▶ %s (%s)\n", title(ev), ev.NodeType)
		case engine.NodeRunSucceeded:
			fmt.Fprintf(env.Stderr, "✓ %s %d ms\n", title(ev), ev.Elapsed.Milliseconds())
		case engine.NodeRunFailed:
			fmt.Fprintf(env.Stderr, "✗ %s: %s\n", title(ev), ev.Error)
		case engine.NodeRunRetry:
			fmt.Fprintf(env.Stderr, "↻ %s: attempt %d failed: %s\n", title(ev), ev.Attempt, ev.Error)
		case engine.NodeRunStreamChunk:
			if ev.Response {
				fmt.Fprint(env.Stdout, ev.Chunk)
			}
		}
	})
}

func title(ev engine.Event) string {
	if ev.Title != "" {
		return ev.Title
	}
	return ev.NodeID
}

func finishRun(w io.Writer, res *engine.RunResult, asJSON bool) error {
	if res == nil {
		return fmt.Errorf("the run ended without a result")
	}
	outputs := map[string]any{}
	for k, v := range res.Outputs {
		outputs[k] = v.Any()
	}
	if asJSON {
		json.NewEncoder(w).Encode(map[string]any{"run_id": res.RunID, "status": res.Status, "outputs": outputs, "answer": res.Answer})
	} else {
		if res.Answer != "" {
			fmt.Fprintln(w)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(outputs)
	}
	if res.Status != engine.StatusSucceeded {
		if res.Err != nil {
			return fmt.Errorf("run %s %s: %v", res.RunID, res.Status, res.Err)
		}
		return fmt.Errorf("run %s %s", res.RunID, res.Status)
	}
	return nil
}
