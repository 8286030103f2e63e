package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"lexflow/backend/evidence"
)

// dumpFailures prints, per setting of the sample, the first n queries with no
// gold-overlapping chunk in the top 10: the query, the gold span, where the
// gold chunks rank among the top 200, and the top-3 hits.
func dumpFailures(ctx context.Context, w io.Writer, e *env, c *corpus, runs []settingRun, n int) error {
	for _, r := range runs {
		if r.set != "sample" {
			continue
		}
		fmt.Fprintf(w, "\n## Failing queries: %s, %s\n", r.scope, r.set)
		fc, err := e.classify(ctx, r)
		if err != nil {
			return err
		}
		printFailureClasses(w, r, fc)
		shown := 0
		for i := range r.queries {
			if r.outcomes[i].rank > 0 || shown == n {
				continue
			}
			shown++
			if err := dumpQuery(ctx, w, e, c, r, i); err != nil {
				return err
			}
		}
	}
	return nil
}

func dumpQuery(ctx context.Context, w io.Writer, e *env, c *corpus, r settingRun, i int) error {
	q := r.queries[i]
	gold, err := e.resolve(q.Gold)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n### %s [%s]\nquery: %s\n", q.ID, q.Category, q.Query)
	g := q.Gold[0]
	fmt.Fprintf(w, "gold: %s [%d, %d) (%d spans): %q\n", g.Doc, g.Start, g.End, len(q.Gold), excerpt(c.texts[g.Doc], g.Start, g.End))
	deep, err := e.idx.Search(ctx, e.indexQuery(q, gold, r.inside, dumpDepth))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "first gold-overlapping chunk: %s\n", goldRank(deep, gold))
	for j, h := range r.hits[i][:min(3, len(r.hits[i]))] {
		fmt.Fprintf(w, "  %d. %s%s › %s [%d, %d): %q\n", j+1, goldDocMark(h, gold), h.Chunk.Locator.DocName,
			h.Chunk.Locator.Heading(), h.Chunk.Locator.Start, h.Chunk.Locator.End, oneLine(h.Chunk.Text))
	}
	return nil
}

func goldRank(hits []evidence.Hit, gold []goldSpan) string {
	for j, h := range hits {
		if overlapsAny(h.Chunk, gold) {
			return fmt.Sprintf("rank %d (› %s [%d, %d))", j+1, h.Chunk.Locator.Heading(), h.Chunk.Locator.Start, h.Chunk.Locator.End)
		}
	}
	return fmt.Sprintf("not in the top %d", dumpDepth)
}

func goldDocMark(h evidence.Hit, gold []goldSpan) string {
	for _, g := range gold {
		if h.Chunk.DocID == g.docID {
			return "[gold doc] "
		}
	}
	return ""
}

// excerpt is the first 120 code points of [start, end) of text, on one line.
func excerpt(text string, start, end int) string {
	return oneLine(evidence.Slice(text, start, min(end, start+120)))
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 120 {
		return string(r[:120])
	}
	return s
}
