//go:build unix && !linux

package main

import (
	"runtime"
	"syscall"
)

// peakRSS is the process's peak resident set in bytes from getrusage;
// ru_maxrss is bytes on Apple systems and KiB on the BSDs.
func peakRSS() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss), true
	}
	return int64(ru.Maxrss) * 1024, true
}
