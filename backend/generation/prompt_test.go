package generation

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lexflow/backend/llm"
	"lexflow/backend/llm/extractive"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestPromptGolden pins the rendered prompt: a change to it must come with a
// new PromptVersion and a reviewed golden file (go test -update).
func TestPromptGolden(t *testing.T) {
	hits := testHits()
	for i := range hits {
		hits[i].NamedBy = "Consider the Tenancy Act"
	}
	snap := BuildPrompt("Consider the Tenancy Act; what notice\n\nends the agreement?", hits)
	if snap.PromptName != PromptName || snap.PromptVersion != PromptVersion {
		t.Errorf("prompt identity %s/%s", snap.PromptName, snap.PromptVersion)
	}
	var b strings.Builder
	b.WriteString("# " + snap.PromptName + " v" + snap.PromptVersion + "\n")
	for _, m := range snap.Messages {
		b.WriteString("\n--- " + string(m.Role) + " ---\n" + m.Content + "\n")
	}
	path := filepath.Join("testdata", "prompt-v"+PromptVersion+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if d := cmp.Diff(string(want), b.String()); d != "" {
		t.Errorf("prompt changed (-golden +rendered); bump PromptVersion and rerun with -update:\n%s", d)
	}
}

// TestPromptReadsBackAsEvidence checks that the built-in answerer reads the
// prompt's evidence blocks and question exactly.
func TestPromptReadsBackAsEvidence(t *testing.T) {
	hits := testHits()
	snap := BuildPrompt("What notice ends the agreement?", hits)
	if snap.Messages[0].Role != llm.RoleSystem || snap.Messages[1].Role != llm.RoleUser {
		t.Fatalf("roles %v %v", snap.Messages[0].Role, snap.Messages[1].Role)
	}
	blocks, q := extractive.Parse(snap.Messages[1].Content)
	if q != "What notice ends the agreement?" {
		t.Errorf("question %q", q)
	}
	if len(blocks) != len(hits) {
		t.Fatalf("%d blocks, want %d", len(blocks), len(hits))
	}
	for i, bl := range blocks {
		h := hits[i]
		if bl.Rank != h.Rank || bl.ID != h.Chunk.ID || bl.Text != h.Chunk.Text || bl.Locator != h.Chunk.Locator.Label() {
			t.Errorf("block %d = %+v, want rank %d id %s locator %q and the chunk text", i, bl, h.Rank, h.Chunk.ID, h.Chunk.Locator.Label())
		}
	}
}

// A question naming its document asks the answerer only what it asks: the
// naming clause is stated apart, so the words that name a contract do not
// pick its preamble as the answer.
func TestPromptStatesTheNamedDocumentApart(t *testing.T) {
	hits := testHits()
	for i := range hits {
		hits[i].NamedBy = "Consider the Tenancy Act between Ann and Bob"
	}
	snap := BuildPrompt("Consider the Tenancy Act between Ann and Bob; what notice ends the agreement?", hits)
	if _, q := extractive.Parse(snap.Messages[1].Content); q != "what notice ends the agreement?" {
		t.Errorf("question %q, want the question without its naming clause", q)
	}
	if !strings.Contains(snap.Messages[1].Content, `names the document it is about: "Consider the Tenancy Act between Ann and Bob"`) {
		t.Errorf("the prompt does not state the named document:\n%s", snap.Messages[1].Content)
	}
}

func TestPromptClipsHugeChunks(t *testing.T) {
	hits := testHits()[:1]
	hits[0].Chunk.Text = strings.Repeat("word ", 5000)
	snap := BuildPrompt("q", hits)
	if n := len([]rune(snap.Messages[1].Content)); n > maxExcerptRunes+2000 {
		t.Errorf("prompt of %d runes for one huge chunk", n)
	}
}
