package ingest

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"lexflow/backend/ingest/internal/pdfread"
)

// A line of glyphs on one baseline, in the order the content stream drew it.
type pdfLine struct {
	glyphs []pdfread.Text
	y      float64
	size   float64
}

// layoutPage turns positioned glyphs into text: lines in content-stream
// order (which keeps columns apart), glyphs in a line ordered by position,
// spaces where the gap between glyphs is a word gap, Arabic and Hebrew lines
// put back into logical order, and a blank line where the vertical gap says a
// paragraph ends.
func layoutPage(glyphs []pdfread.Text) string {
	lines := groupLines(glyphs)
	if len(lines) == 0 {
		return ""
	}
	step := lineStep(lines)
	var b strings.Builder
	for i, ln := range lines {
		text := lineText(ln)
		if text == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(lineBreak(lines[i-1], ln, step))
		}
		b.WriteString(text)
	}
	return b.String()
}

// groupLines starts a new line whenever the baseline moves by more than
// about half a font size.
func groupLines(glyphs []pdfread.Text) []pdfLine {
	var lines []pdfLine
	for _, g := range glyphs {
		if g.S == "" {
			continue
		}
		size := math.Abs(g.FontSize)
		if size < 1 {
			size = 1
		}
		if n := len(lines); n > 0 && math.Abs(lines[n-1].y-g.Y) < 0.5*math.Max(size, lines[n-1].size) {
			lines[n-1].glyphs = append(lines[n-1].glyphs, g)
			lines[n-1].size = math.Max(lines[n-1].size, size)
			continue
		}
		lines = append(lines, pdfLine{glyphs: []pdfread.Text{g}, y: g.Y, size: size})
	}
	return lines
}

// lineStep is the usual distance between consecutive lines of a paragraph:
// a low percentile of the vertical steps on the page.
func lineStep(lines []pdfLine) float64 {
	var steps []float64
	for i := 1; i < len(lines); i++ {
		d := lines[i-1].y - lines[i].y
		if d > 0 && d < 3*lines[i].size {
			steps = append(steps, d)
		}
	}
	if len(steps) == 0 {
		return 0
	}
	sort.Float64s(steps)
	return steps[len(steps)/4]
}

func lineBreak(prev, cur pdfLine, step float64) string {
	d := prev.y - cur.y
	if step > 0 && (d > 1.3*step || d < -cur.size) {
		return "\n\n"
	}
	return "\n"
}

// lineText orders a line's glyphs left to right, inserts word spaces, and
// reverses right-to-left lines into reading order.
func lineText(ln pdfLine) string {
	gs := make([]pdfread.Text, 0, len(ln.glyphs))
	for _, g := range ln.glyphs {
		if strings.TrimFunc(g.S, unicode.IsControl) != "" {
			gs = append(gs, g)
		}
	}
	sort.SliceStable(gs, func(i, j int) bool { return gs[i].X < gs[j].X })
	units := spaced(gs)
	if isRTL(units) {
		units = visualToLogical(units)
	}
	return strings.TrimSpace(collapseSpaces(strings.ToValidUTF8(strings.Join(units, ""), "\uFFFD")))
}

// spaced returns the glyph strings with a " " unit wherever the gap to the
// previous glyph is wider than a fifth of the font size.
func spaced(gs []pdfread.Text) []string {
	out := make([]string, 0, len(gs)+len(gs)/4)
	for i, g := range gs {
		if i > 0 && wordGap(gs[i-1], g) {
			out = append(out, " ")
		}
		out = append(out, g.S)
	}
	return out
}

func wordGap(prev, cur pdfread.Text) bool {
	if strings.TrimSpace(prev.S) == "" || strings.TrimSpace(cur.S) == "" {
		return false
	}
	w := prev.W
	if w <= 0 {
		w = 0.5 * math.Abs(prev.FontSize) * float64(len([]rune(prev.S)))
	}
	gap := cur.X - (prev.X + w)
	return gap > 0.2*math.Max(math.Abs(cur.FontSize), 1)
}

func collapseSpaces(s string) string {
	if !strings.Contains(s, "  ") && !strings.ContainsAny(s, "\u00a0\t") {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\u00a0' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}
