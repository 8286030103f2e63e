package main

import (
	"context"
	"os"
	"unicode/utf8"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
	"lexflow/scripts/internal/sampleqa"
)

// The sample library's questions (make eval) in the suite: recall@10 of the
// gold section over the answerable questions, a hit being gold as make eval
// judges it (in-chunk heading match, sampleqa.MatchRule). The baseline is
// plain BM25 over the same chunks Lexflow indexed, so the row compares
// ranking alone.

// sampleBench is the sample library ingested into a temporary directory.
type sampleBench struct {
	dir       string
	sample    *sampleqa.Sample
	questions []sampleqa.Question // the answerable ones
	chunks    map[string]evidence.Chunk
	bm25      *bm25 // one unit per chunk, its doc the chunk ID
}

func openSampleBench(ctx context.Context, workers int) (*sampleBench, error) {
	qs, err := sampleqa.Load("")
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "lexflow-eval-sample-")
	if err != nil {
		return nil, err
	}
	s, err := sampleqa.Open(ctx, dir, workers)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	b := &sampleBench{dir: dir, sample: s, chunks: map[string]evidence.Chunk{}}
	for _, q := range qs {
		if q.Answerable() {
			b.questions = append(b.questions, q)
		}
	}
	texts := map[string]string{}
	var units []textUnit
	for _, d := range s.Docs {
		cs, err := s.DB.DocumentChunks(ctx, d.ID)
		if err != nil {
			b.close()
			return nil, err
		}
		for _, c := range cs {
			b.chunks[c.ID] = c
			texts[c.ID] = c.Text
			units = append(units, textUnit{doc: c.ID, end: utf8.RuneCountInString(c.Text)})
		}
	}
	b.bm25 = newBM25(units, texts)
	return b, nil
}

func (b *sampleBench) close() {
	b.sample.Close()
	os.RemoveAll(b.dir)
}

// measure is recall@10 of Lexflow and of the baseline.
func (b *sampleBench) measure(ctx context.Context) (lexflow, baseline float64, err error) {
	for _, q := range b.questions {
		hits, err := b.sample.Index.Search(ctx, index.Query{Text: q.Question, TopK: depth})
		if err != nil {
			return 0, 0, err
		}
		lexflow += goldIn(hits, q)
		var base []evidence.Hit
		for _, u := range b.bm25.search(q.Question, nil) {
			base = append(base, evidence.Hit{Chunk: b.chunks[u.doc]})
		}
		baseline += goldIn(base, q)
	}
	n := float64(len(b.questions))
	return lexflow / n, baseline / n, nil
}

// goldIn is 1 when a hit among the top 10 is gold, else 0.
func goldIn(hits []evidence.Hit, q sampleqa.Question) float64 {
	for _, h := range hits[:min(depth, len(hits))] {
		if sampleqa.IsGold(h, q.Gold, true) {
			return 1
		}
	}
	return 0
}
