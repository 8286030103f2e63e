package store

import (
	"context"
	"errors"
	"strings"
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

// A name two apps share is an error listing both, never a silent pick.
func TestGetAppByASharedNameIsAmbiguous(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	a, _ := db.SaveApp(ctx, App{Name: "Review", Mode: "workflow"})
	b, _ := db.SaveApp(ctx, App{Name: "Review", Mode: "workflow"})
	_, err := db.GetApp(ctx, "Review")
	if !errors.Is(err, ErrAmbiguous) || !strings.Contains(err.Error(), a.ID) || !strings.Contains(err.Error(), b.ID) {
		t.Errorf("err = %v, want ErrAmbiguous naming both", err)
	}
	if got, err := db.GetApp(ctx, b.ID); err != nil || got.ID != b.ID {
		t.Errorf("by id: %v %v", got.ID, err)
	}
}
