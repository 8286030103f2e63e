package generation

import (
	"context"
	"strings"
	"testing"

	"lexflow/backend/evidence"
	"lexflow/backend/llm/extractive"
)

// contractHits are the best passages of three contracts, as the retrieval
// step returns them for a question asked across documents.
func contractHits() []evidence.Hit {
	docs := []struct{ id, title, text string }{
		{"lease", "Office Lease", "This Lease shall be governed by the laws of the State of New York. Rent is due monthly."},
		{"supply", "Supply Agreement", "The Supplier shall deliver the goods within thirty days of each order."},
		{"license", "Software License", "This License is governed by New York law, without regard to conflict of laws rules."},
	}
	var hits []evidence.Hit
	for i, d := range docs {
		n := len([]rune(d.text))
		hits = append(hits, evidence.Hit{Rank: i + 1, Score: 3 - float64(i), Chunk: evidence.Chunk{ID: d.id + "-1", DocID: d.id, Text: d.text,
			Locator: evidence.Locator{DocID: d.id, DocName: d.id + ".txt", DocTitle: d.title, Start: 0, End: n}}})
	}
	return hits
}

// "Which contracts …?" lists, under their titles, the documents whose own
// passages answer it, says how many were checked, and every line is cited.
func TestQuestionAcrossDocumentsListsEachDocumentThatAnswers(t *testing.T) {
	m := Model{Provider: extractive.New(extractive.Options{}), ProviderName: "Built-in", Name: extractive.ModelName}
	rec, err := (&Pipeline{Store: openStore(t)}).Run(context.Background(), Request{Query: "Which contracts are governed by New York law?",
		Hits: contractHits(), DocumentsChecked: 3, Scope: "the library", Model: m})
	if err != nil {
		t.Fatal(err)
	}
	r := rec.Result
	if r.Status != StatusSuccess {
		t.Fatalf("status %s, checks %+v", r.Status, r.Checks)
	}
	for _, want := range []string{"Of the 3 documents checked, 2 answer this:", "Office Lease: This Lease shall be governed by the laws of the State of New York",
		"Software License: This License is governed by New York law"} {
		if !strings.Contains(r.Answer, want) {
			t.Errorf("answer %q lacks %q", r.Answer, want)
		}
	}
	if strings.Contains(r.Answer, "Supply Agreement") {
		t.Errorf("answer %q lists a contract that does not answer", r.Answer)
	}
	docs := map[string]bool{}
	for _, c := range r.Citations {
		docs[c.Locator.DocID] = true
		for _, q := range c.Quotes {
			if !q.Verified {
				t.Errorf("quote %q not verified", q.Text)
			}
		}
	}
	if len(docs) != 2 || !docs["lease"] || !docs["license"] {
		t.Errorf("citations name %v, want the lease and the license", docs)
	}
}

func TestQuestionAcrossDocumentsThatNoneAnswers(t *testing.T) {
	m := Model{Provider: extractive.New(extractive.Options{}), ProviderName: "Built-in", Name: extractive.ModelName}
	rec, err := (&Pipeline{Store: openStore(t)}).Run(context.Background(), Request{Query: "Which contracts are governed by Texas law?",
		Hits: contractHits(), DocumentsChecked: 40, Scope: "the library", Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if r := rec.Result; r.Status != StatusNoEvidence || !strings.Contains(r.Answer, "of the 40 documents checked") {
		t.Errorf("result %+v", r)
	}
}
