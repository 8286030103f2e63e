//go:build !unix

package proccpu

import "time"

// Used is not measured on this platform.
func Used() time.Duration { return 0 }
