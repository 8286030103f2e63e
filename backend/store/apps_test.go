package store

import (
	"context"
	"errors"
	"testing"
)

// Each save is a new version; a save from an older version is refused and
// leaves the newer one in place.
func TestUpdateAppVersionsAndRefusesStaleEdits(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	a, err := db.SaveApp(ctx, App{Name: "Review", Mode: "workflow", DSL: "v1"})
	if err != nil || a.Version != 1 {
		t.Fatalf("create: %+v, %v", a, err)
	}
	a.DSL = "v2"
	saved, err := db.UpdateApp(ctx, a, 1)
	if err != nil || saved.Version != 2 || !saved.CreatedAt.Equal(a.CreatedAt) {
		t.Fatalf("update: %+v, %v", saved, err)
	}
	a.DSL = "from another window"
	if _, err := db.UpdateApp(ctx, a, 1); !errors.Is(err, ErrStale) {
		t.Fatalf("stale update: %v, want ErrStale", err)
	}
	got, _ := db.GetApp(ctx, a.ID)
	if got.DSL != "v2" || got.Version != 2 {
		t.Errorf("after a refused update: %q at version %d", got.DSL, got.Version)
	}
	if _, err := db.UpdateApp(ctx, App{ID: "nope", Name: "x", Mode: "workflow"}, 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing app: %v, want ErrNotFound", err)
	}
	if forced, err := db.UpdateApp(ctx, a, 0); err != nil || forced.Version != 3 {
		t.Errorf("update without a base version: %+v, %v", forced, err)
	}
}
