// Command bench measures the built binary as a user meets it and prints a
// table: binary size, `serve` time-to-ready (cold: new data directory; warm:
// existing one), idle memory of `serve`, and ingestion throughput and peak
// memory on generated statute PDFs, and the PDF engine's one-time start-up.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

var urlLine = regexp.MustCompile(`(http://127\.0\.0\.1:\d+)/#token=(\S+)`)

func main() {
	bin := flag.String("bin", "bin/lexflow", "serve binary to measure")
	runs := flag.Int("runs", 10, "starts per time-to-ready measurement")
	engineCache := flag.String("engine-start", "", "start the PDF engine with this cache directory, print the time it took, and exit")
	flag.Parse()
	if *engineCache != "" {
		startEngine(*engineCache)
		return
	}
	rows := [][3]string{{"metric", "value", "target"}}
	rows = append(rows, sizeRows(*bin, "bin/lexflow-desktop")...)
	tmp, err := os.MkdirTemp("", "lexflow-bench-")
	check(err)
	defer os.RemoveAll(tmp)

	var cold, warm []time.Duration
	for i := 0; i < *runs; i++ {
		dir := filepath.Join(tmp, fmt.Sprintf("cold-%d", i))
		cold = append(cold, must(startServe(*bin, dir, 0)).ready)
		warm = append(warm, must(startServe(*bin, filepath.Join(tmp, "cold-0"), 0)).ready)
	}
	rows = append(rows,
		[3]string{"serve time-to-ready, cold (median of " + fmt.Sprint(*runs) + ")", ms(median(cold)), "≤ 1000 ms"},
		[3]string{"serve time-to-ready, warm (median of " + fmt.Sprint(*runs) + ")", ms(median(warm)), "≤ 1000 ms"},
	)
	idle := must(startServe(*bin, filepath.Join(tmp, "cold-0"), 3*time.Second))
	rows = append(rows, [3]string{"serve idle RSS (3 s after ready)", fmt.Sprintf("%.1f MiB", float64(idle.rssKiB)/1024), "≤ 60 MiB"})
	rows = append(rows, engineRows(filepath.Join(tmp, ingestDataDir, "cache", "pdfengine"))...)
	rows = append(rows, ingestRows(*bin, tmp, 40, 50)...)
	printTable(rows)
}

type measurement struct {
	ready  time.Duration
	rssKiB int64
}

// startServe starts `serve`, times it until the printed URL answers an API
// call with the token, optionally waits idle, reads its RSS, and stops it.
func startServe(bin, dataDir string, idle time.Duration) (measurement, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--data-dir", dataDir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return measurement{}, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return measurement{}, err
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
	base, token, err := readURL(out)
	if err != nil {
		return measurement{}, err
	}
	if err := apiCall(base, token); err != nil {
		return measurement{}, err
	}
	m := measurement{ready: time.Since(start)}
	time.Sleep(idle)
	m.rssKiB = rss(cmd.Process.Pid)
	return m, nil
}

func readURL(out interface{ Read([]byte) (int, error) }) (string, string, error) {
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if m := urlLine.FindStringSubmatch(sc.Text()); m != nil {
			go func() {
				for sc.Scan() {
				}
			}()
			return m[1], m[2], nil
		}
	}
	return "", "", fmt.Errorf("serve exited without printing its URL")
}

func apiCall(base, token string) error {
	req, _ := http.NewRequest(http.MethodGet, base+"/api/system", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET /api/system: %s", resp.Status)
	}
	return nil
}

// rss reads a process's resident set size from /proc (Linux only; 0 elsewhere).
func rss(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kib int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kib)
			return kib
		}
	}
	return 0
}

func sizeRows(paths ...string) [][3]string {
	var rows [][3]string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		rows = append(rows, [3]string{"binary size " + filepath.Base(p), fmt.Sprintf("%.1f MiB", float64(st.Size())/(1<<20)), "≤ 40 MiB"})
	}
	return rows
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

func printTable(rows [][3]string) {
	w := [3]int{}
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	for i, r := range rows {
		fmt.Printf("| %s | %s | %s |\n", pad(r[0], w[0]), pad(r[1], w[1]), pad(r[2], w[2]))
		if i == 0 {
			fmt.Printf("|%s|%s|%s|\n", strings.Repeat("-", w[0]+2), strings.Repeat("-", w[1]+2), strings.Repeat("-", w[2]+2))
		}
	}
}

func pad(s string, width int) string {
	return s + strings.Repeat(" ", width-len([]rune(s)))
}

func must[T any](v T, err error) T {
	check(err)
	return v
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
