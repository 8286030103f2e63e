//go:build !unix

package childrss

import "os"

// PeakKiB is not measured where getrusage does not exist (Windows).
func PeakKiB(*os.ProcessState) (int64, bool) { return 0, false }
