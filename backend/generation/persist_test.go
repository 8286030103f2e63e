package generation

import (
	"context"
	"errors"
	"testing"

	"lexflow/backend/store"
)

// persist writes exactly what it is given, and a message keeps one record.
func TestPersistStoresOneRecordPerMessage(t *testing.T) {
	db := openStore(t)
	ctx := context.Background()
	rec := Record{MessageID: "m1", Retrieval: Retrieval{Query: "q", Parameters: map[string]any{"top_k": 5.0}, Hits: testHits()},
		Snapshot: BuildPrompt("q", testHits()), Raw: Raw{Text: "{}", Provider: "p", Model: "x"},
		Result: Result{Status: StatusFailed, Error: "boom", Citations: []Citation{}, Claims: []Claim{}, Checks: []Check{}}}
	saved, err := persist(ctx, db, rec)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Load(ctx, db, saved.ID)
	if err != nil || got.Result.Error != "boom" || got.Raw.Text != "{}" || len(got.Retrieval.Hits) != 3 ||
		got.Retrieval.Hits[2].Chunk.Text != testHits()[2].Chunk.Text || got.Snapshot.PromptVersion != PromptVersion {
		t.Errorf("loaded %+v, %v", got, err)
	}
	if _, err := persist(ctx, db, rec); err == nil {
		t.Error("a second record for the same message was stored")
	}
	if _, err := Load(ctx, db, "missing"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("loading a missing record: %v", err)
	}
}
