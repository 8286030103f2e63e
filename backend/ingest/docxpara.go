package ingest

import "strings"

// endParagraph writes the finished paragraph: its numbering label, its text,
// its heading mark and its page breaks.
func (d *docxDoc) endParagraph() {
	p := &d.p
	text := strings.TrimRight(p.text.String(), " \t\n")
	label := ""
	if p.numID != "" && p.numID != "0" {
		label = d.num.label(p.numID, p.ilvl)
	}
	if strings.TrimSpace(text) == "" && label == "" {
		d.addBreaks(d.t.runes, p.rendered, p.explicit, true)
		return
	}
	if d.tables > 0 {
		if d.cellText {
			d.t.write(" ")
		}
		d.cellText = true
	} else {
		d.t.ensureBreak(2)
	}
	start := d.t.runes
	if label != "" {
		d.t.write(label + " ")
	}
	body := d.t.runes
	d.t.write(text)
	d.addBreaks(body, p.rendered, p.explicit, false)
	if lvl := d.headingLevel(); lvl > 0 && d.tables == 0 {
		d.marks = append(d.marks, Mark{Start: start, End: d.t.runes, Level: lvl})
	}
}

func (d *docxDoc) addBreaks(base int, rendered, explicit []int, atEnd bool) {
	for _, r := range rendered {
		if atEnd {
			r = 0
		}
		d.rendered = append(d.rendered, base+r)
	}
	for _, e := range explicit {
		if atEnd {
			e = 0
		}
		d.explicit = append(d.explicit, base+e)
	}
}

func (d *docxDoc) headingLevel() int {
	if l := d.styles[d.p.style]; l > 0 {
		return l
	}
	if d.p.outline >= 0 && d.p.outline < 9 {
		return d.p.outline + 1
	}
	return 0
}

// result assembles the text, marks and page spans. Word records where it
// last broke pages (lastRenderedPageBreak): those are the truest page
// numbers a DOCX has, so they win; else explicit page breaks; else no pages.
func (d *docxDoc) result() Extracted {
	text := strings.TrimRight(d.t.String(), " \t\n")
	n := d.t.runes - (len(d.t.String()) - len(text))
	breaks := d.rendered
	if len(breaks) == 0 {
		breaks = d.explicit
	}
	return Extracted{Text: text, Marks: clipMarks(d.marks, n), Pages: pageSpans(breaks, n)}
}

// pageSpans cuts [0, n) at the given break positions into page spans;
// breaks at the very start or end, or repeated, do not make empty pages.
func pageSpans(breaks []int, n int) []PageSpan {
	if len(breaks) == 0 || n == 0 {
		return nil
	}
	var spans []PageSpan
	start := 0
	for _, b := range breaks {
		if b <= start || b >= n {
			continue
		}
		spans = append(spans, PageSpan{Page: len(spans) + 1, Start: start, End: b})
		start = b
	}
	if len(spans) == 0 {
		return nil
	}
	return append(spans, PageSpan{Page: len(spans) + 1, Start: start, End: n})
}
