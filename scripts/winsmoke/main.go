// Command winsmoke proves the Windows build of Lexflow works, by running it
// under Wine: `lexflow.exe version`; `serve` on a loopback port with its data
// in %APPDATA%\Lexflow, where a collection is created, a PDF and a DOCX are
// uploaded and searched, and the DOCX is deleted while the index holds its
// files open (its stored file must be gone); the CLI then ingests a folder
// whose path has spaces and non-ASCII letters (CRLF text inside), searches it
// and asks the extractive answerer; serve restarts on the same data and
// `library check` finds the index and the database in agreement. With -gui
// it starts the window build, which must say that WebView2 is missing; with
// -installer it installs and uninstalls the setup program silently.
//
//	scripts/wine-prefix.sh
//	go run ./scripts/winsmoke -exe bin/windows/bin/lexflow.exe -installer bin/windows/Lexflow-v1-setup.exe
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	exe := flag.String("exe", "bin/windows/bin/lexflow.exe", "the Windows CLI build")
	installer := flag.String("installer", "", "also install, check and uninstall this setup program")
	gui := flag.String("gui", "", "also start this window build, which must say that WebView2 is missing (needs an X display)")
	corpus := flag.String("corpus", "examples/corpus", "the sample library, whose files are ingested")
	prefix := flag.String("prefix", ".cache/windows/wine-prefix", "the Wine prefix, made by scripts/wine-prefix.sh")
	flag.Parse()

	start := time.Now()
	if err := smoke(*exe, *installer, *gui, *corpus, *prefix); err != nil {
		fmt.Fprintf(os.Stderr, "winsmoke: FAIL: %v\n", err)
		os.Exit(1)
	}
	logf("all checks passed in %s", time.Since(start).Round(time.Second))
}

func smoke(exe, installer, gui, corpus, prefix string) error {
	w, err := newWine(prefix)
	if err != nil {
		return err
	}
	defer func() { _ = w.waitIdle() }()
	t := &trip{w: w, exe: exe, corpus: corpus}
	steps := []step{
		{"lexflow.exe version", t.version},
		{"serve: collection, PDF and DOCX uploaded, searched, DOCX deleted", t.firstServe},
		{"CLI: folder with spaces and non-ASCII letters ingested, searched, asked", t.folder},
		{"serve restarted on the same data", t.secondServe},
		{"library check", t.check},
	}
	if gui != "" {
		steps = append(steps, step{"Lexflow.exe without WebView2: offers it, then an error box, exit 1", func() error { return windowWithoutWebView2(w, gui) }})
	}
	if installer != "" {
		steps = append(steps, step{"installer: per-user install, uninstall keeps the library unless asked", func() error { return checkInstaller(w, installer) }})
	}
	for _, s := range steps {
		began := time.Now()
		if err := s.run(); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		logf("ok  %-75s %5.1fs", s.name, time.Since(began).Seconds())
	}
	return nil
}

type step struct {
	name string
	run  func() error
}

func logf(format string, args ...any) {
	fmt.Printf("winsmoke: "+format+"\n", args...)
}
