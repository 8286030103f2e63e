package generation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"lexflow/backend/evidence"
	"lexflow/backend/llm"
	"lexflow/backend/store"
)

// Store keeps the records (store.DB fits).
type Store interface {
	SaveGeneration(ctx context.Context, r store.RetrievalRecord, g store.GenerationRecord) (store.RetrievalRecord, store.GenerationRecord, error)
	GetGeneration(ctx context.Context, id string) (store.GenerationRecord, error)
	GetRetrieval(ctx context.Context, id string) (store.RetrievalRecord, error)
	Replays(ctx context.Context, id string) ([]store.GenerationRecord, error)
}

// Retrieval is what was searched for and found.
type Retrieval struct {
	ID         string         `json:"id"`
	Query      string         `json:"query"`
	Parameters map[string]any `json:"parameters"`
	Hits       []evidence.Hit `json:"-"`
}

// Timing is how long each layer took, in milliseconds.
type Timing struct {
	PromptMs      float64 `json:"prompt"`
	LLMMs         float64 `json:"llm"`
	PostprocessMs float64 `json:"postprocess"`
	TotalMs       float64 `json:"total"`
}

// Record is one generation with everything needed to audit and replay it.
type Record struct {
	ID        string
	MessageID string
	RunID     string
	NodeID    string
	ReplayOf  string
	TraceID   string
	RequestID string
	Retrieval Retrieval
	Snapshot  Snapshot
	Provider  map[string]any // provider snapshot: name, kind, model, parameters
	Raw       Raw
	Result    Result
	Timing    Timing
	CreatedAt time.Time
}

// storedHit is a hit as the retrieval record keeps it.
type storedHit struct {
	Rank         int              `json:"rank"`
	Score        float64          `json:"score"`
	ChunkID      string           `json:"chunk_id"`
	DocumentID   string           `json:"document_id"`
	CollectionID string           `json:"collection_id"`
	Ordinal      int              `json:"ordinal"`
	Language     string           `json:"language,omitempty"`
	Text         string           `json:"text"`
	Snippet      string           `json:"snippet,omitempty"`
	Locator      evidence.Locator `json:"locator"`
}

// Verification is the checked answer as a record keeps it (its verification
// column), with the reply format it was asked in (absent from records made
// before formats were chosen, and when no model was asked).
type Verification struct {
	Answer  string  `json:"answer"`
	Refused bool    `json:"refused,omitempty"`
	Checks  []Check `json:"checks"`
	Claims  []Claim `json:"claims"`
	Output  Output  `json:"output,omitzero"`
}

// persist writes the record; it decides nothing.
func persist(ctx context.Context, s Store, rec Record) (Record, error) {
	r, g := toRows(rec)
	r, g, err := s.SaveGeneration(ctx, r, g)
	if err != nil {
		return rec, err
	}
	rec.ID, rec.MessageID, rec.Retrieval.ID, rec.CreatedAt = g.ID, g.MessageID, g.RetrievalRecordID, g.CreatedAt
	return rec, nil
}

func toRows(rec Record) (store.RetrievalRecord, store.GenerationRecord) {
	res := rec.Result
	r := store.RetrievalRecord{MessageID: rec.MessageID, RunID: rec.RunID, NodeID: rec.NodeID, Query: rec.Retrieval.Query,
		Parameters: mustJSON(rec.Retrieval.Parameters), Hits: mustJSON(storeHits(rec.Retrieval.Hits))}
	g := store.GenerationRecord{ID: rec.ID, MessageID: rec.MessageID, RunID: rec.RunID, NodeID: rec.NodeID,
		RetrievalRecordID: rec.Retrieval.ID, ReplayOf: rec.ReplayOf, TraceID: rec.TraceID, RequestID: rec.RequestID,
		PromptName: rec.Snapshot.PromptName, PromptVersion: rec.Snapshot.PromptVersion,
		ModelProvider: rec.Raw.Provider, ModelName: rec.Raw.Model, ProviderSnapshot: mustJSON(rec.Provider),
		MessagesSnapshot: mustJSON(rec.Snapshot.Messages), OutputRaw: rec.Raw.Text, OutputReasoning: rec.Raw.Reasoning,
		OutputStructured: string(res.Structured), Citations: mustJSON(res.Citations),
		Verification: mustJSON(Verification{Answer: res.Answer, Refused: res.Refused, Checks: res.Checks, Claims: res.Claims,
			Output: rec.Raw.Output}),
		Status: string(res.Status), ErrorMessage: res.Error, TimingMs: mustJSON(rec.Timing),
		PromptTokens: rec.Raw.Usage.PromptTokens, CompletionTokens: rec.Raw.Usage.CompletionTokens}
	return r, g
}

func storeHits(hits []evidence.Hit) []storedHit {
	out := make([]storedHit, len(hits))
	for i, h := range hits {
		c := h.Chunk
		out[i] = storedHit{Rank: h.Rank, Score: h.Score, ChunkID: c.ID, DocumentID: c.DocID, CollectionID: c.CollectionID,
			Ordinal: c.Ordinal, Language: c.Language, Text: c.Text, Snippet: h.Snippet, Locator: c.Locator}
	}
	return out
}

func loadHits(s string) ([]evidence.Hit, error) {
	var stored []storedHit
	if err := json.Unmarshal([]byte(s), &stored); err != nil {
		return nil, err
	}
	out := make([]evidence.Hit, len(stored))
	for i, h := range stored {
		out[i] = evidence.Hit{Rank: h.Rank, Score: h.Score, Snippet: h.Snippet, Chunk: evidence.Chunk{ID: h.ChunkID,
			DocID: h.DocumentID, CollectionID: h.CollectionID, Ordinal: h.Ordinal, Language: h.Language, Text: h.Text,
			Locator: h.Locator}}
	}
	return out, nil
}

// Load reads a stored record back, with its retrieval.
func Load(ctx context.Context, s Store, id string) (Record, error) {
	g, err := s.GetGeneration(ctx, id)
	if err != nil {
		return Record{}, err
	}
	r, err := s.GetRetrieval(ctx, g.RetrievalRecordID)
	if err != nil {
		return Record{}, err
	}
	return fromRows(r, g)
}

// ParseVerification reads a record's verification column; a malformed one
// reads as empty (nothing shown as checked).
func ParseVerification(s string) Verification {
	var v Verification
	_ = json.Unmarshal([]byte(s), &v)
	return v
}

// LoadReplays reads the records that re-ran a record, oldest first. They
// share its retrieval, which is read once.
func LoadReplays(ctx context.Context, s Store, id string) ([]Record, error) {
	rows, err := s.Replays(ctx, id)
	if err != nil || len(rows) == 0 {
		return []Record{}, err
	}
	r, err := s.GetRetrieval(ctx, rows[0].RetrievalRecordID)
	if err != nil {
		return nil, err
	}
	out := make([]Record, len(rows))
	for i, g := range rows {
		if out[i], err = fromRows(r, g); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func fromRows(r store.RetrievalRecord, g store.GenerationRecord) (Record, error) {
	rec := Record{ID: g.ID, MessageID: g.MessageID, RunID: g.RunID, NodeID: g.NodeID, ReplayOf: g.ReplayOf,
		TraceID: g.TraceID, RequestID: g.RequestID, CreatedAt: g.CreatedAt,
		Retrieval: Retrieval{ID: r.ID, Query: r.Query},
		Snapshot:  Snapshot{PromptName: g.PromptName, PromptVersion: g.PromptVersion},
		Raw: Raw{Text: g.OutputRaw, Reasoning: g.OutputReasoning, Provider: g.ModelProvider, Model: g.ModelName,
			Usage: llm.Usage{PromptTokens: g.PromptTokens, CompletionTokens: g.CompletionTokens}},
		Result: Result{Structured: json.RawMessage(g.OutputStructured), Status: Status(g.Status), Error: g.ErrorMessage}}
	var v Verification
	hits, hitsErr := loadHits(r.Hits)
	err := errors.Join(
		json.Unmarshal([]byte(r.Parameters), &rec.Retrieval.Parameters),
		json.Unmarshal([]byte(g.ProviderSnapshot), &rec.Provider),
		json.Unmarshal([]byte(g.MessagesSnapshot), &rec.Snapshot.Messages),
		json.Unmarshal([]byte(g.Citations), &rec.Result.Citations),
		json.Unmarshal([]byte(g.Verification), &v),
		json.Unmarshal([]byte(g.TimingMs), &rec.Timing),
		hitsErr)
	if err != nil {
		return rec, fmt.Errorf("read generation record %s: %w", g.ID, err)
	}
	rec.Retrieval.Hits = hits
	rec.Result.Answer, rec.Result.Refused, rec.Result.Checks, rec.Result.Claims = v.Answer, v.Refused, v.Checks, v.Claims
	rec.Raw.Output = v.Output
	return rec, nil
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null" // only unsupported values (channels, NaN) get here; none are built above
	}
	return string(b)
}
