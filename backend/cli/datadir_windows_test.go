//go:build windows

package cli

import (
	"os"
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

// With a roaming profile whose AppData\Roaming is on a server, the library
// goes to AppData\Local, on this machine: SQLite's WAL and the index's
// memory-mapped files are not safe on a share.
func TestWindowsDataDirectoryOffARoamingShare(t *testing.T) {
	local := filepath.Join(t.TempDir(), "AppData", "Local")
	for _, roaming := range []string{`\\profiles.invalid\users$\ana\AppData\Roaming`, `\\?\UNC\profiles.invalid\users$\ana\AppData\Roaming`} {
		got, err := DataDir("", func(k string) string {
			return map[string]string{"APPDATA": roaming, "LOCALAPPDATA": local}[k]
		})
		if want := filepath.Join(local, "Lexflow"); err != nil || got != want {
			t.Errorf("APPDATA %s: DataDir = %s, %v; want %s", roaming, got, err, want)
		}
	}
	for dir, want := range map[string]bool{
		`\\server\share\Lexflow`: true, `\\?\UNC\server\share\Lexflow`: true,
		os.Getenv("SystemDrive") + `\Users`: false, `\\?\` + os.Getenv("SystemDrive") + `\Users`: false,
	} {
		if got := onNetwork(dir); got != want {
			t.Errorf("onNetwork(%s) = %v, want %v", dir, got, want)
		}
		if w := networkWarning(dir); (w != "") != want || want && !strings.Contains(w, dir) {
			t.Errorf("networkWarning(%s) = %q", dir, w)
		}
	}
}

// The data directory in the \\?\ long form: SQLite, the index and the stored
// files all open there, and a share that cannot be reached is refused by name.
func TestWindowsDataDirectoryInTheLongForm(t *testing.T) {
	dir := `\\?\` + filepath.Join(t.TempDir(), "Maître Zoë", "Lexflow")
	doc := filepath.Join(t.TempDir(), "bail.txt")
	if err := os.WriteFile(doc, []byte("Article 3. The lease runs for three years.\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"collection", "create", "Baux"}, {"ingest", "--collection", "Baux", doc}, {"library", "check"}} {
		if r := run(t, dir, args...); r.code != ExitOK {
			t.Fatalf("%q in %s: %+v", args, dir, r)
		}
	}
	if r := run(t, dir, "search", "--collection", "Baux", "lease three years"); r.code != ExitOK || !strings.Contains(r.stdout, "bail.txt") {
		t.Errorf("search in %s: %+v", dir, r)
	}
	unreachable := `\\nosuchserver.invalid\share\Lexflow`
	if _, err := DataDir(unreachable, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), unreachable) {
		t.Errorf("DataDir(%s) = %v, want a refusal that names it", unreachable, err)
	}
}
