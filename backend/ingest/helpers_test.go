package ingest

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"lexflow/backend/evidence"
)

const corpusDir = "../../examples/corpus"

func evidenceDoc(path string) evidence.Document {
	return evidence.Document{ID: "doc", CollectionID: "col", Name: filepath.Base(path)}
}

// extractFile detects and extracts a file as the pipeline would.
func extractFile(t testing.TB, path string) (Extracted, error) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	format, err := Detect(filepath.Base(path), data[:min(len(data), 512)])
	if err != nil {
		return Extracted{}, err
	}
	return Extract(context.Background(), format, strings.NewReader(string(data)), int64(len(data)), Limits{})
}

// checkChunks asserts the chunk invariants: the Slice property, order,
// stable IDs, only whitespace outside chunks, sizes within Max, valid pages.
func checkChunks(t *testing.T, ex Extracted, chunks []evidence.Chunk, opts ChunkOptions) {
	t.Helper()
	opts = opts.withDefaults()
	covered := 0 // code points up to which the text is covered or whitespace
	runes := []rune(ex.Text)
	for i, c := range chunks {
		l := c.Locator
		if got := evidence.Slice(ex.Text, l.Start, l.End); got != c.Text {
			t.Fatalf("chunk %d: Slice(%d,%d) = %q, want chunk text %q", i, l.Start, l.End, got, c.Text)
		}
		if c.Ordinal != i || c.ID != "doc-"+pad5(i) {
			t.Errorf("chunk %d: ordinal %d id %q", i, c.Ordinal, c.ID)
		}
		if i > 0 && l.Start < chunks[i-1].Locator.Start {
			t.Errorf("chunk %d starts at %d, before chunk %d at %d", i, l.Start, i-1, chunks[i-1].Locator.Start)
		}
		if strings.TrimSpace(c.Text) != c.Text || c.Text == "" {
			t.Errorf("chunk %d is empty or not trimmed: %q", i, c.Text)
		}
		if n := utf8.RuneCountInString(c.Text); n > opts.Max {
			t.Errorf("chunk %d has %d code points, more than Max %d", i, n, opts.Max)
		}
		if gap := string(runes[min(covered, l.Start):l.Start]); strings.TrimSpace(gap) != "" {
			t.Errorf("text before chunk %d is not covered: %q", i, gap)
		}
		covered = max(covered, l.End)
		checkPages(t, i, ex, l)
	}
	if rest := string(runes[min(covered, len(runes)):]); strings.TrimSpace(rest) != "" {
		t.Errorf("text after the last chunk is not covered: %q", rest)
	}
}

func checkPages(t *testing.T, i int, ex Extracted, l evidence.Locator) {
	t.Helper()
	if len(ex.Pages) == 0 {
		if l.PageStart != 0 || l.PageEnd != 0 {
			t.Errorf("chunk %d has pages %d-%d in a document without pages", i, l.PageStart, l.PageEnd)
		}
		return
	}
	if l.PageStart < 1 || l.PageEnd < l.PageStart || l.PageEnd > len(ex.Pages) {
		t.Errorf("chunk %d pages %d-%d out of range", i, l.PageStart, l.PageEnd)
	}
}

func pad5(i int) string {
	s := strconv.Itoa(i)
	return strings.Repeat("0", max(0, 5-len(s))) + s
}

func labels(hs []Heading) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Label
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func hasSuffix(list []string, s string) bool {
	for _, x := range list {
		if strings.HasSuffix(x, s) {
			return true
		}
	}
	return false
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
