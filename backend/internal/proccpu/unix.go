//go:build unix

package proccpu

import (
	"syscall"
	"time"
)

// Used is the CPU time this process has used, on every thread.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
