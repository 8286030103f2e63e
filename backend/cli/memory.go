package cli

import (
	"os"
	"runtime/debug"
)

// memoryBudget is the heap the Go runtime aims to stay under while the app
// runs. Ingestion bounds what one document holds (ingest.Limits); this
// soft limit keeps the garbage between collections from doubling that,
// so the whole process stays within the documented 400 MB while it ingests
// files at the size limit. A heap that truly needs more still gets it: the
// collector works harder rather than the program failing.
const memoryBudget = 320 << 20

// applyMemoryBudget sets the soft memory limit unless GOMEMLIMIT, the
// runtime's own setting, says otherwise.
func applyMemoryBudget() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryBudget)
	}
}
