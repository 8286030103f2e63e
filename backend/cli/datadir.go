package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// EnvDataDir names the environment variable that chooses the data directory.
const EnvDataDir = "LEXFLOW_DATA_DIR"

// DataDir resolves where Lexflow keeps its data: the flag, else the
// environment variable, else the OS's per-user application-data folder.
func DataDir(flagValue string, getenv func(string) string) (string, error) {
	dir := flagValue
	if dir == "" {
		dir = getenv(EnvDataDir)
	}
	if dir == "" {
		var err error
		if dir, err = defaultDataDir(getenv); err != nil {
			return "", err
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("resolve data directory %q: %w", dir, err)
	}
	return abs, prepareDataDir(abs)
}

// defaultDataDir follows each OS's convention for per-user application data.
func defaultDataDir(getenv func(string) string) (string, error) {
	home, err := os.UserHomeDir()
	switch runtime.GOOS {
	case "windows":
		// A roaming profile may keep AppData\Roaming on a server (folder
		// redirection), where SQLite's WAL and the index's memory-mapped files
		// are not safe; AppData\Local is always on this machine. A library
		// already on the server stays where the user has it.
		appData, local := getenv("APPDATA"), getenv("LOCALAPPDATA")
		if appData != "" && onNetwork(appData) && local != "" && !exists(filepath.Join(appData, "Lexflow")) {
			return filepath.Join(local, "Lexflow"), nil
		}
		if appData != "" {
			return filepath.Join(appData, "Lexflow"), nil
		}
	case "darwin":
		if err == nil {
			return filepath.Join(home, "Library", "Application Support", "Lexflow"), nil
		}
	default:
		if d := getenv("XDG_DATA_HOME"); d != "" {
			return filepath.Join(d, "lexflow"), nil
		}
		if err == nil {
			return filepath.Join(home, ".local", "share", "lexflow"), nil
		}
	}
	return "", fmt.Errorf("find a home directory for the data (set --data-dir or %s): %w", EnvDataDir, err)
}

// networkWarning is what a library on a network share is told at every
// start, "" for a library on this computer: SQLite's WAL and the index's
// memory-mapped files rely on one machine's locks and memory, which a share
// does not give; a second computer opening the same folder can damage both.
func networkWarning(dir string) string {
	if !onNetwork(dir) {
		return ""
	}
	return fmt.Sprintf("lexflow: warning: the data directory %s is on a network share. The database and the search index "+
		"need a disk of this computer: if two computers open this folder, both can be damaged. Keep the library in a local "+
		"folder (the default, %%LOCALAPPDATA%%\\Lexflow, is one) and share documents, not the library.", dir)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// prepareDataDir creates the directory owner-only, and refuses a path that is a
// file or cannot be written, before anything else touches it.
func prepareDataDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("create data directory %s: %w", dir, err)
		}
		return nil
	case err != nil:
		return fmt.Errorf("open data directory %s: %w", dir, err)
	case !st.IsDir():
		return fmt.Errorf("data directory %s is a file, not a directory", dir)
	}
	probe, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("data directory %s is not writable: %w", dir, err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}
