//go:build desktop && (production || dev) && !linux

package main

// keepDropsInTheApp has nothing to do outside Linux: there the native drop
// already stops the web view from opening the dropped file.
func keepDropsInTheApp() {}
