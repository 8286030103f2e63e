package repo

import (
	"fmt"
	"path/filepath"
	"slices"
)

// DifyExports lists the Dify exports in dir, sorted; dir "" is the real
// corpus beside the repository (../shared/eval/dify-dsl/apps).
func DifyExports(dir string) ([]string, error) {
	if dir == "" {
		root, err := Root()
		if err != nil {
			return nil, err
		}
		dir = filepath.Join(root, "..", "shared", "eval", "dify-dsl", "apps")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.yml"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("list exports in %s: none found (%v)", dir, err)
	}
	slices.Sort(files)
	return files, nil
}
