package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"lexflow/backend/api"
	"lexflow/backend/dsl"
)

// runApp runs `lexflow app import|export|list`.
func runApp(ctx context.Context, args []string, dataDir string, env Env) error {
	if len(args) == 0 {
		return usagef("app needs a subcommand: import, export or list")
	}
	sub, args := args[0], args[1:]
	fs := newFlags("app "+sub, env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	asJSON := fs.Bool("json", false, "print JSON")
	name := fs.String("name", "", "app name (import)")
	defaultModel := fs.String("default-model", "", "PROVIDER/MODEL for every model the app names that has no match here (import)")
	modelMap, datasetMap := map[string]string{}, map[string]string{}
	fs.Func("model-map", "OLD=NEW: map the app's model OLD (as the DSL names it, e.g. deepseek/deepseek-chat) to a configured PROVIDER/MODEL (import; repeatable)",
		pairInto(modelMap, "OLD=NEW"))
	collection := fs.String("collection", "", "collection NAME every dataset the app searches goes to, unless --dataset-map says otherwise (import)")
	fs.Func("dataset-map", "DATASET=COLLECTION: search the collection (name or id) wherever the app names dataset id DATASET (import; repeatable)",
		pairInto(datasetMap, "DATASET=COLLECTION"))
	format := fs.String("format", "yaml", "yaml or json (export)")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	want := map[string]int{"import": 1, "export": 1, "list": 0}
	if n, ok := want[sub]; !ok || len(rest) != n {
		return usagef("usage: app import FILE [--name NAME] [--default-model PROVIDER/MODEL] [--model-map OLD=NEW]... [--collection NAME] [--dataset-map DATASET=COLLECTION]... | app export APP [--format yaml|json] | app list")
	}
	a, err := openSettings(ctx, dataDir, env)
	if err != nil {
		return err
	}
	defer a.Close()
	apps, out := a.services.Apps, output{w: env.Stdout, json: *asJSON}
	switch sub {
	case "import":
		in := api.AppImport{Name: *name, DefaultModel: *defaultModel, ModelMap: modelMap, Collection: *collection, DatasetMap: datasetMap}
		return importApp(ctx, apps, in, rest[0], out)
	case "export":
		dsl, err := apps.Export(ctx, rest[0], *format)
		if err != nil {
			return err
		}
		_, err = env.Stdout.Write(dsl)
		return err
	default:
		list, err := apps.List(ctx)
		if err != nil {
			return err
		}
		return out.print(list, func(w io.Writer) {
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tMODE\tUPDATED\tID")
			for _, a := range list {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", a.Name, a.Mode, a.UpdatedAt.Local().Format("2006-01-02 15:04"), a.ID)
			}
			tw.Flush()
		})
	}
}

// pairInto reads a repeatable KEY=VALUE flag into m; shape names it in errors.
func pairInto(m map[string]string, shape string) func(string) error {
	return func(v string) error {
		key, value, ok := strings.Cut(v, "=")
		if !ok || key == "" || value == "" {
			return fmt.Errorf("%q is not %s", v, shape)
		}
		m[key] = value
		return nil
	}
}

// importApp imports a DSL file and prints its report, node by node; it
// fails (exit 1) when the imported app cannot run yet.
func importApp(ctx context.Context, apps *api.AppService, in api.AppImport, path string, out output) error {
	dsl, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	in.DSL = string(dsl)
	res, err := apps.Import(ctx, in)
	if err != nil {
		return err
	}
	rep := res.Report
	if err := out.print(res, func(w io.Writer) { printImport(w, res) }); err != nil {
		return err
	}
	if !rep.Runnable {
		return fmt.Errorf("imported %q, but it cannot run yet: %s", res.App.Name, rep.Summary())
	}
	return nil
}

func printImport(w io.Writer, res api.AppImported) {
	rep := res.Report
	source := "Lexflow"
	if rep.Source == "dify" {
		source = "Dify " + rep.SourceVersion
	}
	fmt.Fprintf(w, "Imported %s %q from %s, id %s\n", res.App.Mode, res.App.Name, source, res.App.ID)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, n := range rep.Nodes {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", outcomeWords[n.Outcome], cmp.Or(n.Title, n.NodeID), n.SourceType, strings.Join(n.Details, "; "))
	}
	tw.Flush()
	for _, m := range rep.Models {
		fmt.Fprintf(w, "  model %s → %s (%s)\n", m.From, cmp.Or(m.To, "unchanged"), cmp.Or(m.Why, "no model is configured"))
	}
	for _, d := range rep.Datasets {
		to := "no collection: choose one with --collection or --dataset-map"
		if d.To != "" {
			to = fmt.Sprintf("collection %q", d.Collection)
		}
		fmt.Fprintf(w, "  dataset %s → %s\n", d.From, to)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	fmt.Fprintf(w, "%s\n", capitalize(rep.Summary()))
}

var outcomeWords = map[dsl.Outcome]string{
	dsl.OutcomeMapped:      "mapped",
	dsl.OutcomeChanged:     "changed",
	dsl.OutcomeAttention:   "needs attention",
	dsl.OutcomeUnsupported: "not supported",
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
