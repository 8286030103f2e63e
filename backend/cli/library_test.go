package cli

import (
	"testing"

	"lexflow/backend/api"
)

func TestLocatorLine(t *testing.T) {
	for _, tt := range []struct {
		l    api.Locator
		want string
	}{
		{api.Locator{DocName: "Act.pdf", HeadingPath: []string{"Part 2", "Article 12"}, PageStart: 4}, "Act.pdf › Part 2 › Article 12 (p. 4)"},
		{api.Locator{DocName: "scan.pdf", HeadingPath: []string{"Article 1"}, PageStart: 1, OCR: true}, "scan.pdf › Article 1 (p. 1, OCR)"},
		{api.Locator{DocName: "notes.txt"}, "notes.txt"},
	} {
		if got := locatorLine(tt.l); got != tt.want {
			t.Errorf("locatorLine = %q, want %q", got, tt.want)
		}
	}
}
