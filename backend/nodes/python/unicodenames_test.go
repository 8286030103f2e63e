package python

import (
	"testing"
	"unicode"

	"golang.org/x/text/unicode/runenames"
)

// The embedded table must name every code point as the x/text version in
// go.mod does; after an upgrade, `go generate ./backend/nodes/python`.
func TestUnicodeNamesAreRunenames(t *testing.T) {
	names, err := unicodeNames()
	if err != nil {
		t.Fatal(err)
	}
	mismatches := 0
	for r := rune(0); r <= unicode.MaxRune && mismatches < 5; r++ {
		if got, want := names.name(r), runenames.Name(r); got != want {
			t.Errorf("name(%U) = %q, runenames says %q: run go generate ./backend/nodes/python", r, got, want)
			mismatches++
		}
	}
}
