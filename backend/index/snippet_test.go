package index

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/ranking"
)

// loadBySearch is the reference for load: a Bleve search of ref, the
// same chunks indexed with term vectors (termVectorIndex), for the ranked
// chunks and the query's text terms, asking for the stored fields and Bleve's
// html highlighting of the text fields from the term vectors.
func loadBySearch(ctx context.Context, ref bleve.Index, ranked search.DocumentMatchCollection, textTerms []ranking.Clause) ([]evidence.Hit, error) {
	ids := make([]string, len(ranked))
	for i, r := range ranked {
		ids[i] = r.ID
	}
	req := bleve.NewSearchRequestOptions(query.NewBooleanQuery(
		[]query.Query{query.NewDocIDQuery(ids)}, ranking.ClauseQueries(textTerms), nil), len(ids), 0, false)
	req.Fields = []string{analysis.FieldChunk, analysis.FieldTextEN, analysis.FieldTextAR}
	req.Highlight = bleve.NewHighlightWithStyle(analysis.Highlighter)
	req.Highlight.Fields = []string{analysis.FieldTextEN, analysis.FieldTextAR}
	res, err := ref.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	loaded := map[string]*search.DocumentMatch{}
	for _, m := range res.Hits {
		loaded[m.ID] = m
	}
	var hits []evidence.Hit
	for _, r := range ranked {
		m, ok := loaded[r.ID]
		if !ok {
			continue
		}
		c, err := storedChunk(m)
		if err != nil {
			return nil, err
		}
		snippet := ""
		for _, f := range []string{analysis.FieldTextEN, analysis.FieldTextAR} {
			if frags := m.Fragments[f]; len(frags) > 0 && snippet == "" {
				snippet = frags[0]
			}
		}
		hits = append(hits, evidence.Hit{Chunk: c, Rank: len(hits) + 1, Score: r.Score, Snippet: snippet})
	}
	return hits, nil
}

// termVectorIndex indexes chunks as x does, in one Bleve index in memory
// whose text fields keep term vectors, which the index itself does not.
func termVectorIndex(t *testing.T, x *Index, chunks []evidence.Chunk) bleve.Index {
	t.Helper()
	m, err := analysis.NewMapping()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range analysis.Languages {
		for _, fm := range m.DefaultMapping.Properties[l.Text].Fields {
			fm.IncludeTermVectors = true
		}
	}
	ref, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ref.Close() })
	heads := documentHeads(chunks)
	b := ref.NewBatch()
	for _, c := range chunks {
		data, err := analysis.ChunkDocument(c, x.refs.Find(analysis.HeadingText(c.Locator)), heads[c.ID])
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Index(c.ID, data); err != nil {
			t.Fatal(err)
		}
	}
	if err := ref.Batch(b); err != nil {
		t.Fatal(err)
	}
	return ref
}

// snippetCorpus is synthetic statutes, the small English and Arabic laws of
// the other tests, and text that analysis rewrites: markup, possessives,
// ligatures, colons, diacritics, tanween, both kinds of digits, long text.
func snippetCorpus() []evidence.Chunk {
	chunks := append(employmentAct(), labourLawAr()...)
	_ = newCorpus(3).chunks(1500, 500, func(batch []evidence.Chunk) error {
		chunks = append(chunks, batch...)
		return nil
	})
	long := strings.Repeat("Preliminary provisions apply to every party. ", 30) +
		"The employer's notice of termination shall be written. " + strings.Repeat("Final provisions & <schedules>. ", 30)
	longAr := strings.Repeat("نص تمهيدي طويل ", 40) + "ينتهي العقد بالإخطار الكتابي. " + strings.Repeat("أحكام ختامية ", 40)
	return append(chunks,
		chunk("odd-1", "odd", "misc", "en", "The ﬁnal notice: title:termination of the “Agreement”, Employers’ and employer's duties <b>bold</b> & 'quoted'.", "Article 7 – Notice"),
		chunk("odd-2", "odd", "misc", "en", "Article 12(3) – NOTICE, Notices, noticed; notice-period 30 days, ٣٠ يوماً.", "Article 12"),
		chunk("odd-3", "odd", "misc", "ar", "المادة ٧: يُنهى العقدُ تشريعياً بإخطارٍ كتابيٍّ قبل 30 يوماً، والإخطار الكتابي ضمنياً لا يكفي.", "المادة ٧"),
		chunk("odd-4", "odd", "misc", "en", long, "Part 9"),
		chunk("odd-5", "odd", "misc", "ar", longAr, "الباب التاسع"),
		chunk("odd-6", "odd-b", "misc", "en", "notice", "Notice"),
	)
}

// snippetQueries covers English, Arabic and mixed text, words held only by
// headings, stop words, digits, filters, many hits and distinct hits.
func snippetQueries() []Query {
	qs := []Query{
		{Text: "notice"}, {Text: "termination notice", TopK: 50}, {Text: "wages records"},
		{Text: "final notice agreement employer"}, {Text: "title:termination"}, {Text: "Article 12(3) notice period"},
		{Text: "employers duties bold quoted"}, {Text: "the of and notice"}, {Text: "30 days"},
		{Text: "إخطار"}, {Text: "الإخطار الكتابي"}, {Text: "المادة ٧ العقد"}, {Text: "تشريعي ضمني"}, {Text: "المادة 12 عقد العمل"},
		{Text: "notice الإخطار"}, {Text: "termination إخطار", TopK: 30},
		{Text: "notice", CollectionIDs: []string{"labour"}}, {Text: "notice", DocIDs: []string{"odd"}},
		{Text: "notice الإخطار", CollectionIDs: []string{"labour", "labour-ar"}, DocIDs: []string{"act", "ar-law"}},
		{Text: "notice", CollectionIDs: []string{"col1", "misc"}, TopK: 100},
		{Text: "provisions notice", Distinct: true}, {Text: "party agreement", TopK: MaxTopK},
	}
	for _, text := range newCorpus(4).queries(150) {
		qs = append(qs, Query{Text: text, TopK: 20})
	}
	return qs
}

// TestLoadMatchesBleveSearch: hits read from the stored fields, with snippets
// from the text analysed again, are exactly those of a Bleve search asking
// for the fields and highlighting from term vectors: the same chunks,
// ranks, scores, snippets and locators.
func TestLoadMatchesBleveSearch(t *testing.T) {
	corpus := snippetCorpus()
	x := newIndexWith(t, corpus...)
	ref := termVectorIndex(t, x, corpus)
	ctx := context.Background()
	for _, q := range snippetQueries() {
		t.Run(fmt.Sprintf("%q %v %v", q.Text, q.CollectionIDs, q.DocIDs), func(t *testing.T) {
			ranked, textTerms, _, err := x.rankQuery(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want, err := loadBySearch(ctx, ref, ranked, textTerms)
			if err != nil {
				t.Fatal(err)
			}
			got, err := x.load(ctx, ranked, textTerms)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("hits (-Bleve search +load):\n%s", diff)
			}
		})
	}
}
