package ingest

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
)

// A page read from its tokens, as one whose tree would not fit is, gives
// the very text, headings and title that reading its tree gives: over the
// sample pages, the content cases and the statute page of the memory
// benchmark.
func TestStreamedHTMLMatchesTheTree(t *testing.T) {
	pages := map[string]string{}
	for _, name := range []string{"eu-gdpr-excerpt.html", "eg-civil-code-excerpt-ar.html"} {
		raw, err := os.ReadFile(filepath.Join(corpusDir, name))
		if err != nil {
			t.Fatal(err)
		}
		pages[name] = string(raw)
	}
	for _, c := range htmlCases() {
		pages[c.name] = c.html
	}
	pages["one heading, tiny paragraphs"] = string(issue22Page(500))
	pages["statute"] = statutePage(40)
	pages["unclosed paragraphs, items and cells"] = `<main><h2>Art. 1</h3><p>one<p>two<ul><li>a<li>b</ul>` +
		`<table><tr><td>x<td>y<tr><td>z</table><dl><dt>term<dd>meaning</dl><pre>
kept</pre><p>end</main><p>after`
	for name, page := range pages {
		t.Run(name, func(t *testing.T) {
			tree, err := extractBytes(evidence.FormatHTML, []byte(page), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			streamed, err := extractBytes(evidence.FormatHTML, []byte(page), Limits{MaxHTMLTreeBytes: 1})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tree, streamed); diff != "" {
				t.Errorf("streamed page (-tree +tokens):\n%s", diff)
			}
		})
	}
}

// statutePage is a page of n articles of three paragraphs each, as the
// memory benchmark writes at the size limit.
func statutePage(n int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Act 1</title></head><body><main>\n")
	for a := 1; a <= n; a++ {
		b.WriteString("<section><h2>Article " + strconv.Itoa(a) + "</h2>\n")
		for p := 1; p <= 3; p++ {
			b.WriteString("<p>(" + strconv.Itoa(p) + ") The party shall give notice of termination in writing.</p>\n")
		}
		b.WriteString("</section>\n")
	}
	b.WriteString("</main></body></html>\n")
	return b.String()
}

// A page read from its tokens that nests past maxOpenElements is refused
// for it, rather than holding every open element.
func TestStreamedHTMLNestingIsBounded(t *testing.T) {
	page := "<main>" + strings.Repeat("<div>", maxOpenElements+1) + "deep"
	_, err := extractBytes(evidence.FormatHTML, []byte(page), Limits{MaxHTMLTreeBytes: 1})
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "nested more than") {
		t.Fatalf("err = %v, want ErrLimit for the nesting", err)
	}
}
