package main

import (
	"os"
	"path/filepath"
	"strings"
)

const (
	// crlfText is the folder's text file: the sample Federal Arbitration Act
	// excerpt with Windows line endings.
	crlfText = "Arbitrage fédéral.txt"
	// crlfMarkdown is the sample services agreement, Markdown with Windows line
	// endings, one folder down.
	crlfMarkdown = `Annexes №2\Contrat de services.md`
)

// writeFolder fills dir (a fresh copy each run) with the sample library's TXT
// and Markdown files, their line endings turned to CRLF as Windows editors save them.
func writeFolder(dir, corpus string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, source := range map[string]string{
		crlfText:     "us-9usc-arbitration-excerpt.txt",
		crlfMarkdown: "sample-services-agreement.md",
	} {
		b, err := os.ReadFile(filepath.Join(corpus, source))
		if err != nil {
			return err
		}
		crlf := strings.ReplaceAll(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n", "\r\n")
		path := filepath.Join(dir, filepath.FromSlash(strings.ReplaceAll(name, `\`, "/")))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(crlf), 0o644); err != nil {
			return err
		}
	}
	return nil
}
