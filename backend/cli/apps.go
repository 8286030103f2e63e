package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"lexflow/backend/api"
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
	format := fs.String("format", "yaml", "yaml or json (export)")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	want := map[string]int{"import": 1, "export": 1, "list": 0}
	if n, ok := want[sub]; !ok || len(rest) != n {
		return usagef("usage: app import FILE [--name NAME] | app export APP [--format yaml|json] | app list")
	}
	a, err := openSettings(ctx, dataDir, env)
	if err != nil {
		return err
	}
	defer a.Close()
	apps, out := a.services.Apps, output{w: env.Stdout, json: *asJSON}
	switch sub {
	case "import":
		return importApp(ctx, apps, rest[0], *name, out)
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

func importApp(ctx context.Context, apps *api.AppService, path, name string, out output) error {
	dsl, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	res, err := apps.Import(ctx, api.AppImport{DSL: string(dsl), Name: name})
	if err != nil {
		return err
	}
	return out.print(res, func(w io.Writer) {
		fmt.Fprintf(w, "Imported %s %q (from %s), id %s\n", res.App.Mode, res.App.Name, res.Report.Source, res.App.ID)
		for _, u := range res.Report.Unsupported {
			fmt.Fprintf(w, "  not mapped: node %s (%s): %s\n", u.NodeID, u.Type, u.Reason)
		}
		for _, u := range res.Report.Warnings {
			fmt.Fprintf(w, "  warning: %s %s\n", u.NodeID, u.Reason)
		}
	})
}
