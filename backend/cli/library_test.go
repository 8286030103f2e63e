package cli

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"lexflow/backend/api"
	"lexflow/backend/evidence"
)

func TestLocatorLine(t *testing.T) {
	for _, tt := range []struct {
		l    evidence.Locator
		want string
	}{
		{evidence.Locator{DocName: "Act.pdf", HeadingPath: []string{"Part 2", "Article 12"}, PageStart: 4}, "Act.pdf › Part 2 › Article 12 (p. 4)"},
		{evidence.Locator{DocName: "scan.pdf", HeadingPath: []string{"Article 1"}, PageStart: 1, OCR: true}, "scan.pdf › Article 1 (p. 1, OCR)"},
		{evidence.Locator{DocName: "notes.txt"}, "notes.txt"},
	} {
		if got := locatorLine(tt.l); got != tt.want {
			t.Errorf("locatorLine = %q, want %q", got, tt.want)
		}
	}
}

func TestCollectionCreateWithOCRLanguage(t *testing.T) {
	dir := t.TempDir()
	if r := run(t, dir, "collection", "create", "Gulf contracts", "--ocr-language", "ara+eng"); r.code != ExitOK {
		t.Fatalf("create: %+v", r)
	}
	run(t, dir, "collection", "create", "Statutes")
	r := run(t, dir, "collection", "list")
	if !regexp.MustCompile(`(?m)^Gulf contracts\s+0\s+0\s+ara\+eng\s`).MatchString(r.stdout) ||
		!regexp.MustCompile(`(?m)^Statutes\s+0\s+0\s+auto\s`).MatchString(r.stdout) {
		t.Errorf("list table:\n%s", r.stdout)
	}
	var list []api.Collection
	if r := run(t, dir, "collection", "list", "--json"); json.Unmarshal([]byte(r.stdout), &list) != nil ||
		len(list) != 2 || list[0].OCRLanguage != "ara+eng" || list[1].OCRLanguage != "" {
		t.Errorf("list --json: %+v", r)
	}
	if r := run(t, dir, "collection", "create", "Bad", "--ocr-language", "Arabic"); r.code != ExitUsage || !strings.Contains(r.stderr, "--ocr-language") {
		t.Errorf("bad language: %+v", r)
	}
}
