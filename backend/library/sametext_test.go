package library

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lexflow/backend/evidence"
	"lexflow/backend/ingest"
	"lexflow/examples"
)

func TestSketchSimilarity(t *testing.T) {
	base := strings.Repeat("The supplier shall deliver the goods within thirty days of the order. ", 3) +
		"Either party may terminate this agreement on ninety days' written notice to the other party."
	tests := []struct {
		name   string
		a, b   string
		lo, hi float64
	}{
		{"identical", base, base, 1, 1},
		{"layout and case differ", base, strings.ToUpper(strings.ReplaceAll(base, " ", "\n  ")), 1, 1},
		{"punctuation and quotes differ", base, strings.NewReplacer("'", "’", ".", ";").Replace(base), 1, 1},
		{"Arabic vowels and digits", "المادة ١٤٧ العَقْدُ شريعة المتعاقدين", "المادة 147 العقد شريعة المتعاقدين", 1, 1},
		{"Chinese characters are words", "民事主体从事民事活动应当遵循诚信原则", "民事主体从事民事活动，应当遵循诚信原则。", 1, 1},
		{"different texts", base, "Personal data shall be processed lawfully, fairly and in a transparent manner in relation to the data subject.", 0, 0.05},
		{"empty is like nothing", "", "", 0, 0},
		{"short texts", "Article 1", "Article 1", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := sketchOf(tt.a), sketchOf(tt.b)
			if s := a.similarity(&b); s < tt.lo || s > tt.hi {
				t.Errorf("similarity = %.2f, want %.2f..%.2f", s, tt.lo, tt.hi)
			}
		})
	}
}

func TestSketchRoundTrip(t *testing.T) {
	sk := sketchOf("Either party may terminate this agreement on notice.")
	got, ok := sketchFrom(sk.bytes())
	if !ok || got != sk {
		t.Fatalf("sketchFrom(bytes) = %v, %v", got == sk, ok)
	}
	if _, ok := sketchFrom([]byte{1, 2}); ok {
		t.Error("a short blob decoded")
	}
}

// TestSameTextSampleLibrary: the copies of the sample library (one statute
// as PDF, DOCX and HTML) are the same text; no two different texts are.
func TestSameTextSampleLibrary(t *testing.T) {
	sketches := map[string]sketch{}
	corpus := examples.Corpus()
	names, _ := fs.Glob(corpus, "*.*")
	for _, name := range names {
		if name == "README.md" || strings.HasSuffix(name, ".sh") {
			continue
		}
		b, err := fs.ReadFile(corpus, name)
		if err != nil {
			t.Fatal(err)
		}
		sketches[name] = sketchOf(extractText(t, name, b))
	}
	for _, a := range names {
		for _, b := range names {
			ska, oka := sketches[a]
			skb, okb := sketches[b]
			if a >= b || !oka || !okb {
				continue
			}
			s := ska.similarity(&skb)
			same := stem(a) == stem(b)
			t.Logf("%.2f %s %s", s, a, b)
			if same != (s >= sameTextMin) {
				t.Errorf("%s and %s: similarity %.2f, same text %v", a, b, s, same)
			}
		}
	}
}

func stem(name string) string { return strings.TrimSuffix(name, filepath.Ext(name)) }

func extractText(t testing.TB, name string, b []byte) string {
	t.Helper()
	doc := evidence.Document{ID: name, Name: name, Format: evidence.Format(strings.TrimPrefix(filepath.Ext(name), "."))}
	ex, _, err := ingest.File(context.Background(), doc, strings.NewReader(string(b)), int64(len(b)),
		ingest.DefaultLimits(), ingest.DefaultChunkOptions())
	if err != nil {
		t.Fatalf("extract %s: %v", name, err)
	}
	return ex.Text
}

// TestSameTextMeasure prints the similarities the comment on sameTextMin
// quotes: CUAD contracts as filed PDF against their text, and every pair of
// different contracts' texts. It runs when LEXFLOW_CUAD_PDF names the
// cuad-pdf directory (pdf/ and txt/) of the evaluation data.
func TestSameTextMeasure(t *testing.T) {
	dir := os.Getenv("LEXFLOW_CUAD_PDF")
	if dir == "" {
		t.Skip("LEXFLOW_CUAD_PDF is not set")
	}
	txts, _ := filepath.Glob(filepath.Join(dir, "txt", "*.txt"))
	slices.Sort(txts)
	texts := make([]sketch, len(txts))
	for i, p := range txts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		texts[i] = sketchOf(string(b))
	}
	var copies []float64
	for i, p := range txts {
		pdf := filepath.Join(dir, "pdf", strings.TrimSuffix(filepath.Base(p), ".txt")+".pdf")
		b, err := os.ReadFile(pdf)
		if err != nil {
			continue
		}
		sk := sketchOf(extractText(t, pdf, b))
		s := sk.similarity(&texts[i])
		copies = append(copies, s)
		t.Logf("copy %.2f %s", s, filepath.Base(p))
	}
	slices.Sort(copies)
	if len(copies) > 0 {
		t.Logf("PDF against text, %d contracts: lowest %.2f, median %.2f", len(copies), copies[0], copies[len(copies)/2])
	}
	type pair struct {
		s    float64
		a, b string
	}
	var pairs []pair
	for i := range texts {
		for j := i + 1; j < len(texts); j++ {
			pairs = append(pairs, pair{texts[i].similarity(&texts[j]), filepath.Base(txts[i]), filepath.Base(txts[j])})
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int { return int(1000 * (b.s - a.s)) })
	for _, p := range pairs[:min(12, len(pairs))] {
		t.Logf("different %.2f %s | %s", p.s, p.a, p.b)
	}
}
