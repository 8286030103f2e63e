package index

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
	"lexflow/backend/index/internal/ranking"
	"lexflow/backend/index/internal/shards"
)

// Why this file exists: Bleve v2.6.1's BM25 takes the average field length to
// be the number of DISTINCT terms of the field divided by the number of
// documents (search/searcher/search_term.go, bm25ScoreMetrics). At 100,000
// chunks that average rounds up to 1 token, so every chunk looks ~100 times
// longer than average and BM25 degenerates into "shortest chunk wins". Bleve
// lets a caller supply the statistics instead (SearchRequest.PreSearchData,
// meant for index aliases); corpusStats keeps the real average length of each
// analysed field and hands it to every search.

// sampleSize is how many stored chunks Open re-analyses to estimate the
// average field lengths of an existing index.
const sampleSize = 500

// textFields are the analysed fields whose average length BM25 needs.
var textFields = append(analysis.FieldsOf(func(l analysis.Language) string { return l.Text }), append(analysis.FieldsOf(func(l analysis.Language) string { return l.Heading }),
	append(analysis.FieldsOf(func(l analysis.Language) string { return l.Head }), analysis.FieldName)...)...)

// keywordFields count one token per document for BM25's purposes.
var keywordFields = []string{analysis.FieldDocID, analysis.FieldCollection, analysis.FieldLang, analysis.FieldRefs, analysis.FieldKind}

// corpusStats holds, per analysed field, how many documents have the field
// and how many tokens they hold in total. Add updates it with the exact
// analysed lengths; Open seeds it from a sample. Deletes are not subtracted:
// the average of what was indexed stays a good estimate of the average of
// what is left.
type corpusStats struct {
	mu     sync.Mutex
	docs   map[string]float64
	tokens map[string]float64
}

func newCorpusStats() *corpusStats {
	return &corpusStats{docs: map[string]float64{}, tokens: map[string]float64{}}
}

// add records the analysed length of one field of one document.
func (s *corpusStats) add(field string, length int) {
	s.mu.Lock()
	s.docs[field]++
	s.tokens[field] += float64(length)
	s.mu.Unlock()
}

// average is the mean analysed length of field, at least 1.
func (s *corpusStats) average(field string) float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.docs[field] == 0 {
		return 1
	}
	return math.Max(1, s.tokens[field]/s.docs[field])
}

// bm25 expresses the averages the way Bleve reads them: it divides
// FieldCardinality by DocCount to get the average field length.
func (s *corpusStats) bm25(docCount uint64) *search.BM25Stats {
	card := make(map[string]int, len(textFields)+len(keywordFields))
	for _, f := range textFields {
		card[f] = int(math.Round(s.average(f) * float64(docCount)))
	}
	for _, f := range keywordFields {
		card[f] = int(docCount)
	}
	return &search.BM25Stats{DocCount: float64(docCount), FieldCardinality: card}
}

// recordBatch adds the analysed lengths of documents Bleve has just indexed.
func (s *corpusStats) recordBatch(docs []bleveindex.Document) {
	for _, d := range docs {
		d.VisitFields(func(f bleveindex.Field) {
			if isTextField(f.Name()) {
				s.add(f.Name(), f.AnalyzedLength())
			}
		})
	}
}

func isTextField(name string) bool {
	for _, f := range textFields {
		if f == name {
			return true
		}
	}
	return false
}

// seedStats estimates the averages of an existing index by re-analysing up
// to sampleSize stored chunks, spread over the shards.
func (x *Index) seedStats() error {
	per := max(1, sampleSize/len(x.shards))
	for _, s := range x.shards {
		req := bleve.NewSearchRequestOptions(bleve.NewMatchAllQuery(), per, 0, false)
		req.Fields = append([]string{analysis.FieldChunk}, analysis.FieldsOf(func(l analysis.Language) string { return l.Text })...)
		req.Score = bleve.ScoreNone
		res, err := s.Search(context.Background(), req, x.stats.bm25(1))
		if err != nil {
			return fmt.Errorf("sample chunks: %w: %w", ErrCorrupt, err)
		}
		for _, m := range res.Hits {
			c, err := storedChunk(m)
			if err != nil {
				return err
			}
			x.seedChunk(c)
		}
		if err := x.seedHeads(s, per); err != nil {
			return err
		}
	}
	return nil
}

func (x *Index) seedChunk(c evidence.Chunk) {
	lang := analysis.ChunkLang(c.Language)
	a := x.analyzers[lang]
	x.stats.add(analysis.TextField(lang), len(a.Analyze([]byte(c.Text))))
	if heading := analysis.HeadingContext(c); heading != "" {
		x.stats.add(analysis.HeadingField(lang), len(a.Analyze([]byte(heading))))
	}
	if name := analysis.NameWords(c.Locator.DocName); name != "" {
		x.stats.add(analysis.FieldName, len(x.analyzers[analysis.LangEN].Analyze([]byte(name))))
	}
}

// seedHeads estimates the average head length from up to n first chunks of
// the shard: they are too few among all chunks for the general sample.
func (x *Index) seedHeads(s *shards.Shard, n int) error {
	req := bleve.NewSearchRequestOptions(ranking.TermQuery(analysis.FieldKind, analysis.KindFirst, 1), n, 0, false)
	req.Fields = analysis.FieldsOf(func(l analysis.Language) string { return l.Head })
	req.Score = bleve.ScoreNone
	res, err := s.Search(context.Background(), req, x.stats.bm25(1))
	if err != nil {
		return fmt.Errorf("sample document heads: %w: %w", ErrCorrupt, err)
	}
	for _, m := range res.Hits {
		for _, l := range analysis.Languages {
			if head, ok := m.Fields[l.Head].(string); ok {
				x.stats.add(l.Head, len(x.analyzers[l.Name].Analyze([]byte(head))))
			}
		}
	}
	return nil
}
