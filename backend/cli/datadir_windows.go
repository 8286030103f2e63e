package cli

import (
	"path/filepath"
	"strings"

	"golang.org/x/sys/windows"
)

// onNetwork reports whether dir is on a network share: a UNC path
// (\\server\share\..., \\?\UNC\...) or a drive letter mapped to one.
func onNetwork(dir string) bool {
	vol := strings.ToUpper(filepath.VolumeName(dir))
	switch {
	case strings.HasPrefix(vol, `\\?\UNC`):
		return true
	case strings.HasPrefix(vol, `\\?\`), strings.HasPrefix(vol, `\\.\`):
		vol = vol[4:] // \\?\C: is drive C:
	case strings.HasPrefix(vol, `\\`):
		return true
	}
	if len(vol) != 2 || vol[1] != ':' {
		return false
	}
	return windows.GetDriveType(windows.StringToUTF16Ptr(vol+`\`)) == windows.DRIVE_REMOTE
}
