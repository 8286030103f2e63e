//go:build unix

// Package childrss reads a finished child process's peak resident set, for
// the benchmarks that run Lexflow as a child.
package childrss

import (
	"os"
	"syscall"
)

// PeakKiB is a finished child's peak resident set in KiB (ru_maxrss: KiB on
// Linux, the unit the bench reports in).
func PeakKiB(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return int64(ru.Maxrss), true
}
