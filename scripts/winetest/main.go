// Command winetest runs Go tests as Windows programs under Wine and judges
// their results, forgiving the one failure Wine 8.0 alone causes:
//
// Go 1.26's os.RemoveAll deletes through NtSetInformationFile with
// FileDispositionInformationEx (POSIX delete semantics, Windows 10 1709 and
// later), and falls back to the older call when the system says the class is
// unsupported. Wine 8.0 (Debian 12) answers STATUS_INVALID_DEVICE_REQUEST
// ("Invalid function") instead, which Go does not take for "unsupported", so
// the cleanup of every t.TempDir fails under Wine. Lexflow itself never calls
// RemoveAll; a test whose only failure is that cleanup passes here.
//
//	go run ./scripts/winetest -exec /usr/lib/wine/wine64 ./backend/library ...
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

// wineOnly is the failure Wine 8.0 causes in t.TempDir's cleanup.
var wineOnly = regexp.MustCompile(`TempDir RemoveAll cleanup: unlinkat .*: Invalid function\.$`)

// bleveRetry is what Bleve logs on Windows when an index segment it merged away
// is still mapped into memory: Windows will not delete an open file, so Bleve
// leaves it and removes it on a later pass. A log line, not a failure; it is
// printed only because a failing test's whole output is.
var bleveRetry = regexp.MustCompile(`got err removing file: .*: Sharing violation\.$`)

// boilerplate are the lines go test prints around every test.
var boilerplate = regexp.MustCompile(`^(=== (RUN|PAUSE|CONT|NAME)|--- (FAIL|PASS|SKIP)|PASS$|FAIL$|FAIL\t|ok\s)`)

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

type key struct{ pkg, test string }

func main() {
	loader := flag.String("exec", "/usr/lib/wine/wine64", "the Wine loader that runs each test binary")
	flag.Parse()
	cmd := exec.Command("go", append([]string{"test", "-count=1", "-json", "-exec", *loader}, flag.Args()...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fatal(err)
	}
	if err := cmd.Start(); err != nil {
		fatal(err)
	}
	failed := judge(bufio.NewScanner(out))
	_ = cmd.Wait() // the verdict is ours: go test fails on every forgiven cleanup
	if failed {
		os.Exit(1)
	}
}

// judge reads go test's events and prints a verdict per package; it reports
// whether any test failed for a reason other than Wine's.
func judge(events *bufio.Scanner) bool {
	lines := map[key][]string{}
	realFailures := map[string]int{}
	forgiven := map[string]int{}
	anyFailed := false
	for events.Scan() {
		var e event
		if json.Unmarshal(events.Bytes(), &e) != nil {
			fmt.Println(events.Text()) // a build error, printed as it is
			anyFailed = true
			continue
		}
		k := key{e.Package, e.Test}
		switch e.Action {
		case "output":
			lines[k] = append(lines[k], strings.TrimRight(e.Output, "\n"))
		case "fail":
			if e.Test == "" {
				if realFailures[e.Package] == 0 && forgiven[e.Package] == 0 {
					report(e.Package, lines[k], "FAIL (no test failed: the package did not build or run)")
					realFailures[e.Package]++
					anyFailed = true
				}
				break
			}
			if real := realLines(lines[k]); len(real) > 0 {
				report(e.Package+" "+e.Test, real, "FAIL")
				realFailures[e.Package]++
				anyFailed = true
			} else {
				forgiven[e.Package]++
			}
		}
		if e.Test == "" && (e.Action == "pass" || e.Action == "fail") {
			verdict := "ok"
			if realFailures[e.Package] > 0 {
				verdict = "FAIL"
			}
			fmt.Printf("%-4s %s (%d tests failed only in Wine's RemoveAll of their temporary folders)\n", verdict, e.Package, forgiven[e.Package])
		}
	}
	return anyFailed
}

func realLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || boilerplate.MatchString(t) || wineOnly.MatchString(t) || bleveRetry.MatchString(t) {
			continue
		}
		out = append(out, l)
	}
	return out
}

func report(what string, lines []string, verdict string) {
	fmt.Printf("%s %s\n", verdict, what)
	for _, l := range lines {
		fmt.Println("    " + l)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "winetest:", err)
	os.Exit(1)
}
