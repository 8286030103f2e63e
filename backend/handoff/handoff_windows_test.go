package handoff

import (
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// listen makes the hidden window a Wails window with the single-instance lock
// makes (wails v2.16 internal/frontend/desktop/windows/single_instance.go:
// the same names, a message-only window, WM_COPYDATA read up to its NUL) and
// returns what it receives. Messages sent from this thread reach its window
// procedure directly, with no message loop; so the test stays on the thread
// that owns the window (a goroutine may otherwise move, and a message sent
// from another thread would wait for a message loop that never runs).
func listen(t *testing.T, instance string) *[]launch {
	t.Helper()
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
	got, closeWindow, err := openWindow(instance)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeWindow)
	return got
}

// openWindow opens instance's window on the calling thread, which must stay
// locked to its goroutine until closeWindow, called on the same thread.
func openWindow(instance string) (got *[]launch, closeWindow func(), err error) {
	got = &[]launch{}
	defWindowProc := user32.NewProc("DefWindowProcW")
	proc := syscall.NewCallback(func(hwnd, msg, wparam uintptr, cds *copyData) uintptr {
		if msg == wmCopyData {
			if cds.data == copyDataLaunch {
				var l launch
				if json.Unmarshal([]byte(windows.UTF16PtrToString(cds.buffer)), &l) == nil {
					*got = append(*got, l)
				}
			}
			return 0
		}
		r, _, _ := defWindowProc.Call(hwnd, msg, wparam, uintptr(unsafe.Pointer(cds)))
		return r
	})
	class, title := windowNames(instance)
	wc := struct {
		size, style                      uint32
		proc                             uintptr
		clsExtra, wndExtra               int32
		instance, icon, cursor, bg, menu uintptr
		class                            *uint16
		iconSm                           uintptr
	}{proc: proc, class: windows.StringToUTF16Ptr(class)}
	wc.size = uint32(unsafe.Sizeof(wc))
	if atom, _, err := user32.NewProc("RegisterClassExW").Call(uintptr(unsafe.Pointer(&wc))); atom == 0 {
		return nil, nil, fmt.Errorf("register the window class: %w", err)
	}
	unregister := func() { user32.NewProc("UnregisterClassW").Call(ptr(class), 0) }
	hwnd, _, err := user32.NewProc("CreateWindowExW").Call(0, ptr(class), ptr(title), 0, 0, 0, 0, 0, hwndMessage, 0, 0, 0)
	if hwnd == 0 {
		unregister()
		return nil, nil, fmt.Errorf("create the window: %w", err)
	}
	return got, func() { user32.NewProc("DestroyWindow").Call(hwnd); unregister() }, nil
}

func TestSendHandsPathsToTheWindowOfTheSameLibrary(t *testing.T) {
	got := listen(t, "lexflow-test-one")
	paths := []string{`C:\Users\Ana\Dossiers d'été\bail.pdf`, `\\server\share\acts\act.docx`}
	if !Send("lexflow-test-one", paths) {
		t.Fatal("Send found no window")
	}
	if !Send("lexflow-test-one", nil) {
		t.Fatal("Send with no paths (bring the window forward) found no window")
	}
	if len(*got) != 2 || !slices.Equal((*got)[0].Args, paths) || len((*got)[1].Args) != 0 {
		t.Fatalf("the window received %+v, want the paths, then none", *got)
	}
	if (*got)[0].WorkingDirectory == "" {
		t.Error("no working directory sent")
	}
}

func TestSendFindsNoWindowOfAnotherLibrary(t *testing.T) {
	got := listen(t, "lexflow-test-two")
	if Send("lexflow-test-other", []string{`C:\act.pdf`}) {
		t.Fatal("Send reported a window for a library none shows")
	}
	if len(*got) != 0 {
		t.Fatalf("the other library's window received %+v", *got)
	}
}

// A window whose thread has stopped reading its messages does not hold the
// launch: Send gives up after its timeout and reports that nothing took the paths.
func TestSendGivesUpOnAWindowThatDoesNotAnswer(t *testing.T) {
	defer func(was uintptr) { handoffTimeoutMs = was }(handoffTimeoutMs)
	handoffTimeoutMs = 500
	opened, release, closed := make(chan error), make(chan struct{}), make(chan struct{})
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		defer close(closed)
		_, closeWindow, err := openWindow("lexflow-test-hung")
		opened <- err
		if err != nil {
			return
		}
		<-release // the thread reads no message until the test is over
		closeWindow()
	}()
	if err := <-opened; err != nil {
		t.Fatal(err)
	}
	defer func() { close(release); <-closed }()
	start := time.Now()
	if Send("lexflow-test-hung", []string{`C:\act.pdf`}) {
		t.Error("Send reported that a window which never answered took the paths")
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("Send waited %v on a window that does not answer", waited)
	}
}
