package ingest

import (
	"context"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// docxDoc reads document.xml as a token stream: paragraphs with their
// numbering labels, headings from styles, tables as tab-separated rows, page
// breaks, and no deleted text, field codes or duplicate fallback content.
type docxDoc struct {
	ctx      context.Context
	styles   map[string]int
	num      *docxNumbering
	t        textBuilder
	marks    []Mark
	rendered []int // lastRenderedPageBreak positions, code points
	explicit []int // w:br type=page and pageBreakBefore positions
	p        docxPara
	skip     int // depth inside content that is not shown
	inText   bool
	tables   int
	cellText bool  // the current table cell has text already
	maxText  int64 // bytes of text past which reading stops (Limits.MaxTextBytes)
}

// docxPara is the paragraph being read.
type docxPara struct {
	text     strings.Builder
	runes    int
	style    string
	numID    string
	ilvl     int
	outline  int
	rendered []int // page breaks within the paragraph, relative code points
	explicit []int
}

func newDocxDoc(ctx context.Context, styles map[string]int, num *docxNumbering, maxText int64) *docxDoc {
	return &docxDoc{ctx: ctx, styles: styles, num: num, maxText: maxText}
}

func (d *docxDoc) read(r io.Reader) error {
	dec := xml.NewDecoder(r)
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if err := d.ctx.Err(); err != nil {
				return err
			}
			if err := checkText(int64(d.t.len()), d.maxText); err != nil {
				return err
			}
		}
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch el := tok.(type) {
		case xml.StartElement:
			d.start(xmlElement{local: el.Name.Local, attrs: el.Attr})
		case xml.EndElement:
			d.end(el.Name.Local)
		case xml.CharData:
			if d.inText && d.skip == 0 {
				d.p.write(string(el))
			}
		}
	}
}

// hidden lists elements whose content is not shown text.
func hiddenDocx(local string) bool {
	switch local {
	case "del", "delText", "instrText", "Fallback", "footnoteReference", "endnoteReference", "commentReference", "rPrChange", "pPrChange":
		return true
	}
	return false
}

func (d *docxDoc) start(el xmlElement) {
	if hiddenDocx(el.local) {
		d.skip++
		return
	}
	if d.skip > 0 {
		return
	}
	switch el.local {
	case "p":
		d.p = docxPara{outline: -1}
	case "pStyle":
		d.p.style = el.attr("val")
	case "ilvl":
		d.p.ilvl = atoiOr(el.attr("val"), 0)
	case "numId":
		d.p.numID = el.attr("val")
	case "outlineLvl":
		d.p.outline = atoiOr(el.attr("val"), -1)
	case "pageBreakBefore":
		if el.attr("val") != "0" && el.attr("val") != "false" {
			d.p.explicit = append(d.p.explicit, 0)
		}
	case "t":
		d.inText = true
	default:
		d.startRun(el)
	}
}

func (d *docxDoc) startRun(el xmlElement) {
	switch el.local {
	case "tab":
		d.p.write("\t")
	case "br", "cr":
		if el.attr("type") == "page" {
			d.p.explicit = append(d.p.explicit, d.p.runes)
		} else {
			d.p.write("\n")
		}
	case "lastRenderedPageBreak":
		d.p.rendered = append(d.p.rendered, d.p.runes)
	case "noBreakHyphen":
		d.p.write("-")
	case "sym":
		d.p.write(symChar(el.attr("char")))
	case "tbl":
		d.tables++
		d.t.ensureBreak(2)
	case "tr":
		d.t.ensureBreak(1)
	case "tc":
		if !strings.HasSuffix(d.t.String(), "\n") && d.t.len() > 0 {
			d.t.write("\t")
		}
		d.cellText = false
	}
}

func (d *docxDoc) end(local string) {
	if hiddenDocx(local) {
		d.skip--
		return
	}
	if d.skip > 0 {
		return
	}
	switch local {
	case "t":
		d.inText = false
	case "p":
		d.endParagraph()
	case "tbl":
		d.tables--
		d.t.ensureBreak(2)
	}
}

func (p *docxPara) write(s string) {
	p.text.WriteString(s)
	p.runes += utf8.RuneCountInString(s)
}

// symChar renders a w:sym character code when it is a plain Unicode one.
func symChar(code string) string {
	v, err := strconv.ParseUint(code, 16, 32)
	if err != nil || v < 0x20 || (v >= 0xF000 && v <= 0xF0FF) {
		return ""
	}
	return string(rune(v))
}
