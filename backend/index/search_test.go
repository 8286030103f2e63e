package index

import (
	"context"
	"errors"
	"fmt"
	"html"
	"math"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"lexflow/backend/evidence"
)

func TestSearchFilters(t *testing.T) {
	x := newIndexWith(t, append(employmentAct(), labourLawAr()...)...)
	mustAdd(t, x, chunk("other-1", "other", "labour", "en", "The notice must be signed."))
	tests := []struct {
		name string
		q    Query
		want []string
	}{
		{"no filter", Query{Text: "notice"}, []string{"act-12", "act-13", "other-1"}},
		{"collection", Query{Text: "notice", CollectionIDs: []string{"labour"}}, []string{"act-12", "act-13", "other-1"}},
		{"other collection", Query{Text: "notice", CollectionIDs: []string{"labour-ar"}}, nil},
		{"document", Query{Text: "notice", DocIDs: []string{"other"}}, []string{"other-1"}},
		{"two documents", Query{Text: "notice", DocIDs: []string{"other", "act"}}, []string{"act-12", "act-13", "other-1"}},
		{"collection and document", Query{Text: "notice", CollectionIDs: []string{"labour"}, DocIDs: []string{"act"}}, []string{"act-12", "act-13"}},
		{"document outside collection", Query{Text: "notice", CollectionIDs: []string{"labour-ar"}, DocIDs: []string{"act"}}, nil},
		{"unknown collection", Query{Text: "notice", CollectionIDs: []string{"nope"}}, nil},
		{"excluded document", Query{Text: "notice", ExcludeDocIDs: []string{"other"}}, []string{"act-12", "act-13"}},
		{"excluded among filtered", Query{Text: "notice", DocIDs: []string{"other", "act"}, ExcludeDocIDs: []string{"act"}}, []string{"other-1"}},
		{"every document excluded", Query{Text: "notice", ExcludeDocIDs: []string{"act", "other"}}, nil},
		{"two collections, both languages", Query{Text: "notice الإخطار", CollectionIDs: []string{"labour", "labour-ar"}, DocIDs: []string{"act", "ar-law"}},
			[]string{"act-12", "act-13", "ar-12", "ar-13"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := sorted(hitIDs(mustSearch(t, x, tt.q)))
			if diff := cmp.Diff(tt.want, got, cmpEmpty); diff != "" {
				t.Errorf("chunks (-want +got):\n%s", diff)
			}
		})
	}
}

// cmpEmpty treats nil and empty slices alike.
var cmpEmpty = cmp.Transformer("empty", func(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
})

func TestFiltersDoNotChangeScores(t *testing.T) {
	x := newIndexWith(t, append(employmentAct(), labourLawAr()...)...)
	all := scores(mustSearch(t, x, Query{Text: "notice of termination"}))
	filtered := scores(mustSearch(t, x, Query{Text: "notice of termination", CollectionIDs: []string{"labour"}, DocIDs: []string{"act"}}))
	for id, s := range filtered {
		if math.Abs(all[id]-s) > 1e-9 {
			t.Errorf("chunk %s scores %v filtered, %v unfiltered", id, s, all[id])
		}
	}
}

func scores(hits []evidence.Hit) map[string]float64 {
	m := map[string]float64{}
	for _, h := range hits {
		m[h.Chunk.ID] = h.Score
	}
	return m
}

func TestSearchTopKAndRanks(t *testing.T) {
	var chunks []evidence.Chunk
	for i := range 230 {
		text := "notice " + strings.Repeat("period ", i%7) + fmt.Sprintf("clause %d", i)
		chunks = append(chunks, chunk(fmt.Sprintf("c%03d", i), "d", "c", "en", text))
	}
	x := newIndexWith(t, chunks...)
	for _, tt := range []struct{ k, want int }{{0, DefaultTopK}, {1, 1}, {5, 5}, {150, 150}, {1000, MaxTopK}, {-3, DefaultTopK}} {
		hits := mustSearch(t, x, Query{Text: "notice period", TopK: tt.k})
		if len(hits) != tt.want {
			t.Errorf("TopK %d: %d hits, want %d", tt.k, len(hits), tt.want)
		}
		for i, h := range hits {
			if h.Rank != i+1 {
				t.Errorf("TopK %d: hit %d has rank %d", tt.k, i, h.Rank)
			}
			if i > 0 && h.Score > hits[i-1].Score {
				t.Errorf("TopK %d: hit %d scores %v above hit %d (%v)", tt.k, i, h.Score, i-1, hits[i-1].Score)
			}
		}
	}
}

func TestSearchMinScore(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	all := mustSearch(t, x, Query{Text: "notice contract"})
	if len(all) < 3 {
		t.Fatalf("need 3 hits, got %d", len(all))
	}
	cut := (all[1].Score + all[2].Score) / 2
	got := mustSearch(t, x, Query{Text: "notice contract", MinScore: cut})
	if diff := cmp.Diff(hitIDs(all[:2]), hitIDs(got)); diff != "" {
		t.Errorf("MinScore %v (-want +got):\n%s", cut, diff)
	}
	if got := mustSearch(t, x, Query{Text: "notice contract", MinScore: all[0].Score * 2}); len(got) != 0 {
		t.Errorf("MinScore above the best: %d hits", len(got))
	}
}

func TestSnippetIsHighlightedAndEscaped(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	hits := mustSearch(t, x, Query{Text: "wages records"})
	if len(hits) == 0 || hits[0].Chunk.ID != "act-20" {
		t.Fatalf("want act-20 first, got %v", hitIDs(hits))
	}
	s := hits[0].Snippet
	for _, want := range []string{"<mark>wages</mark>", "<mark>records</mark>", "&lt;b&gt;on time&lt;/b&gt; &amp;", "employer&#39;s"} {
		if !strings.Contains(s, want) {
			t.Errorf("snippet %q lacks %q", s, want)
		}
	}
	assertSafeSnippet(t, s, hits[0].Chunk.Text)
}

// assertSafeSnippet checks that the only markup in s is <mark>…</mark> and
// that, unescaped, it is a passage of text.
func assertSafeSnippet(t *testing.T, s, text string) {
	t.Helper()
	plain := strings.NewReplacer("<mark>", "", "</mark>", "").Replace(s)
	if strings.ContainsAny(plain, "<>\"") {
		t.Errorf("snippet %q has markup outside <mark>", s)
	}
	passage := strings.Trim(html.UnescapeString(plain), "…")
	if !strings.Contains(text, passage) {
		t.Errorf("snippet %q is not a passage of %q", passage, text)
	}
}

func TestSnippetOfLongArabicText(t *testing.T) {
	long := strings.Repeat("نص تمهيدي طويل ", 40) + "ينتهي العقد بالإخطار الكتابي. " + strings.Repeat("أحكام ختامية ", 40)
	x := newIndexWith(t, chunk("long", "d", "c", "ar", long))
	hits := mustSearch(t, x, Query{Text: "إخطار"})
	if len(hits) != 1 {
		t.Fatalf("got %d hits", len(hits))
	}
	s := hits[0].Snippet
	if !strings.Contains(s, "<mark>بالإخطار</mark>") || len([]rune(s)) > 260 {
		t.Errorf("snippet %q: want the match marked in a fragment of about 200 characters", s)
	}
	assertSafeSnippet(t, s, long)
}

func TestHitCarriesTheWholeChunk(t *testing.T) {
	chunks := []evidence.Chunk{
		{
			ID: "doc-7#3", DocID: "doc-7", CollectionID: "col-2", Ordinal: 3, Language: "en",
			Text: "Article 12 – Termination\nEither party may terminate this Agreement on 30 days' notice.",
			Locator: evidence.Locator{
				DocID: "doc-7", DocName: "Master Services Agreement (final).pdf", PageStart: 4, PageEnd: 5,
				HeadingPath: []string{"Chapter 2 – Term", "Article 12 – Termination"}, Start: 10234, End: 10318,
			},
		},
		{
			ID: "ar#0", DocID: "ar", CollectionID: "col-ar", Ordinal: 0, Language: "ar",
			Text:    "المادة ١: ينتهي العقد بالإخطار الكتابي.",
			Locator: evidence.Locator{DocID: "ar", DocName: "قانون العمل.docx", HeadingPath: []string{}, End: 36},
		},
		{ID: "bare", DocID: "bare-doc", Text: "termination without any locator"},
	}
	x := newIndexWith(t, chunks...)
	for _, want := range chunks {
		hits := mustSearch(t, x, Query{Text: "terminate إخطار", DocIDs: []string{want.DocID}})
		if len(hits) != 1 {
			t.Fatalf("%s: %d hits", want.ID, len(hits))
		}
		// A locator writes a missing heading path as [] (evidence.Locator.MarshalJSON).
		if diff := cmp.Diff(want, hits[0].Chunk, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("chunk round trip (-want +got):\n%s", diff)
		}
	}
}

func TestQueryTextIsNeverSyntax(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	for _, q := range []string{
		"Art. 12(3)", "title:termination", `"unbalanced quote`, `+notice -contract`, "notice AND NOT contract",
		`+-&&||!(){}[]^"~*?:\/`, "*", "notic*", "termination~2", "/regexp.*/", "", "   ", "the of and",
		"field:value:other", `\`, "\x00", "12:30", "§ 5", "\uFFFD\uFFFE",
	} {
		if _, err := x.Search(context.Background(), Query{Text: q}); err != nil {
			t.Errorf("Search(%q): %v", q, err)
		}
	}
	hits := mustSearch(t, x, Query{Text: "title:termination"})
	if len(hits) == 0 || hits[0].Chunk.ID != "act-12" {
		t.Errorf(`"title:termination" is words: want act-12 first, got %v`, hitIDs(hits))
	}
}

func TestSearchHonoursContext(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := x.Search(ctx, Query{Text: "notice"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Search with a cancelled context: %v, want context.Canceled", err)
	}
	// Bleve itself stops a running search: give it a cancelled context past our own check.
	var many []evidence.Chunk
	for i := range 3000 {
		many = append(many, chunk(fmt.Sprintf("m%d", i), "m", "c", "en", "notice"))
	}
	mustAdd(t, x, many...)
	sp := x.buildQuery(Query{Text: "notice"}, planner{dfs: func(string, string) uint64 { return 1 }})
	for i, s := range x.shards {
		req := bleve.NewSearchRequestOptions(sp.Query(sp.Selecting()), 10, 0, false)
		if _, err := s.Search(ctx, req, x.stats.bm25(3005)); !errors.Is(err, context.Canceled) {
			t.Errorf("shard %d searched with a cancelled context: %v, want context.Canceled", i, err)
		}
	}
}

func TestHeadingWordsRankTheArticle(t *testing.T) {
	x := newIndexWith(t, employmentAct()...)
	// Article 12's text never says "termination": its heading does. Article 14's text says "terminated".
	hits := mustSearch(t, x, Query{Text: "termination"})
	if diff := cmp.Diff([]string{"act-12", "act-14"}, hitIDs(hits)); diff != "" {
		t.Errorf(`"termination" (-want +got):\n%s`, diff)
	}
	hits = mustSearch(t, x, Query{Text: "termination notice"})
	if ids := hitIDs(hits); len(ids) < 2 || !contains(ids[:2], "act-12") {
		t.Errorf(`"termination notice": want act-12 (Article 12 – Termination) in the top 2, got %v`, ids)
	}
}

func TestArticleNumberBoost(t *testing.T) {
	chunks := []evidence.Chunk{
		chunk("a7", "law", "c", "en", "The seller shall deliver the goods.", "Chapter 2", "Article 7"),
		chunk("a8", "law", "c", "en", "The seller shall deliver the goods within 7 days, or 7 days after notice.", "Chapter 2", "Article 8"),
		chunk("a9", "law", "c", "en", "The buyer shall take delivery of the goods and pay the price.", "Chapter 3", "Art. 9(1)"),
		chunk("m7", "qanun", "c", "ar", "يلتزم البائع بتسليم البضاعة.", "الفصل الثاني", "المادة ٧"),
		chunk("m8", "qanun", "c", "ar", "يلتزم البائع بتسليم البضاعة خلال 7 أيام من تاريخ 7 الإخطار.", "الفصل الثاني", "المادة 8"),
		chunk("m1", "qanun", "c", "ar", "يلتزم المشتري بدفع الثمن وتسلم البضاعة.", "الفصل الأول", "المادة الأولى"),
	}
	x := newIndexWith(t, chunks...)
	tests := []struct{ query, want string }{
		{"Article 7 deliver goods", "a7"},
		{"art 7 deliver the goods", "a7"},
		{"art. 7: seller's duty to deliver goods", "a7"},
		{"Article 9 goods", "a9"},
		{"المادة 7 تسليم البضاعة", "m7"},
		{"المادة ٧ تسليم البضاعة", "m7"},
		{"مادة (7) البضاعة", "m7"},
		{"المادة 1 البضاعة", "m1"},
	}
	for _, tt := range tests {
		hits := mustSearch(t, x, Query{Text: tt.query})
		if len(hits) == 0 || hits[0].Chunk.ID != tt.want {
			t.Errorf("Search(%q) = %v, want %s first", tt.query, hitIDs(hits), tt.want)
		}
	}
}

func TestDistinctKeepsOneHitPerPassage(t *testing.T) {
	text := "Either party may terminate this agreement by written notice of ninety days."
	x := newIndexWith(t,
		chunk("pdf-1", "pdf", "c", "en", text),
		chunk("docx-1", "docx", "c", "en", "Either  party may terminate this agreement\nby written notice of ninety days."),
		chunk("other", "other", "c", "en", "Notice of termination must be written."),
	)
	all := hitIDs(mustSearch(t, x, Query{Text: "terminate written notice"}))
	got := mustSearch(t, x, Query{Text: "terminate written notice", Distinct: true, TopK: 2})
	if len(all) != 3 || len(got) != 2 || got[0].Rank != 1 || got[1].Rank != 2 || got[1].Chunk.ID != "other" {
		t.Errorf("all %v, distinct %v", all, hitIDs(got))
	}
}

// A snippet starts where a reader starts, at a sentence or a word, and ends
// after a whole word: never "…lause 7 of the" or "notice per…". Chinese,
// written without spaces, starts at its sentence (after 。) when one is near.
func TestSnippetStartsAndEndsAtWords(t *testing.T) {
	en := strings.Repeat("The Supplier shall provide the Services with reasonable skill and care in accordance with good industry practice. ", 3) +
		"Subject to clause 7 of this Agreement, either party may terminate on ninety days written notice to the other party. " +
		strings.Repeat("Each party shall bear its own costs incurred in connection with the negotiation and performance of this Agreement. ", 3)
	zh := strings.Repeat("民事主体从事民事活动，应当遵循公平原则，合理确定各方的权利和义务。", 4) +
		"个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担。" +
		strings.Repeat("民事主体从事民事活动，应当遵循诚信原则，秉持诚实，恪守承诺。", 4)
	x := newIndexWith(t, chunk("en", "d", "c", "en", en), chunk("zh", "z", "c", "zh", zh))
	for _, tt := range []struct{ query, text string }{{"terminate notice", en}, {"个体工商户的债务", zh}} {
		hits := mustSearch(t, x, Query{Text: tt.query})
		if len(hits) == 0 {
			t.Fatalf("%q: no hits", tt.query)
		}
		s := hits[0].Snippet
		assertSafeSnippet(t, s, tt.text)
		plain := html.UnescapeString(strings.Trim(strings.NewReplacer("<mark>", "", "</mark>", "").Replace(s), "…"))
		i := strings.Index(tt.text, plain)
		if i < 0 {
			continue // assertSafeSnippet said so
		}
		before := strings.TrimRight(tt.text[:i], " ")
		if i > 0 && !strings.HasSuffix(before, ".") && !strings.HasSuffix(before, "。") {
			t.Errorf("%q: snippet %q does not start a sentence", tt.query, s)
		}
		if end := i + len(plain); end < len(tt.text) && isLetter(tt.text[end-1]) && isLetter(tt.text[end]) {
			t.Errorf("%q: snippet %q ends inside a word", tt.query, s)
		}
	}
	if s := mustSearch(t, x, Query{Text: "terminate notice"})[0].Snippet; !strings.HasPrefix(s, "…Subject to clause 7") {
		t.Errorf("snippet %q does not start with its sentence", s)
	}
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
