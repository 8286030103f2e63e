package cli

import (
	"os"
	"runtime/debug"
)

// memoryBudget is the memory the Go runtime aims to stay under while the
// app runs. Ingestion bounds what one document holds (ingest.Limits); this
// soft limit keeps the garbage between collections from doubling that, and
// leaves room for SQLite's own copy of a large text being stored, so the
// whole process stays within the documented 400 MB while it ingests two
// files at the limit (measured by make bench-memory: 383 MB at 200 MiB,
// 476 MB at 320 MiB, for two 64 MB Markdown files). A heap that truly needs
// more still gets it: the collector works harder rather than the program
// failing.
const memoryBudget = 200 << 20

// applyMemoryBudget sets the soft memory limit unless GOMEMLIMIT, the
// runtime's own setting, says otherwise.
func applyMemoryBudget() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryBudget)
	}
}
