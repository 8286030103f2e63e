//go:build !windows

package library

// unreachableShare is Windows's alone: elsewhere a share is mounted as a
// folder, and one that is gone reads as a missing or unreadable file.
func unreachableShare(error) bool { return false }
