// Command evaltitles measures the document titles ingestion finds
// (ingest.Title, else the file name made readable) against the titles a
// person gave CUAD's contracts: ../shared/eval/cuad/docs.jsonl, whose
// "title" reads "Distributor Agreement between Accuray Inc. and …". Our
// titles name the document and leave the parties out, so a title counts as
//
//   - exact when it is the reference's part before " between " (case,
//     punctuation and spacing aside);
//   - reasonable when exact, or when every word of it is in the reference
//     and it has at least two, or when it holds the reference's part before
//     " between " (it says more: "Amendment No. 1 to …");
//   - wrong otherwise.
//
// It then prints the titles of the sample library (examples/corpus), where
// every format is represented, for a look.
//
//	go run ./scripts/evaltitles        # the tables
//	go run ./scripts/evaltitles -v     # also every title that is not exact
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
	"lexflow/examples"
	"lexflow/scripts/internal/mdtable"
	"lexflow/scripts/internal/repo"
)

func main() {
	data := flag.String("data", "", "the CUAD directory with docs.jsonl and corpus/ (default: ../shared/eval/cuad from the repository root)")
	verbose := flag.Bool("v", false, "list every CUAD title that is not exact")
	flag.Parse()
	if err := run(*data, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "evaltitles:", err)
		os.Exit(1)
	}
}

type reference struct {
	Doc   string `json:"doc"`
	Title string `json:"title"`
}

func run(data string, verbose bool) error {
	if data == "" {
		root, err := repo.Root()
		if err != nil {
			return err
		}
		data = filepath.Join(root, "..", "shared", "eval", "cuad")
	}
	refs, err := readReferences(filepath.Join(data, "docs.jsonl"))
	if err != nil {
		return err
	}
	counts := map[string]int{}
	sources := map[string]int{}
	for _, ref := range refs {
		title, source, err := titleOf(filepath.Join(data, "corpus", ref.Doc), evidence.FormatText)
		if err != nil {
			return err
		}
		sources[source]++
		grade := gradeTitle(title, ref.Title)
		counts[grade]++
		if verbose && grade != "exact" {
			fmt.Printf("%-10s %-9s %-50q want %q\n", grade, source, title, ref.Title)
		}
	}
	n := len(refs)
	fmt.Printf("CUAD: %d contracts (docs.jsonl)\n\n", n)
	mdtable.Table{{"grade", "titles", "share"},
		{"exact", fmt.Sprint(counts["exact"]), pct(counts["exact"], n)},
		{"reasonable (incl. exact)", fmt.Sprint(counts["exact"] + counts["reasonable"]), pct(counts["exact"]+counts["reasonable"], n)},
		{"wrong", fmt.Sprint(counts["wrong"]), pct(counts["wrong"], n)},
	}.Print(os.Stdout)
	fmt.Printf("\ntitle from the text or metadata: %d, from the file name: %d\n\n", sources["document"], sources["file name"])
	return printSamples()
}

// titleOf is the title a file gets at ingestion, and where it came from.
func titleOf(path string, format evidence.Format) (title, source string, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", "", err
	}
	ex, err := ingest.Extract(context.Background(), format, strings.NewReader(string(b)), int64(len(b)), ingest.DefaultLimits())
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	if t := ingest.Title(ex); t != "" {
		return t, "document", nil
	}
	return evidence.NameTitle(filepath.Base(path)), "file name", nil
}

func printSamples() error {
	corpus := examples.Corpus()
	names, err := fs.Glob(corpus, "*.*")
	if err != nil {
		return err
	}
	table := mdtable.Table{{"sample file", "title", "from"}}
	for _, name := range names {
		format, err := ingest.Detect(name, nil)
		if err != nil || strings.EqualFold(name, "README.md") {
			continue
		}
		b, err := fs.ReadFile(corpus, name)
		if err != nil {
			return err
		}
		ex, err := ingest.Extract(context.Background(), format, strings.NewReader(string(b)), int64(len(b)), ingest.DefaultLimits())
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		title, from := ingest.Title(ex), "document"
		if title == "" {
			title, from = evidence.NameTitle(name), "file name"
		}
		table = append(table, []string{name, title, from})
	}
	fmt.Println("Sample library (examples/corpus)")
	fmt.Println()
	table.Print(os.Stdout)
	return nil
}

func readReferences(path string) ([]reference, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var refs []reference
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r reference
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		refs = append(refs, r)
	}
	return refs, sc.Err()
}

// gradeTitle grades a title against the reference: exact, reasonable or wrong.
func gradeTitle(title, ref string) string {
	head := ref
	if i := strings.Index(strings.ToLower(ref), " between "); i >= 0 {
		head = ref[:i]
	}
	got, want := words(title), words(head)
	switch {
	case strings.Join(got, " ") == strings.Join(want, " "):
		return "exact"
	case len(got) >= 2 && subset(got, words(ref)), strings.Contains(" "+strings.Join(got, " ")+" ", " "+strings.Join(want, " ")+" "):
		return "reasonable"
	}
	return "wrong"
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func subset(a, b []string) bool {
	set := map[string]bool{}
	for _, w := range b {
		set[w] = true
	}
	for _, w := range a {
		if !set[w] {
			return false
		}
	}
	return true
}

func pct(n, of int) string { return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(max(of, 1))) }
