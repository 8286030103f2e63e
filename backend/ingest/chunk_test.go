package ingest

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"lexflow/backend/evidence"
)

func TestChunksSplitLongArticleWithOverlap(t *testing.T) {
	var b strings.Builder
	b.WriteString("Preamble of the Act — ✓ émigré.\n\nChapter 1\n\nArticle 1 — Long\n")
	for i := 0; i < 40; i++ {
		b.WriteString("This is sentence number " + strconv.Itoa(i) + " of a long article about notice periods, in Arabic مادة too. ")
		if i%5 == 4 {
			b.WriteString("\n\n")
		}
	}
	b.WriteString("\n\nArticle 2 — Short\nA short article.\n\nArticle 3\nAnother short one.\n")
	ex := Extracted{Text: b.String(), Language: "en"}
	opts := ChunkOptions{Target: 600, Max: 900, Overlap: 120, Min: 200}
	chunks := Chunks(evidenceDoc("a.txt"), ex, opts)
	checkChunks(t, ex, chunks, opts)

	if chunks[0].Locator.Heading() != "" || !strings.HasPrefix(chunks[0].Text, "Preamble") {
		t.Errorf("first chunk should be the preamble with no path: %+v", chunks[0].Locator)
	}
	long := 0
	for i, c := range chunks {
		if c.Locator.Heading() != "Chapter 1 › Article 1 — Long" {
			continue
		}
		long++
		if long == 1 && !strings.HasPrefix(c.Text, "Chapter 1\n\nArticle 1 — Long") {
			t.Errorf("the first piece should start with its headings: %q", c.Text[:40])
		}
		if prev := chunks[i-1]; long > 1 && prev.Locator.End <= c.Locator.Start {
			t.Errorf("pieces %d and %d do not overlap", i-1, i)
		}
	}
	if long < 4 {
		t.Errorf("long article split into %d pieces, want several", long)
	}
	last := chunks[len(chunks)-1]
	if !slices.Equal(last.Locator.HeadingPath, []string{"Chapter 1"}) || !strings.Contains(last.Text, "Article 2") || !strings.Contains(last.Text, "Article 3") {
		t.Errorf("short sibling articles should merge under their chapter: %q %q", last.Locator.HeadingPath, last.Text)
	}
	if got := last.Locator.Heading(); got != "Chapter 1 › Articles 2–3" {
		t.Errorf("merged articles read %q", got)
	}
}

func TestChunksKeepHeadingWithBody(t *testing.T) {
	text := "PART 1\n\nCHAPTER 1\n\nArticle 1\n" + strings.Repeat("Body text of article one. ", 100) + "\n\nArticle 2\nBody two."
	ex := Extracted{Text: text}
	chunks := Chunks(evidenceDoc("a.txt"), ex, ChunkOptions{})
	checkChunks(t, ex, chunks, ChunkOptions{})
	for _, c := range chunks {
		if strings.TrimSpace(c.Text) == "PART 1" || strings.TrimSpace(c.Text) == "CHAPTER 1" || strings.HasSuffix(c.Text, "Article 2") {
			t.Errorf("a heading was left without its body: %q", c.Text)
		}
	}
	if !strings.HasPrefix(chunks[0].Text, "PART 1\n\nCHAPTER 1\n\nArticle 1\nBody") {
		t.Errorf("first chunk = %q", chunks[0].Text[:40])
	}
	if got := chunks[0].Locator.Heading(); got != "PART 1 › CHAPTER 1 › Article 1" {
		t.Errorf("first chunk path = %q", got)
	}
}

func TestChunksNoStructureAndHardCuts(t *testing.T) {
	text := strings.Repeat("ا", 5000) + " " + strings.Repeat("x", 3000) // no boundaries at all
	ex := Extracted{Text: text, Language: "ar"}
	chunks := Chunks(evidenceDoc("a.txt"), ex, ChunkOptions{})
	checkChunks(t, ex, chunks, ChunkOptions{})
	if len(chunks) < 4 {
		t.Errorf("got %d chunks", len(chunks))
	}
	if chunks[0].Language != "ar" || chunks[len(chunks)-1].Language != "other" && chunks[len(chunks)-1].Language != "ar" {
		t.Errorf("languages %q %q", chunks[0].Language, chunks[len(chunks)-1].Language)
	}
}

func TestChunksStableIDsAndPages(t *testing.T) {
	text := "Article 1\nOne.\n\nArticle 2\nTwo on page two.\n\nArticle 3\nThree spans pages\n\ntwo and three."
	at := func(s string) int { return utf8.RuneCountInString(text[:strings.Index(text, s)]) }
	ex := Extracted{Text: text, Pages: []PageSpan{
		{Page: 1, Start: 0, End: at("Article 2")}, {Page: 2, Start: at("Article 2"), End: at("two and")}, {Page: 3, Start: at("two and"), End: utf8.RuneCountInString(text)},
	}}
	a := Chunks(evidenceDoc("a.pdf"), ex, ChunkOptions{Min: 1})
	b := Chunks(evidenceDoc("a.pdf"), ex, ChunkOptions{Min: 1})
	checkChunks(t, ex, a, ChunkOptions{Min: 1})
	if len(a) != 3 || a[2].ID != b[2].ID || a[2].ID != "doc-00002" {
		t.Fatalf("chunks %d, ids %q %q", len(a), a[len(a)-1].ID, b[len(b)-1].ID)
	}
	if l := a[2].Locator; l.PageStart != 2 || l.PageEnd != 3 || l.Pages() != "pp. 2–3" {
		t.Errorf("article 3 pages = %d–%d", l.PageStart, l.PageEnd)
	}
	if l := a[0].Locator; l.PageStart != 1 || l.PageEnd != 1 {
		t.Errorf("article 1 pages = %d–%d", l.PageStart, l.PageEnd)
	}
}

func TestChunksEmptyAndBlank(t *testing.T) {
	for _, text := range []string{"", " \n\n\t ", "\r\n"} {
		if got := Chunks(evidenceDoc("a.txt"), Extracted{Text: text}, ChunkOptions{}); len(got) != 0 {
			t.Errorf("Chunks(%q) = %d chunks", text, len(got))
		}
	}
}

// Short sibling articles share a chunk, but each stays citable: the
// chunk's locator lists them, with where each lies.
func TestChunksListMergedArticles(t *testing.T) {
	text := "Chapter 3 — Rent and Deposits\n\n" +
		"Article 5 Rent increases\nThe landlord may raise the rent once a year, on two months' written notice.\n\n" +
		"Article 6 Security deposit\nThe deposit may not exceed two months' rent and is returned within thirty days.\n"
	ex := Extracted{Text: text, Language: "en"}
	chunks := Chunks(evidenceDoc("act.txt"), ex, ChunkOptions{})
	checkChunks(t, ex, chunks, ChunkOptions{})
	if len(chunks) != 1 {
		t.Fatalf("got %d chunks, want the two short articles in one", len(chunks))
	}
	l := chunks[0].Locator
	if got := l.Heading(); got != "Chapter 3 — Rent and Deposits › Articles 5–6" {
		t.Errorf("heading = %q", got)
	}
	if len(l.Units) != 2 {
		t.Fatalf("units = %+v, want Article 5 and Article 6", l.Units)
	}
	for i, want := range []string{"Article 5 Rent increases", "Article 6 Security deposit"} {
		u := l.Units[i]
		path := []string{"Chapter 3 — Rent and Deposits", want}
		if !slices.Equal(u.HeadingPath, path) || u.Number != strconv.Itoa(5+i) {
			t.Errorf("unit %d = %q number %q, want %q", i, u.HeadingPath, u.Number, path)
		}
	}
	article6 := evidence.Slice(text, l.Units[1].Start, l.Units[1].End)
	if !strings.HasPrefix(article6, "Article 6") || !strings.HasSuffix(article6, "thirty days.") {
		t.Errorf("unit 2 is %q, want Article 6 exactly", article6)
	}
	// The chapter heading, with no text of its own, is cited with Article 5.
	if l.Units[0].Start != l.Start || !l.Units[1].Follows || l.Units[0].Follows {
		t.Errorf("units = %+v", l.Units)
	}
}

func TestChunksListNonConsecutiveArticles(t *testing.T) {
	text := "Chapter 1\n\nArticle 5\nRepealed.\n\nArticle 7\nThe tenant pays the rent monthly.\n\n" +
		"Article 9\n" + strings.Repeat("A long article of its own. ", 80)
	chunks := Chunks(evidenceDoc("act.txt"), Extracted{Text: text}, ChunkOptions{})
	if got := chunks[0].Locator.Heading(); got != "Chapter 1 › Articles 5, 7" {
		t.Errorf("heading = %q", got)
	}
	if got := chunks[len(chunks)-1].Locator; got.Heading() != "Chapter 1 › Article 9" || got.Units != nil {
		t.Errorf("a chunk of one article lists no units: %q %+v", got.Heading(), got.Units)
	}
}
