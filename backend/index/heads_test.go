package index

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/evidence"
	"lexflow/backend/index/internal/analysis"
)

// contract builds a document of chunks in order, each after the previous one.
func contract(doc, name string, texts ...string) []evidence.Chunk {
	var chunks []evidence.Chunk
	start := 0
	for i, text := range texts {
		end := start + len([]rune(text))
		chunks = append(chunks, evidence.Chunk{
			ID: fmt.Sprintf("%s-%d", doc, i), DocID: doc, CollectionID: "contracts", Ordinal: i, Language: "en", Text: text,
			Locator: evidence.Locator{DocID: doc, DocName: name, Start: start, End: end},
		})
		start = end
	}
	return chunks
}

// namingCorpus: three supply agreements between different parties, each
// with its own assignment clause, and a memo that mentions the first one's
// parties in passing, after its opening.
func namingCorpus() []evidence.Chunk {
	var chunks []evidence.Chunk
	for _, p := range []struct{ doc, a, b string }{
		{"acme", "Acme Widgets Ltd", "Borealis Trading Inc"},
		{"cobalt", "Cobalt Mining Corp", "Dunmore Freight LLC"},
		{"elm", "Elm Street Bakery", "Fairview Mills Inc"},
	} {
		chunks = append(chunks, contract(p.doc, p.doc+"_supply_agreement.txt",
			fmt.Sprintf("SUPPLY AGREEMENT. This Supply Agreement is made between %s (the Supplier) and %s (the Buyer).", p.a, p.b),
			"1. Delivery. The Supplier shall deliver the goods to the Buyer's premises.",
			"2. Assignment. Neither party may assign this agreement without the prior written consent of the other party.",
			"3. Governing law. This agreement is governed by the laws of England.",
		)...)
	}
	chunks = append(chunks, contract("geneva", "geneva.txt", "Rules.", "Disputes go to arbitration in Geneva.")...)
	chunks = append(chunks, contract("memo", "memo.txt",
		"MEMORANDUM on supplier risk. "+strings.Repeat("Supplier risk is reviewed every quarter. ", 40),
		"Acme Widgets and Borealis Trading signed a supply agreement; assignment of that agreement was discussed.",
	)...)
	return chunks
}

func TestQueryNamingADocumentRanksItFirstAndKeepsTheRest(t *testing.T) {
	x := newIndexWith(t, namingCorpus()...)
	text := "Consider the Supply Agreement between Acme Widgets Ltd and Borealis Trading Inc; can it be assigned?"
	hits := mustSearch(t, x, Query{Text: text, TopK: 5})
	if len(hits) == 0 || hits[0].Chunk.ID != "acme-2" {
		t.Fatalf("hits %v, want acme-2 (the named agreement's assignment clause) first", hitIDs(hits))
	}
	if len(hits) < 3 {
		t.Errorf("hits %v: naming a document must not hide the others' clauses", hitIDs(hits))
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Score > hits[i-1].Score {
			t.Errorf("hits %v: scores not in rank order at %d", hitIDs(hits), i)
		}
	}
	// The named document's hits say which words named it; the others' say nothing.
	for _, h := range hits {
		want := ""
		if h.Chunk.DocID == hits[0].Chunk.DocID {
			want = "Consider the Supply Agreement between Acme Widgets Ltd and Borealis Trading Inc"
		}
		if h.NamedBy != want {
			t.Errorf("hit %s: NamedBy %q, want %q", h.Chunk.ID, h.NamedBy, want)
		}
	}
}

// Words of a document's opening inside the question name nothing: only a
// clause of their own does. Every supply agreement's assignment clause
// stays in reach.
func TestWordsOfAHeadInsideTheQuestionNameNothing(t *testing.T) {
	x := newIndexWith(t, namingCorpus()...)
	hits := mustSearch(t, x, Query{Text: "Acme Borealis assignment", TopK: 10})
	docs := map[string]bool{}
	for _, h := range hits {
		docs[h.Chunk.DocID] = true
	}
	if len(docs) < 3 {
		t.Errorf("hits %v: a question mentioning parties searched %d documents, want all the supply agreements", hitIDs(hits), len(docs))
	}
}

// When the named document holds none of the other words, the search is the
// plain one: a query never comes back empty for naming a document.
func TestQueryNamingADocumentWithoutTheRestSearchesAll(t *testing.T) {
	x := newIndexWith(t, namingCorpus()...)
	hits := mustSearch(t, x, Query{Text: "Consider the agreement between Acme Widgets and Borealis Trading; arbitration", TopK: 3})
	if !contains(hitIDs(hits), "geneva-1") {
		t.Errorf("hits %v, want geneva-1 (the only arbitration clause) among them", hitIDs(hits))
	}
}

func TestQueryNamingNoDocumentSearchesAll(t *testing.T) {
	x := newIndexWith(t, namingCorpus()...)
	hits := mustSearch(t, x, Query{Text: "assignment without consent", TopK: 10})
	docs := map[string]bool{}
	for _, h := range hits {
		docs[h.Chunk.DocID] = true
	}
	if len(docs) < 3 {
		t.Errorf("a query naming no document found chunks of %d documents, want the assignment clauses of all three: %v", len(docs), hitIDs(hits))
	}
}

func TestDocumentHeads(t *testing.T) {
	chunks := contract("d", "Master_Services-Agreement.pdf", "MASTER SERVICES AGREEMENT between X and Y.", "1. Services.")
	chunks = append(chunks, contract("e", "e.txt", "x")[0])
	chunks[2].Ordinal = 3 // not a first chunk: no head
	got := documentHeads(chunks)
	want := map[string]string{"d-0": "Master Services Agreement\nMASTER SERVICES AGREEMENT between X and Y.\n1. Services.\n"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("heads (-want +got):\n%s", diff)
	}
}

func TestWithoutNaming(t *testing.T) {
	x := newIndexWith(t)
	names := func(term string) bool { return term == "acm" || term == "widget" || term == "boreali" }
	terms := func(text string) string {
		var ts []string
		for _, tok := range x.analyzers[analysis.LangEN].Analyze([]byte(text)) {
			ts = append(ts, string(tok.Term))
		}
		return strings.Join(ts, " ")
	}
	for _, c := range []struct{ in, want string }{
		// Another clause holds words: the naming clause goes whole.
		{"Consider the Supply Agreement between Acme and Borealis; what is the term of the agreement?", "term agreement"},
		{"Acme Widgets supply agreement: is there a cap on liability?", "cap liabil"},
	} {
		got, _, ok := withoutNaming(c.in, x.analyzers[analysis.LangEN].Analyze([]byte(c.in)), names)
		if !ok || terms(got) != c.want {
			t.Errorf("withoutNaming(%q) = %q (%q), %v; want the terms %q", c.in, got, terms(got), ok, c.want)
		}
	}
	for _, text := range []string{
		"payment terms", // no naming word
		"termination of the Acme Widgets supply agreement", // naming words inside the question
		"Acme", // nothing but the name
	} {
		if _, _, ok := withoutNaming(text, x.analyzers[analysis.LangEN].Analyze([]byte(text)), names); ok {
			t.Errorf("%q names a document", text)
		}
	}
}

// tiedCorpus: the naming corpus, copies of the Acme agreement under other
// file names (a draft beside the signed one), and enough other contracts
// that two heads sharing the parties' words still find them rare.
func tiedCorpus(copies int) []evidence.Chunk {
	chunks := namingCorpus()
	for i := range copies {
		chunks = append(chunks, contract(fmt.Sprintf("acme%d", i+2), fmt.Sprintf("acme_supply_agreement_copy%d.txt", i+2),
			"SUPPLY AGREEMENT. This Supply Agreement is made between Acme Widgets Ltd (the Supplier) and Borealis Trading Inc (the Buyer).",
			"2. Assignment. The Buyer may assign this agreement to an affiliate on notice.")...)
	}
	for i := range 40 {
		chunks = append(chunks, contract(fmt.Sprintf("filler%d", i), fmt.Sprintf("filler%d.txt", i),
			fmt.Sprintf("SERVICES AGREEMENT between Party%dA Holdings and Party%dB Group.", i, i), "1. Services. Services are provided monthly.")...)
	}
	return chunks
}

// namedDocs are the documents whose hits say they were named.
func namedDocs(hits []evidence.Hit) map[string]bool {
	named := map[string]bool{}
	for _, h := range hits {
		if h.NamedBy != "" {
			named[h.Chunk.DocID] = true
		}
	}
	return named
}

// A name two documents share alike (the signed agreement and its draft)
// names both; a name four share names none; switched off, a shared name
// names nothing, as before.
func TestANameSharedByAFewDocumentsNamesThemAll(t *testing.T) {
	text := "Consider the Supply Agreement between Acme Widgets Ltd and Borealis Trading Inc; can it be assigned?"
	x := newIndexWith(t, tiedCorpus(1)...)
	if got := namedDocs(mustSearch(t, x, Query{Text: text, TopK: 10})); !cmp.Equal(got, map[string]bool{"acme": true, "acme2": true}) {
		t.Errorf("named %v, want the agreement and its copy", got)
	}
	x.SwitchOff(featureFocusTies)
	if got := namedDocs(mustSearch(t, x, Query{Text: text, TopK: 10})); len(got) != 0 {
		t.Errorf("focus-ties off: named %v, want none", got)
	}
	x = newIndexWith(t, tiedCorpus(namingTies)...)
	if got := namedDocs(mustSearch(t, x, Query{Text: text, TopK: 10})); len(got) != 0 {
		t.Errorf("%d documents share the name, yet %v were named", namingTies+1, got)
	}
}
