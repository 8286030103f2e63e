package store

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A data directory may be named with what is URI syntax ("#", "%", "?"
// outside Windows): the database opens at exactly that path, keeps what it
// holds, and leaves no file anywhere else.
func TestOpenInFoldersNamedWithURISyntax(t *testing.T) {
	names := []string{"Dossier #2", "100% conformes", "Zoë & fils=1", "%2e%2e"}
	if runtime.GOOS != "windows" {
		names = append(names, "what? when?")
	}
	for _, name := range names {
		parent := t.TempDir()
		path := filepath.Join(parent, name, "lexflow.db")
		db := openAt(t, path)
		if _, err := db.CreateCollection(context.Background(), "Baux", ""); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		db.Close()
		cs, err := openAt(t, path).ListCollections(context.Background())
		if err != nil || len(cs) != 1 {
			t.Errorf("%s: reopened with collections %+v, %v", name, cs, err)
		}
		if entries, _ := os.ReadDir(parent); len(entries) != 1 || entries[0].Name() != name {
			t.Errorf("%s: the folder holds %v, want only %q", name, entries, name)
		}
	}
}

func TestFileURI(t *testing.T) {
	cases := map[string]string{
		"/home/zoë/Dossier #2/lexflow.db": "file:///home/zo%C3%AB/Dossier%20%232/lexflow.db",
		"/data/100%/lexflow.db":           "file:///data/100%25/lexflow.db",
	}
	if runtime.GOOS == "windows" {
		cases = map[string]string{
			`C:\Users\Zoë\AppData\Roaming\Lexflow\lexflow.db`: "file:///C:/Users/Zo%C3%AB/AppData/Roaming/Lexflow/lexflow.db",
			`\\?\C:\Users\Ana\Lexflow\lexflow.db`:             "file:///C:/Users/Ana/Lexflow/lexflow.db",
			`\\server\share\Lexflow\lexflow.db`:               "file:////server/share/Lexflow/lexflow.db",
			`\\?\UNC\server\share\Lexflow\lexflow.db`:         "file:////server/share/Lexflow/lexflow.db",
		}
	}
	for path, want := range cases {
		if got := fileURI(path); got != want {
			t.Errorf("fileURI(%s) = %s, want %s", path, got, want)
		}
	}
}
