package ingest

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"

	"lexflow/backend/evidence"
)

// A text file whose text cannot fit is refused before it is read: its
// text is at least as long as the file, or half of it in UTF-16.
func TestTextTooLongForItsTextIsRefusedUnread(t *testing.T) {
	limits := Limits{MaxTextBytes: 1000}
	long := []byte(strings.Repeat("Article 1. The party shall pay.\n", 40)) // 1,280 bytes
	for _, format := range []evidence.Format{evidence.FormatText, evidence.FormatMarkdown} {
		_, err := Extract(context.Background(), format, bytes.NewReader(long), int64(len(long)), limits)
		if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "the limit is 1 KB") {
			t.Errorf("%s: err = %v, want ErrLimit naming the limit", format, err)
		}
	}
	// 1,282 bytes of UTF-16 hold 640 characters: within the limit.
	units := utf16.Encode([]rune(strings.Repeat("Article 1. The party shall pay.\n", 20)))
	le := []byte{0xFF, 0xFE}
	for _, u := range units {
		le = append(le, byte(u), byte(u>>8))
	}
	ex, err := Extract(context.Background(), evidence.FormatText, bytes.NewReader(le), int64(len(le)), limits)
	if err != nil || ex.Encoding != "utf-16" || !strings.HasPrefix(ex.Text, "Article 1.") {
		t.Fatalf("UTF-16 within the limit: %q, %v", ex.Text[:min(len(ex.Text), 20)], err)
	}
}

// issue22Page is the page that once took 55 times its size: one heading,
// then n tiny paragraphs.
func issue22Page(n int) []byte {
	return []byte("<html><body><main><h1>Article 1</h1>" + strings.Repeat("<p>w</p>", n))
}

// A page whose parsed tree would not fit is read from its tokens instead
// of refused, to the same text (see TestStreamedHTMLMatchesTheTree), and
// within the limit of its text like any other.
func TestHTMLTreeOverTheLimitIsStreamed(t *testing.T) {
	page := issue22Page(20_000) // 40,005 nodes: about 5 MB as a tree
	ex, err := Extract(context.Background(), evidence.FormatHTML, bytes.NewReader(page), int64(len(page)), Limits{MaxHTMLTreeBytes: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ex.Text, "Article 1\n\nw\n\nw") || strings.Count(ex.Text, "w") != 20_000 || len(ex.Marks) != 1 {
		t.Fatalf("text starts %q, %d marks", ex.Text[:20], len(ex.Marks))
	}
	_, err = Extract(context.Background(), evidence.FormatHTML, bytes.NewReader(page), int64(len(page)), Limits{MaxHTMLTreeBytes: 1_000_000, MaxTextBytes: 10_000})
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "text passes 10 KB") {
		t.Fatalf("err = %v, want ErrLimit for the text", err)
	}
}

// Bytes that are not UTF-8 in a page sniffed as UTF-8 become U+FFFD in
// the text and the title, never invalid text.
func TestHTMLInvalidUTF8BecomesReplacement(t *testing.T) {
	page := []byte("<!doctype html><meta charset=utf-8><title>Act \xff 5</title><main><p>caf\xc3\xa9 \xff end</p></main>")
	ex, err := Extract(context.Background(), evidence.FormatHTML, bytes.NewReader(page), int64(len(page)), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Text != "café \uFFFD end" || ex.Title != "Act \uFFFD 5" {
		t.Fatalf("text %q title %q", ex.Text, ex.Title)
	}
}

// A DOCX stops being read once its text passes the limit, rather than
// after holding all of it.
func TestDOCXStopsAtTheTextLimit(t *testing.T) {
	para := `<w:p><w:r><w:t>The party shall give notice of termination.</w:t></w:r></w:p>`
	doc := `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		strings.Repeat(para, 50_000) + `</w:body></w:document>`
	data := zipOf(t, "word/document.xml", doc)
	_, err := Extract(context.Background(), evidence.FormatDOCX, bytes.NewReader(data), int64(len(data)), Limits{MaxTextBytes: 10_000, MaxZipRatio: 10_000})
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "the limit is 10 KB") {
		t.Fatalf("err = %v, want ErrLimit", err)
	}
	// Stopped early: the text it reports is kilobytes, not the whole 2.2 MB.
	if !strings.Contains(err.Error(), "KB; the limit") {
		t.Fatalf("read it all before refusing: %v", err)
	}
}

// A file of more headings than the bound keeps the first ones and reads
// the rest as body, so its structure's memory is bounded.
func TestHeadingsAreBounded(t *testing.T) {
	if n := len(markdownMarks(strings.Repeat("# w\n", maxHeadings+10))); n != maxHeadings {
		t.Fatalf("%d marks, want %d", n, maxHeadings)
	}
	text := strings.Repeat("Article 1\nText.\n", 50)
	if all, fs := detect(text, nil), detectAtMost(text, nil, 10); len(all) <= 10 || len(fs) != 10 {
		t.Fatalf("%d headings unbounded, %d bounded, want more than 10 and 10", len(all), len(fs))
	}
}

// Cutting a long span lays out only the piece being cut: a 4 MB span of
// one-letter paragraphs once allocated 8 bytes for each of its code points.
func TestSplitSpanAllocatesPerPieceNotPerSpan(t *testing.T) {
	text := "Article 1\n\n" + strings.Repeat("w\n\n", 1_400_000)
	o := DefaultChunkOptions()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	spans := splitSpan(text, 0, len(text), o)
	runtime.ReadMemStats(&after)
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 2<<20 {
		t.Fatalf("splitting %d bytes into %d pieces allocated %d bytes", len(text), len(spans), allocated)
	}
	if end := len(strings.TrimRight(text, "\n")); len(spans) < len(text)/o.Max || spans[len(spans)-1].end != end {
		t.Fatalf("%d pieces ending at %d, want %d", len(spans), spans[len(spans)-1].end, end)
	}
}
