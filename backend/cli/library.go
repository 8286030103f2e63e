package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"lexflow/backend/api"
)

// runCollection runs `lexflow collection create|list|rm`.
func runCollection(ctx context.Context, args []string, dataDir string, env Env) error {
	if len(args) == 0 {
		return usagef("collection needs a subcommand: create, list or rm")
	}
	sub, args := args[0], args[1:]
	fs := newFlags("collection "+sub, env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	asJSON := fs.Bool("json", false, "print JSON")
	desc := fs.String("description", "", "description (create)")
	ocrLang := fs.String("ocr-language", "", `Tesseract language of scanned pages, e.g. "ara" or "ara+eng" (create; default: told from each scan)`)
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	want := map[string]int{"create": 1, "list": 0, "rm": 1}
	n, ok := want[sub]
	if !ok {
		return usagef("unknown collection subcommand %q (create, list, rm)", sub)
	}
	if len(rest) != n {
		return usagef("collection %s takes %d argument(s), got %d", sub, n, len(rest))
	}
	a, err := openApp(ctx, dataDir, "cli", env)
	if err != nil {
		return err
	}
	defer a.Close()
	lib, out := a.services.Library, output{w: env.Stdout, json: *asJSON}
	switch sub {
	case "create":
		c, err := lib.CreateCollection(ctx, api.CollectionInput{Name: rest[0], Description: *desc, OCRLanguage: *ocrLang})
		if err != nil {
			return explainAPI(err)
		}
		return out.print(c, func(w io.Writer) { fmt.Fprintf(w, "Created collection %q, id %s\n", c.Name, c.ID) })
	case "rm":
		c, err := lib.Collection(ctx, rest[0])
		if err != nil {
			return err
		}
		if err := lib.DeleteCollection(ctx, c.ID); err != nil {
			return err
		}
		return out.print(map[string]string{"removed": c.ID}, func(w io.Writer) { fmt.Fprintf(w, "Removed collection %q\n", c.Name) })
	default:
		list, err := lib.Collections(ctx)
		if err != nil {
			return err
		}
		return out.print(list, func(w io.Writer) { printCollections(w, list) })
	}
}

func printCollections(w io.Writer, list []api.Collection) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tDOCUMENTS\tCHUNKS\tOCR\tID")
	for _, c := range list {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\n", c.Name, c.Documents, c.Chunks, cmp.Or(c.OCRLanguage, "auto"), c.ID)
	}
	tw.Flush()
}

// runSearch runs `lexflow search --collection NAME [--top-k N] [--json] "query"`.
func runSearch(ctx context.Context, args []string, dataDir string, env Env) error {
	fs := newFlags("search", env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	coll := fs.String("collection", "", "collection name or id (default: all)")
	topK := fs.Int("top-k", 10, "number of hits")
	asJSON := fs.Bool("json", false, "print JSON")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usagef("search needs a query")
	}
	a, err := openApp(ctx, dataDir, "cli", env)
	if err != nil {
		return err
	}
	defer a.Close()
	req := api.SearchRequest{Query: strings.Join(rest, " "), TopK: *topK}
	if *coll != "" {
		c, err := a.services.Library.Collection(ctx, *coll)
		if err != nil {
			return err
		}
		req.CollectionIDs = []string{c.ID}
	}
	res, err := a.services.Library.Search(ctx, req)
	if err != nil {
		return explainAPI(err)
	}
	return output{w: env.Stdout, json: *asJSON}.print(res.Hits, func(w io.Writer) { printHits(w, res.Hits) })
}

func printHits(w io.Writer, hits []api.SearchHit) {
	if len(hits) == 0 {
		fmt.Fprintln(w, "No hits.")
	}
	for _, h := range hits {
		fmt.Fprintf(w, "%2d. %.3f  %s\n    %s\n", h.Rank, h.Score, h.Chunk.Locator.CiteDocument(), oneLine(h.Chunk.Text, 160))
		if len(h.AlsoIn) > 0 {
			names := make([]string, len(h.AlsoIn))
			for i, d := range h.AlsoIn {
				names[i] = d.Name
			}
			fmt.Fprintf(w, "    also in: %s\n", strings.Join(names, ", "))
		}
	}
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}

// runLibrary runs `lexflow library check|list|rename`. Opening the library
// recovers any interrupted work; check then proves every ready document's
// index entries match its chunks in SQLite.
func runLibrary(ctx context.Context, args []string, dataDir string, env Env) error {
	fs := newFlags("library", env)
	fs.StringVar(&dataDir, "data-dir", dataDir, "data directory")
	coll := fs.String("collection", "", "collection name or id (list; default: all)")
	asJSON := fs.Bool("json", false, "print JSON (list, rename)")
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	want := map[string]int{"check": 1, "list": 1, "rename": 3}
	if len(rest) == 0 || want[rest[0]] != len(rest) {
		return usagef("library takes a subcommand: check, list [--collection NAME], or rename DOCUMENT_ID TITLE")
	}
	a, err := openApp(ctx, dataDir, "cli", env)
	if err != nil {
		return err
	}
	defer a.Close()
	out := output{w: env.Stdout, json: *asJSON}
	switch rest[0] {
	case "list":
		return listDocuments(ctx, a, *coll, out)
	case "rename":
		d, err := a.services.Library.RenameDocument(ctx, rest[1], api.DocumentTitle{Title: rest[2]})
		if err != nil {
			return explainAPI(err)
		}
		return out.print(d, func(w io.Writer) { fmt.Fprintf(w, "%s is now titled %q\n", d.Name, d.Title) })
	}
	bad, err := a.library.Verify(ctx)
	if err != nil {
		return err
	}
	if len(bad) > 0 {
		return fmt.Errorf("the index disagrees with the database for: %s", strings.Join(bad, ", "))
	}
	fmt.Fprintf(env.Stdout, "library check: the index agrees with the database; removed %s\n", a.library.RemovedLeftovers())
	return nil
}

// listDocuments prints the documents of one collection, or of all.
func listDocuments(ctx context.Context, a *app, coll string, out output) error {
	lib := a.services.Library
	var colls []api.Collection
	if coll != "" {
		c, err := lib.Collection(ctx, coll)
		if err != nil {
			return err
		}
		colls = []api.Collection{c}
	} else if all, err := lib.Collections(ctx); err == nil {
		colls = all
	} else {
		return err
	}
	docs := []api.Document{}
	for _, c := range colls {
		ds, err := lib.Documents(ctx, c.ID)
		if err != nil {
			return err
		}
		docs = append(docs, ds...)
	}
	return out.print(docs, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "TITLE\tFILE\tSTATUS\tID")
		for _, d := range docs {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", d.Title, d.Name, d.Status, d.ID)
		}
		tw.Flush()
	})
}
