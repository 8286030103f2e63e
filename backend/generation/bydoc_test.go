package generation

import (
	"context"
	"strings"
	"testing"

	"lexflow/backend/llm/extractive"
)

// An extractive answer quoting two contracts says which contract each
// sentence comes from; one quoting one contract is left as it is.
func TestExtractiveAnswerFromSeveralDocumentsNamesEach(t *testing.T) {
	hits := contractHits()
	m := Model{Provider: extractive.New(extractive.Options{}), ProviderName: "Built-in", Name: extractive.ModelName}
	rec, err := (&Pipeline{Store: openStore(t)}).Run(context.Background(), Request{Query: "What law governs the lease and the license?", Hits: hits, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	r := rec.Result
	for _, want := range []string{"Office Lease: This Lease shall be governed by the laws of the State of New York [1]", "\n\nSoftware License: This License is governed by New York law"} {
		if !strings.Contains(r.Answer, want) {
			t.Errorf("answer %q lacks %q", r.Answer, want)
		}
	}
	for _, c := range r.Claims {
		if c.Verdict != ClaimCited {
			t.Errorf("claim %q is %s", c.Text, c.Verdict)
		}
	}
	one, err := (&Pipeline{Store: openStore(t)}).Run(context.Background(), Request{Query: "What law governs the lease?", Hits: hits[:1], Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(one.Result.Answer, "Office Lease:") {
		t.Errorf("a one-document answer %q names its document in the text", one.Result.Answer)
	}
}
