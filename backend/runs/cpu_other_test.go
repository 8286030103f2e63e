//go:build !unix

package runs

import "time"

// processCPU is not measured on this platform.
func processCPU() time.Duration { return 0 }
