package ingest

import (
	"fmt"
	"io"
	"slices"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A page whose tree would not fit in memory is read from its tokens instead,
// one element open at a time: the htmlWriter renders it as it renders a
// tree, and the open elements stand in for the tree, so memory is the text
// and the nesting, not a node per element and text run. HTML's tree
// building is followed where well-formed pages and the usual omissions
// meet it (a <p>, <li>, <dt>, <dd>, <tr>, <td> or <th> closed by the next
// one or by a block; void elements; an end tag closing the elements left
// open inside it); misnested markup that the tree builder rearranges
// (tables' foster parenting, the adoption agency) is read as written.
// Pages that fit keep html.Parse: this is the fallback, not a second parser.

// htmlOutline is what reading a page's tokens once tells: how big its tree
// would be, and where its content is.
type htmlOutline struct {
	nodes, text int64 // elements and text runs; bytes of text
	main        bool  // a <main> or role=main element
	articles    int   // <article> elements
	title       string
}

// bytes is what html.Parse would hold for the page.
func (o htmlOutline) bytes() int64 { return o.nodes*htmlNodeBytes + o.text }

// root is how the page's content is found, as mainContent finds it in a tree.
func (o htmlOutline) root() contentRoot {
	switch {
	case o.main:
		return rootMain
	case o.articles == 1:
		return rootArticle
	}
	return rootBody
}

type contentRoot int

const (
	rootMain    contentRoot = iota // the first <main> or role=main
	rootArticle                    // the page's only <article>
	rootBody                       // everything, without header and footer
)

func (r contentRoot) is(n *html.Node) bool {
	switch r {
	case rootMain:
		return n.DataAtom == atom.Main || attr(n, "role") == "main"
	case rootArticle:
		return n.DataAtom == atom.Article
	}
	return false
}

// outlineHTML tokenizes a page without building its tree.
func outlineHTML(page io.Reader) (htmlOutline, error) {
	var o htmlOutline
	z := html.NewTokenizer(page)
	inTitle, titles := false, 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return o, fmt.Errorf("read file: %w", err)
			}
			return o, nil
		case html.TextToken, html.CommentToken:
			o.nodes++
			o.text += int64(len(z.Raw()))
			if inTitle {
				o.title = string(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			o.nodes++
			tok := z.Token()
			n := &html.Node{Type: html.ElementNode, DataAtom: tok.DataAtom, Data: tok.Data, Attr: tok.Attr}
			o.main = o.main || rootMain.is(n)
			if n.DataAtom == atom.Article {
				o.articles++
			}
			inTitle = n.DataAtom == atom.Title && tt == html.StartTagToken && titles == 0
			if n.DataAtom == atom.Title {
				titles++
			}
		case html.EndTagToken:
			inTitle = false
		}
	}
}

// maxOpenElements bounds the nesting of a page read from its tokens, so
// its open elements stay a bounded memory too; past maxWalkDepth nothing is
// written (as in htmlWriter.walk), and pages nest a few dozen deep.
const maxOpenElements = 10_000

// openElement is an element of the page whose end is not yet read.
type openElement struct {
	n        *html.Node // tag and attributes, linked to no tree
	inRoot   bool       // the content root or inside it
	render   bool       // written: in the root, not skipped, not too deep
	skipped  bool       // in the root but not content (w.skip)
	depth    int        // as htmlWriter.walk counts it, from the root
	start    int        // runes written when it opened
	counter  int        // the number of its next <li>, for an <ol>
	hasChild bool       // a node was read inside it
}

// htmlStream renders a page from its tokens with an htmlWriter.
type htmlStream struct {
	w        *htmlWriter
	root     contentRoot
	rootSeen bool
	open     []*openElement
	maxText  int64
}

// streamHTML renders the content of a page as extractHTML does from its
// tree, reading its tokens once.
func streamHTML(page io.Reader, o htmlOutline, limits Limits) (Extracted, error) {
	s := &htmlStream{w: &htmlWriter{dropChrome: o.root() == rootBody}, root: o.root(), maxText: limits.MaxTextBytes}
	s.open = []*openElement{{n: &html.Node{Type: html.DocumentNode}, inRoot: s.root == rootBody, render: s.root == rootBody}}
	z := html.NewTokenizer(page)
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return Extracted{}, fmt.Errorf("read file: %w", err)
			}
			for len(s.open) > 1 {
				s.pop()
			}
			return s.w.extracted(titleText(o.title)), nil
		case html.TextToken:
			s.text(string(z.Text()))
		case html.CommentToken:
			s.top().hasChild = true
		case html.StartTagToken, html.SelfClosingTagToken:
			s.start(z.Token())
		case html.EndTagToken:
			s.end(z.Token())
		}
		if int64(s.w.t.len()) > s.maxText {
			return Extracted{}, fmt.Errorf("%w: the page's text passes %s, the limit", ErrLimit, HumanBytes(s.maxText))
		}
		if len(s.open) > maxOpenElements {
			return Extracted{}, fmt.Errorf("%w: elements are nested more than %d deep", ErrLimit, maxOpenElements)
		}
	}
}

func (s *htmlStream) top() *openElement { return s.open[len(s.open)-1] }

// start opens an element, first closing those its tag implies are done.
func (s *htmlStream) start(tok html.Token) {
	s.closeImplied(tok.DataAtom)
	parent := s.top()
	n := &html.Node{Type: html.ElementNode, DataAtom: tok.DataAtom, Data: tok.Data, Attr: tok.Attr}
	if parent.hasChild {
		n.PrevSibling = &html.Node{} // htmlWriter.open asks only whether a cell has one
	}
	parent.hasChild = true
	e := &openElement{n: n, inRoot: parent.inRoot, counter: listStart(n)}
	if !e.inRoot && !s.rootSeen && s.root.is(n) {
		e.inRoot, s.rootSeen = true, true
	}
	if e.inRoot {
		e.depth = parent.depth + 1
		if !parent.inRoot {
			e.depth = 1
		}
		if parent.render && parent.n.DataAtom == atom.Ol && n.DataAtom == atom.Li {
			typ, _ := attrOK(parent.n, "type")
			s.w.label = listLabel(parent.counter, typ)
			parent.counter++
		}
		e.skipped = parent.skipped || n.DataAtom == atom.Title || s.w.skip(n)
		e.render = e.depth <= maxWalkDepth && !e.skipped
	}
	if e.render {
		s.w.open(n)
		e.start = s.w.t.runes
	}
	s.open = append(s.open, e)
	if voidElement(n.DataAtom) {
		s.pop()
	}
}

// end closes the innermost open element of the tag, and those left open
// inside it; an end tag that closes nothing is dropped, except </p> and
// </br>, which HTML reads as an empty paragraph and a line break.
func (s *htmlStream) end(tok html.Token) {
	heading := headingLevel(tok.DataAtom) > 0 // </h2> closes an open <h3> too
	for i := len(s.open) - 1; i > 0; i-- {
		if s.open[i].n.Data == tok.Data || heading && headingLevel(s.open[i].n.DataAtom) > 0 {
			for len(s.open) > i {
				s.pop()
			}
			return
		}
	}
	switch tok.DataAtom {
	case atom.P, atom.Br:
		s.start(html.Token{Type: html.StartTagToken, DataAtom: tok.DataAtom, Data: tok.Data})
		if tok.DataAtom == atom.P {
			s.pop()
		}
	}
}

// pop closes the innermost open element.
func (s *htmlStream) pop() {
	e := s.top()
	s.open = s.open[:len(s.open)-1]
	if !e.render {
		return
	}
	s.w.heading(e.n, e.start)
	s.w.close(e.n)
}

func (s *htmlStream) text(t string) {
	parent := s.top()
	first := !parent.hasChild
	parent.hasChild = true
	if !parent.render || parent.depth >= maxWalkDepth {
		return
	}
	if first && parent.n.DataAtom == atom.Pre && len(t) > 0 && t[0] == '\n' {
		t = t[1:] // HTML drops the newline that opens a <pre>
	}
	s.w.text(t)
}

// closeImplied closes the elements that a start tag of a ends, as HTML's
// tree building does for the elements whose end tag may be left out.
func (s *htmlStream) closeImplied(a atom.Atom) {
	switch {
	case a == atom.Li:
		s.closeTo([]atom.Atom{atom.Li}, []atom.Atom{atom.Ol, atom.Ul, atom.Table})
	case a == atom.Dt || a == atom.Dd:
		s.closeTo([]atom.Atom{atom.Dt, atom.Dd}, []atom.Atom{atom.Dl, atom.Table})
	case a == atom.Tr:
		s.closeTo([]atom.Atom{atom.Tr}, []atom.Atom{atom.Table})
	case a == atom.Td || a == atom.Th:
		s.closeTo([]atom.Atom{atom.Td, atom.Th}, []atom.Atom{atom.Tr, atom.Table})
	}
	if closesParagraph(a) {
		s.closeTo([]atom.Atom{atom.P}, []atom.Atom{atom.Table, atom.Td, atom.Th, atom.Button, atom.Caption})
	}
	if headingLevel(a) > 0 && headingLevel(s.top().n.DataAtom) > 0 {
		s.pop()
	}
}

// closeTo closes the innermost open element among targets unless one of
// bounds is open inside it.
func (s *htmlStream) closeTo(targets, bounds []atom.Atom) {
	for i := len(s.open) - 1; i > 0; i-- {
		a := s.open[i].n.DataAtom
		if slices.Contains(targets, a) {
			for len(s.open) > i {
				s.pop()
			}
			return
		}
		if slices.Contains(bounds, a) {
			return
		}
	}
}

// closesParagraph tells the start tags that end an open <p>.
func closesParagraph(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details, atom.Dialog, atom.Dir,
		atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup,
		atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search, atom.Section, atom.Summary, atom.Ul,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Pre, atom.Listing, atom.Form, atom.Li,
		atom.Dd, atom.Dt, atom.Plaintext, atom.Table, atom.Hr, atom.Xmp:
		return true
	}
	return false
}

// voidElement tells the elements that have no content and no end tag.
func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input, atom.Link,
		atom.Meta, atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}
