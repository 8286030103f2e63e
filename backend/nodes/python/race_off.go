//go:build !race

package python

// raceDetector is true in binaries built with -race (see race_on.go).
const raceDetector = false
