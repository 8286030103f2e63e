package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"lexflow/backend/dsl"
)

// Engine overhead benchmarks (make bench / go test -bench . -run ^$):
//   - a 1,000-node linear chain of no-op nodes: median µs per node, with no
//     observer and with a persistence-like observer that encodes every event;
//   - a 200-way fan-out/fan-in of no-op nodes: median ms per run;
//   - 10,000 streamed chunks through an Answer node: peak heap.

// chainApp is start → noop × (n-2) → end.
func chainApp(n int) *dsl.App {
	app := &dsl.App{Version: dsl.DSLVersion, Kind: dsl.DSLKind, App: dsl.AppInfo{Name: "chain", Mode: dsl.ModeWorkflow}}
	g := &app.Workflow.Graph
	g.Nodes = append(g.Nodes, dsl.GraphNode{ID: "start", Type: "start"})
	prev := "start"
	for i := 1; i < n-1; i++ {
		id := fmt.Sprint("n", i)
		g.Nodes = append(g.Nodes, dsl.GraphNode{ID: id, Type: "noop"})
		g.Edges = append(g.Edges, dsl.Edge{Source: prev, Target: id})
		prev = id
	}
	g.Nodes = append(g.Nodes, dsl.GraphNode{ID: "end", Type: "end"})
	g.Edges = append(g.Edges, dsl.Edge{Source: prev, Target: "end"})
	return app
}

// fanApp is start → noop × width → join → end.
func fanApp(width int) *dsl.App {
	app := &dsl.App{Version: dsl.DSLVersion, Kind: dsl.DSLKind, App: dsl.AppInfo{Name: "fan", Mode: dsl.ModeWorkflow}}
	g := &app.Workflow.Graph
	g.Nodes = append(g.Nodes, dsl.GraphNode{ID: "start", Type: "start"}, dsl.GraphNode{ID: "join", Type: "noop"}, dsl.GraphNode{ID: "end", Type: "end"})
	for i := range width {
		id := fmt.Sprint("b", i)
		g.Nodes = append(g.Nodes, dsl.GraphNode{ID: id, Type: "noop"})
		g.Edges = append(g.Edges, dsl.Edge{Source: "start", Target: id}, dsl.Edge{Source: id, Target: "join"})
	}
	g.Edges = append(g.Edges, dsl.Edge{Source: "join", Target: "end"})
	return app
}

func mustCompile(b *testing.B, app *dsl.App) *Plan {
	b.Helper()
	plan, err := Compile(app, testRegistry())
	if err != nil {
		b.Fatal(err)
	}
	return plan
}

// persistLike stands in for the persistence observer: it encodes every event.
func persistLike() Observer {
	return ObserverFunc(func(e Event) { _ = json.NewEncoder(io.Discard).Encode(e) })
}

func runTimed(b *testing.B, plan *Plan, opts RunOptions) []time.Duration {
	b.Helper()
	var samples []time.Duration
	for b.Loop() {
		began := time.Now()
		if _, err := plan.Run(context.Background(), RunInput{RunID: "bench"}, opts); err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(began))
	}
	return samples
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func BenchmarkChain1000(b *testing.B) {
	const nodes = 1000
	plan := mustCompile(b, chainApp(nodes))
	for _, bc := range []struct {
		name string
		obs  []Observer
	}{{"observer=none", nil}, {"observer=persist", []Observer{persistLike()}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			samples := runTimed(b, plan, RunOptions{Observers: bc.obs})
			b.ReportMetric(float64(median(samples).Nanoseconds())/nodes/1e3, "µs/node")
		})
	}
}

func BenchmarkFanOut200(b *testing.B) {
	plan := mustCompile(b, fanApp(200))
	for _, bc := range []struct {
		name string
		obs  []Observer
	}{{"observer=none", nil}, {"observer=persist", []Observer{persistLike()}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			samples := runTimed(b, plan, RunOptions{Observers: bc.obs})
			b.ReportMetric(float64(median(samples).Microseconds())/1e3, "ms/run")
		})
	}
}

const streamDSL = `version: 0.1.0
kind: lexflow-app
app: {name: stream, mode: chatflow}
workflow:
  graph:
    nodes:
      - {id: start, type: start, data: {}}
      - {id: llm, type: streamer, data: {count: 10000}}
      - {id: answer, type: answer, data: {answer: "Answer: {{#llm.text#}}"}}
    edges:
      - {source: start, target: llm}
      - {source: llm, target: answer}
`

// BenchmarkAnswerStream10k reports the peak live heap above the baseline
// while 10,000 chunks stream through an Answer node to a counting observer.
func BenchmarkAnswerStream10k(b *testing.B) {
	app, err := dsl.Parse([]byte(streamDSL))
	if err != nil {
		b.Fatal(err)
	}
	plan := mustCompile(b, app)
	var chunks atomic.Int64
	count := ObserverFunc(func(e Event) {
		if e.Kind == NodeRunStreamChunk && e.NodeID == "answer" {
			chunks.Add(1)
		}
	})
	b.ReportAllocs()
	var peak uint64
	for b.Loop() {
		chunks.Store(0)
		p, err := peakHeap(func() error {
			_, err := plan.Run(context.Background(), RunInput{}, RunOptions{Observers: []Observer{count}})
			return err
		})
		if err != nil || chunks.Load() != 10_001 {
			b.Fatalf("err %v, answer chunks %d", err, chunks.Load())
		}
		peak = max(peak, p)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// peakHeap runs f while sampling the live heap every 100 µs and returns the
// highest sample above the heap measured just before f.
func peakHeap(f func() error) (uint64, error) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var top atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(100 * time.Microsecond)
		defer tick.Stop()
		for {
			if h := read(); h > top.Load() {
				top.Store(h)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	err := f()
	close(stop)
	<-done
	if top.Load() < base {
		return 0, err
	}
	return top.Load() - base, err
}
