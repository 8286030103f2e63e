package main

import (
	"fmt"
	"path/filepath"
	"strings"
)

// userPath is the PATH a user had before installing: one folder of their own
// and one written with a variable, which must stay unexpanded.
const userPath = `C:\Tools;%USERPROFILE%\bin`

// fileTypeKeys are registry keys (under HKEY_CURRENT_USER) that offer Lexflow
// under "Open with", and the value each must hold ("" is the key's default).
func fileTypeKeys(installDir string) map[[2]string]string {
	open := `"` + installDir + `\Lexflow.exe" "%1"`
	return map[[2]string]string{
		{`Software\Classes\Lexflow.Document\shell\open\command`, ""}:         open,
		{`Software\Classes\Applications\Lexflow.exe\shell\open\command`, ""}: open,
		{`Software\Classes\.pdf\OpenWithProgids`, "Lexflow.Document"}:        "",
		{`Software\Classes\.docx\OpenWithProgids`, "Lexflow.Document"}:       "",
		{`Software\Classes\.md\OpenWithProgids`, "Lexflow.Document"}:         "",
		{`Software\Classes\Applications\Lexflow.exe\SupportedTypes`, ".txt"}: "",
	}
}

// regValue reads one value of a key under HKEY_CURRENT_USER with Wine's
// reg.exe, as a Windows user would: its type and data, or ok false when the
// key or the value is not there. value "" reads the key's default.
func regValue(w *wine, key, value string) (typ, data string, ok bool) {
	args := []string{"query", `HKCU\` + key}
	if value == "" {
		args = append(args, "/ve")
	} else {
		args = append(args, "/v", value)
	}
	out, err := w.run("reg", args...)
	if err != nil {
		return "", "", false
	}
	// "    NAME    REG_TYPE    DATA" (the default is named "(Default)").
	for _, line := range strings.Split(strings.ReplaceAll(out, "\r\n", "\n"), "\n") {
		fields := strings.SplitN(strings.TrimSpace(line), "    ", 3)
		if len(fields) >= 2 && strings.HasPrefix(fields[1], "REG_") {
			if len(fields) == 2 {
				return fields[1], "", true
			}
			return fields[1], fields[2], true
		}
	}
	return "", "", false
}

// setUserPath gives the Wine user the PATH of someone who has their own.
func setUserPath(w *wine) error {
	_, err := w.run("reg", "add", `HKCU\Environment`, "/v", "Path", "/t", "REG_EXPAND_SZ", "/d", userPath, "/f")
	return err
}

// checkInstalledRegistry wants the CLI's folder added to the user's PATH after
// what was there, the PATH still unexpanded, the CLI found there by a new
// console, and Lexflow offered under "Open with" for the types it reads.
func checkInstalledRegistry(w *wine, installDir string) error {
	winDir := windowsPath(w, installDir)
	typ, path, _ := regValue(w, "Environment", "Path")
	if want := userPath + `;` + winDir + `\bin`; typ != "REG_EXPAND_SZ" || path != want {
		return fmt.Errorf("user PATH after install is %s %q, want REG_EXPAND_SZ %q", typ, path, want)
	}
	if out, err := w.run("cmd", "/c", "lexflow", "version"); err != nil || !strings.HasPrefix(out, "lexflow ") {
		return fmt.Errorf("`lexflow version` in a new console, by the PATH: %q, %v", out, err)
	}
	for k, want := range fileTypeKeys(winDir) {
		if _, got, ok := regValue(w, k[0], k[1]); !ok || got != want {
			return fmt.Errorf(`HKCU\%s [%s] after install: %q (found %v), want %q`, k[0], k[1], got, ok, want)
		}
	}
	return nil
}

// checkUninstalledRegistry wants the user's PATH as it was and no "Open with" entries left.
func checkUninstalledRegistry(w *wine, installDir string) error {
	if typ, path, _ := regValue(w, "Environment", "Path"); typ != "REG_EXPAND_SZ" || path != userPath {
		return fmt.Errorf("user PATH after uninstall is %s %q, want REG_EXPAND_SZ %q", typ, path, userPath)
	}
	for k := range fileTypeKeys(windowsPath(w, installDir)) {
		if _, got, ok := regValue(w, k[0], k[1]); ok {
			return fmt.Errorf(`HKCU\%s [%s] is left after uninstall (%q)`, k[0], k[1], got)
		}
	}
	return nil
}

// windowsPath is the C: path of a folder inside the prefix's drive_c.
func windowsPath(w *wine, unixPath string) string {
	rel, err := filepath.Rel(filepath.Join(w.prefix, "drive_c"), unixPath)
	if err != nil {
		return unixPath
	}
	return `C:\` + strings.ReplaceAll(rel, "/", `\`)
}
