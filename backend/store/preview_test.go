package store

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// Previews made before conversations had a preview flag are recognised by
// the title the Studio gave them; the user's own conversations stay listed.
func TestUpgradeUnlistsEarlierPreviews(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexflow.db")
	raw := openAtVersion(t, path, 15)
	at := formatTime(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
	for id, title := range map[string]string{
		"old-preview": "Studio preview · Tenancy Q&A",
		"asked":       "Is a preview of a contract binding?",
		"untitled":    "",
	} {
		if _, err := raw.Exec(`INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)`, id, title, at, at); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()

	db := openAt(t, path)
	ctx := context.Background()
	listed, err := db.ListConversations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range listed {
		ids = append(ids, c.ID)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"asked", "untitled"}) {
		t.Errorf("listed %v after the upgrade, want the two that are not previews", ids)
	}
	if n, err := db.SweepPreviews(ctx, time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)); err != nil || n != 1 {
		t.Errorf("swept %d, %v: want the earlier preview", n, err)
	}
}
