package cli

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"lexflow/backend/api"
)

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
