package ingest

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlWriter renders the content elements of a parsed page as text.
type htmlWriter struct {
	t          textBuilder
	marks      []Mark
	dropChrome bool   // drop <header> and <footer> (when reading all of <body>)
	space      bool   // a space is pending before the next word
	pre        int    // depth inside <pre>
	label      string // the number of the <ol> item being opened
	depth      int
}

// maxWalkDepth is how deep a page's elements are read; deeper nesting is
// not content a person reads. The tree walk and the token stream share it.
const maxWalkDepth = 512

func (w *htmlWriter) walk(n *html.Node) {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > maxWalkDepth {
		return // deeper nesting is not content a person reads
	}
	switch n.Type {
	case html.TextNode:
		w.text(n.Data)
		return
	case html.ElementNode:
		if w.skip(n) {
			return
		}
	case html.DocumentNode:
	default:
		return
	}
	w.element(n)
}

func (w *htmlWriter) skip(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Nav, atom.Aside, atom.Form,
		atom.Button, atom.Select, atom.Svg, atom.Iframe, atom.Object, atom.Embed, atom.Head, atom.Dialog:
		return true
	case atom.Header, atom.Footer:
		if w.dropChrome {
			return true
		}
	}
	if _, hidden := attrOK(n, "hidden"); hidden || attr(n, "aria-hidden") == "true" {
		return true
	}
	if style := strings.ReplaceAll(attr(n, "style"), " ", ""); strings.Contains(style, "display:none") || strings.Contains(style, "visibility:hidden") {
		return true
	}
	switch attr(n, "role") {
	case "navigation", "banner", "contentinfo", "complementary", "search":
		return true
	}
	return false
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func (w *htmlWriter) element(n *html.Node) {
	w.open(n)
	start := w.t.runes
	w.children(n)
	w.heading(n, start)
	w.close(n)
}

// heading marks what n wrote since start when n is a heading, up to
// maxHeadings marks (no more can become headings).
func (w *htmlWriter) heading(n *html.Node, start int) {
	if level := headingLevel(n.DataAtom); level > 0 && w.t.runes > start && len(w.marks) < maxHeadings {
		w.marks = append(w.marks, Mark{Start: start, End: w.t.runes, Level: level})
	}
}

func (w *htmlWriter) children(n *html.Node) {
	counter := listStart(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if n.DataAtom == atom.Ol && c.DataAtom == atom.Li {
			typ, _ := attrOK(n, "type")
			w.label = listLabel(counter, typ)
			counter++
		}
		w.walk(c)
	}
}

func (w *htmlWriter) open(n *html.Node) {
	switch n.DataAtom {
	case atom.Pre:
		w.block(2)
		w.pre++
	case atom.Br:
		w.t.write("\n")
		w.space = false
	case atom.Li:
		w.block(1)
		if w.label != "" {
			w.t.write(w.label + " ")
			w.label = ""
		}
	case atom.Td, atom.Th:
		if n.PrevSibling != nil {
			w.t.write("\t")
			w.space = false
		}
	default:
		if b := blockBreak(n.DataAtom); b > 0 {
			w.block(b)
		}
	}
}

func (w *htmlWriter) close(n *html.Node) {
	if n.DataAtom == atom.Pre {
		w.pre--
	}
	if b := blockBreak(n.DataAtom); b > 0 {
		w.block(b)
	}
}

// block ends the current block with n newlines.
func (w *htmlWriter) block(n int) {
	w.space = false
	w.t.ensureBreak(n)
}

// text writes a text node, collapsing whitespace outside <pre>.
func (w *htmlWriter) text(s string) {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if w.pre > 0 {
		w.t.write(s)
		return
	}
	words := strings.Fields(s)
	if len(words) == 0 {
		w.space = w.space || s != ""
		return
	}
	lead := s[0] == ' ' || s[0] == '\n' || s[0] == '\t' || s[0] == '\r'
	if (w.space || lead) && !w.atLineStart() {
		w.t.write(" ")
	}
	w.t.write(strings.Join(words, " "))
	last := s[len(s)-1]
	w.space = last == ' ' || last == '\n' || last == '\t' || last == '\r'
}

func (w *htmlWriter) atLineStart() bool {
	s := w.t.String()
	return s == "" || strings.HasSuffix(s, "\n") || strings.HasSuffix(s, "\t") || strings.HasSuffix(s, " ")
}

func headingLevel(a atom.Atom) int {
	switch a {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	case atom.H6:
		return 6
	}
	return 0
}

// blockBreak is how many newlines end a block element: 2 for paragraphs and
// headings, 1 for rows and list items, 0 for inline elements.
func blockBreak(a atom.Atom) int {
	switch a {
	case atom.P, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Blockquote, atom.Table,
		atom.Ul, atom.Ol, atom.Dl, atom.Section, atom.Article, atom.Main, atom.Div, atom.Figure, atom.Address, atom.Hr, atom.Header, atom.Footer:
		return 2
	case atom.Li, atom.Tr, atom.Dt, atom.Dd, atom.Caption, atom.Figcaption:
		return 1
	}
	return 0
}

func listStart(n *html.Node) int {
	if v, err := strconv.Atoi(attr(n, "start")); err == nil {
		return v
	}
	return 1
}

// listLabel renders an <ol> item number in the list's type.
func listLabel(n int, typ string) string {
	switch typ {
	case "a":
		return alphaLabel(n, 'a') + "."
	case "A":
		return alphaLabel(n, 'A') + "."
	case "i":
		return strings.ToLower(roman(n)) + "."
	case "I":
		return roman(n) + "."
	}
	return strconv.Itoa(n) + "."
}
