package ingest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/transform"
)

// extractHTML keeps the main content of a page: <main> (or role=main), else
// a single <article>, else <body> without its header and footer; never
// scripts, styles, navigation, asides, forms or hidden elements. Blocks
// become lines, paragraphs are separated by a blank line, table cells by
// tabs, entities are decoded, and h1–h6 become Marks.
func extractHTML(ctx context.Context, r io.ReaderAt, size int64, limits Limits) (Extracted, error) {
	o, err := outlineHTML(htmlReader(r, size))
	if err != nil {
		return Extracted{}, err
	}
	if o.bytes() > limits.MaxHTMLTreeBytes {
		return streamHTML(htmlReader(r, size), o, limits)
	}
	doc, err := html.Parse(htmlReader(r, size))
	if err != nil {
		return Extracted{}, fmt.Errorf("%w: parse html: %v", ErrCorrupt, err)
	}
	if err := ctx.Err(); err != nil {
		return Extracted{}, err
	}
	root, isBody := mainContent(doc)
	w := &htmlWriter{dropChrome: isBody}
	w.t.b.Grow(int(min(o.text, limits.MaxTextBytes))) // the text in one piece, not doubled as it grows
	if root != nil {
		w.walk(root)
	}
	return w.extracted(htmlTitle(doc)), nil
}

// extracted is the text written, its headings and the page's title.
func (w *htmlWriter) extracted(title string) Extracted {
	text := strings.TrimRight(w.t.String(), " \n")
	return Extracted{Text: text, Marks: clipMarks(w.marks, w.t.runes), Title: title}
}

// htmlReader streams a page as UTF-8, decoded by its BOM, its <meta
// charset> or, failing both, by the HTML standard's sniffing of the first
// 1,024 bytes (a page that is not UTF-8 there is read as Windows-1252).
// Bytes still invalid become U+FFFD where the text is written.
func htmlReader(r io.ReaderAt, size int64) io.Reader {
	head := make([]byte, min(size, 1024))
	n, _ := r.ReadAt(head, 0)
	page := bufio.NewReaderSize(io.NewSectionReader(r, 0, size), 64<<10)
	if enc, name, _ := charset.DetermineEncoding(head[:n], "text/html"); name != "utf-8" {
		return transform.NewReader(page, enc.NewDecoder())
	}
	return page
}

// htmlNodeBytes is what one html.Node takes on the heap (measured on
// amd64: the struct's 112 bytes and its attributes' share).
const htmlNodeBytes = 128

// mainContent finds the element holding the page's content and tells
// whether it fell back to <body>.
func mainContent(doc *html.Node) (*html.Node, bool) {
	if n := findFirst(doc, func(n *html.Node) bool { return n.DataAtom == atom.Main || attr(n, "role") == "main" }); n != nil {
		return n, false
	}
	var articles []*html.Node
	collect(doc, func(n *html.Node) bool { return n.DataAtom == atom.Article }, &articles)
	if len(articles) == 1 {
		return articles[0], false
	}
	if body := findFirst(doc, func(n *html.Node) bool { return n.DataAtom == atom.Body }); body != nil {
		return body, true
	}
	return doc, true
}

func findFirst(n *html.Node, match func(*html.Node) bool) *html.Node {
	if n.Type == html.ElementNode && match(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findFirst(c, match); f != nil {
			return f
		}
	}
	return nil
}

func collect(n *html.Node, match func(*html.Node) bool, out *[]*html.Node) {
	if n.Type == html.ElementNode && match(n) {
		*out = append(*out, n)
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		collect(c, match, out)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return strings.TrimSpace(strings.ToLower(a.Val))
		}
	}
	return ""
}

func htmlTitle(doc *html.Node) string {
	t := findFirst(doc, func(n *html.Node) bool { return n.DataAtom == atom.Title })
	if t == nil || t.FirstChild == nil {
		return ""
	}
	return titleText(t.FirstChild.Data)
}

// titleText is a <title>'s text on one line.
func titleText(raw string) string {
	return strings.ToValidUTF8(strings.Join(strings.Fields(raw), " "), "\uFFFD")
}

// clipMarks drops marks past the end of the trimmed text.
func clipMarks(marks []Mark, n int) []Mark {
	out := marks[:0]
	for _, m := range marks {
		if m.End <= n && m.End > m.Start {
			out = append(out, m)
		}
	}
	return out
}
