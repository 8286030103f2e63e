package handoff

import (
	"encoding/json"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	user32                   = windows.NewLazySystemDLL("user32.dll")
	findWindowEx             = user32.NewProc("FindWindowExW")
	sendMessageTimeout       = user32.NewProc("SendMessageTimeoutW")
	allowSetForegroundWindow = user32.NewProc("AllowSetForegroundWindow")
)

const (
	wmCopyData = 0x004A
	// hwndMessage is the parent of message-only windows, such as the one the
	// window listens on: FindWindowExW under it is the documented way to find one.
	hwndMessage = ^uintptr(2) // (HWND)-3
	// copyDataLaunch marks a launch's arguments among WM_COPYDATA messages (Wails's WMCOPYDATA_SINGLE_INSTANCE_DATA).
	copyDataLaunch  = 1542
	smtoAbortIfHung = 0x0002
)

// handoffTimeoutMs and smtoAbortIfHung keep a launch from waiting on a window
// that has stopped answering: the launch then hands over nothing rather than
// hang where the user cannot see it.
var handoffTimeoutMs uintptr = 10_000

// copyData is Windows's COPYDATASTRUCT.
type copyData struct {
	data   uintptr
	size   uint32
	buffer *uint16
}

// Send gives paths (absolute; none only brings the window forward) to the
// window of instance, and reports whether one is running and took them
// within handoffTimeoutMs.
func Send(instance string, paths []string) bool {
	class, title := windowNames(instance)
	hwnd, _, _ := findWindowEx.Call(hwndMessage, 0, ptr(class), ptr(title))
	if hwnd == 0 {
		return false
	}
	wd, _ := os.Getwd()
	msg, err := json.Marshal(launch{Args: paths, WorkingDirectory: wd})
	if err != nil {
		return false
	}
	text, err := windows.UTF16FromString(string(msg)) // ends in the NUL the receiver reads up to
	if err != nil {
		return false
	}
	// This launch is the program the user just started, so it may let the
	// window it hands over to come to the front.
	var pid uint32
	if _, err := windows.GetWindowThreadProcessId(windows.HWND(hwnd), &pid); err == nil {
		allowSetForegroundWindow.Call(uintptr(pid))
	}
	cds := copyData{data: copyDataLaunch, size: uint32(len(text) * 2), buffer: &text[0]}
	var result uintptr
	ok, _, _ := sendMessageTimeout.Call(hwnd, wmCopyData, 0, uintptr(unsafe.Pointer(&cds)),
		smtoAbortIfHung, handoffTimeoutMs, uintptr(unsafe.Pointer(&result)))
	return ok != 0
}

func ptr(s string) uintptr {
	p, _ := windows.UTF16PtrFromString(s)
	return uintptr(unsafe.Pointer(p))
}
