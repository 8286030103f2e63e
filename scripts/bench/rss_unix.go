//go:build unix

package main

import (
	"os"
	"syscall"
)

// childPeakRSS is a finished child's peak resident set in KiB (ru_maxrss: KiB on
// Linux, the unit the bench reports in).
func childPeakRSS(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return int64(ru.Maxrss), true
}
