// Command unicodenames writes the Unicode character names of the
// golang.org/x/text version in go.mod, gzipped, to
// backend/nodes/python/unicodenames/names.txt.gz, for the Python nodes'
// unicodedata.name: 0.2 MB in the binary where linking x/text's runenames
// costs 1 MB. Run it after changing that version (`go generate
// ./backend/nodes/python`); a test in backend/nodes/python fails until then.
//
// One line per name, in code point order: "HEX;NAME" for a character, or
// "HEX..HEX;<LABEL>" for a run of characters sharing a label in angle
// brackets (controls, CJK ideographs, Hangul syllables, private use). The
// first code point is left out when it follows the line before's last:
// most names then stand alone, and the file packs to a third smaller.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/runenames"

	"lexflow/scripts/internal/gzipfile"
)

func main() {
	out := flag.String("o", "backend/nodes/python/unicodenames/names.txt.gz", "file to write")
	flag.Parse()
	log.SetFlags(0)
	var text bytes.Buffer
	next := rune(0) // the code point a line without one starts at
	for r := rune(0); r <= unicode.MaxRune; {
		name := runenames.Name(r)
		last := r
		for strings.HasPrefix(name, "<") && last < unicode.MaxRune && runenames.Name(last+1) == name {
			last++
		}
		if name != "" {
			if r != next {
				fmt.Fprintf(&text, "%X", r)
			}
			if last > r {
				fmt.Fprintf(&text, "..%X", last)
			}
			fmt.Fprintf(&text, ";%s\n", name)
			next = last + 1
		}
		r = last + 1
	}
	if err := gzipfile.Write(*out, text.Bytes()); err != nil {
		log.Fatal(err)
	}
}
