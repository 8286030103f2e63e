package python

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The Unicode character names behind unicodedata.name, gzipped
// (scripts/unicodenames writes them from x/text's runenames): 0.14 MB in
// the binary where linking runenames costs 1 MB. They are unpacked once, on
// the first name asked for (a few milliseconds, about 1 MB of memory).
//
//go:generate go run ../../../scripts/unicodenames -o unicodenames/names.txt.gz
//go:embed unicodenames/names.txt.gz
var packedNames []byte

var unicodeNames = sync.OnceValues(func() (*nameTable, error) { return readNames(packedNames) })

// nameTable holds runs of code points, sorted: run i is first[i]..last[i],
// named names[i] (a single character's run is one code point long).
type nameTable struct {
	first, last []rune
	names       []string
}

// name is the Unicode name of r as runenames.Name gives it: "" for none,
// a label in angle brackets for controls, ideographs and the like.
func (t *nameTable) name(r rune) string {
	i, _ := slices.BinarySearch(t.last, r)
	if i < len(t.last) && t.first[i] <= r {
		return t.names[i]
	}
	return ""
}

// readNames reads the table's lines: "[FIRST][..LAST];NAME", FIRST left out
// when it follows the line before's last.
func readNames(packed []byte) (*nameTable, error) {
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		return nil, fmt.Errorf("read character names: %w", err)
	}
	t := &nameTable{}
	next := rune(0)
	lines := bufio.NewScanner(zr)
	for lines.Scan() {
		span, name, _ := strings.Cut(lines.Text(), ";")
		firstHex, lastHex, isRun := strings.Cut(span, "..")
		first, err := hexRune(firstHex, next)
		if err != nil {
			return nil, err
		}
		last := first
		if isRun {
			if last, err = hexRune(lastHex, first); err != nil {
				return nil, err
			}
		}
		t.first, t.last, t.names = append(t.first, first), append(t.last, last), append(t.names, name)
		next = last + 1
	}
	if err := lines.Err(); err != nil {
		return nil, fmt.Errorf("read character names: %w", err)
	}
	return t, nil
}

// hexRune parses a hexadecimal code point; an empty one is implied.
func hexRune(hex string, implied rune) (rune, error) {
	if hex == "" {
		return implied, nil
	}
	n, err := strconv.ParseUint(hex, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("read character names: %w", err)
	}
	return rune(n), nil
}
