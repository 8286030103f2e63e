package ingest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
)

// extractHTML keeps the main content of a page: <main> (or role=main), else
// a single <article>, else <body> without its header and footer; never
// scripts, styles, navigation, asides, forms or hidden elements. Blocks
// become lines, paragraphs are separated by a blank line, table cells by
// tabs, entities are decoded, and h1–h6 become Marks.
func extractHTML(ctx context.Context, r io.ReaderAt, size int64) (Extracted, error) {
	data, err := readAll(r, size)
	if err != nil {
		return Extracted{}, err
	}
	doc, err := html.Parse(bytes.NewReader(decodeHTML(data)))
	if err != nil {
		return Extracted{}, fmt.Errorf("%w: parse html: %v", ErrCorrupt, err)
	}
	if err := ctx.Err(); err != nil {
		return Extracted{}, err
	}
	root, isBody := mainContent(doc)
	w := &htmlWriter{dropChrome: isBody}
	if root != nil {
		w.walk(root)
	}
	text := strings.TrimRight(w.t.String(), " \n")
	return Extracted{Text: text, Marks: clipMarks(w.marks, w.t.runes), Title: htmlTitle(doc)}, nil
}

// decodeHTML converts a page to UTF-8 by its BOM, its <meta charset> or,
// failing both, by the HTML standard's sniffing (invalid UTF-8 is read as
// Windows-1252); bytes still invalid become U+FFFD.
func decodeHTML(data []byte) []byte {
	enc, name, _ := charset.DetermineEncoding(data, "text/html")
	if name != "utf-8" {
		if out, err := enc.NewDecoder().Bytes(data); err == nil {
			data = out
		}
	}
	return bytes.ToValidUTF8(data, []byte("\uFFFD"))
}

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
	return strings.Join(strings.Fields(t.FirstChild.Data), " ")
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
