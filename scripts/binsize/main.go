// Command binsize shows where the bytes of the release binary go: it builds
// the binary as `make bin/lexflow` does (stripped) for its real size, and once
// more with its symbol table, whose symbols it sums by Go package (or module)
// over the parts of the file that are loaded (code, read-only data, data;
// not zero-filled memory). The line table (.gopclntab) and type metadata grow
// with the code but belong to no single symbol; they are shown as sections.
//
//	go run ./scripts/binsize              # top 40 packages
//	go run ./scripts/binsize -by module   # grouped by Go module
//	go run ./scripts/binsize -bin /tmp/lx # an unstripped binary built before
package main

import (
	"cmp"
	"debug/elf"
	"flag"
	"fmt"
	"log"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"lexflow/scripts/internal/mdtable"
)

func main() {
	by := flag.String("by", "package", "group symbols by package or module")
	top := flag.Int("top", 40, "rows to print")
	bin := flag.String("bin", "", "unstripped binary to read instead of building one (no stripped size then)")
	tags := flag.String("tags", "", "build tags, as for go build")
	flag.Parse()
	log.SetFlags(0)

	dir, err := os.MkdirTemp("", "lexflow-binsize-")
	check(err)
	defer os.RemoveAll(dir)
	if *bin == "" {
		stripped := filepath.Join(dir, "lexflow-stripped")
		check(build(stripped, *tags, "-s -w"))
		st, err := os.Stat(stripped)
		check(err)
		fmt.Printf("release binary (stripped, as make bin/lexflow): %s\n\n", mib(st.Size()))
		*bin = filepath.Join(dir, "lexflow")
		check(build(*bin, *tags, ""))
	}
	owners, err := packageModules(*tags)
	check(err)
	f, err := elf.Open(*bin)
	check(err)
	defer f.Close()

	sectionTable(f).Print(os.Stdout)
	fmt.Println()
	sizes, err := symbolSizes(f, owners, *by == "module")
	check(err)
	groupTable(sizes, *by, *top).Print(os.Stdout)
}

func build(out, tags, ldflags string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-tags", tags, "-ldflags", ldflags, "-o", out, ".")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("build %s: %w", filepath.Base(out), err)
	}
	return nil
}

// packageModules maps every package linked into the binary to its module
// ("std" for the standard library).
func packageModules(tags string) (map[string]string, error) {
	out, err := exec.Command("go", "list", "-deps", "-tags", tags, "-f", "{{.ImportPath}} {{with .Module}}{{.Path}}{{else}}std{{end}}", ".").Output()
	if err != nil {
		return nil, fmt.Errorf("list packages: %w", err)
	}
	owners := map[string]string{}
	for line := range strings.Lines(string(out)) {
		pkg, mod, _ := strings.Cut(strings.TrimSpace(line), " ")
		owners[pkg] = mod
	}
	return owners, nil
}

// loaded reports whether a section takes room in the file (zero-filled
// memory such as .bss does not).
func loaded(s *elf.Section) bool {
	return s.Flags&elf.SHF_ALLOC != 0 && s.Type != elf.SHT_NOBITS
}

func sectionTable(f *elf.File) mdtable.Table {
	t := mdtable.Table{{"section", "size"}}
	var total uint64
	for _, s := range f.Sections {
		if loaded(s) && s.Size >= 64<<10 {
			t = append(t, []string{s.Name, mib(int64(s.Size))})
		}
		if loaded(s) {
			total += s.Size
		}
	}
	return append(t, []string{"all loaded sections", mib(int64(total))})
}

// symbolSizes sums the sizes of the symbols in loaded sections by package, or
// by module when byModule.
func symbolSizes(f *elf.File, owners map[string]string, byModule bool) (map[string]int64, error) {
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("read symbols: %w", err)
	}
	pkgs := slices.SortedFunc(maps.Keys(owners), func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	sizes := map[string]int64{}
	named := map[elf.SectionIndex]int64{}
	for _, s := range syms {
		if int(s.Section) <= 0 || int(s.Section) >= len(f.Sections) || !loaded(f.Sections[s.Section]) {
			continue
		}
		group := symbolPackage(s.Name, pkgs)
		if byModule {
			group = cmp.Or(owners[group], group)
		}
		sizes[group] += int64(s.Size)
		named[s.Section] += int64(s.Size)
	}
	// What no sized symbol covers: the line table, type descriptors and
	// string data (embedded files among them), each a row of its own.
	for i, s := range f.Sections {
		if rest := int64(s.Size) - named[elf.SectionIndex(i)]; loaded(s) && rest > 0 {
			sizes["("+s.Name+", in no sized symbol)"] += rest
		}
	}
	return sizes, nil
}

// symbolPackage names the package a linker symbol belongs to: the longest
// linked package path the name starts with, once prefixes such as "type:" are
// removed. Symbols from C code (SQLite) and the linker's own are grouped apart.
func symbolPackage(name string, pkgs []string) string {
	bare := name
	for _, prefix := range []string{"type:.eq.", "type:.namedata.", "type:", "go:itab.", "*", "[]", "map.bucket["} {
		bare = strings.TrimPrefix(bare, prefix)
	}
	for _, p := range pkgs {
		if strings.HasPrefix(bare, p+".") {
			return p
		}
	}
	switch {
	case strings.HasPrefix(name, "go:") || strings.HasPrefix(name, "type:") || strings.HasPrefix(name, "runtime."):
		return "(runtime metadata: " + strings.SplitN(name, ".", 2)[0] + ")"
	case !strings.Contains(name, "."):
		return "(C code: SQLite, cgo glue)"
	}
	return "(other)"
}

func groupTable(sizes map[string]int64, by string, top int) mdtable.Table {
	names := slices.SortedFunc(maps.Keys(sizes), func(a, b string) int { return cmp.Compare(sizes[b], sizes[a]) })
	var total int64
	for _, n := range names {
		total += sizes[n]
	}
	t := mdtable.Table{{by, "size", "share of file"}}
	var rest int64
	for i, n := range names {
		if i >= top {
			rest += sizes[n]
			continue
		}
		t = append(t, []string{n, mib(sizes[n]), fmt.Sprintf("%.1f%%", 100*float64(sizes[n])/float64(total))})
	}
	return append(t,
		[]string{fmt.Sprintf("%d more", max(len(names)-top, 0)), mib(rest), fmt.Sprintf("%.1f%%", 100*float64(rest)/float64(total))},
		[]string{"all loaded sections", mib(total), "100%"})
}

func mib(n int64) string { return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20)) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
