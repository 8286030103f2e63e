//go:build windows

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// On Windows the data lives in %APPDATA%\Lexflow, whose path often holds the
// user's name: spaces and letters outside ASCII must reach SQLite and Bleve whole.
func TestWindowsDataDirectory(t *testing.T) {
	appData := filepath.Join(t.TempDir(), "Maître Zoë Ångström", "AppData", "Roaming")
	got, err := DataDir("", func(k string) string {
		if k == "APPDATA" {
			return appData
		}
		return ""
	})
	if err != nil || got != filepath.Join(appData, "Lexflow") {
		t.Fatalf("DataDir = %s, %v; want %s", got, err, filepath.Join(appData, "Lexflow"))
	}
	if r := run(t, got, "collection", "create", "Dossiers d'été"); r.code != ExitOK {
		t.Fatalf("create a collection in %s: %+v", got, r)
	}
	if r := run(t, got, "library", "check"); r.code != ExitOK || !strings.Contains(r.stdout, "agrees") {
		t.Errorf("library check in %s: %+v", got, r)
	}
}
