package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"lexflow/backend/evidence"
)

// dumpPDFLosses prints, per set and setting, how many queries only one of
// the two runs answers, and for the last set (all queries with -full) the
// first n the PDF run misses while the text run finds them: the gold clause
// in both texts, the chunk that holds it in each run, and what the PDF run
// ranked first instead.
func dumpPDFLosses(ctx context.Context, w io.Writer, c pdfComparison, txt *corpus, n int) error {
	for k, s := range c.sets {
		for i, tr := range s.txt {
			lost, won := disagreements(tr, s.pdf[i])
			fmt.Fprintf(w, "\n## PDF run against text run: %s, %s\n\n", tr.scope, s.name)
			fmt.Fprintf(w, "%d queries found by the text run are missed by the PDF run; %d the other way round.\n", len(lost), won)
			if k < len(c.sets)-1 {
				continue
			}
			for _, j := range lost[:min(n, len(lost))] {
				if err := dumpPDFLoss(ctx, w, c, txt, tr, s.pdf[i], j); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// disagreements lists the queries the text run finds in its top 10 and the
// PDF run does not, and counts those the other way round.
func disagreements(tr, pr settingRun) (lost []int, won int) {
	for j := range tr.queries {
		switch t, p := tr.outcomes[j].rank > 0, pr.outcomes[j].rank > 0; {
		case t && !p:
			lost = append(lost, j)
		case p && !t:
			won++
		}
	}
	return lost, won
}

func dumpPDFLoss(ctx context.Context, w io.Writer, c pdfComparison, txt *corpus, tr, pr settingRun, j int) error {
	q, pq := tr.queries[j], pr.queries[j]
	g, pg := q.Gold[0], pq.Gold[0]
	fmt.Fprintf(w, "\n### %s [%s]\nquery: %s\n", q.ID, q.Category, q.Query)
	fmt.Fprintf(w, "gold in the text: %s [%d, %d): %q\n", g.Doc, g.Start, g.End, excerptN(txt.texts[g.Doc], g.Start, g.End, 240))
	text, err := c.pdf.db.DocumentText(ctx, c.pdf.m.DocIDs[pg.Doc])
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "gold in the PDF text: [%d, %d): %q\n", pg.Start, pg.End, excerptN(text, pg.Start, pg.End, 240))
	tg, err := c.txt.resolve(q.Gold)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "text run: gold chunk at rank %d: %s\n", tr.outcomes[j].rank, chunkLine(firstGold(tr.hits[j], tg)))
	pgold, err := c.pdf.resolve(pq.Gold)
	if err != nil {
		return err
	}
	deep, err := c.pdf.idx.Search(ctx, c.pdf.indexQuery(pq, pgold, pr.inside, dumpDepth))
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "PDF run: first gold-overlapping chunk %s", goldRank(deep, pgold))
	if h := firstGold(deep, pgold); h != nil {
		fmt.Fprintf(w, ": %s", chunkLine(h))
	}
	fmt.Fprintln(w)
	if len(pr.hits[j]) > 0 {
		fmt.Fprintf(w, "PDF run, rank 1 instead: %s\n", chunkLine(&pr.hits[j][0]))
	}
	return nil
}

func firstGold(hits []evidence.Hit, gold []goldSpan) *evidence.Hit {
	for i := range hits {
		if overlapsAny(hits[i].Chunk, gold) {
			return &hits[i]
		}
	}
	return nil
}

func chunkLine(h *evidence.Hit) string {
	if h == nil {
		return "–"
	}
	l := h.Chunk.Locator
	return fmt.Sprintf("%s › %s [%d, %d) %s: %q", l.DocName, l.Heading(), l.Start, l.End, l.Pages(), excerptN(h.Chunk.Text, 0, len([]rune(h.Chunk.Text)), 300))
}

// excerptN is the first n code points of [start, end) of text, on one line.
func excerptN(text string, start, end, n int) string {
	s := []rune(strings.Join(strings.Fields(evidence.Slice(text, start, min(end, start+4*n))), " "))
	if len(s) > n {
		return string(s[:n]) + "…"
	}
	return string(s)
}
