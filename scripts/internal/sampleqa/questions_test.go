package sampleqa

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lexflow/examples"
)

// TestQuestionFile keeps questions.yaml valid: enough questions, enough the
// corpus does not answer, some in Arabic, and every gold document and heading
// really in the sample corpus.
func TestQuestionFile(t *testing.T) {
	qs, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	var none, arabic int
	for _, q := range qs {
		if q.ID == "" || ids[q.ID] {
			t.Errorf("question %q: empty or duplicate id", q.ID)
		}
		ids[q.ID] = true
		if strings.TrimSpace(q.Question) == "" {
			t.Errorf("%s: no question text", q.ID)
		}
		if q.Lang != "en" && q.Lang != "ar" {
			t.Errorf("%s: lang %q, want en or ar", q.ID, q.Lang)
		}
		if q.Lang == "ar" {
			arabic++
		}
		if !q.Answerable() {
			none++
			if q.Why == "" {
				t.Errorf("%s: unanswerable questions say why (what the corpus lacks)", q.ID)
			}
			continue
		}
		for _, g := range q.Gold {
			if _, err := fs.Stat(examples.Corpus(), g.Doc); err != nil || strings.EqualFold(g.Doc, "README.md") {
				t.Errorf("%s: gold document %q is not in examples/corpus", q.ID, g.Doc)
				continue
			}
			src := sourceLines(t, g.Doc)
			if g.Heading == "" || !headingIn(g.Heading, src) {
				t.Errorf("%s: heading %q not found in the source of %s", q.ID, g.Heading, g.Doc)
			}
		}
	}
	if len(qs) < 40 {
		t.Errorf("%d questions, want at least 40", len(qs))
	}
	if none < 8 {
		t.Errorf("%d unanswerable questions, want at least 8", none)
	}
	if arabic < 3 {
		t.Errorf("%d Arabic questions, want at least 3", arabic)
	}
}

// sourceLines reads the source text of a corpus file (examples/corpus/src).
func sourceLines(t *testing.T, doc string) []string {
	t.Helper()
	for _, ext := range []string{".md", ".txt"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "corpus", "src", TextOf(doc)+ext))
		if err == nil {
			return strings.Split(string(b), "\n")
		}
	}
	t.Fatalf("no source for %s in examples/corpus/src", doc)
	return nil
}

func TestHeadingMatch(t *testing.T) {
	cases := []struct {
		heading string
		seq     []string
		want    bool
	}{
		{"Article 1", []string{"CHAPTER I — General provisions", "Article 1 — Subject-matter and objectives"}, true},
		{"Article 1", []string{"Article 17 — Right to erasure"}, false},
		{"Article III › Section 2", []string{"Article. III", "Section. 2.", "The judicial Power"}, true},
		{"Article III › Section 2", []string{"Article. I", "Section. 2."}, false},
		{"§ 2", []string{"TITLE 9—ARBITRATION", "§ 2. Validity, irrevocability"}, true},
		{"§ 2", []string{"(2) It applies whether"}, false},
		{"المادة ١٤٧", []string{"الفصل الأول — العقد", "المادة 147"}, true},
		{"المادة ١", []string{"المادة ١٤٧"}, false},
		{"12. TERM AND TERMINATION", []string{"MASTER SERVICES AGREEMENT", "12. TERM AND TERMINATION", "12.4"}, true},
	}
	for _, c := range cases {
		if got := headingIn(c.heading, c.seq); got != c.want {
			t.Errorf("headingIn(%q, %q) = %v, want %v", c.heading, c.seq, got, c.want)
		}
	}
}
