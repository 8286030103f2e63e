package main

import (
	"bytes"
	"os"
	"strconv"
)

// peakRSS is the process's peak resident set in bytes: VmHWM, the kernel's
// high-water mark, which also catches peaks between samples.
func peakRSS() (int64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(b) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmHWM:")); ok {
			kib, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 10, 64)
			return kib * 1024, err == nil
		}
	}
	return 0, false
}
