package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// checkInstaller installs silently for the Wine user (no administrator), wants
// the programs, the Start-menu entry and the uninstaller in place, the CLI on
// the user's PATH and "Open with Lexflow" registered (registry.go), then
// uninstalls twice: a plain silent uninstall keeps the library in
// %APPDATA%\Lexflow; one with /DELETEDATA removes it. Both give the user's
// PATH back as it was and leave no "Open with" entry behind.
func checkInstaller(w *wine, setup string) error {
	users, _ := filepath.Glob(filepath.Join(w.prefix, "drive_c", "users", "*", "AppData", "Roaming", "Lexflow"))
	if len(users) != 1 {
		return fmt.Errorf("want one library from the earlier steps, found %v", users)
	}
	library := users[0]
	user := filepath.Dir(filepath.Dir(filepath.Dir(library)))
	installDir := filepath.Join(user, "AppData", "Local", "Programs", "Lexflow")
	installed := []string{
		filepath.Join(installDir, "Lexflow.exe"),
		filepath.Join(installDir, "bin", "lexflow.exe"),
		filepath.Join(installDir, "uninstall.exe"),
		filepath.Join(user, "AppData", "Roaming", "Microsoft", "Windows", "Start Menu", "Programs", "Lexflow.lnk"),
	}
	for _, deleteData := range []bool{false, true} {
		if err := setUserPath(w); err != nil {
			return err
		}
		if _, err := w.run(setup, "/S"); err != nil {
			return err
		}
		if err := w.waitIdle(); err != nil { // Wine saves the registry to user.reg as its server ends
			return err
		}
		for _, f := range installed {
			if _, err := os.Stat(f); err != nil {
				return fmt.Errorf("after install: %w", err)
			}
		}
		if !uninstallEntry(w) {
			return errors.New("after install: no entry in the user's Apps & features (HKCU ...\\Uninstall\\Lexflow)")
		}
		if _, err := w.run(installed[1], "version"); err != nil {
			return fmt.Errorf("the installed CLI: %w", err)
		}
		if err := checkInstalledRegistry(w, installDir); err != nil {
			return err
		}
		args := []string{"/S"}
		if deleteData {
			args = append(args, "/DELETEDATA")
		}
		if _, err := w.run(filepath.Join(installDir, "uninstall.exe"), args...); err != nil {
			return err
		}
		// The uninstaller runs from a copy of itself in %TEMP% and returns at once:
		// wait until every program in the prefix has ended.
		if err := w.waitIdle(); err != nil {
			return err
		}
		if _, err := os.Stat(installed[0]); !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("uninstall left %s (%v)", installed[0], err)
		}
		if uninstallEntry(w) {
			return errors.New("uninstall left its Apps & features entry")
		}
		if err := checkUninstalledRegistry(w, installDir); err != nil {
			return err
		}
		_, err := os.Stat(library)
		if !deleteData && err != nil {
			return fmt.Errorf("a plain uninstall removed the library: %w", err)
		}
		if deleteData && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("uninstall /DELETEDATA kept the library %s (%v)", library, err)
		}
	}
	return nil
}

// uninstallEntry reports whether the user's registry (HKEY_CURRENT_USER, kept by
// Wine in user.reg) lists Lexflow among installed apps.
func uninstallEntry(w *wine) bool {
	reg, err := os.ReadFile(filepath.Join(w.prefix, "user.reg"))
	return err == nil && strings.Contains(string(reg), `[Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Lexflow]`)
}
