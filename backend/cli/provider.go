package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"lexflow/backend/api"
)

// runProvider runs `lexflow provider SUBCOMMAND`.
func runProvider(ctx context.Context, args []string, dataDir string, env Env) error {
	if len(args) == 0 {
		return usagef("provider needs a subcommand: add, list, test, models or rm")
	}
	sub, args := args[0], args[1:]
	fs := newFlags("provider "+sub, env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	asJSON := fs.Bool("json", false, "print JSON")
	var in api.ProviderInput
	var apiKey string
	if sub == "add" {
		fs.StringVar(&in.Name, "name", "", "provider name")
		fs.StringVar(&in.Kind, "kind", "", "ollama or openai")
		fs.StringVar(&in.BaseURL, "base-url", "", "base URL, e.g. http://127.0.0.1:11434 or http://127.0.0.1:1234/v1")
		fs.StringVar(&apiKey, "api-key", "", "API key (optional)")
		fs.StringVar(&in.DefaultModel, "default-model", "", "default model")
	}
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	cmd, ok := providerCommands[sub]
	if !ok {
		return usagef("unknown provider subcommand %q (add, list, test, models, rm)", sub)
	}
	if want := cmd.args; len(rest) != want {
		return usagef("provider %s takes %d argument(s), got %d", sub, want, len(rest))
	}
	if apiKey != "" {
		in.APIKey = &apiKey
	}
	a, err := openSettings(ctx, dataDir, env)
	if err != nil {
		return err
	}
	defer a.Close()
	out := output{w: env.Stdout, json: *asJSON}
	return cmd.run(ctx, a.services.Providers, providerArgs{input: in, rest: rest}, out)
}

type providerArgs struct {
	input api.ProviderInput
	rest  []string
}

type providerCommand struct {
	args int
	run  func(context.Context, *api.ProviderService, providerArgs, output) error
}

var providerCommands = map[string]providerCommand{
	"add":    {0, providerAdd},
	"list":   {0, providerList},
	"test":   {1, providerTest},
	"models": {1, providerModels},
	"rm":     {1, providerRemove},
}

func providerAdd(ctx context.Context, s *api.ProviderService, a providerArgs, out output) error {
	if a.input.Name == "" || a.input.Kind == "" {
		return usagef("provider add needs --name and --kind")
	}
	p, err := s.Create(ctx, a.input)
	if err != nil {
		return explainAPI(err)
	}
	return out.print(p, func(w io.Writer) {
		fmt.Fprintf(w, "Added provider %q (%s, %s), id %s\n", p.Name, p.Kind, p.BaseURL, p.ID)
	})
}

func providerList(ctx context.Context, s *api.ProviderService, _ providerArgs, out output) error {
	list, err := s.List(ctx)
	if err != nil {
		return err
	}
	return out.print(list, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "NAME\tKIND\tBASE URL\tDEFAULT MODEL\tKEY\tLAST TEST")
		for _, p := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", p.Name, p.Kind, dash(p.BaseURL), dash(p.DefaultModel), dash(p.APIKeyHint), dash(p.LastStatus))
		}
		tw.Flush()
	})
}

func providerTest(ctx context.Context, s *api.ProviderService, a providerArgs, out output) error {
	p, err := s.Get(ctx, a.rest[0])
	if err != nil {
		return explainAPI(err)
	}
	res, err := s.Test(ctx, p.ID)
	if err != nil {
		return explainAPI(err)
	}
	if err := out.print(res, func(w io.Writer) { printTest(w, p, res) }); err != nil {
		return err
	}
	if !res.OK {
		return silentFailure{}
	}
	return nil
}

func printTest(w io.Writer, p api.Provider, res api.ProviderTest) {
	if !res.OK {
		fmt.Fprintf(w, "%s: connection failed (%s): %s\n", p.Name, res.Error.Code, res.Error.Message)
		return
	}
	fmt.Fprintf(w, "%s: connected in %d ms, %d model(s)\n", p.Name, res.LatencyMs, len(res.Models))
	for _, m := range res.Models {
		fmt.Fprintf(w, "  %s\n", m.Name)
	}
}

func providerModels(ctx context.Context, s *api.ProviderService, a providerArgs, out output) error {
	p, err := s.Get(ctx, a.rest[0])
	if err != nil {
		return explainAPI(err)
	}
	models, err := s.Models(ctx, p.ID)
	if err != nil {
		return explainAPI(err)
	}
	return out.print(models, func(w io.Writer) {
		for _, m := range models {
			fmt.Fprintln(w, m.Name)
		}
	})
}

func providerRemove(ctx context.Context, s *api.ProviderService, a providerArgs, out output) error {
	p, err := s.Get(ctx, a.rest[0])
	if err != nil {
		return explainAPI(err)
	}
	if err := s.Delete(ctx, p.ID); err != nil {
		return explainAPI(err)
	}
	return out.print(map[string]string{"removed": p.ID}, func(w io.Writer) { fmt.Fprintf(w, "Removed provider %q\n", p.Name) })
}

// output prints either JSON or the human form.
type output struct {
	w    io.Writer
	json bool
}

func (o output) print(v any, human func(io.Writer)) error {
	if !o.json {
		human(o.w)
		return nil
	}
	enc := json.NewEncoder(o.w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// silentFailure exits 1 after the command already printed why.
type silentFailure struct{}

func (silentFailure) Error() string { return "operation failed" }

// explainAPI turns validation errors into bad usage naming the flag at fault.
func explainAPI(err error) error {
	var apiErr *api.Error
	if errors.As(err, &apiErr) && apiErr.Body.Code == "bad_request" && apiErr.Body.Field != "" {
		return usagef("--%s: %s", flagName(apiErr.Body.Field), apiErr.Body.Message)
	}
	return err
}

// flagName maps a DTO field to its CLI flag: baseUrl → base-url.
func flagName(field string) string {
	var b strings.Builder
	for _, r := range field {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('-')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
