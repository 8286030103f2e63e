//go:build unix

package store

import (
	"syscall"
	"time"
)

// processCPU is the CPU time this process has used, on every thread.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
