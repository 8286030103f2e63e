package generation

import (
	"context"
	"strings"
	"testing"

	"lexflow/backend/evidence"
	"lexflow/backend/llm/llmtest"
)

func TestIsHeading(t *testing.T) {
	passage := "48 Contracts covered by this Chapter\nThis Chapter applies to every contract of employment made in the Kingdom."
	for _, tc := range []struct {
		quote string
		want  bool
	}{
		{"48 Contracts covered by this Chapter", true},                                                                 // a line of its own
		{"(a) Effective Date and Duration.", true},                                                                     // title case
		{"7. TERM AND TERMINATION", true},                                                                              // capitals
		{"written notice of thirty days", false},                                                                       // a phrase of a sentence
		{"This Chapter applies to every contract of employment made in the Kingdom.", false},                           // a sentence
		{"Either Party May Terminate This Agreement Upon Ninety Days Written Notice To The Other Party Hereto", false}, // too long for one
	} {
		if got := isHeading(tc.quote, passage); got != tc.want {
			t.Errorf("isHeading(%q) = %t, want %t", tc.quote, got, tc.want)
		}
	}
}

// The known flaw: a model quoting a heading that shares the question's
// words was graded supported. A heading supports nothing, so the answer
// is withdrawn and the reply is the refusal, the model's reply kept.
func TestPipelineWithdrawsAnAnswerThatQuotesOnlyAHeading(t *testing.T) {
	db, srv := openStore(t), llmtest.New(t)
	srv.Script("m", llmtest.Text(`{"answerable": true, "answer": "Contracts covered by this Chapter [1].",
		"citations": [{"rank": 1, "quote": "48 Contracts covered by this Chapter"}]}`))
	hits := []evidence.Hit{{Rank: 1, Score: 2, Chunk: evidence.Chunk{ID: "c1", DocID: "d1",
		Text:    "48 Contracts covered by this Chapter\nThis Chapter applies to fixed-term contracts of seasonal workers.",
		Locator: evidence.Locator{DocID: "d1", DocName: "Act.txt", Start: 0, End: 95}}}}
	rec, err := (&Pipeline{Store: db}).Run(context.Background(), Request{Query: "Which contracts does the seasonal workers chapter cover?",
		Hits: hits, Scope: "the library", Model: openaiModel(t, srv, "m")})
	if err != nil {
		t.Fatal(err)
	}
	r := rec.Result
	if r.Status != StatusNoEvidence || len(r.Citations) != 0 || !strings.HasPrefix(r.Answer, "No evidence") {
		t.Fatalf("result %s %q, want the answer withdrawn", r.Status, r.Answer)
	}
	if last := r.Checks[len(r.Checks)-1]; last.Name != CheckSupport || last.Passed || !strings.Contains(last.Detail, "only headings") {
		t.Errorf("last check %+v, want the failed support of the quotes", last)
	}
	if !strings.Contains(rec.Raw.Text, "48 Contracts") {
		t.Errorf("the model's reply should stay in the record: %q", rec.Raw.Text)
	}
}

// The quotes' share of what is asked decides only for a question naming
// its document; quoting only headings withdraws any answer.
func TestWithdraws(t *testing.T) {
	key := map[string]keyTerm{"favor": {word: "favored", weight: 1}, "nation": {word: "nation", weight: 1}}
	named := Support{NamedDocIDs: []string{"msa"}, Coverage: 1, key: key, total: 2}
	library := Support{Coverage: 1, key: key, total: 2}
	for _, tc := range []struct {
		name    string
		s       Support
		j       quoteJudgement
		lexical bool
		want    string
	}{
		{"named, quotes hold too little", named, quoteJudgement{verified: 1, coverage: quoteFloor - 0.1}, true, "at least 60% needed"},
		{"named, quotes hold enough", named, quoteJudgement{verified: 1, coverage: quoteFloor}, true, ""},
		{"named, a model's quotes are not held to the words", named, quoteJudgement{verified: 1, coverage: 0.1}, false, ""},
		{"the library, quotes hold too little", library, quoteJudgement{verified: 1, coverage: 0.2}, true, ""},
		{"only headings", library, quoteJudgement{verified: 2, headings: 2, coverage: 1}, false, "only headings"},
		{"nothing quoted verbatim", named, quoteJudgement{}, true, ""},
	} {
		got := tc.s.withdraws(tc.j, tc.lexical)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
