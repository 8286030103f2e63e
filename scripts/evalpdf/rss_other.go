//go:build !unix

package main

// peakRSS is not measured where getrusage does not exist (Windows).
func peakRSS() (int64, bool) { return 0, false }
