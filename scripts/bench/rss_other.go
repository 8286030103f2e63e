//go:build !unix

package main

import "os"

// childPeakRSS is not measured where getrusage does not exist (Windows).
func childPeakRSS(*os.ProcessState) (int64, bool) { return 0, false }
