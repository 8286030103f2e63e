package generation

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
	"lexflow/backend/llm/llmtest"
	"lexflow/backend/llm/ollama"
	"lexflow/backend/llm/openai"
	"lexflow/backend/store"
)

func openStore(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "lexflow.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func ollamaModel(t *testing.T, srv *llmtest.Server, name string, cfg llm.Config) Model {
	t.Helper()
	cfg.Kind, cfg.BaseURL, cfg.Name = llm.KindOllama, srv.OllamaURL(), "local-ollama"
	p, err := ollama.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return Model{Provider: p, ProviderName: cfg.Name, Name: name, Snapshot: map[string]any{"kind": "ollama", "base_url": cfg.BaseURL}}
}

func openaiModel(t *testing.T, srv *llmtest.Server, name string) Model {
	t.Helper()
	p, err := openai.New(llm.Config{Kind: llm.KindOpenAI, BaseURL: srv.OpenAIURL(), Name: "lm-studio"})
	if err != nil {
		t.Fatal(err)
	}
	return Model{Provider: p, ProviderName: "lm-studio", Name: name}
}

const goodReply = `{"answerable": true, "answer": "Either party may end the agreement with ninety days' written notice [1]. Notice goes by hand or registered mail [2].",
 "citations": [{"rank": 1, "quote": "ninety days' written notice"}, {"rank": 2, "quote": ""}]}`

func TestPipelineStoresAVerifiedAnswerAndReadsItBack(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	srv.Script("qwen", llmtest.Reply{Parts: []llmtest.Part{llmtest.Reasoning("Article 12 sets the period."), llmtest.Content(goodReply)}, Chunk: 7})
	var streamed strings.Builder
	p := &Pipeline{Store: db}
	rec, err := p.Run(context.Background(), Request{Query: "What notice ends the agreement?", Hits: testHits(),
		Parameters: map[string]any{"top_k": 3.0}, Scope: `the collection "Acts"`, Model: ollamaModel(t, srv, "qwen", llm.Config{}),
		OnAnswer: func(s string) error { streamed.WriteString(s); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	res := rec.Result
	if res.Status != StatusSuccess || len(res.Citations) != 2 || !res.Citations[0].Quotes[0].Verified {
		t.Fatalf("result %+v", res)
	}
	if streamed.String() != res.Answer {
		t.Errorf("streamed %q, answer %q", streamed.String(), res.Answer)
	}
	if rec.Raw.Reasoning != "Article 12 sets the period." || rec.Raw.Provider != "local-ollama" || rec.Raw.Usage.CompletionTokens == 0 {
		t.Errorf("raw %+v", rec.Raw)
	}
	if rec.Timing.TotalMs <= 0 || rec.Timing.LLMMs <= 0 || rec.Timing.TotalMs < rec.Timing.LLMMs {
		t.Errorf("timing %+v", rec.Timing)
	}
	if rec.ID == "" || rec.Retrieval.ID == "" || rec.TraceID == "" || rec.RequestID == "" {
		t.Errorf("ids missing: %+v", rec)
	}
	got, err := Load(context.Background(), db, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rec, got, cmpopts.EquateEmpty(), cmpopts.IgnoreFields(Raw{}, "FinishReason", "FirstToken", "Latency"),
		cmpopts.EquateApproxTime(time.Millisecond)); d != "" {
		t.Errorf("stored record differs (-run +stored):\n%s", d)
	}
	if got.Provider["base_url"] != srv.OllamaURL() || got.Snapshot.Messages[1].Role != llm.RoleUser {
		t.Errorf("provider snapshot %v", got.Provider)
	}
}

func TestPipelineFaultsEndInARecordedFailure(t *testing.T) {
	srv := llmtest.New(t)
	tests := []struct {
		name   string
		reply  llmtest.Reply
		model  func(t *testing.T) Model
		status Status
		errHas string
		raw    string
		// old: the server takes no reply format, so the model may write anything
		old bool
	}{
		{"prose instead of JSON", llmtest.Text("Ninety days, see [1]."), nil, StatusPartial, "plain text", "Ninety days, see [1].", true},
		{"cites nothing", llmtest.Text(`{"answerable": true, "answer": "Ninety days.", "citations": []}`), nil, StatusPartial, "cite no evidence", "", false},
		{"empty string", llmtest.Text(""), nil, StatusFailed, "empty reply", "", true},
		{"cut at the token limit", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(`{"answerable": true, "answer": "Ninety`)}, Finish: "length"},
			nil, StatusFailed, "malformed JSON", `{"answerable": true`, false},
		{"stops mid-stream", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(goodReply)}, Chunk: 10, Fault: llmtest.CutAfter(3)},
			nil, StatusFailed, "model call failed", `{"answerable": true`, false},
		{"stalls (idle timeout)", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(goodReply)}, Chunk: 10, Fault: llmtest.StallAfter(2)},
			func(t *testing.T) Model {
				return ollamaModel(t, srv, "m", llm.Config{IdleTimeout: 200 * time.Millisecond})
			}, StatusFailed, "timed out", "", false},
		{"provider down", llmtest.Reply{}, func(t *testing.T) Model {
			p, _ := openai.New(llm.Config{Kind: llm.KindOpenAI, BaseURL: llmtest.RefusedURL(t) + "/v1", Name: "down"})
			return Model{Provider: p, ProviderName: "down", Name: "m"}
		}, StatusFailed, "unreachable", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			db := openStore(t)
			srv.RefuseFormats()
			if tc.old {
				srv.RefuseFormats(llm.FormatSchema, llm.FormatJSON)
			}
			srv.Script("m", tc.reply)
			m := openaiModel(t, srv, "m")
			if tc.model != nil {
				m = tc.model(t)
			}
			rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "q", Hits: testHits(), Model: m})
			if err != nil {
				t.Fatal(err)
			}
			if rec.Result.Status != tc.status || !strings.Contains(rec.Result.Error, tc.errHas) {
				t.Errorf("status %q error %q; want %q containing %q", rec.Result.Status, rec.Result.Error, tc.status, tc.errHas)
			}
			if tc.raw != "" && !strings.HasPrefix(rec.Raw.Text, tc.raw) {
				t.Errorf("raw %q, want it to keep %q", rec.Raw.Text, tc.raw)
			}
			stored, err := db.GetGeneration(context.Background(), rec.ID)
			if err != nil || stored.Status != string(tc.status) || stored.ErrorMessage != rec.Result.Error || stored.OutputRaw != rec.Raw.Text {
				t.Errorf("stored %+v, %v", stored, err)
			}
			srv.Script("m") // drop what a failed provider did not consume
		})
	}
}

func TestPipelineWithoutEvidenceAsksNoModel(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	hits := testHits()
	var streamed string
	rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "q", Hits: hits, MinScore: 10,
		Scope: `the collection "Acts"`, Model: openaiModel(t, srv, "m"), OnAnswer: func(s string) error { streamed += s; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result.Status != StatusNoEvidence || !strings.Contains(rec.Result.Answer, `the collection "Acts"`) || streamed != rec.Result.Answer {
		t.Errorf("result %+v streamed %q", rec.Result, streamed)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d model requests without evidence", n)
	}
	stored, err := Load(context.Background(), db, rec.ID)
	if err != nil || len(stored.Retrieval.Hits) != len(hits) || stored.Result.Status != StatusNoEvidence {
		t.Errorf("stored %+v, %v", stored, err)
	}
	if _, err := (&Pipeline{Store: db}).Replay(context.Background(), rec.ID, openaiModel(t, srv, "m"), Params{}); err == nil {
		t.Error("replaying a no-evidence record should say there is nothing to replay")
	}
}

func TestPipelineWithTheBuiltInAnswerer(t *testing.T) {
	db := openStore(t)
	m := Model{Provider: extractive.New(extractive.Options{}), ProviderName: "Built-in", Name: extractive.ModelName}
	rec, err := (&Pipeline{Store: db, Options: Options{Uncited: UncitedFail}}).Run(context.Background(),
		Request{Query: "How is notice delivered?", Hits: testHits(), Model: m})
	if err != nil {
		t.Fatal(err)
	}
	res := rec.Result
	if res.Status != StatusSuccess || len(res.Citations) == 0 {
		t.Fatalf("status %q checks %+v answer %q", res.Status, res.Checks, res.Answer)
	}
	for _, c := range res.Citations {
		for _, q := range c.Quotes {
			if !q.Verified {
				t.Errorf("built-in answerer quote %q not verified", q.Text)
			}
		}
	}
	if !strings.Contains(res.Answer, "registered mail [2]") {
		t.Errorf("answer %q", res.Answer)
	}
}

func TestPipelineRefusalNamesTheScope(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	srv.Script("m", llmtest.Text(`{"answer": "", "citations": []}`))
	srv.RefuseFormats(llm.FormatSchema, llm.FormatJSON) // a model asked for no format refuses with an empty answer
	rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "Can notice be delivered by email?", Hits: testHits(),
		Scope: `the collection "Acts"`, Model: openaiModel(t, srv, "m")})
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Result.Refused || rec.Result.Status != StatusSuccess || rec.Result.Answer != RefusalAnswer(`the collection "Acts"`) {
		t.Errorf("result %+v", rec.Result)
	}
}

// Passages that share no key word with the question do not address it: no
// model is asked, and the refusal says what was searched and which words
// nothing held.
func TestPipelineRefusesEvidenceThatDoesNotAddressTheQuestion(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	srv.Script("m", llmtest.Text(goodReply))
	rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "What is the statute of limitations for notice claims in Texas?",
		Hits: testHits(), Scope: `the collection "Acts"`, Model: openaiModel(t, srv, "m")})
	if err != nil {
		t.Fatal(err)
	}
	r := rec.Result
	if r.Status != StatusNoEvidence || len(srv.Requests()) != 0 {
		t.Fatalf("status %s after %d model requests, want no_evidence without asking the model", r.Status, len(srv.Requests()))
	}
	for _, w := range []string{`"Texas"`, `"limitations"`, `the collection "Acts"`} {
		if !strings.Contains(r.Answer, w) {
			t.Errorf("refusal %q does not name %s", r.Answer, w)
		}
	}
	if len(r.Checks) != 1 || r.Checks[0].Name != CheckSupport || r.Checks[0].Passed {
		t.Errorf("checks %+v, want the failed support check", r.Checks)
	}
}

func TestReplayWithAnotherModelKeepsBothRecords(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	srv.Script("small", llmtest.Text(`{"answerable": true, "answer": "Ninety days.", "citations": []}`))
	srv.Script("large", llmtest.Text(goodReply))
	p := &Pipeline{Store: db}
	orig, err := p.Run(context.Background(), Request{Query: "What notice ends the agreement?", Hits: testHits(), Model: openaiModel(t, srv, "small")})
	if err != nil {
		t.Fatal(err)
	}
	replay, err := p.Replay(context.Background(), orig.ID, ollamaModel(t, srv, "large", llm.Config{}), Params{})
	if err != nil {
		t.Fatal(err)
	}
	if orig.Result.Status != StatusPartial || replay.Result.Status != StatusSuccess {
		t.Errorf("statuses %q then %q", orig.Result.Status, replay.Result.Status)
	}
	if replay.ReplayOf != orig.ID || replay.Retrieval.ID != orig.Retrieval.ID || replay.Raw.Model != "large" {
		t.Errorf("replay %+v", replay)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[1].LastUser() != reqs[0].LastUser() {
		t.Errorf("the replay did not send the stored snapshot again: %d requests", len(reqs))
	}
	replays, err := db.Replays(context.Background(), orig.ID)
	if err != nil || len(replays) != 1 || replays[0].ID != replay.ID {
		t.Errorf("replays %+v, %v", replays, err)
	}
}

func TestRecordOfARunTakesItsMessageOnce(t *testing.T) {
	db := openStore(t)
	ctx := context.Background()
	if err := db.InsertRun(ctx, store.Run{ID: "run1", Mode: "chatflow", MessageID: "msg1", StartedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	m := Model{Provider: extractive.New(extractive.Options{}), ProviderName: "Built-in", Name: extractive.ModelName}
	p := &Pipeline{Store: db}
	first, err := p.Run(ctx, Request{Query: "How is notice delivered?", Hits: testHits(), Model: m, RunID: "run1", NodeID: "cite"})
	if err != nil {
		t.Fatal(err)
	}
	second, err := p.Run(ctx, Request{Query: "How is notice delivered?", Hits: testHits(), Model: m, RunID: "run1", NodeID: "cite2"})
	if err != nil {
		t.Fatal(err)
	}
	if first.MessageID != "msg1" || second.MessageID != "" {
		t.Errorf("message ids %q and %q, want msg1 then none", first.MessageID, second.MessageID)
	}
	byMsg, err := db.MessageGeneration(ctx, "msg1")
	if err != nil || byMsg.ID != first.ID {
		t.Errorf("message's record %+v, %v", byMsg, err)
	}
	byNode, err := db.RunGeneration(ctx, "run1", "cite2")
	if err != nil || byNode.ID != second.ID {
		t.Errorf("node's record %+v, %v", byNode, err)
	}
}

func TestCancelledGenerationIsStillRecorded(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	srv.Script("m", llmtest.Reply{Parts: []llmtest.Part{llmtest.Content(goodReply)}, Chunk: 5, Delay: 20 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	rec, err := (&Pipeline{Store: db}).Run(ctx, Request{Query: "q", Hits: testHits(), Model: openaiModel(t, srv, "m"),
		OnAnswer: func(string) error {
			if n++; n == 2 {
				cancel()
			}
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result.Status != StatusFailed || !strings.Contains(rec.Result.Error, "stopped") || rec.Raw.Text == "" {
		t.Errorf("result %+v raw %q", rec.Result, rec.Raw.Text)
	}
	var stored map[string]any
	g, err := db.GetGeneration(context.Background(), rec.ID)
	if err != nil || json.Unmarshal([]byte(g.Verification), &stored) != nil {
		t.Errorf("not stored: %v", err)
	}
}

// The fake server's careless model is caught by every check it trips.
func TestSloppyModelIsFlaggedNotTrusted(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	srv.InstallDemo(0)
	rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "What notice ends the agreement?",
		Hits: testHits(), Model: ollamaModel(t, srv, llmtest.DemoSloppy, llm.Config{})})
	if err != nil {
		t.Fatal(err)
	}
	if got := verdictsOf(rec.Result.Claims); strings.Join(got, ",") != "cited,uncited,quote_failed" {
		t.Errorf("verdicts %v", got)
	}
	if rec.Result.Status != StatusPartial || len(failedChecks(rec.Result.Checks)) != 2 {
		t.Errorf("status %q checks %+v", rec.Result.Status, rec.Result.Checks)
	}
}
