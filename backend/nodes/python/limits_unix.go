//go:build unix

package python

import (
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// isolate starts the child in its own process group and kills the group
// at the deadline, so nothing it started outlives it.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// addressSlack is the address space the Go runtime and the binary's
// mappings take beyond the heap; RLIMIT_AS counts them too.
const addressSlack = 2 << 30

// hardLimits caps the child's address space (a single huge allocation
// fails at once instead of waiting for the heap watchdog) and its CPU
// time (should the parent die before killing it).
func hardLimits(maxMemory int64, timeoutS int) {
	if maxMemory > 0 && !raceDetector {
		lim := uint64(maxMemory) + addressSlack
		_ = unix.Setrlimit(unix.RLIMIT_AS, &unix.Rlimit{Cur: lim, Max: lim})
	}
	if timeoutS > 0 {
		lim := uint64(timeoutS)
		_ = unix.Setrlimit(unix.RLIMIT_CPU, &unix.Rlimit{Cur: lim, Max: lim})
	}
}
