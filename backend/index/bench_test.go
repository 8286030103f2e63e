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
	"lexflow/backend/internal/proccpu"
)

// Benchmarks over a synthetic corpus of 100,000 legal chunks (corpus_test.go):
//
//	go test -run '^$' -bench . -benchtime 1x -timeout 30m ./backend/index/
//
// BenchmarkSearch reports the latency of 2,000 queries of 3–6 legal words
// (p50-ms, p99-ms, and cpu-ms: process CPU time per query, on every thread,
// which stays meaningful on a busy machine), with the safe pruning of
// ranking.TopK and scoring every candidate (the same hits). BenchmarkAdd reports indexing throughput.
// With -tags sqlite_fts5, BenchmarkSearchFTS5 (fts5_bench_test.go) runs the
// same queries on the same chunks in SQLite FTS5 and reports the ratios.

var benchSize = flag.Int("bench.chunks", 100_000, "chunks in the benchmark index")

const benchQueries = 2000

// benchFixture is the benchmark index, built once per test binary.
type benchFixture struct {
	idx       *Index
	build     time.Duration
	queries   []string
	compacted sync.Once
	compact   time.Duration // how long Compact took
}

// compactOnce brings the index to its state once ingestion has stopped for a
// while (shards.Compactor): one segment per shard. It compacts once.
func (f *benchFixture) compactOnce() {
	f.compacted.Do(func() {
		start := time.Now()
		f.idx.Compact(context.Background())
		f.compact = time.Since(start)
		f.idx.settle()
	})
}

var (
	benchOnce  sync.Once
	benchFix   *benchFixture
	benchErr   error
	benchClean []func()
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(compactChildEnv); dir != "" {
		compactChild(dir) // never returns: the parent kills it
	}
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
	f := &benchFixture{queries: newCorpus(2).queries(benchQueries)}
	if f.idx, err = Open(filepath.Join(root, "index")); err != nil {
		return nil, err
	}
	f.idx.compactor.Idle = 0 // the benchmarks compact when they choose
	benchClean = append([]func(){func() { _ = f.idx.Close() }}, benchClean...)
	start := time.Now()
	err = newCorpus(1).chunks(n, 5000, func(batch []evidence.Chunk) error { return f.idx.Add(context.Background(), batch) })
	f.build = time.Since(start)
	if err == nil {
		f.idx.settle()
	}
	return f, err
}

// settle waits until Bleve's background merging and persisting are done on
// every shard (index_bgthreads_active false three polls running), so that
// searches are measured on an index at rest, not one still digesting a bulk
// load, and the CPU they report is theirs.
func (x *Index) settle() {
	for quiet := 0; quiet < 3; {
		time.Sleep(500 * time.Millisecond)
		quiet++
		for _, s := range x.shards {
			if s.Busy() {
				quiet = 0
			}
		}
	}
}

// benchCorpus yields the benchmark's n chunks, one document (50 chunks) at a time.
func benchCorpus(n int, yield func([]evidence.Chunk) error) error {
	c := newCorpus(1)
	return c.chunks(n, c.docChunks, yield)
}

// measured is the outcome of running a query set once.
type measured struct {
	latencies []time.Duration
	cpu       time.Duration // process CPU time over the whole set
}

// measure runs every query once after a warm-up.
func measure(b *testing.B, queries []string, run func(string) error) measured {
	b.Helper()
	for _, q := range queries[:200] {
		if err := run(q); err != nil {
			b.Fatal(err)
		}
	}
	m := measured{latencies: make([]time.Duration, 0, len(queries))}
	cpu := proccpu.Used()
	for _, q := range queries {
		start := time.Now()
		if err := run(q); err != nil {
			b.Fatal(err)
		}
		m.latencies = append(m.latencies, time.Since(start))
	}
	m.cpu = proccpu.Used() - cpu
	return m
}

// percentile of sorted durations, in milliseconds.
func percentile(sorted []time.Duration, p float64) float64 {
	i := min(len(sorted)-1, int(p*float64(len(sorted))))
	return float64(sorted[i].Microseconds()) / 1000
}

// report prints p50, p99 and CPU per query; it returns p50 and p99.
func (m measured) report(b *testing.B, prefix string) (p50, p99 float64) {
	s := slices.Clone(m.latencies)
	slices.Sort(s)
	p50, p99 = percentile(s, 0.50), percentile(s, 0.99)
	b.ReportMetric(p50, prefix+"p50-ms")
	b.ReportMetric(p99, prefix+"p99-ms")
	b.ReportMetric(float64(m.cpu.Microseconds())/1000/float64(len(s)), prefix+"cpu-ms")
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
// each returning the top 10 chunks with snippets: right after the bulk load
// once Bleve has finished its own merging ("fresh", what the first seconds
// after an ingestion see), then once the index has compacted itself (the
// index at rest), pruned (ranking.TopK) and exhaustive, which return the
// same hits. One op is the whole set.
func BenchmarkSearch(b *testing.B) {
	f := fixture(b)
	for _, mode := range []struct {
		name    string
		tuning  tuning
		compact bool
	}{{"fresh-pruned", tuning{}, false}, {"pruned", tuning{}, true}, {"exhaustive", tuning{exhaustive: true}, true}} {
		b.Run(mode.name, func(b *testing.B) {
			if mode.compact {
				f.compactOnce()
				b.ReportMetric(f.compact.Seconds(), "compact-s")
			}
			f.idx.tuning = mode.tuning
			defer func() { f.idx.tuning = tuning{} }()
			var m measured
			for range b.N {
				r := measure(b, f.queries, f.searchBleve)
				m.latencies, m.cpu = append(m.latencies, r.latencies...), m.cpu+r.cpu
			}
			m.report(b, "")
			b.ReportMetric(float64(*benchSize)/f.build.Seconds(), "build-chunks/s")
		})
	}
}

// BenchmarkAdd: indexing throughput into a fresh on-disk index, 10,000
// chunks per op, added one document (50 chunks) per call, or 5,000 chunks per
// call. Every call is durable when it returns (Bleve waits for the segment
// to be written and synced), so small calls pay mostly for the syncs.
func BenchmarkAdd(b *testing.B) {
	const n = 10_000
	var chunks []evidence.Chunk
	_ = benchCorpus(n, func(doc []evidence.Chunk) error { chunks = append(chunks, doc...); return nil })
	for _, per := range []int{50, 5000} {
		b.Run(fmt.Sprintf("%d-per-call", per), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				x, err := Open(filepath.Join(b.TempDir(), "index"))
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				for start := 0; start < n; start += per {
					if err := x.Add(context.Background(), chunks[start:start+per]); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				_ = x.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "chunks/s")
		})
	}
}
