package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

func TestProviderLifecycle(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	p, err := db.CreateProvider(ctx, Provider{Name: "Local", Kind: "ollama", BaseURL: "http://127.0.0.1:11434", DefaultModel: "qwen3"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateProvider(ctx, Provider{Name: "local", Kind: "openai"}); !errors.Is(err, ErrConflict) {
		t.Errorf("duplicate name (case-insensitive): err = %v, want ErrConflict", err)
	}
	p.APIKey, p.DefaultModel = "k", "llama3"
	if p, err = db.UpdateProvider(ctx, p); err != nil || p.APIKey != "k" || p.DefaultModel != "llama3" {
		t.Fatalf("update = %+v, %v", p, err)
	}
	if got, err := db.GetProvider(ctx, "LOCAL"); err != nil || got.ID != p.ID {
		t.Fatalf("get by name = %+v, %v", got, err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if err := db.RecordProviderCheck(ctx, p.ID, "unreachable", at); err != nil {
		t.Fatal(err)
	}
	got, _ := db.GetProvider(ctx, p.ID)
	if got.LastStatus != "unreachable" || got.LastCheckedAt == nil || !got.LastCheckedAt.Equal(at) {
		t.Errorf("last check = %v %v", got.LastStatus, got.LastCheckedAt)
	}
	if err := db.DeleteProvider(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.GetProvider(ctx, p.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("after delete: err = %v, want ErrNotFound", err)
	}
}

func TestBuiltInProviderIsProtected(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	if err := db.DeleteProvider(ctx, "extractive"); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete built-in: err = %v", err)
	}
	if _, err := db.UpdateProvider(ctx, Provider{ID: "extractive", Name: "x", Kind: "ollama"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("update built-in: err = %v", err)
	}
}

// Concurrent writers queue on the busy timeout instead of failing with SQLITE_BUSY.
func TestConcurrentWritersDoNotFail(t *testing.T) {
	db := openTemp(t)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- db.SetSetting(context.Background(), "k", i)
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestSettingRoundTrip(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	type defaults struct{ Model string }
	var got defaults
	if err := db.GetSetting(ctx, "missing", &got); err != nil || got != (defaults{}) {
		t.Fatalf("missing key = %+v, %v", got, err)
	}
	db.SetSetting(ctx, "d", defaults{"a"})
	db.SetSetting(ctx, "d", defaults{"b"})
	if err := db.GetSetting(ctx, "d", &got); err != nil || got.Model != "b" {
		t.Fatalf("got %+v, %v", got, err)
	}
}
