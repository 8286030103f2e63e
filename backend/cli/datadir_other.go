//go:build !windows

package cli

// onNetwork is Windows's alone: the default data directory elsewhere is under
// the home folder, whatever disk that is on.
func onNetwork(string) bool { return false }
