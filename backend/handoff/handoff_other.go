//go:build !windows

package handoff

// Send has no window to give paths to outside Windows (see the package comment).
func Send(instance string, paths []string) bool { return false }
