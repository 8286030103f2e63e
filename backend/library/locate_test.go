package library

import (
	"strings"
	"testing"

	"lexflow/backend/pdfengine"
)

func TestLocate(t *testing.T) {
	page := "ARTICLE I\r\nSection 1. All legislative Powers herein granted shall be vested in a Congress of the United States,\r\n" +
		"which shall consist of a Senate and House of Repre-\r\nsentatives. Section 2. The House of Representatives shall be " +
		"composed of Members. The House of Representatives shall chuse their Speaker."
	tests := []struct {
		name  string
		quote string
		want  float64
		match string // the page's chars from first to last; "" for no match
	}{
		{"exact", "All legislative Powers", -1, "All legislative Powers"},
		{"line break and hyphen", "House of Representatives.", 0.3, "House of Repre-\r\nsentatives"},
		{"nearest to the expected place", "The House of Representatives", 0.9, "The House of Representatives"},
		{"first without a place", "House of Representatives", -1, "House of Repre-\r\nsentatives"},
		{"case and spacing", "section   2.the house", -1, "Section 2. The House"},
		{"head on this page, tail on the next", "shall chuse their Speaker. And the Senate shall be composed", 0.95, "shall chuse their Speaker"},
		{"tail on this page", "not on this page at all, then ARTICLE I Section 1", 0, "ARTICLE I\r\nSection 1"},
		{"absent", "Due process of law", -1, ""},
		{"nothing to find", " .; ", -1, ""},
	}
	runes := []rune(page)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first, last, ok := locate(runes, tc.quote, tc.want)
			got := ""
			if ok {
				got = string(runes[first : last+1])
			}
			if got != tc.match {
				t.Errorf("locate(%q) = %q, want %q", tc.quote, got, tc.match)
			}
			if ok && tc.name == "nearest to the expected place" && first < strings.Index(page, "shall chuse")-40 {
				t.Errorf("picked the occurrence at %d, not the one near the end", first)
			}
		})
	}
}

func TestLocateArabicPresentationForms(t *testing.T) {
	// A text layer in presentation forms (ﻻ, ﺍ…) with tatweel and an
	// Arabic-Indic digit still matches the logical text of the quote.
	page := []rune("ﺍﻟﻤﺎﺩﺓ ١٤٧ :ﺍﻟﻌﻘﺪ ﺷﺮﻳﻌﺔ ﺍﻟﻤﺘﻌـــﺎﻗﺪﻳﻦ ﻓﻼ ﻳﺠﻮﺯ ﻧﻘﻀﻪ")
	first, last, ok := locate(page, "المادة 147: العقد شريعة المتعاقدين فلا", -1)
	if !ok || first != 0 || string(page[last]) != "ﻼ" {
		t.Fatalf("locate = %d..%d, %v", first, last, ok)
	}
}

func TestBoxesAreFractionsTopDownLeftRight(t *testing.T) {
	// Points, origin bottom left, on a 600 x 800 page: a line of two runs
	// given right to left, then the line above it.
	rects := []pdfengine.Rect{
		{Left: 300, Bottom: 700, Right: 500, Top: 712},
		{Left: 100, Bottom: 701, Right: 280, Top: 712},
		{Left: 100, Bottom: 740, Right: 400, Top: 752},
		{Left: 50, Bottom: 0, Right: 50, Top: 10}, // empty: dropped
	}
	got := boxes(rects, 600, 800)
	if len(got) != 3 {
		t.Fatalf("boxes = %+v", got)
	}
	if got[0].Top >= got[1].Top || got[1].Left >= got[2].Left || got[1].Left != 100.0/600 {
		t.Errorf("order = %+v", got)
	}
	if b := got[0]; b.Left != 100.0/600 || b.Width != 0.5 || b.Top != 48.0/800 || b.Height != 12.0/800 {
		t.Errorf("first box = %+v", b)
	}
}
