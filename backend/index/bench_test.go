package index

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"lexflow/backend/evidence"
)

// Benchmarks over a synthetic 100,000-chunk corpus (corpus_test.go):
//
//	go test -run '^$' -bench . -benchtime 1x ./backend/index/
//
// BenchmarkSearch reports query latency percentiles over 2,000 queries of
// 3–6 legal words; BenchmarkAdd the indexing throughput. With
// -tags sqlite_fts5, BenchmarkSearchFTS5 runs the same queries on the same
// chunks in SQLite FTS5 and reports the latency ratio.

var benchSize = flag.Int("bench.chunks", 100_000, "chunks in the benchmark index")

const benchQueries = 2000

// benchFixture is the benchmark index, built once per test binary.
type benchFixture struct {
	idx     *Index
	dir     string
	build   time.Duration
	queries []string
}

var (
	benchOnce  sync.Once
	benchFix   *benchFixture
	benchErr   error
	benchClean []func()
)

func TestMain(m *testing.M) {
	code := m.Run()
	for _, clean := range benchClean {
		clean()
	}
	os.Exit(code)
}

// fixture builds (once) the on-disk benchmark index in a temporary directory.
func fixture(b *testing.B) *benchFixture {
	b.Helper()
	benchOnce.Do(func() { benchFix, benchErr = buildFixture(*benchSize) })
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchFix
}

func buildFixture(n int) (*benchFixture, error) {
	root, err := os.MkdirTemp("", "lexflow-index-bench-")
	if err != nil {
		return nil, err
	}
	benchClean = append(benchClean, func() { _ = os.RemoveAll(root) })
	f := &benchFixture{dir: filepath.Join(root, "index")}
	if f.idx, err = Open(f.dir); err != nil {
		return nil, err
	}
	benchClean = append([]func(){func() { _ = f.idx.Close() }}, benchClean...)
	start := time.Now()
	c := newCorpus(1)
	err = c.chunks(n, 5000, func(batch []evidence.Chunk) error {
		return f.idx.Add(context.Background(), batch)
	})
	f.build = time.Since(start)
	f.queries = newCorpus(2).queries(benchQueries)
	return f, err
}

// latencies runs every query once after a warm-up and returns the durations.
func latencies(b *testing.B, queries []string, run func(string) error) []time.Duration {
	b.Helper()
	for _, q := range queries[:200] {
		if err := run(q); err != nil {
			b.Fatal(err)
		}
	}
	out := make([]time.Duration, 0, len(queries))
	for _, q := range queries {
		start := time.Now()
		if err := run(q); err != nil {
			b.Fatal(err)
		}
		out = append(out, time.Since(start))
	}
	return out
}

// percentile of sorted durations, in milliseconds.
func percentile(sorted []time.Duration, p float64) float64 {
	i := min(len(sorted)-1, int(p*float64(len(sorted))))
	return float64(sorted[i].Microseconds()) / 1000
}

func reportLatencies(b *testing.B, prefix string, d []time.Duration) (p50, p99 float64) {
	s := slices.Clone(d)
	slices.Sort(s)
	p50, p99 = percentile(s, 0.50), percentile(s, 0.99)
	b.ReportMetric(p50, prefix+"p50-ms")
	b.ReportMetric(p99, prefix+"p99-ms")
	b.ReportMetric(percentile(s, 0.999), prefix+"max-ms")
	return p50, p99
}

func (f *benchFixture) searchBleve(q string) error {
	hits, err := f.idx.Search(context.Background(), Query{Text: q, TopK: 10})
	if err == nil && len(hits) == 0 {
		err = fmt.Errorf("no hits for %q", q)
	}
	return err
}

// BenchmarkSearch: latency of 2,000 queries against the 100,000-chunk index,
// each returning the top 10 chunks with snippets. One op is the whole set.
func BenchmarkSearch(b *testing.B) {
	f := fixture(b)
	var all []time.Duration
	b.ResetTimer()
	for range b.N {
		all = append(all, latencies(b, f.queries, f.searchBleve)...)
	}
	reportLatencies(b, "", all)
	b.ReportMetric(float64(*benchSize)/f.build.Seconds(), "build-chunks/s")
}

// BenchmarkAdd: indexing throughput into a fresh on-disk index, 10,000
// chunks per op, in the ingestion pipeline's way (Add of one document's
// chunks at a time: 50 chunks).
func BenchmarkAdd(b *testing.B) {
	const n = 10_000
	c := newCorpus(3)
	var chunks []evidence.Chunk
	_ = c.chunks(n, n, func(all []evidence.Chunk) error { chunks = slices.Clone(all); return nil })
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		x, err := Open(filepath.Join(b.TempDir(), "index"))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for start := 0; start < n; start += c.docChunks {
			if err := x.Add(context.Background(), chunks[start:start+c.docChunks]); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		_ = x.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "chunks/s")
}
