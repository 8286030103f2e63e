// Package handoff lets a second launch of Lexflow give the paths it was asked
// to open to the window already showing the same library, which holds the
// library's files and so is the only one that can add them.
//
// On Windows it speaks the protocol of the Wails window's single-instance lock
// (wails v2 internal/frontend/desktop/windows/single_instance.go): a WM_COPYDATA
// message to a hidden window named after the instance, carrying the launch's
// arguments as JSON. Elsewhere there is nothing to send to: macOS gives the
// running app the files itself, and Linux says the library is in use.
package handoff

import "runtime"

// Available says whether this system has a window to hand paths to: where it
// has not, a launch that finds its library in use should not wait for one.
const Available = runtime.GOOS == "windows"

// launch is the message the window's single-instance lock decodes
// (options.SecondInstanceData in Wails).
type launch struct {
	Args             []string `json:"Args"`
	WorkingDirectory string   `json:"WorkingDirectory"`
}

// windowNames are the class and title of the hidden window a Wails window
// with the single-instance lock listens on.
func windowNames(instance string) (class, title string) {
	id := "wails-app-" + instance
	return id + "-sic", id + "-siw"
}
