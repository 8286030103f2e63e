//go:build race

package python

// raceDetector is true in binaries built with -race, whose thread
// sanitizer maps terabytes of shadow memory: an address-space limit would
// stop it before any Python runs, so such a child relies on the heap
// watchdog alone.
const raceDetector = true
