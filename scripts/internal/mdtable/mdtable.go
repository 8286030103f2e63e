// Package mdtable prints the benchmark scripts' result tables as Markdown,
// padded so they also read well in a terminal.
package mdtable

import (
	"fmt"
	"io"
	"strings"
)

// Table is a header row followed by data rows.
type Table [][]string

// Print writes the table with a separator line under the header.
func (t Table) Print(w io.Writer) {
	if len(t) == 0 {
		return
	}
	widths := make([]int, len(t[0]))
	for _, row := range t {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for i, row := range t {
		fmt.Fprintln(w, line(row, widths, " "))
		if i == 0 {
			dashes := make([]string, len(row))
			for j := range row {
				dashes[j] = strings.Repeat("-", widths[j])
			}
			fmt.Fprintln(w, line(dashes, widths, "-"))
		}
	}
}

func line(row []string, widths []int, fill string) string {
	cells := make([]string, len(row))
	for i, c := range row {
		cells[i] = fill + c + strings.Repeat(fill, widths[i]-len([]rune(c))) + fill
	}
	return "|" + strings.Join(cells, "|") + "|"
}
