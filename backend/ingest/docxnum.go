package ingest

import (
	"strconv"
	"strings"
)

// docxNumbering renders the numbers Word generates for numbered paragraphs
// ("1.", "(a)", "12.3"), which are not in document.xml's text.
type docxNumbering struct {
	abstract map[string]map[int]numLevel // abstractNumId → level → format
	nums     map[string]numDef           // numId → definition
	counters map[string]*[9]int          // numId → current values, 0 = not yet used
}

type numLevel struct {
	format, text string
	start        int
}

type numDef struct {
	abstract string
	starts   map[int]int
}

func readNumbering(a *docxArchive) (*docxNumbering, error) {
	n := &docxNumbering{abstract: map[string]map[int]numLevel{}, nums: map[string]numDef{}, counters: map[string]*[9]int{}}
	rc, err := a.open("word/numbering.xml")
	if err != nil || rc == nil {
		return n, err
	}
	defer rc.Close()
	var abs, num string
	lvl := -1
	walkXML(rc, func(el xmlElement) { n.parse(el, &abs, &num, &lvl) })
	return n, nil
}

func (n *docxNumbering) parse(el xmlElement, abs, num *string, lvl *int) {
	switch el.local {
	case "abstractNum":
		*abs, *num = el.attr("abstractNumId"), ""
		n.abstract[*abs] = map[int]numLevel{}
	case "num":
		*num, *abs = el.attr("numId"), ""
		n.nums[*num] = numDef{starts: map[int]int{}}
	case "abstractNumId":
		if *num != "" {
			d := n.nums[*num]
			d.abstract = el.attr("val")
			n.nums[*num] = d
		}
	case "lvl", "lvlOverride":
		*lvl, _ = strconv.Atoi(el.attr("ilvl"))
	case "start", "numFmt", "lvlText":
		n.setLevel(el, *abs, *lvl)
	case "startOverride":
		if d, ok := n.nums[*num]; ok {
			d.starts[*lvl] = atoiOr(el.attr("val"), 1)
		}
	}
}

func (n *docxNumbering) setLevel(el xmlElement, abs string, lvl int) {
	levels, ok := n.abstract[abs]
	if !ok || lvl < 0 || lvl > 8 {
		return
	}
	l := levels[lvl]
	switch el.local {
	case "start":
		l.start = atoiOr(el.attr("val"), 1)
	case "numFmt":
		l.format = el.attr("val")
	case "lvlText":
		l.text = el.attr("val")
	}
	levels[lvl] = l
}

// label advances the counter of (numID, ilvl) and renders its label.
func (n *docxNumbering) label(numID string, ilvl int) string {
	def, ok := n.nums[numID]
	levels := n.abstract[def.abstract]
	if !ok || levels == nil || ilvl < 0 || ilvl > 8 {
		return ""
	}
	c := n.counters[numID]
	if c == nil {
		c = &[9]int{}
		n.counters[numID] = c
	}
	start := func(i int) int {
		if s, ok := def.starts[i]; ok {
			return s
		}
		return max(levels[i].start, 0)
	}
	if c[ilvl] == 0 {
		c[ilvl] = max(start(ilvl), 1)
	} else {
		c[ilvl]++
	}
	for i := ilvl + 1; i < 9; i++ {
		c[i] = 0
	}
	return renderLevel(levels, c, ilvl, start)
}

func renderLevel(levels map[int]numLevel, c *[9]int, ilvl int, start func(int) int) string {
	l := levels[ilvl]
	switch l.format {
	case "bullet":
		return "•"
	case "none":
		return ""
	}
	text := l.text
	for i := 0; i <= ilvl; i++ {
		v := c[i]
		if v == 0 {
			v = max(start(i), 1)
		}
		text = strings.ReplaceAll(text, "%"+strconv.Itoa(i+1), formatNumber(v, levels[i].format))
	}
	return strings.TrimSpace(text)
}

func formatNumber(v int, format string) string {
	switch format {
	case "lowerLetter":
		return alphaLabel(v, 'a')
	case "upperLetter":
		return alphaLabel(v, 'A')
	case "lowerRoman":
		return strings.ToLower(roman(v))
	case "upperRoman":
		return roman(v)
	}
	return strconv.Itoa(v)
}

func atoiOr(s string, def int) int {
	if v, err := strconv.Atoi(s); err == nil {
		return v
	}
	return def
}
