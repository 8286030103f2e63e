package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// A collection's OCR language is stored on create and update, and read back
// by get, list and the worker's own lookup.
func TestCollectionOCRLanguageRoundTrip(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	c, err := db.InsertCollection(ctx, Collection{Name: "Gulf contracts", Description: "scans", OCRLanguage: "ara+eng"})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := db.CreateCollection(ctx, "Statutes", "")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := db.GetCollection(ctx, c.ID); got.OCRLanguage != "ara+eng" || got.Description != "scans" {
		t.Errorf("get = %+v", got)
	}
	if got, _ := db.GetCollection(ctx, plain.ID); got.OCRLanguage != "" {
		t.Errorf("a collection made without one has OCR language %q", got.OCRLanguage)
	}
	c.OCRLanguage = "ara"
	if err := db.UpdateCollection(ctx, c); err != nil {
		t.Fatal(err)
	}
	list, _ := db.ListCollections(ctx)
	if len(list) != 2 || list[0].Name != "Gulf contracts" || list[0].OCRLanguage != "ara" || list[1].OCRLanguage != "" {
		t.Errorf("list = %+v", list)
	}
	if lang, err := db.CollectionOCRLanguage(ctx, c.ID); err != nil || lang != "ara" {
		t.Errorf("CollectionOCRLanguage = %q, %v", lang, err)
	}
	if _, err := db.CollectionOCRLanguage(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown collection: %v", err)
	}
	if err := db.UpdateCollection(ctx, Collection{ID: "nope", Name: "x"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("update unknown collection: %v", err)
	}
	if _, err := db.InsertCollection(ctx, Collection{Name: "statutes", OCRLanguage: "eng"}); !errors.Is(err, ErrConflict) {
		t.Errorf("duplicate name: %v", err)
	}
}

// Collections made before the setting existed read scans automatically
// after the upgrade, and can then be given a language.
func TestUpgradeGivesCollectionsAutomaticOCR(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	raw := openAtVersion(t, path, 17)
	at := formatTime(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
	if _, err := raw.Exec(`INSERT INTO collections (id, name, description, created_at, updated_at)
		VALUES ('c1', 'Old scans', 'kept', ?1, ?1)`, at); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	db := openAt(t, path)
	ctx := context.Background()
	c, err := db.GetCollection(ctx, "c1")
	if err != nil || c.Name != "Old scans" || c.Description != "kept" || c.OCRLanguage != "" {
		t.Fatalf("after the upgrade: %+v, %v", c, err)
	}
	c.OCRLanguage = "ara"
	if err := db.UpdateCollection(ctx, c); err != nil {
		t.Fatal(err)
	}
	if lang, _ := db.CollectionOCRLanguage(ctx, "c1"); lang != "ara" {
		t.Errorf("OCR language %q after update, want ara", lang)
	}
}
