package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"lexflow/backend/api"
)

// runProvider runs `lexflow provider SUBCOMMAND`.
func runProvider(ctx context.Context, args []string, dataDir string, env Env) error {
	if len(args) == 0 {
		return usagef("provider needs a subcommand: add, set, list, test, models or rm")
	}
	sub, args := args[0], args[1:]
	fs := newFlags("provider "+sub, env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	asJSON := fs.Bool("json", false, "print JSON")
	var in api.ProviderInput
	var apiKey string
	if sub == "add" || sub == "set" {
		fs.StringVar(&in.Name, "name", "", "provider name")
		fs.StringVar(&in.BaseURL, "base-url", "", "base URL, e.g. http://127.0.0.1:11434 or http://127.0.0.1:1234/v1")
		fs.StringVar(&apiKey, "api-key", "", "API key (optional)")
		fs.StringVar(&in.DefaultModel, "default-model", "", "default model")
	}
	if sub == "add" {
		fs.StringVar(&in.Kind, "kind", "", "ollama or openai")
	}
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	cmd, ok := providerCommands[sub]
	if !ok {
		return usagef("unknown provider subcommand %q (add, set, list, test, models, rm)", sub)
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
	return cmd.run(ctx, a.services.Providers, providerArgs{input: in, rest: rest, warn: env.Stderr}, out)
}

type providerArgs struct {
	input api.ProviderInput
	rest  []string
	warn  io.Writer // where what the user should fix later is said
}

type providerCommand struct {
	args int
	run  func(context.Context, *api.ProviderService, providerArgs, output) error
}

var providerCommands = map[string]providerCommand{
	"add":    {0, providerAdd},
	"set":    {1, providerSet},
	"list":   {0, providerList},
	"test":   {1, providerTest},
	"models": {1, providerModels},
	"rm":     {1, providerRemove},
}

func providerAdd(ctx context.Context, s *api.ProviderService, a providerArgs, out output) error {
	if a.input.Name == "" || a.input.Kind == "" {
		return usagef("provider add needs --name and --kind")
	}
	check, err := checkBeforeSaving(ctx, s, "", a.input)
	if err != nil {
		return err
	}
	p, err := s.Create(ctx, a.input)
	if err != nil {
		return explainAPI(err)
	}
	if err := out.print(p, func(w io.Writer) {
		fmt.Fprintf(w, "Added provider %q (%s, %s), id %s\n", p.Name, p.Kind, p.BaseURL, p.ID)
	}); err != nil {
		return err
	}
	warnAboutModels(a.warn, p, check)
	return nil
}

// providerSet changes what its flags name and keeps the rest: most often the
// default model a provider was added without.
func providerSet(ctx context.Context, s *api.ProviderService, a providerArgs, out output) error {
	old, err := s.Get(ctx, a.rest[0])
	if err != nil {
		return explainAPI(err)
	}
	in := api.ProviderInput{
		Name: cmp.Or(a.input.Name, old.Name), Kind: old.Kind, BaseURL: cmp.Or(a.input.BaseURL, old.BaseURL),
		APIKey: a.input.APIKey, DefaultModel: cmp.Or(a.input.DefaultModel, old.DefaultModel),
	}
	check, err := checkBeforeSaving(ctx, s, old.ID, in)
	if err != nil {
		return err
	}
	p, err := s.Update(ctx, old.ID, in)
	if err != nil {
		return explainAPI(err)
	}
	if err := out.print(p, func(w io.Writer) {
		fmt.Fprintf(w, "Updated provider %q (%s, %s, default model %s)\n", p.Name, p.Kind, p.BaseURL, dash(p.DefaultModel))
	}); err != nil {
		return err
	}
	warnAboutModels(a.warn, p, check)
	return nil
}

// checkBeforeSaving connects as the add dialog does. A base URL that answers
// 404 where a nearby one lists models is refused with the fix; a server that
// cannot be reached is not, since a provider may be set up before it runs.
func checkBeforeSaving(ctx context.Context, s *api.ProviderService, id string, in api.ProviderInput) (api.ProviderTest, error) {
	res, err := s.Check(ctx, id, in)
	if err != nil {
		return res, explainAPI(err)
	}
	if !res.OK && res.SuggestedBaseURL != "" {
		return res, usagef("--base-url: %s answers 404 but %s lists models; use --base-url %s", in.BaseURL, res.SuggestedBaseURL, res.SuggestedBaseURL)
	}
	return res, nil
}

// warnAboutModels says what stops the provider from answering: no
// connection, no default model (it is then never the default provider), or
// a default model the server does not offer.
func warnAboutModels(w io.Writer, p api.Provider, check api.ProviderTest) {
	offered := make([]string, len(check.Models))
	for i, m := range check.Models {
		offered[i] = m.Name
	}
	switch {
	case !check.OK:
		fmt.Fprintf(w, "warning: could not connect to %s (%s); check it with `lexflow provider test %s` once the server runs\n",
			p.BaseURL, check.Error.Message, quoteArg(p.Name))
	case p.DefaultModel == "":
		fmt.Fprintf(w, "warning: %q has no default model, so it is never the default provider; choose one with `lexflow provider set %s --default-model MODEL`%s\n",
			p.Name, quoteArg(p.Name), offeredList(offered))
	case len(offered) > 0 && !slices.Contains(offered, p.DefaultModel):
		fmt.Fprintf(w, "warning: %s does not offer the model %q%s\n", p.Name, p.DefaultModel, offeredList(offered))
	}
}

func offeredList(models []string) string {
	if len(models) == 0 {
		return ""
	}
	return " (it offers " + strings.Join(models, ", ") + ")"
}

// quoteArg quotes a name for a shell command line when it needs it.
func quoteArg(s string) string {
	if strings.ContainsAny(s, " \t'\"$`\\") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
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
