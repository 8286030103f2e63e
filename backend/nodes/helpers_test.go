package nodes_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"lexflow/backend/engine"
	"lexflow/backend/evidence"
	"lexflow/backend/generation"
	"lexflow/backend/index"
	"lexflow/backend/llm"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/providers"
	"lexflow/backend/nodes"
	"lexflow/backend/nodes/dify"
	"lexflow/backend/store"
)

// fixedClock is "today" in every test: Friday 14 March 2025.
type fixedClock struct{}

func (fixedClock) Now() time.Time { return time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC) }

type docPart struct {
	heading []string
	text    string
}

type docSpec struct {
	id, collection, name, lang string
	parts                      []docPart
}

func part(text string, heading ...string) docPart { return docPart{heading, text} }

// corpus is a small library: an English act and an Arabic civil law.
func corpus() []evidence.Chunk {
	docs := []docSpec{
		{id: "labour-act", collection: "labour", name: "labour-act.pdf", lang: "en", parts: []docPart{
			part("This Act applies to every employment contract in the Kingdom.", "Chapter 1", "Article 1 – Scope"),
			part("Either party may terminate the contract by written notice of thirty days.", "Chapter 2", "Article 12 – Termination"),
			part("Notice given during annual leave takes effect when the leave ends.", "Chapter 2", "Article 12 – Termination"),
			part("Wages are paid monthly, no later than the fifth day of the month.", "Chapter 3", "Article 20 – Wages"),
			part("Overtime is paid at one and a half times the hourly wage.", "Chapter 3", "Section 4.2 – Overtime"),
		}},
		{id: "civil-law", collection: "civil", name: "القانون-المدني.pdf", lang: "ar", parts: []docPart{
			part("يسري هذا القانون على جميع العقود المدنية.", "الباب الأول", "المادة ١ – النطاق"),
			part("يجوز لكل من المتعاقدين فسخ العقد بإخطار كتابي مدته ثلاثون يوماً.", "الباب الثاني", "المادة ١٢ – الفسخ"),
			part("يستحق التعويض عن الضرر الناشئ عن الفسخ التعسفي.", "الباب الثاني", "المادة ١٣ – التعويض"),
		}},
	}
	var out []evidence.Chunk
	for _, d := range docs {
		offset := 0
		for i, p := range d.parts {
			n := len([]rune(p.text))
			out = append(out, evidence.Chunk{
				ID: fmt.Sprintf("%s-%05d", d.id, i), DocID: d.id, CollectionID: d.collection, Ordinal: i, Language: d.lang, Text: p.text,
				Locator: evidence.Locator{DocID: d.id, DocName: d.name, PageStart: i + 1, PageEnd: i + 1,
					HeadingPath: p.heading, Start: offset, End: offset + n},
			})
			offset += n + 1
		}
	}
	return out
}

// chunkStore serves chunks by document, as the store does.
type chunkStore []evidence.Chunk

func (s chunkStore) DocumentChunks(_ context.Context, docID string) ([]evidence.Chunk, error) {
	var out []evidence.Chunk
	for _, c := range s {
		if c.DocID == docID {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("document %s: not found", docID)
	}
	return out, nil
}

func openIndex(t testing.TB) *index.Index {
	t.Helper()
	idx, err := index.OpenMem()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	if err := idx.Add(context.Background(), corpus()); err != nil {
		t.Fatal(err)
	}
	return idx
}

// env is what a test runs apps with: a fake model server, both real
// providers pointed at it, the index and the chunk store.
type env struct {
	srv  *llmtest.Server
	idx  *index.Index
	deps nodes.Deps
}

func newEnv(t testing.TB, defaultProvider string) *env {
	t.Helper()
	srv := llmtest.New(t)
	idx := openIndex(t)
	set := nodes.ProviderSet{Default: defaultProvider}
	for _, kind := range []llm.Kind{llm.KindOllama, llm.KindOpenAI} {
		base := srv.OllamaURL()
		if kind == llm.KindOpenAI {
			base = srv.OpenAIURL()
		}
		p, err := providers.New(llm.Config{Kind: kind, BaseURL: base, APIKey: "test", IdleTimeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		set.Providers = append(set.Providers, nodes.NamedProvider{ID: string(kind), Name: string(kind), Provider: p, DefaultModel: "qwen3"})
	}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	pipeline := &generation.Pipeline{Store: db}
	deps := nodes.Deps{Models: set, Search: idx.Search, Chunks: chunkStore(corpus()), Clock: fixedClock{},
		Answerer: pipeline, Verifier: pipeline, Scope: func(_ context.Context, s nodes.SearchScope) (string, []string) {
			if len(s.DocumentIDs) > 0 {
				return fmt.Sprintf("the documents %q", s.DocumentIDs), s.DocumentIDs
			}
			return fmt.Sprintf("the collections %q", s.CollectionIDs), nil
		}}
	return &env{srv: srv, idx: idx, deps: deps}
}

func (e *env) registry(t testing.TB) *engine.Registry {
	t.Helper()
	reg := engine.NewRegistry()
	if err := nodes.Register(reg, e.deps); err != nil {
		t.Fatal(err)
	}
	return reg
}

func (e *env) compile(t testing.TB, dsl []byte) *engine.Plan {
	t.Helper()
	app, _, err := dify.Import(dsl)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	plan, err := engine.Compile(app, e.registry(t))
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return plan
}

// run executes a plan, collecting its events through engine.ChanObserver.
func run(t testing.TB, plan *engine.Plan, in engine.RunInput, workers int) (*engine.RunResult, error, []engine.Event) {
	t.Helper()
	ch := make(chan engine.Event, 64)
	done := make(chan []engine.Event)
	go func() {
		var evs []engine.Event
		for e := range ch {
			evs = append(evs, e)
		}
		done <- evs
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := plan.Run(ctx, in, engine.RunOptions{Workers: workers, Observers: []engine.Observer{engine.ChanObserver(ch)}, Clock: fixedClock{}})
	return res, err, <-done
}
