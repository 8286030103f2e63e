package generation

import (
	"context"
	"slices"
	"strings"
	"testing"

	"lexflow/backend/evidence"
	"lexflow/backend/index"
)

func hit(doc, text string) evidence.Hit {
	return evidence.Hit{Chunk: evidence.Chunk{ID: doc + "-1", DocID: doc, Text: text}}
}

func TestSupportIgnoresFrameWordsAndTheNamingClause(t *testing.T) {
	named := hit("msa", "Either party may terminate this Agreement on ninety days' written notice.")
	named.NamedBy = "Consider the Services Agreement between Acme and Beta"
	other := hit("nda", "The Recipient shall not compete with Acme.")
	s := JudgeSupport(context.Background(), "Consider the Services Agreement between Acme and Beta; is there a clause on notice to terminate in this contract?",
		[]evidence.Hit{other, named}, nil)
	if !slices.Equal(s.NamedDocIDs, []string{"msa"}) || s.Coverage != 1 || len(s.Missing) != 0 {
		t.Errorf("support %+v: want the named document to cover notice and terminate", s)
	}
	if want := []string{"notic", "terminat"}; !slices.Equal(s.KeyTerms, want) {
		t.Errorf("key terms %v, want %v (no frame words, no naming words)", s.KeyTerms, want)
	}
	if got := s.scope([]evidence.Hit{other, named}); len(got) != 1 || got[0].Chunk.DocID != "msa" {
		t.Errorf("scope %v: want the named document's hit only", got)
	}
}

// A name the index found shared by a signed agreement and its draft scopes
// the answer to both.
func TestSupportScopesToEveryNamedDocument(t *testing.T) {
	naming := "Consider the Services Agreement between Acme and Beta"
	signed, draft := hit("msa", "Either party may terminate on ninety days' notice."), hit("msa-draft", "Either party may terminate on sixty days' notice.")
	signed.NamedBy, draft.NamedBy = naming, naming
	other := hit("nda", "Acme may terminate the NDA at any time.")
	hits := []evidence.Hit{signed, other, draft}
	s := JudgeSupport(context.Background(), naming+"; can it be terminated?", hits, nil)
	if !slices.Equal(s.NamedDocIDs, []string{"msa", "msa-draft"}) {
		t.Fatalf("named %v, want the agreement and its draft", s.NamedDocIDs)
	}
	if got := s.scope(hits); len(got) != 2 || got[0].Chunk.DocID != "msa" || got[1].Chunk.DocID != "msa-draft" {
		t.Errorf("scope %v: want both named documents' hits, in rank order", got)
	}
}

func TestSupportNamesTheMissingWordsWeighedByRarity(t *testing.T) {
	hits := []evidence.Hit{hit("a", "Fraud is excluded from the limitation of liability.")}
	rarity := func(_ context.Context, words []string) (map[string]index.WordRarity, error) {
		m := map[string]index.WordRarity{}
		for _, w := range words {
			m[w] = index.WordRarity{IDF: map[string]float64{"Texas": 9, "fraud": 2, "statute": 4, "limitations": 3}[w]}
		}
		return m, nil
	}
	s := JudgeSupport(context.Background(), "What is the statute of limitations for fraud in Texas?", hits, rarity)
	if !s.refuses() {
		t.Errorf("coverage %.2f: a passage about fraud alone does not answer a question about Texas limitation law", s.Coverage)
	}
	if !slices.Contains(s.Missing, "Texas") || !slices.Contains(s.Missing, "statute") || slices.Contains(s.Missing, "fraud") {
		t.Errorf("missing %v, want Texas and statute, not fraud", s.Missing)
	}
}

// A name the library never mentions is a subject it cannot speak of, however
// well the other words match; a name a document's file name says is known.
func TestSupportRefusesANameTheLibraryNeverMentions(t *testing.T) {
	hits := []evidence.Hit{hit("msa", "The Customer may terminate for fraud, and the limitation period for claims under this statute is six years.")}
	hits[0].Chunk.Locator.DocName = "eu-gdpr-excerpt.html"
	rarity := func(_ context.Context, words []string) (map[string]index.WordRarity, error) {
		m := map[string]index.WordRarity{}
		for _, w := range words {
			m[w] = index.WordRarity{IDF: 1, Absent: w == "Texas" || w == "GDPR"}
		}
		return m, nil
	}
	s := JudgeSupport(context.Background(), "What is the limitation period for fraud claims under the statute in Texas?", hits, rarity)
	if !s.refuses() || !slices.Equal(s.Unknown, []string{"Texas"}) {
		t.Errorf("support %+v: want a refusal naming Texas", s)
	}
	if s.check(false).Passed || !strings.Contains(s.notAddressed("the library"), `mentions "Texas"`) {
		t.Errorf("check %+v, refusal %q", s.check(false), s.notAddressed("the library"))
	}
	if s := JudgeSupport(context.Background(), "Does the GDPR limit claims for fraud under the statute?", hits, rarity); len(s.Unknown) != 0 {
		t.Errorf("GDPR is the document's file name, yet unknown: %+v", s)
	}
}

// A Chinese question's pairs that straddle a particle (户的, 由谁) are not
// what it asks; the article holding every other pair supports it.
func TestSupportOfAChineseQuestion(t *testing.T) {
	hits := []evidence.Hit{hit("cc", "第五十六条　个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担。")}
	s := JudgeSupport(context.Background(), "个体工商户的债务由谁承担？", hits, nil)
	if s.Coverage != 1 {
		t.Errorf("support %+v: want the article to cover the question", s)
	}
}

// A question that says a document's title is answered from that document;
// two documents of the same title leave the question unscoped.
func TestSupportScopesToTheDocumentWhoseTitleTheQuestionSays(t *testing.T) {
	hosting := hit("hosting", "Either party may terminate on ninety days' notice.")
	hosting.Chunk.Locator.DocTitle = "Hosting Agreement"
	distributor := hit("distributor", "Either party may terminate this Agreement on thirty days' notice of a breach.")
	distributor.Chunk.Locator.DocTitle = "Distributor Agreement"
	q := "What is the notice period for termination in the distributor agreement?"
	s := JudgeSupport(context.Background(), q, []evidence.Hit{hosting, distributor}, nil)
	if !slices.Equal(s.NamedDocIDs, []string{"distributor"}) || len(s.Missing) != 1 || s.Missing[0] != "period" {
		t.Errorf("support %+v: want the distributor agreement named, only \"period\" missing", s)
	}
	other := hit("distributor-2", "This Agreement may be terminated on sixty days' notice.")
	other.Chunk.Locator.DocTitle = "Distributor Agreement"
	if s := JudgeSupport(context.Background(), q, []evidence.Hit{hosting, distributor, other}, nil); len(s.NamedDocIDs) > 0 {
		t.Errorf("two distributor agreements, yet %q was named", s.NamedDocIDs)
	}
}

// "… and what about the other agreements?" asks beyond the agreement its
// first question named.
func TestSupportDoesNotScopeAQuestionAboutOtherDocuments(t *testing.T) {
	d := hit("distributor", "Either party may terminate on thirty days' notice.")
	d.Chunk.Locator.DocTitle = "Distributor Agreement"
	q := "What is the notice period for termination in the distributor agreement? and what about the other agreements?"
	if s := JudgeSupport(context.Background(), q, []evidence.Hit{d}, nil); len(s.NamedDocIDs) > 0 {
		t.Errorf("scoped to %q", s.NamedDocIDs)
	}
}

// The names of a named document's parties are not what is asked of it: a
// preamble naming them does not address the question.
func TestSupportSetsTheNamesOfANamedDocumentApart(t *testing.T) {
	preamble := hit("msa", "This Marketing Agreement is made between Birch First Global Investments and Mount Kowledge Holdings.")
	preamble.NamedBy = "Consider the Marketing Agreement"
	s := JudgeSupport(context.Background(), "Consider the Marketing Agreement; does Birch First Global Investments owe Mount Kowledge Holdings a most favored nation price?",
		[]evidence.Hit{preamble}, nil)
	if !s.refuses() {
		t.Errorf("support %+v: the parties' names alone do not address a most favored nation price", s)
	}
}
