//go:build !unix

package python

import "os/exec"

// isolate leaves the child as it is: on Windows exec.CommandContext kills
// the child process itself at the deadline, and the sandbox starts no
// processes of its own (gpython's os module cannot be imported).
func isolate(*exec.Cmd) {}

// hardLimits does nothing on Windows: there is no setrlimit, so the heap
// watchdog and the soft memory limit are the only memory bound.
func hardLimits(int64, int) {}
