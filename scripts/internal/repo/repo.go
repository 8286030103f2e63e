// Package repo finds the lexflow repository a benchmark runs in, and the
// evaluation data kept beside it.
package repo

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
)

// Root walks up from the working directory to the go.mod of module lexflow.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(mod, []byte("module lexflow\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run inside the lexflow repository (no go.mod of module lexflow above the working directory)")
		}
		dir = parent
	}
}
