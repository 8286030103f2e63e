package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The PDF comparison asks whether reading a contract from its PDF, rather
// than from its text, costs retrieval quality. The contracts of cuad-pdf
// whose reference text is byte for byte the corpus file are ingested twice
// through the real pipeline, once as .txt and once as .pdf, under the same
// document names (the .txt file name), and the same queries are asked of
// both. Gold offsets count code points of the .txt; for the PDF run each
// gold span is carried onto the extracted text by a word alignment
// (goldmap.go).

// pdfTarget is the most span hit@10 the PDF run may lose against the text run.
const pdfTarget = -0.02

// pdfComparison is everything the PDF report needs.
type pdfComparison struct {
	contracts int // in the subset
	corpus    int // contracts in the whole .txt corpus
	pdfFiles  int // PDFs in cuad-pdf
	txt, pdf  *env
	gold      *goldMapper
	sets      []comparedSet
}

// comparedSet is one query set asked of both corpora.
type comparedSet struct {
	name     string
	all      int // queries in the set
	onSubset int // of them, those whose gold lies on the subset's contracts
	mapping  mapStats
	txt, pdf []settingRun // the same settings, in the same order
}

func comparePDF(ctx context.Context, cfg config, all *corpus, sets []querySet) error {
	txt, pdf, files, err := readSubset(cfg.pdfData, all)
	if err != nil {
		return err
	}
	cmp := pdfComparison{contracts: len(txt.names), corpus: len(all.names), pdfFiles: files}
	logf("PDF comparison: %d of %d PDFs have the corpus file as reference text", len(txt.names), files)
	if cmp.txt, err = openCorpus(ctx, cfg, txt, subsetTXTCache); err != nil {
		return err
	}
	defer cmp.txt.close()
	cmp.txt.checkTexts(ctx, txt)
	if cmp.pdf, err = openCorpus(ctx, cfg, pdf, subsetPDFCache); err != nil {
		return err
	}
	defer cmp.pdf.close()
	cmp.gold = newGoldMapper(cmp.pdf, pdf)
	for _, s := range sets {
		cs, err := cmp.compare(ctx, s, txt)
		if err != nil {
			return err
		}
		cmp.sets = append(cmp.sets, cs)
	}
	printPDFReport(os.Stdout, cmp, cfg.categories)
	if cfg.dump > 0 {
		return dumpPDFLosses(ctx, os.Stdout, cmp, txt, cfg.dump)
	}
	return nil
}

// compare asks the queries of s that lie on the subset of both corpora.
func (cmp *pdfComparison) compare(ctx context.Context, s querySet, txt *corpus) (comparedSet, error) {
	on := restrict(s, txt)
	cs := comparedSet{name: s.name, all: len(s.full), onSubset: len(on.full)}
	txtSet, pdfSet, st, err := cmp.gold.mapSet(ctx, on)
	if err != nil {
		return cs, err
	}
	cs.mapping = st
	if cs.txt, err = cmp.txt.runAll(ctx, txtSet); err != nil {
		return cs, err
	}
	cs.pdf, err = cmp.pdf.runAll(ctx, pdfSet)
	return cs, err
}

func (e *env) runAll(ctx context.Context, set querySet) ([]settingRun, error) {
	var runs []settingRun
	for _, s := range settings([]querySet{set}) {
		r, err := e.runSetting(ctx, s)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// readSubset lists the PDFs of dir/pdf whose reference text in dir/txt is
// byte for byte the corpus file of the same name, and returns them as two
// corpora under the same names: the .txt files, and the PDFs with the .txt
// as reference text. files is how many PDFs there are in all.
func readSubset(dir string, all *corpus) (txt, pdf *corpus, files int, err error) {
	entries, err := os.ReadDir(filepath.Join(dir, "pdf"))
	if err != nil {
		return nil, nil, 0, err
	}
	txtFiles, pdfFiles := map[string]string{}, map[string]string{}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || !strings.EqualFold(ext, ".pdf") {
			continue
		}
		files++
		name := strings.TrimSuffix(e.Name(), ext) + ".txt"
		same, err := sameBytes(filepath.Join(dir, "txt", name), all.files[name])
		if err != nil {
			return nil, nil, 0, err
		}
		if same {
			txtFiles[name], pdfFiles[name] = all.files[name], filepath.Join(dir, "pdf", e.Name())
		}
	}
	if len(txtFiles) == 0 {
		return nil, nil, 0, fmt.Errorf("no PDF in %s has a corpus file as its reference text", dir)
	}
	if txt, err = loadCorpus(txtFiles, txtFiles); err != nil {
		return nil, nil, 0, err
	}
	pdf, err = loadCorpus(pdfFiles, txtFiles)
	return txt, pdf, files, err
}

// sameBytes reports whether the reference text ref has the bytes of the
// corpus file (false when there is no such corpus file).
func sameBytes(ref, corpusFile string) (bool, error) {
	if corpusFile == "" {
		return false, nil
	}
	a, err := os.ReadFile(ref)
	if err != nil {
		return false, fmt.Errorf("read reference text: %w", err)
	}
	b, err := os.ReadFile(corpusFile)
	if err != nil {
		return false, err
	}
	return bytes.Equal(a, b), nil
}

// restrict keeps the queries all of whose gold lies on c's contracts.
func restrict(s querySet, c *corpus) querySet {
	out := querySet{name: s.name}
	for i, q := range s.full {
		if slices.ContainsFunc(q.Gold, func(g span) bool { return c.files[g.Doc] == "" }) {
			continue
		}
		out.full = append(out.full, q)
		out.question = append(out.question, s.question[i])
	}
	return out
}
