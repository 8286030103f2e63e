//go:build !windows

package llm

// brokenConnectionErrnos adds nothing where the system's error numbers are the
// POSIX ones isBrokenConnection already knows (see brokenconn_windows.go).
var brokenConnectionErrnos []error
