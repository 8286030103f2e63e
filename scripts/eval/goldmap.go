package main

import (
	"context"
	"errors"
	"fmt"

	"lexflow/backend/store"
	"lexflow/scripts/internal/wordalign"
)

// maxEdits bounds the exact word alignment of a reference text with its PDF
// extraction (as scripts/evalpdf's fidelity does): past it the alignment is
// approximate.
const maxEdits = 20_000

// goldMapper carries gold spans, code points of the reference texts, onto
// the texts the pipeline extracted from the PDFs. Each gold span becomes
// the stretch from the first to the last of its words found in the PDF text
// (wordalign.Map.Span).
type goldMapper struct {
	e      *env
	c      *corpus
	maps   map[string]*wordalign.Map // by document name; nil: no extracted text
	noText []string                  // documents without extracted text
	approx []string                  // documents aligned approximately
	// refWords, foundWords: words of the aligned reference texts, and of
	// them those found in the PDF text.
	refWords, foundWords int
}

func newGoldMapper(e *env, c *corpus) *goldMapper {
	return &goldMapper{e: e, c: c, maps: map[string]*wordalign.Map{}}
}

// mapStats describes how the gold of a query set fared.
type mapStats struct {
	spans, mapped  int
	words, matched int      // words of the gold spans; of them, those found in the PDF text
	dropped        []string // gold spans none of whose words was found
	stretched      int      // mapped spans more than twice as long as the gold
	excluded       []string // queries left without gold: asked of neither corpus
}

// mapSet returns the queries of s to ask of the .txt corpus (gold as
// given) and of the PDF corpus (gold carried onto the PDF text). A gold
// span with no word found is dropped from the PDF query; a query left
// without gold is dropped from both, so both runs score the same queries.
func (g *goldMapper) mapSet(ctx context.Context, s querySet) (txt, pdf querySet, st mapStats, err error) {
	txt, pdf = querySet{name: s.name}, querySet{name: s.name}
	for i, q := range s.full {
		gold, err := g.mapGold(ctx, q, &st)
		if err != nil {
			return txt, pdf, st, err
		}
		if len(gold) == 0 {
			st.excluded = append(st.excluded, q.ID)
			continue
		}
		txt.full, txt.question = append(txt.full, q), append(txt.question, s.question[i])
		pq, pqq := q, s.question[i]
		pq.Gold, pqq.Gold = gold, gold
		pdf.full, pdf.question = append(pdf.full, pq), append(pdf.question, pqq)
	}
	return txt, pdf, st, nil
}

func (g *goldMapper) mapGold(ctx context.Context, q query, st *mapStats) ([]span, error) {
	var gold []span
	for _, s := range q.Gold {
		m, err := g.docMap(ctx, s.Doc)
		if err != nil {
			return nil, err
		}
		st.spans++
		if m == nil {
			st.dropped = append(st.dropped, fmt.Sprintf("%s: %s [%d, %d) (no PDF text)", q.ID, s.Doc, s.Start, s.End))
			continue
		}
		ms, ok := m.Span(s.Start, s.End)
		st.words, st.matched = st.words+ms.Words, st.matched+ms.Matched
		if !ok {
			st.dropped = append(st.dropped, fmt.Sprintf("%s: %s [%d, %d) %q", q.ID, s.Doc, s.Start, s.End, excerpt(g.c.texts[s.Doc], s.Start, s.End)))
			continue
		}
		st.mapped++
		if ms.End-ms.Start > 2*(s.End-s.Start) {
			st.stretched++
		}
		gold = append(gold, span{Doc: s.Doc, Start: ms.Start, End: ms.End})
	}
	return gold, nil
}

// docMap aligns a document's reference text with its PDF text, once.
func (g *goldMapper) docMap(ctx context.Context, name string) (*wordalign.Map, error) {
	if m, ok := g.maps[name]; ok {
		return m, nil
	}
	id, err := g.e.docID(name)
	if err != nil {
		return nil, err
	}
	text, err := g.e.db.DocumentText(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		g.noText = append(g.noText, name)
		g.maps[name] = nil
		return nil, nil
	case err != nil:
		return nil, err
	}
	m := wordalign.NewMap(g.c.texts[name], text, maxEdits)
	if !m.Exact() {
		g.approx = append(g.approx, name)
	}
	ref, found := m.Coverage()
	g.refWords, g.foundWords = g.refWords+ref, g.foundWords+found
	g.maps[name] = m
	return m, nil
}
